package regicide

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// TestDeterminizeKeepsKnowledge checks along seeded games that a
// determinization keeps what the seat knows in place: its hand, the known
// top of the Tavern, cards known to be held, the Hearts cards at the bottom
// (from the recycled set), the fresh middle (outside it), the enemy and the
// Castle's ranks; and that it does re-deal hidden cards.
func TestDeterminizeKeepsKnowledge(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	varied := 0
	walk(t, func(s *State, seat int) {
		d := s.Determinize(seat, rng).(*State)
		top := s.nTavern - s.knownTop
		switch {
		case d.hands[seat] != s.hands[seat]:
			t.Fatal("the seat's own hand changed")
		case !slices.Equal(d.tavern[top:s.nTavern], s.tavern[top:s.nTavern]):
			t.Fatal("the known top of the Tavern moved")
		case setOf(d.tavern[:s.recycled])&^s.recycledSet != 0:
			t.Fatal("the Tavern's bottom holds a card Hearts did not put there")
		case setOf(d.tavern[s.recycled:top])&s.recycledSet != 0:
			t.Fatal("the Tavern's middle holds a Hearts card")
		case d.enemy() != s.enemy():
			t.Fatal("the enemy changed")
		}
		for j := 0; j < int(s.recycled); j++ {
			if d.layerOf[d.tavern[j]] != s.layerOf[s.tavern[j]] {
				t.Fatalf("Tavern position %d holds a card of another Hearts layer", j)
			}
		}
		if layerCounts(d) != layerCounts(s) {
			t.Fatal("the hands hold other numbers of cards from each Hearts layer")
		}
		for i := 0; i < int(s.nCastle); i++ {
			if d.castle[i].Rank() != s.castle[i].Rank() {
				t.Fatalf("Castle position %d: %v became %v", i, s.castle[i], d.castle[i])
			}
		}
		for p := 0; p < s.cfg.players; p++ {
			if d.shown[p]&^d.hands[p] != 0 || d.hands[p].len() != s.hands[p].len() {
				t.Fatalf("seat %d: known cards or hand size not kept", p)
			}
			if p != seat && d.hands[p] != s.hands[p] {
				varied++
			}
		}
	})
	if varied == 0 {
		t.Error("no determinization ever re-dealt another player's hand")
	}
}

