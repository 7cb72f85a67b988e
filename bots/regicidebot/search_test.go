package regicidebot

import (
	"math/bits"
	"slices"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// positions plays seeded solo games with the policy and calls fn at every
// decision with the state and the engine's legal actions.
func positions(t *testing.T, games int, fn func(s engine.State, legal []engine.Action)) {
	t.Helper()
	g := regicide.Game{}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		s, err := g.New(engine.MustResolve(g, nil), engine.Setup{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		b, err := New(Settings{Plays: DefaultPlays, Covers: DefaultCovers, LossScale: DefaultLossScale}, seed)
		if err != nil {
			t.Fatal(err)
		}
		for !s.Terminal() {
			legal := s.Legal(0, nil)
			fn(s, legal)
			if err := s.Apply(0, b.Act(s, 0)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func testGame(s engine.State) *searchGame {
	return &searchGame{State: s, plays: DefaultPlays, covers: DefaultCovers, lossScale: DefaultLossScale, w: &defaultWeights}
}

// Step 4 (REG-17): the search considers the cheapest minimal covers, each a
// legal discard, and the power when the engine offers it (REG-30).
func TestSearchConsidersCheapestMinimalCovers(t *testing.T) {
	checked := 0
	positions(t, 20, func(s engine.State, legal []engine.Action) {
		v := s.View(0).(*regicide.View)
		if v.Phase != "discard" || v.Suffer <= 0 {
			return
		}
		g := testGame(s)
		kept := g.Legal(0, nil)
		var costs [64]float64
		f := v.SeatFacts()
		defaultWeights.cardCosts(mask(f.Hand), f.Enemy.Card, &costs)
		price := func(a engine.Action) float64 {
			p := 0.0
			cardsOf(a).each(func(c cards.Card) { p += costs[c] })
			return p
		}
		var minimalCosts []float64
		for _, a := range legal {
			if kindOf(a) == kindDiscard && minimalCover(cardsOf(a), v.Suffer) {
				minimalCosts = append(minimalCosts, price(a))
			}
		}
		slices.Sort(minimalCosts)
		var keptCosts []float64
		for _, a := range kept {
			if !slices.Contains(legal, a) {
				t.Fatalf("%s: kept %q, which is not legal", v, s.ActionString(a))
			}
			if kindOf(a) == kindDiscard {
				if !minimalCover(cardsOf(a), v.Suffer) {
					t.Errorf("%s: kept %q, not a minimal cover of %d", v, s.ActionString(a), v.Suffer)
				}
				keptCosts = append(keptCosts, price(a))
			}
		}
		want := minimalCosts[:min(len(minimalCosts), DefaultCovers)]
		if !slices.Equal(keptCosts, want) {
			t.Errorf("%s: kept covers costing %v, want the cheapest minimal ones %v", v, keptCosts, want)
		}
		if hasPower := slices.Contains(legal, encode(kindPower, 0)); hasPower != slices.Contains(kept, encode(kindPower, 0)) {
			t.Errorf("%s: the engine offers the power: %v; the search: %v", v, hasPower, !hasPower)
		}
		checked++
	})
	if checked == 0 {
		t.Fatal("no Step 4 with an attack to cover in 20 games")
	}
}

// Step 1 (REG-07): the search considers the policy's best plays, all legal,
// and the power when the engine offers it (REG-30).
func TestSearchConsidersBestPlays(t *testing.T) {
	checked := 0
	positions(t, 20, func(s engine.State, legal []engine.Action) {
		v := s.View(0).(*regicide.View)
		if v.Phase != "play" || len(legal) < 2 {
			return
		}
		g := testGame(s)
		kept := g.Legal(0, nil)
		f := v.SeatFacts()
		tab := readTable(&f)
		score := func(a engine.Action) float64 {
			return defaultWeights.playScore(&tab, tab.forecast(cardsOf(a)), kindOf(a) == kindYield)
		}
		least := 1e300
		plays := 0
		for _, a := range kept {
			if !slices.Contains(legal, a) {
				t.Fatalf("%s: kept %q, which is not legal", v, s.ActionString(a))
			}
			if kindOf(a) == kindPlay {
				least = min(least, score(a))
				plays++
			}
		}
		if plays == 0 || plays > DefaultPlays {
			t.Errorf("%s: kept %d plays, want 1 to %d", v, plays, DefaultPlays)
		}
		for _, a := range legal {
			if kindOf(a) == kindPlay && !slices.Contains(kept, a) && score(a) > least {
				t.Errorf("%s: dropped %q, which scores above a kept play", v, s.ActionString(a))
			}
		}
		if hasPower := slices.Contains(legal, encode(kindPower, 0)); hasPower != slices.Contains(kept, encode(kindPower, 0)) {
			t.Errorf("%s: the engine offers the power: %v; the search: %v", v, hasPower, !hasPower)
		}
		checked++
	})
	if checked == 0 {
		t.Fatal("no Step 1 with a choice in 20 games")
	}
}

// minimalCover reports whether m covers attack and no card of it could be
// kept, by removing each card in turn.
func minimalCover(m mask, attack int) bool {
	if m.value() < attack {
		return false
	}
	for r := m; r != 0; r &= r - 1 {
		if (m &^ (r & -r)).value() >= attack {
			return false
		}
	}
	return true
}

// A lost game scores its progress scaled by the loss setting; a win 1.
func TestReturnsScaleLosses(t *testing.T) {
	g := regicide.Game{}
	s, err := g.New(engine.MustResolve(g, nil), engine.Setup{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	sg := &searchGame{State: s, lossScale: 0.25}
	for !sg.Terminal() {
		if err := sg.Apply(0, sg.State.Legal(0, nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	real, scaled := s.Returns()[0], sg.Returns()[0]
	if real >= 1 || scaled != real*0.25 {
		t.Errorf("lost game: engine return %v, search return %v; want a quarter of it", real, scaled)
	}
}

// appendCheapCoversReference is appendCheapCovers as first written: every
// subset's total and least card built up from smaller subsets.
func appendCheapCoversReference(dst []engine.Action, hand mask, attack int, cost *[64]float64, limit int) []engine.Action {
	var held [8]cards.Card
	n := 0
	hand.each(func(c cards.Card) { held[n], n = c, n+1 })
	type cover struct {
		m    mask
		cost float64
	}
	var found [70]cover
	var total, least [256]uint8
	least[0] = 255
	limit = min(limit, len(found))
	k := 0
	for sub := 1; sub < 1<<n; sub++ {
		low := sub & (sub - 1)
		v := uint8(cardValue[held[bits.TrailingZeros(uint(sub))]])
		total[sub], least[sub] = total[low]+v, min(least[low], v)
		if t := int(total[sub]); t < attack || t-int(least[sub]) >= attack {
			continue
		}
		var m mask
		price := 0.0
		for b := sub; b != 0; b &= b - 1 {
			c := held[bits.TrailingZeros(uint(b))]
			m |= bitOf(c)
			price += cost[c]
		}
		i := min(k, limit)
		for i > 0 && found[i-1].cost > price {
			if i < limit {
				found[i] = found[i-1]
			}
			i--
		}
		if i < limit {
			found[i] = cover{m, price}
		}
		k = min(k+1, limit)
	}
	for _, c := range found[:k] {
		dst = append(dst, engine.Action(uint64(c.m)|kindDiscard))
	}
	return dst
}

// The minimal covers are the reference's, in its order, for random hands
// of up to 8 cards (Jesters and equal values included), every attack from
// 0 to past the hand's value, card costs with ties, and limits 1 to 70.
func TestCheapCoversMatchReference(t *testing.T) {
	rng := cards.NewRNG(3)
	deck := cards.Standard54()
	for range 3000 {
		cards.Perm(&rng, deck)
		hand := maskOf(deck[:1+rng.IntN(8)])
		var cost [64]float64
		hand.each(func(c cards.Card) { cost[c] = float64(rng.IntN(6)) / 2 })
		limit := 1 + rng.IntN(70)
		for attack := 0; attack <= hand.value()+1; attack++ {
			got := appendCheapCovers(nil, hand, attack, &cost, limit)
			want := appendCheapCoversReference(nil, hand, attack, &cost, limit)
			if !slices.Equal(got, want) {
				t.Fatalf("hand %v attack %d limit %d: covers %v, want %v", hand, attack, limit, got, want)
			}
		}
	}
}

func BenchmarkCheapCovers(b *testing.B) {
	rng := cards.NewRNG(3)
	deck := cards.Standard54()
	type tc struct {
		hand   mask
		attack int
		cost   [64]float64
	}
	var cases []tc
	for range 256 {
		cards.Perm(&rng, deck)
		c := tc{hand: maskOf(deck[:8])}
		c.attack = 5 + rng.IntN(20)
		c.hand.each(func(x cards.Card) { c.cost[x] = float64(rng.IntN(20)) })
		cases = append(cases, c)
	}
	var dst []engine.Action
	for _, ref := range []bool{false, true} {
		name := "new"
		if ref {
			name = "reference"
		}
		b.Run(name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				c := &cases[i&255]
				if ref {
					dst = appendCheapCoversReference(dst[:0], c.hand, c.attack, &c.cost, 4)
				} else {
					dst = appendCheapCovers(dst[:0], c.hand, c.attack, &c.cost, 4)
				}
			}
		})
	}
}
