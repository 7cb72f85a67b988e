package regicide

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// jesterScene: three players, seat 0 holds the Jester, the enemy is given.
func jesterScene(t *testing.T, castle string, hands ...string) *State {
	return scene{opts: map[string]string{"players": "3"}, castle: castle, hands: hands}.build(t)
}

// TestJesterREG18 checks that a Jester deals no damage, skips Step 4,
// cancels immunity for the rest of the enemy and lets its player pick
// anyone, themself included, after the signals (REG-18, REG-20).
func TestJesterREG18(t *testing.T) {
	s := scene{opts: map[string]string{"players": "3"}, castle: "JH", discard: "2C 3C 4C 6D 7D 8D",
		hands: []string{"JK1 5C", "5H 9D", "2S 3S"}}.build(t)
	do(t, s, 0, "play JK1")
	if s.damage != 0 || s.phase != phaseSignal || s.immuneSuit() != 0 {
		t.Fatalf("after the Jester: damage %d, phase %v, immune %v", s.damage, s.phase, s.immuneSuit() != 0)
	}
	if got := s.ToMove(nil); !slices.Equal(got, []int{1, 2}) {
		t.Errorf("signal window ToMove = %v, want [1 2]", got)
	}
	refuse(t, s, 0, "next 1", "may not act now")
	do(t, s, 2, "signal rather-not")
	if got := s.ToMove(nil); !slices.Equal(got, []int{1}) {
		t.Errorf("after seat 2 signalled, ToMove = %v, want [1]", got)
	}
	if err := engine.ApplyText(s, 2, "signal good"); !errors.Is(err, engine.ErrNotYourTurn) {
		t.Errorf("a second signal from seat 2: %v, want ErrNotYourTurn", err)
	}
	do(t, s, 1, "signal good")
	v := s.View(engine.Spectator).(*View)
	if !slices.Equal(v.Signals, []string{"", "good", "rather-not"}) || v.Phase != "next" {
		t.Errorf("public view signals %q phase %s, want [ good rather-not] and next", v.Signals, v.Phase)
	}
	if got := legalTexts(s, 0); !slices.Equal(got, []string{"next 0", "next 1", "next 2"}) {
		t.Errorf("Jester player's choices %q", got)
	}
	do(t, s, 0, "next 1")
	if s.current != 1 || s.phase != phasePlay || s.signals != [4]uint8{} {
		t.Fatalf("after next 1: current %d phase %v signals %v", s.current, s.phase, s.signals)
	}
	before := s.nTavern
	do(t, s, 1, "play 5H")
	if s.nTavern != before+5 {
		t.Errorf("Hearts against the Jack of Hearts after a Jester healed %d, want 5", s.nTavern-before)
	}
}

// TestJesterSelfPickREG18 checks that the Jester's player may pick
// themself, and that the literal yield rule then applies (REG-08).
func TestJesterSelfPickREG18(t *testing.T) {
	s := jesterScene(t, "JH", "5C 10D JK1 6S", "9D 2H 3H 4H", "9C 2S 3S 4S")
	do(t, s, 0, "play 5C", "discard 10D")
	do(t, s, 1, "yield", "discard 9D 2H")
	do(t, s, 2, "yield", "discard 9C 2S")
	do(t, s, 0, "play JK1")
	do(t, s, 1, "signal good")
	do(t, s, 2, "signal none")
	do(t, s, 0, "next 0")
	if s.current != 0 || s.phase != phasePlay {
		t.Fatalf("current %d phase %v, want seat 0 at Step 1", s.current, s.phase)
	}
	refuse(t, s, 0, "yield", "every other player's last turn was a yield")
}

// TestJesterEarlierCardsREG19 checks both halves: Spades blocked before the
// Jester count from then on; Clubs before it are not doubled afterwards.
func TestJesterEarlierCardsREG19(t *testing.T) {
	s := jesterScene(t, "JS", "5S 10D", "JK1 2C", "3C 10H")
	do(t, s, 0, "play 5S", "discard 10D")
	if s.suffer() != 10 || s.heldShield != 5 {
		t.Fatalf("5S against the Jack of Spades: held %d", s.heldShield)
	}
	do(t, s, 1, "play JK1")
	do(t, s, 0, "signal none")
	do(t, s, 2, "signal good")
	do(t, s, 1, "next 2")
	do(t, s, 2, "play 3C")
	if s.damage != 5+6 || s.suffer() != 5 {
		t.Errorf("after the Jester: damage %d (want 11), suffer %d (want 5: the held 5 now counts)", s.damage, s.suffer())
	}

	s = jesterScene(t, "JC", "5C 10D", "JK1 2C", "4C 10H")
	do(t, s, 0, "play 5C", "discard 10D")
	do(t, s, 1, "play JK1")
	do(t, s, 0, "signal none")
	do(t, s, 2, "signal none")
	do(t, s, 1, "next 2")
	if s.damage != 5 {
		t.Errorf("Clubs played before the Jester: damage %d, want 5 (not doubled afterwards)", s.damage)
	}
	do(t, s, 2, "play 4C")
	if s.damage != 5+8 {
		t.Errorf("Clubs after the Jester: damage %d, want 13", s.damage)
	}
}

