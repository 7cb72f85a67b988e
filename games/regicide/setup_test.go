package regicide

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

func newGame(t *testing.T, given map[string]string, setup engine.Setup) *State {
	t.Helper()
	opts, err := engine.ResolveOptions(Game{}.Options(), given)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Game{}.New(opts, setup)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

// explicitDeck is a legal Setup.Deck for players: the Castle in card order
// per tier, then the Tavern in card order.
func explicitDeck(players int) []cards.Card {
	var castle []cards.Card
	for r := cards.Jack; r <= cards.King; r++ {
		for suit := cards.Clubs; suit <= cards.Spades; suit++ {
			castle = append(castle, cards.New(r, suit))
		}
	}
	return append(castle, config{players: players}.tavernCards()...)
}

func TestCardValuesREG01(t *testing.T) {
	for text, want := range map[string]int{"2C": 2, "7H": 7, "10S": 10, "AD": 1, "JC": 10, "QH": 15, "KS": 20, "JK1": 0, "JK2": 0} {
		if got := Value(cards.Stack(text)[0]); got != want {
			t.Errorf("Value(%s) = %d, want %d", text, got, want)
		}
	}
}

func TestEnemiesREG03(t *testing.T) {
	for text, want := range map[string][2]int{"JH": {10, 20}, "QS": {15, 30}, "KC": {20, 40}} {
		e := cards.Stack(text)[0]
		if got := [2]int{Value(e), health(e)}; got != want {
			t.Errorf("%s: attack/health %v, want %v", text, got, want)
		}
	}
}

// TestCastleTiersREG02 checks (REG-02) that a shuffled Castle has four Jacks on top,
// then four Queens, then four Kings, and that the tiers are shuffled.
func TestCastleTiersREG02(t *testing.T) {
	tops := map[cards.Card]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		s := newGame(t, nil, engine.Setup{Seed: seed})
		for i := 0; i < 12; i++ {
			want := []cards.Rank{cards.Jack, cards.Queen, cards.King}[i/4]
			if got := s.castle[11-i]; got.Rank() != want {
				t.Fatalf("seed %d: Castle card %d from the top is %v, want a %v", seed, i+1, got, want)
			}
		}
		tops[s.enemy()] = true
	}
	if len(tops) != 4 {
		t.Errorf("first enemies over 40 seeds: %v, want all four Jacks", tops)
	}
}

