package watchtower

import (
	"math"
	"slices"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

func TestUnseenIsWhatTheSeatCannotPlace(t *testing.T) { // WT-26
	g := Game{}
	st, err := g.New(engine.MustResolve(g, nil), engine.Setup{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	v := st.View(0).(*View)
	pool := v.Unseen(nil)
	if len(pool) != 52-8-4 {
		t.Fatalf("unseen holds %d cards after the deal, want 40 (52 less 8 fortress and 4 own army cards)", len(pool))
	}
	for _, c := range pool {
		if slices.Contains(v.Players[0].Army, c) {
			t.Errorf("unseen lists %v from the seat's own army", c)
		}
		for _, p := range v.Players {
			for _, s := range p.Fortress {
				if slices.Contains(s.Cards, c) {
					t.Errorf("unseen lists %v from seat %d's fortress", c, p.Seat+1)
				}
			}
		}
	}
	full := st.(*State)
	for _, c := range full.players[1].army.all() {
		if !slices.Contains(pool, c) {
			t.Errorf("unseen misses %v, hidden in seat 2's army", c)
		}
	}
}

func mustCards(t *testing.T, s string) []cards.Card {
	t.Helper()
	cs, err := cards.ParseList(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func TestShowdownShares(t *testing.T) { // WT-22
	rng := cards.NewRNG(1)
	cases := []struct {
		name  string
		a, b  string
		wantA float64
	}{
		{"higher cards take every set", "AS AH 2C", "KS KH KD", 1},
		{"a tie on every set is shared", "AS", "AH", 0.5},
		{"an even count drops a card: one of A and 2 plays", "AS 2C", "KS KH KD", 0.5},
		{"an empty army scores nothing", "", "2C", 0},
	}
	for _, c := range cases {
		armies := [][]cards.Card{mustCards(t, c.a), mustCards(t, c.b)}
		shares := ShowdownShares(armies, 4000, &rng, make([]float64, 2))
		if math.Abs(shares[0]-c.wantA) > 0.04 || math.Abs(shares[0]+shares[1]-1) > 1e-9 {
			t.Errorf("%s: shares %v, want about [%v %v]", c.name, shares, c.wantA, 1-c.wantA)
		}
	}
}