// TestDeterminizeKnownEnemyInHand checks that an enemy everyone saw drawn
// stays in its holder's hand in every determinization (REG-22).
func TestDeterminizeKnownEnemyInHand(t *testing.T) {
	s := scene{opts: map[string]string{"players": "2"}, castle: "JH JS",
		hands: []string{"10C 3D 2C", "4C 5C"}}.build(t)
	do(t, s, 0, "play 10C", "play 3D")
	jh := cards.Stack("JH")[0]
	if !s.hands[0].has(jh) {
		t.Fatalf("seat 0 should hold the JH drawn from the Tavern's top: %s", hand(s, 0))
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20; i++ {
		if d := s.Determinize(1, rng).(*State); !d.hands[0].has(jh) {
			t.Fatal("seat 1's determinization moved the JH everyone saw seat 0 draw")
		}
	}
}

// layerCounts counts, per seat and Hearts layer, the recycled cards held.
func layerCounts(s *State) (n [4][64]int) {
	for _, c := range s.recycledSet.cards() {
		if by := s.drawnBy[c]; by > 0 {
			n[by-1][s.layerOf[c]]++
		}
	}
	return n
}

// TestDeterminizeHeartsLayers checks a Tavern with two Hearts layers, one of
// them partly drawn by both players: every determinization keeps the
// layers in order and deals each hand as many cards of a layer as it drew.
func TestDeterminizeHeartsLayers(t *testing.T) {
	s := scene{opts: map[string]string{"players": "2"}, castle: "JC", spare: "discard",
		hands: []string{"5H 10S 3H 4D 10D 10H", "2D 9C 6H 7S"}}.build(t)
	do(t, s, 0, "play 5H", "discard 10S")
	do(t, s, 1, "play 2D", "discard 9C 6H")
	do(t, s, 0, "play 3H", "discard 10D")
	var layers [3]set
	for _, c := range s.recycledSet.cards() {
		layers[s.layerOf[c]] |= bit(c)
	}
	if layers[1].len() != 5 || layers[2].len() != 3 || s.recycled != 6 || s.nTavern != 6 {
		t.Fatalf("layers %v / %v, %d recycled in a Tavern of %d; want 5 and 3 cards, 6 of 6", layers[1].cards(), layers[2].cards(), s.recycled, s.nTavern)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for seat := 0; seat < 2; seat++ {
		other := 1 - seat
		for i := 0; i < 30; i++ {
			d := s.Determinize(seat, rng).(*State)
			if setOf(d.tavern[:3]) != layers[2] || setOf(d.tavern[3:6])&^layers[1] != 0 {
				t.Fatalf("seat %d: Tavern bottom %v, want the second layer %v under 3 of the first", seat, d.tavern[:6], layers[2].cards())
			}
			if n := (d.hands[other] & layers[1]).len(); n != 1 {
				t.Fatalf("seat %d: seat %d holds %d cards of the first layer, want the 1 it drew", seat, other, n)
			}
		}
	}
}

func TestUnmarshalRefusesCorruptData(t *testing.T) {
	s := newGame(t, map[string]string{"players": "3"}, engine.Setup{Seed: 4})
	good, _ := s.MarshalBinary()
	for n := 0; n < len(good); n++ {
		if _, err := (Game{}).Unmarshal(good[:n]); !errors.Is(err, engine.ErrCorrupt) {
			t.Fatalf("Unmarshal of %d of %d bytes: %v, want ErrCorrupt", n, len(good), err)
		}
	}
	dup := slices.Clone(good)
	castleAt := len(magic) + 5 + 1 + int(good[len(magic)+5]) + 1
	dup[castleAt+1] = dup[castleAt]
	if _, err := (Game{}).Unmarshal(dup); !errors.Is(err, engine.ErrCorrupt) {
		t.Errorf("a repeated Castle card: %v, want ErrCorrupt", err)
	}
	back, err := Game{}.Unmarshal(good)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := back.MarshalBinary(); !slices.Equal(again, good) {
		t.Error("round trip changed the bytes")
	}
}

// DeterminizeInto returns exactly Determinize's state and draws exactly the
// same numbers, written into a reused state, leaving the original as it
// was; CloneInto is an exact copy. Neither allocates once the destination
// has been used.
func TestDeterminizeIntoMatchesDeterminize(t *testing.T) {
	var reused, copied engine.State
	step := uint64(0)
	walk(t, func(s *State, seat int) {
		step++
		before := *s
		r1, r2 := rand.New(rand.NewPCG(step, 1)), rand.New(rand.NewPCG(step, 1))
		want := s.Determinize(seat, r1).(*State)
		reused = s.DeterminizeInto(reused, seat, r2)
		if !reflect.DeepEqual(reused.(*State), want) || r1.Uint64() != r2.Uint64() {
			t.Fatalf("step %d: DeterminizeInto differs from Determinize", step)
		}
		if copied = s.CloneInto(copied); !reflect.DeepEqual(copied.(*State), s) || copied.(*State) == s {
			t.Fatalf("step %d: CloneInto is not a separate exact copy", step)
		}
		if !reflect.DeepEqual(*s, before) {
			t.Fatalf("step %d: the original changed", step)
		}
	})
	s := newGame(t, map[string]string{"players": "2"}, engine.Setup{Seed: 5})
	rng := rand.New(rand.NewPCG(1, 2))
	if n := testing.AllocsPerRun(100, func() { reused = s.DeterminizeInto(reused, 0, rng) }); n != 0 {
		t.Errorf("DeterminizeInto allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { copied = s.CloneInto(copied) }); n != 0 {
		t.Errorf("CloneInto allocates %v times", n)
	}
}