// TestTavernAndHandsREG04REG05 checks (REG-04, REG-05) the Tavern's cards, the Jesters per
// player count, the hand sizes and the solo powers.
func TestTavernAndHandsREG04REG05(t *testing.T) {
	for players, want := range map[int]struct{ hand, jesters int }{1: {8, 0}, 2: {7, 0}, 3: {6, 1}, 4: {5, 2}} {
		s := newGame(t, map[string]string{"players": fmt.Sprint(players)}, engine.Setup{Seed: 3})
		inPlay := setOf(s.tavern[:s.nTavern])
		for p := 0; p < players; p++ {
			if n := s.hands[p].len(); n != want.hand {
				t.Errorf("players=%d: seat %d holds %d cards, want %d", players, p, n, want.hand)
			}
			inPlay |= s.hands[p]
		}
		if n := inPlay.len(); n != 40+want.jesters {
			t.Errorf("players=%d: Tavern and hands hold %d cards, want %d", players, n, 40+want.jesters)
		}
		if n := (inPlay & jesters).len(); n != want.jesters {
			t.Errorf("players=%d: %d Jesters in play, want %d", players, n, want.jesters)
		}
		if wantPowers := players == 1; (s.powers == jesters) != wantPowers || s.powersLeft() != 2*boolInt(wantPowers) {
			t.Errorf("players=%d: powers %v (%d left)", players, s.powers.cards(), s.powersLeft())
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestExplicitDealREG05 checks the documented Setup.Deck layout: the deal
// goes one card at a time from the first player.
func TestExplicitDealREG05(t *testing.T) {
	s := newGame(t, map[string]string{"players": "2", "first": "1"}, engine.Setup{Deck: explicitDeck(2)})
	tavern := explicitDeck(2)[12:]
	var want [2][]cards.Card
	for i := 0; i < 14; i++ {
		seat := (1 + i) % 2
		want[seat] = append(want[seat], tavern[i])
	}
	for p := 0; p < 2; p++ {
		if got := s.hands[p]; got != setOf(want[p]) {
			t.Errorf("seat %d holds %s, want %s", p, hand(s, p), cards.Format(want[p]))
		}
	}
	if got := tavernTop(s, 1); got != tavern[14].String() {
		t.Errorf("Tavern top %s, want %v", got, tavern[14])
	}
	if s.enemy() != cards.Stack("JC")[0] || s.current != 1 {
		t.Errorf("enemy %v, current %d; want JC and seat 1", s.enemy(), s.current)
	}
}

func TestExplicitDealRejectsBadDecks(t *testing.T) {
	swap := func(d []cards.Card, i, j int) []cards.Card { d[i], d[j] = d[j], d[i]; return d }
	cases := []struct {
		name    string
		players int
		deck    []cards.Card
		want    string
	}{
		{"short", 1, explicitDeck(1)[:51], "has 51 cards"},
		{"queen among jacks", 1, swap(explicitDeck(1), 3, 4), "Castle card 4 is QC"},
		{"enemy in tavern", 1, swap(explicitDeck(1), 0, 12), "Castle card 1 is 2C"},
		{"repeat", 1, append(explicitDeck(1)[:51], cards.Stack("2C")...), "2C appears twice"},
		{"jester in 2p", 2, append(explicitDeck(2)[:51], cards.Joker1), "Jesters [JK1]"},
		{"wrong jester", 3, append(explicitDeck(3)[:52], cards.Joker2), "Jesters [JK2]"},
	}
	for _, c := range cases {
		opts := engine.MustResolve(Game{}, map[string]string{"players": fmt.Sprint(c.players)})
		_, err := Game{}.New(opts, engine.Setup{Deck: c.deck})
		if !errors.Is(err, engine.ErrBadSetup) || !strings.Contains(fmt.Sprint(err), c.want) {
			t.Errorf("%s: New = %v, want ErrBadSetup saying %q", c.name, err, c.want)
		}
	}
}

// TestFirstPlayerREG06 checks (REG-06) the first option and the random default.
func TestFirstPlayerREG06(t *testing.T) {
	if s := newGame(t, map[string]string{"players": "3", "first": "2"}, engine.Setup{Seed: 1}); s.current != 2 {
		t.Errorf("first=2: current %d", s.current)
	}
	opts := engine.MustResolve(Game{}, map[string]string{"players": "2", "first": "3"})
	if _, err := (Game{}).New(opts, engine.Setup{}); !errors.Is(err, engine.ErrBadOption) {
		t.Errorf("first=3 with 2 players: %v, want ErrBadOption", err)
	}
	seen := map[uint8]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		seen[newGame(t, map[string]string{"players": "4"}, engine.Setup{Seed: seed}).current] = true
	}
	if len(seen) != 4 {
		t.Errorf("random first player over 40 seeds took only %v", seen)
	}
}

func TestNotationRoundTrip(t *testing.T) {
	s := newGame(t, map[string]string{"players": "4"}, engine.Setup{Seed: 1})
	cases := map[string]string{
		"play 7h":           "play 7H",
		"PLAY 5s 5h":        "play 5H 5S",
		"play 7d as":        "play AS 7D",
		"play ah as":        "play AH AS",
		"play jk1":          "play JK1",
		"yield":             "yield",
		"discard 5s 10h":    "discard 10H 5S",
		"discard":           "discard",
		"power":             "power",
		"signal rather-not": "signal rather-not",
		"next 3":            "next 3",
		"exact discard":     "exact discard",
	}
	for in, want := range cases {
		a, err := s.ParseAction(0, in)
		if err != nil {
			t.Errorf("ParseAction(%q): %v", in, err)
			continue
		}
		if got := s.ActionString(a); got != want {
			t.Errorf("ActionString(ParseAction(%q)) = %q, want %q", in, got, want)
		}
	}
	for _, bad := range []string{"", "play", "play 7H 7H", "play 1H", "discard ZZ", "next 4", "signal maybe", "attack 7H", "yield now", "play 2C 2D 2H 2S 3C"} {
		if _, err := s.ParseAction(0, bad); !errors.Is(err, engine.ErrNotation) {
			t.Errorf("ParseAction(%q) = %v, want ErrNotation", bad, err)
		}
	}
	if _, err := s.ParseAction(0, "dance"); !strings.Contains(err.Error(), "valid forms") {
		t.Errorf("error for an unknown action does not list the valid forms: %v", err)
	}
}

func TestRulesAndOptions(t *testing.T) {
	g := Game{}
	if !strings.Contains(g.Rules(), "REG-30") {
		t.Error("Rules() does not cover REG-30")
	}
	keys := []string{}
	for _, o := range g.Options() {
		keys = append(keys, o.Key)
	}
	if want := []string{"players", "immunity", "exact-kill", "solo-yield", "first"}; !slices.Equal(keys, want) {
		t.Errorf("options %v, want %v", keys, want)
	}
}
