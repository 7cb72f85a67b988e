package watchtower

import (
	"encoding/json"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// ViewInto, reusing one View across states and seats, writes exactly what
// ViewOf returns: the same JSON and the same text, in every state of
// random games, for every seat and the spectator.
func TestViewIntoMatchesViewOf(t *testing.T) {
	var v *View
	step := 0
	randomStates(t, 3, func(s *State, _ *cards.RNG) {
		step++
		for k := 0; k <= s.NumSeats(); k++ {
			seat := (step+k)%(s.NumSeats()+1) - 1 // every seat and the spectator, in changing order
			want := ViewOf(s, seat)
			v = ViewInto(s, seat, v)
			wj, err := json.Marshal(want)
			if err != nil {
				t.Fatal(err)
			}
			gj, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if string(gj) != string(wj) {
				t.Fatalf("step %d seat %d: ViewInto gives\n%s\nwant\n%s", step, seat, gj, wj)
			}
			if v.String() != want.String() {
				t.Fatalf("step %d seat %d: ViewInto prints\n%s\nwant\n%s", step, seat, v, want)
			}
		}
	})
}

// Once its view has grown, ViewInto allocates nothing in the middle of a
// game.
func TestViewIntoAllocatesNothing(t *testing.T) {
	s := midGame(t)
	seat := s.mover()
	v := ViewInto(s, seat, nil)
	if n := testing.AllocsPerRun(100, func() { v = ViewInto(s, seat, v) }); n != 0 {
		t.Errorf("ViewInto allocates %v times", n)
	}
}

// midGame is a default 2-player game (seed 5) after 60 actions, each the
// mover's legal action at the step's index: a state whose buffers have
// grown, for the allocation tests.
func midGame(t *testing.T) *State {
	t.Helper()
	st, _ := Game{}.New(engine.MustResolve(Game{}, nil), engine.Setup{Seed: 5})
	s := st.(*State)
	for i := 0; i < 60; i++ {
		legal := s.Legal(s.mover(), nil)
		if err := s.Apply(s.mover(), legal[i%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}
