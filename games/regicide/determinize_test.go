package regicide

import (
	"errors"
	"math/rand/v2"
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
