package warbot_test

import (
	"slices"
	"testing"

	"cardtable/bots/warbot"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/war"
)

// slapDeck deals a 5 against a 9 first (card i goes to seat i mod 2), so
// the first battle opens a slap window with slap=5.
func slapDeck(t *testing.T) []cards.Card {
	t.Helper()
	first, err := cards.ParseList("5H KS")
	if err != nil {
		t.Fatal(err)
	}
	deck := slices.Clone(first)
	for _, c := range cards.Standard52() {
		if !slices.Contains(first, c) {
			deck = append(deck, c)
		}
	}
	return deck
}

// newGame deals slapDeck with the given options.
func newGame(t *testing.T, given map[string]string) engine.State {
	t.Helper()
	s, err := war.Game{}.New(engine.MustResolve(war.Game{}, given), engine.Setup{Deck: slapDeck(t)})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// flipRound has both seats flip once.
func flipRound(t *testing.T, s engine.State) {
	t.Helper()
	for seat := range 2 {
		if err := s.Apply(seat, war.Flip); err != nil {
			t.Fatal(err)
		}
	}
}

func TestBotReactions(t *testing.T) { // WAR-15
	s := newGame(t, map[string]string{"slap": "5"})
	flipRound(t, s)
	if a := warbot.New(1).Act(s, 0); a == war.Pass || a == war.Flip {
		t.Errorf("bot in a 2 s window played %s, want a slap after its reaction time", s.ActionString(a))
	} else if a == war.Slap(0) {
		t.Errorf("bot in a 2 s window played %s, want a slap after a positive reaction time", s.ActionString(a))
	}
	s = newGame(t, map[string]string{"slap": "5", "slap-window": "100ms"})
	flipRound(t, s)
	if a := warbot.New(1).Act(s, 0); a != war.Pass {
		t.Errorf("bot in a 100 ms window played %s, want pass (its reactions take ~350 ms)", s.ActionString(a))
	}
	s = newGame(t, map[string]string{"slap": "5"})
	if a := warbot.New(1).Act(s, 0); a != war.Flip {
		t.Errorf("bot in a flip phase played %s, want flip (it never false-slaps)", s.ActionString(a))
	}
}
