package watchtower

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// WT-01, WT-02: one 52-card pack dealt fortress first, one card at a time
// from the first player (the dealer's next seat), then armies; the rest is
// the barracks, top first.
func TestDealWT01WT02(t *testing.T) {
	deck := cards.Standard52()
	for n := 2; n <= 4; n++ {
		opts := engine.MustResolve(Game{}, map[string]string{"players": string(rune('0' + n))})
		st, err := Game{}.New(opts, engine.Setup{Seed: 3, Deck: deck})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		eqInt(t, "first", s.first, (s.dealer+1)%n)
		for k := 0; k < n; k++ {
			seat := (s.first + k) % n
			var fort []cards.Card
			for r := range s.players[seat].fort {
				fort = append(fort, s.players[seat].fort[r][:s.players[seat].fortN[r]]...)
			}
			wantFort := []cards.Card{deck[k], deck[n+k], deck[2*n+k], deck[3*n+k]}
			if !slices.Equal(sortedCards(fort), sortedCards(wantFort)) {
				t.Errorf("%d players: seat %d fortress %v, want %v", n, seat+1, fort, wantFort)
			}
			wantArmy := []cards.Card{deck[4*n+k], deck[5*n+k], deck[6*n+k], deck[7*n+k]}
			eq(t, "army", army(s, seat), cards.Format(wantArmy))
		}
		eq(t, "barracks", cards.Format(s.barracks.cards()), cards.Format(deck[8*n:]))
	}
}

// WT-01: a deal must be the 52 cards of one pack.
func TestBadDeckWT01(t *testing.T) {
	opts := engine.MustResolve(Game{}, nil)
	short := cards.Standard52()[:51]
	double := append(cards.Standard52()[:51], cards.New(cards.Two, cards.Clubs))
	for _, deck := range [][]cards.Card{short, double, cards.Standard54()} {
		if _, err := (Game{}).New(opts, engine.Setup{Deck: deck}); !errors.Is(err, engine.ErrBadSetup) {
			t.Errorf("New with a %d-card deck: %v, want ErrBadSetup", len(deck), err)
		}
	}
}

// WT-02: the dealer comes from the generator, even with a stacked deck.
func TestDealerFromRNGWT02(t *testing.T) {
	opts := engine.MustResolve(Game{}, map[string]string{"players": "4"})
	dealers := map[int]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		st, _ := Game{}.New(opts, engine.Setup{Seed: seed, Deck: cards.Standard52()})
		dealers[st.(*State).dealer] = true
	}
	if len(dealers) != 4 {
		t.Errorf("40 seeds chose dealers %v, want all 4 seats", dealers)
	}
}

// WT-03, WT-04: a setup turn places and burns once, has no challenges, and
// ends with done; the first play turn begins with a draw.
func TestSetupWT03WT04(t *testing.T) {
	s := scene{players: 2, setup: true, armies: []string{"5H 9C 5D", "KD"}, forts: []string{"5C", "2S"},
		barracks: "4C 4D 4H"}.build(t)
	got := legalText(s)
	for _, want := range []string{"place 5H", "burn 5", "done"} {
		if !slices.Contains(got, want) {
			t.Errorf("setup legal %v lacks %q", got, want)
		}
	}
	for _, a := range got {
		if strings.HasPrefix(a, "challenge") || a == "end" {
			t.Errorf("setup legal lists %q (WT-03)", a)
		}
	}
	refused(t, s, "challenge 2 2 1", "setup")
	refused(t, s, "end", "done")
	do(t, s, "place 5H; place 5D")
	eq(t, "stack of 5s (WT-04: placed cards go on top)", stack(s, 0, 5), "5C 5H 5D")
	do(t, s, "burn 5")
	eq(t, "stack after burning the top", stack(s, 0, 5), "5C 5H")
	eq(t, "army after the burn's draw", army(s, 0), "9C 4C")
	refused(t, s, "burn 5", "already burned")
	do(t, s, "done")
	eqInt(t, "setup turn passes to", s.turn, 1)
	do(t, s, "done")
	eqInt(t, "first play turn", s.turn, 0)
	eq(t, "first player's draw (WT-05)", army(s, 0), "9C 4C 4D")
}

// WT-05: a player draws at the start of each turn, unless on campaign.
func TestDrawWT05(t *testing.T) {
	s := scene{players: 2, armies: []string{"2C", "3C"}, barracks: "9H 9D"}.build(t)
	do(t, s, "end")
	eq(t, "seat 2 army", army(s, 1), "3C 9H")
	s = scene{players: 3, armies: []string{"2C", "3C", "4C"}, towers: []string{"", "6C 6D 6H 6S"}, barracks: "9H 9D"}.build(t)
	do(t, s, "end")
	eq(t, "campaigner's army", army(s, 1), "3C")
	eqInt(t, "barracks", s.barracks.len(), 2)
}

// WT-06: a burn takes a single or a tower's top, draws 1 (2 for J, Q, K,
// A), then puts the card under the barracks; not while another player has
// two of the rank in their fortress.
func TestBurnWT06(t *testing.T) {
	tests := []struct {
		fort, burn, stack, army, bottom string
	}{
		{"5C", "5", "", "2C 8H", "5C"},
		{"9C 9D", "9", "9C", "2C 8H", "9D"},
		{"QC", "Q", "", "2C 8H 8D", "QC"},
		{"AS", "A", "", "2C 8H 8D", "AS"},
		{"JS", "J", "", "2C 8H 8D", "JS"},
	}
	for _, tt := range tests {
		s := scene{players: 2, armies: []string{"2C", "3C"}, forts: []string{tt.fort}, barracks: "8H 8D 8S"}.build(t)
		do(t, s, "burn "+tt.burn)
		r, _ := cards.ParseRank(tt.burn)
		eq(t, "burn "+tt.burn+": stack", stack(s, 0, r), tt.stack)
		eq(t, "burn "+tt.burn+": army", army(s, 0), tt.army)
		eq(t, "burn "+tt.burn+": barracks bottom", bottom(s, 1), tt.bottom)
		refused(t, s, "burn 8", "already burned")
	}
	s := scene{players: 3, armies: []string{"2C", "3C", "4C"}, forts: []string{"9C QC", "9D 9H", "QH"}, barracks: "8H"}.build(t)
	refused(t, s, "burn 9", "seat 2 has 2 9s in their fortress (WT-06)")
	if !slices.Contains(legalText(s), "burn Q") {
		t.Error("burn Q (another player holds one Q) is not legal")
	}
}

// WT-06, WT-21: a burn that finds the barracks empty refills it first, and
// only then puts the burned card under it, so the card cannot come back.
func TestBurnRefillsBeforeBottomingWT06(t *testing.T) {
	s := scene{players: 2, armies: []string{"2C", "3C 3D 3H"}, forts: []string{"KH", "8C"}}.build(t)
	do(t, s, "burn K")
	eqInt(t, "army after drawing 2 from the refilled barracks", s.players[0].armySize(), 3)
	eq(t, "barracks", cards.Format(s.barracks.cards()), "KH")
	if s.players[0].holds(cards.New(cards.King, cards.Hearts)) {
		t.Error("the burned KH came back")
	}
	eqInt(t, "refills", s.stats[metricRefills], 1)
}
