package watchtower

import (
	"slices"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// TestPlayoutPathIsApply plays every legal action of every state of
// random games both ways, Apply and ApplyLegal, and requires the two
// states to be the same in everything the API shows (serialization, the
// mover's legal actions) and in the seat to move; LegalTo
// must list what Legal lists. (The serialization holds the events, the
// agenda and the generator; the views are compared in TestNewIntoIsNew's
// games and the copy tests.)
func TestPlayoutPathIsApply(t *testing.T) {
	var buf Actions
	var legal []engine.Action
	checked := 0
	randomStates(t, 3, func(s *State, _ *cards.RNG) {
		seat := s.Mover()
		if seat < 0 {
			if s.LegalTo(&buf) != 0 {
				t.Fatal("LegalTo lists actions in a finished game")
			}
			return
		}
		legal = s.Legal(seat, legal[:0])
		if got := buf[:s.LegalTo(&buf)]; !slices.Equal(got, legal) {
			t.Fatalf("LegalTo %v, Legal %v", got, legal)
		}
		for _, a := range legal {
			checked++
			want := s.clone()
			if err := want.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
			got := s.clone()
			got.ApplyLegal(seat, a)
			if got.mv != want.mv || got.Mover() != want.Mover() {
				t.Fatalf("%s: seat to move %d after ApplyLegal, %d after Apply", s.ActionString(a), got.mv, want.mv)
			}
			if !slices.Equal(mustMarshal(t, got), mustMarshal(t, want)) ||
				!slices.Equal(got.Legal(got.mv, nil), want.Legal(want.mv, nil)) {
				t.Fatalf("%s: ApplyLegal and Apply leave different states", s.ActionString(a))
			}
		}
	})
	if checked == 0 {
		t.Fatal("no action checked")
	}
}

// TestNewIntoIsNew deals games into a state that held another game (of
// other options, played to its end) and requires them to equal New's.
func TestNewIntoIsNew(t *testing.T) {
	var dst *State
	for i, given := range copyOptions {
		opts := engine.MustResolve(Game{}, given)
		for _, setup := range []engine.Setup{{Seed: uint64(i)}, {Seed: 9, Deck: cards.Standard52()}} {
			want, err := Game{}.New(opts, setup)
			if err != nil {
				t.Fatal(err)
			}
			if dst, err = (Game{}).NewInto(dst, opts, setup); err != nil {
				t.Fatal(err)
			}
			if observe(t, dst) != observe(t, want) || dst.mv != want.(*State).mv {
				t.Fatalf("%v seed %d: NewInto's game is not New's", given, setup.Seed)
			}
			playOn(t, dst, uint64(i))
		}
	}
	bad := engine.Setup{Deck: cards.Standard52()[:51]}
	if _, err := (Game{}).NewInto(dst, engine.MustResolve(Game{}, nil), bad); err == nil {
		t.Fatal("NewInto took a deck of 51 cards")
	}
}