// TestCompanionREG21 checks an Ace with a card: N adds 1 and both suits act.
func TestCompanionREG21(t *testing.T) {
	s := scene{castle: "JC", hands: []string{"AS 7D 2C"}, tavern: "3H 4H"}.build(t)
	do(t, s, 0, "play AS 7D")
	if drew := setOf(cards.Stack("3H 4H")); s.damage != 8 || s.shield != 8 || s.hands[0]&drew != drew || s.hands[0].len() != 8 {
		t.Errorf("AS 7D: damage %d shield %d hand %s; want 8, 8 and 8 cards from 3H 4H on", s.damage, s.shield, hand(s, 0))
	}
	s = scene{castle: "JC", hands: []string{"AH 10D"}}.build(t)
	do(t, s, 0, "play AH")
	if s.damage != 1 {
		t.Errorf("AH alone: damage %d, want 1", s.damage)
	}
}

// TestExactKillREG15 checks exact kills (Clubs doubling included), the
// overkill and the optional choice.
func TestExactKillREG15(t *testing.T) {
	s := scene{castle: "JH JS", hands: []string{"10C 2D"}}.build(t)
	do(t, s, 0, "play 10C")
	if tavernTop(s, 1) != "JH" || s.knownTop != 1 || s.discard.has(cards.Stack("JH")[0]) {
		t.Errorf("exact kill by 10C doubled: Tavern top %s, known %d", tavernTop(s, 1), s.knownTop)
	}
	if v := s.View(engine.Spectator).(*View); !slices.Equal(v.TavernTop, cards.Stack("JH")) {
		t.Errorf("public view Tavern top %v, want [JH]", v.TavernTop)
	}
	s = scene{castle: "JH", hands: []string{"3S 7D 10C"}}.build(t)
	do(t, s, 0, "play 3S", "discard 7D", "play 10C")
	if !s.discard.has(cards.Stack("JH")[0]) || s.knownTop != 0 {
		t.Error("overkill: the Jack of Hearts should be in the discard pile")
	}
	for _, choice := range []string{"tavern", "discard"} {
		s = scene{opts: map[string]string{"exact-kill": "optional"}, castle: "JH", hands: []string{"10C 2D"}}.build(t)
		do(t, s, 0, "play 10C")
		if got := legalTexts(s, 0); !slices.Equal(got, []string{"exact tavern", "exact discard"}) {
			t.Fatalf("optional exact kill: legal %q", got)
		}
		do(t, s, 0, "exact "+choice)
		if onTop := s.knownTop == 1; onTop != (choice == "tavern") || s.discard.has(cards.Stack("JH")[0]) == onTop {
			t.Errorf("exact %s: known top %d", choice, s.knownTop)
		}
	}
}

// TestEnemyInHandREG22 checks that an enemy on the Tavern is drawn where
// everyone sees it, plays at its value with its power and covers its value.
func TestEnemyInHandREG22(t *testing.T) {
	s := scene{opts: map[string]string{"players": "2"}, castle: "JH JS",
		hands: []string{"10C 3D 2C", "4C 5C"}, tavern: "8H 9H"}.build(t)
	do(t, s, 0, "play 10C", "play 3D")
	if !s.hands[0].has(cards.Stack("JH")[0]) || s.shown[0] != setOf(cards.Stack("JH")) {
		t.Fatalf("seat 0 should have drawn the known JH: hand %s shown %v", hand(s, 0), s.shown[0].cards())
	}
	v := s.View(1).(*View)
	if !slices.Equal(v.Known[0], cards.Stack("JH")) {
		t.Errorf("seat 1's view: known cards of seat 0 %v, want [JH]", v.Known[0])
	}
	do(t, s, 0, "discard JH")
	do(t, s, 1, "play 5C")
	if s.shown[0] != 0 {
		t.Error("a discarded enemy is still marked as held")
	}

	s = scene{castle: "JC JS", hands: []string{"10H 3D 2C"}, tavern: "10D 9D", discard: "2S 3S 4S 5S 6S 7S 8S 9S 10S"}.build(t)
	s.damage = 10
	do(t, s, 0, "play 10H", "play 3D")
	if !s.hands[0].has(cards.Stack("JC")[0]) {
		t.Fatalf("solo: the exactly killed JC should be drawn first: hand %s", hand(s, 0))
	}
	do(t, s, 0, "discard 10D", "play JC")
	if s.defeated != 2 || s.discard&setOf(cards.Stack("JC JS")) != setOf(cards.Stack("JC JS")) {
		t.Errorf("JC (10, doubled by Clubs) after 3 damage should defeat JS: defeated %d, discard %v", s.defeated, s.discard.cards())
	}
}

// TestViewsHideHandsREG23 checks that a seat's view shows its own hand and
// no other hidden card.
func TestViewsHideHandsREG23(t *testing.T) {
	s := newGame(t, map[string]string{"players": "3"}, engine.Setup{Seed: 9})
	for seat := -1; seat < 3; seat++ {
		b, err := json.Marshal(s.View(seat))
		if err != nil {
			t.Fatal(err)
		}
		for p := 0; p < 3; p++ {
			for _, c := range s.hands[p].cards() {
				if strings.Contains(string(b), `"`+c.String()+`"`) != (p == seat) {
					t.Errorf("view of seat %d and card %v of seat %d: shown %v", seat, c, p, p != seat)
				}
			}
		}
	}
}
