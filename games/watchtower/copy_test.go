package watchtower

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"cardtable/cards"
	"cardtable/engine"
)

// copyOptions are the option sets the copy tests play: every one that
// changes which buffers a game uses (refill gifts, free-for-alls among 4,
// tries per card, the round cap's showdown).
var copyOptions = []map[string]string{{"players": "2"}, {"players": "3", "refill-pick": "owner"},
	{"players": "4", "tries-per": "card"}, {"players": "3", "max-rounds": "3"}}

// randomStates calls visit with every state of a few random games per
// option set (one with -short).
func randomStates(t *testing.T, games int, visit func(s *State, rng *cards.RNG)) {
	t.Helper()
	if testing.Short() {
		games = 1
	}
	for _, given := range copyOptions {
		opts := engine.MustResolve(Game{}, given)
		for seed := uint64(1); seed <= uint64(games); seed++ {
			st, err := Game{}.New(opts, engine.Setup{Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			rng := cards.NewRNG(seed)
			var legal []engine.Action
			for !s.Terminal() {
				visit(s, &rng)
				seat := s.mover()
				legal = s.Legal(seat, legal[:0])
				if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
			visit(s, &rng)
		}
	}
}

func mustMarshal(t *testing.T, s engine.State) []byte {
	t.Helper()
	b, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// observe is everything the API shows of s: its serialization, each
// seat's legal actions and every view as JSON and as text (event texts
// included).
func observe(t *testing.T, s engine.State) string {
	t.Helper()
	var b bytes.Buffer
	b.Write(mustMarshal(t, s))
	for seat := engine.Spectator; seat < s.NumSeats(); seat++ {
		if seat >= 0 {
			b.WriteString(s.ActionString(engine.Action(len(s.Legal(seat, nil)))))
			for _, a := range s.Legal(seat, nil) {
				b.WriteString(s.ActionString(a))
			}
		}
		v, err := json.Marshal(s.View(seat))
		if err != nil {
			t.Fatal(err)
		}
		b.Write(v)
		b.WriteString(s.View(seat).String())
	}
	return b.String()
}

// playOn plays s to the end with uniform random actions drawn from a
// generator seeded with seed, and returns the actions and the result.
func playOn(t *testing.T, s engine.State, seed uint64) ([]engine.Action, engine.Result) {
	t.Helper()
	rng := cards.NewRNG(seed)
	var log []engine.Action
	var tm []int
	for !s.Terminal() {
		tm = s.ToMove(tm[:0])
		legal := s.Legal(tm[0], nil)
		a := legal[rng.IntN(len(legal))]
		if err := s.Apply(tm[0], a); err != nil {
			t.Fatal(err)
		}
		log = append(log, a)
	}
	return log, s.Result()
}

// span is the memory a slice may write to: its backing array up to its
// capacity.
type span struct {
	name     string
	lo, hi   uintptr
	elements int
}

func spanOf[T any](name string, xs []T) span {
	if cap(xs) == 0 {
		return span{name: name}
	}
	var zero T
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(xs)))
	return span{name: name, lo: lo, hi: lo + uintptr(cap(xs))*unsafe.Sizeof(zero), elements: cap(xs)}
}

// spans lists the writable memory of s: the state itself, which holds its
// cards in fixed arrays, and every slice of it.
func spans(s *State) []span {
	lo := uintptr(unsafe.Pointer(s))
	return []span{{name: "state", lo: lo, hi: lo + unsafe.Sizeof(*s), elements: 1},
		spanOf("agenda", s.agenda), spanOf("events", s.events), spanOf("evData", s.evData), spanOf("evSaid", s.evSaid)}
}

// checkDisjoint fails if any slice of a can write where a slice of b can.
func checkDisjoint(t *testing.T, a, b *State) {
	t.Helper()
	for _, x := range spans(a) {
		for _, y := range spans(b) {
			if x.elements > 0 && y.elements > 0 && x.lo < y.hi && y.lo < x.hi {
				t.Fatalf("the copy's %s shares memory with the original's %s", x.name, y.name)
			}
		}
	}
}

// CloneInto, into a fresh or a reused state, gives a state that shows
// exactly what the original shows, plays on exactly as an independent copy
// does (a copy read back from the serialization), shares no memory with
// the original, and leaves the original unchanged when played to the end.
func TestCloneIntoBehavesAsTheOriginal(t *testing.T) {
	var reused engine.State
	step := uint64(0)
	randomStates(t, 3, func(s *State, _ *cards.RNG) {
		step++
		before := observe(t, s)
		reused = s.CloneInto(reused)
		c := reused.(*State)
		if c == s {
			t.Fatal("CloneInto returned the original")
		}
		if got := observe(t, c); got != before {
			t.Fatalf("step %d: the copy shows something else than the original", step)
		}
		checkDisjoint(t, c, s)
		if step%3 != 0 {
			return // playing on from every state would be quadratic
		}
		ref, err := Game{}.Unmarshal(mustMarshal(t, s))
		if err != nil {
			t.Fatal(err)
		}
		logC, resC := playOn(t, c, step)
		logR, resR := playOn(t, ref, step)
		if !slices.Equal(logC, logR) || !bytes.Equal(mustMarshal(t, c), mustMarshal(t, ref)) {
			t.Fatalf("step %d: the copy plays on differently from an independent copy (%v vs %v)", step, resC, resR)
		}
		if after := observe(t, s); after != before {
			t.Fatalf("step %d: playing the copy to the end changed the original", step)
		}
	})
}

// DeterminizeInto returns exactly Determinize's state and draws exactly
// the same numbers, into a reused state, sharing no memory with the
// original and leaving it unchanged.
func TestDeterminizeIntoMatchesDeterminize(t *testing.T) {
	var reused engine.State
	step := uint64(0)
	randomStates(t, 3, func(s *State, _ *cards.RNG) {
		step++
		before := mustMarshal(t, s)
		for seat := range s.all() {
			r1, r2 := rand.New(rand.NewPCG(step, uint64(seat))), rand.New(rand.NewPCG(step, uint64(seat)))
			want := s.Determinize(seat, r1)
			reused = s.DeterminizeInto(reused, seat, r2)
			if !bytes.Equal(mustMarshal(t, want), mustMarshal(t, reused)) {
				t.Fatalf("step %d seat %d: DeterminizeInto differs from Determinize", step, seat)
			}
			if r1.Uint64() != r2.Uint64() {
				t.Fatalf("step %d seat %d: DeterminizeInto draws other numbers than Determinize", step, seat)
			}
			checkDisjoint(t, reused.(*State), s)
			if step%3 != 0 {
				continue
			}
			playOn(t, reused, step)
			if !bytes.Equal(mustMarshal(t, s), before) {
				t.Fatalf("step %d seat %d: playing the determinization changed the original", step, seat)
			}
		}
	})
}

// A destination that cannot be reused (nil, the original itself, another
// game's state) gets a new state, never the original.
func TestCloneIntoUnusableDestination(t *testing.T) {
	st, _ := Game{}.New(engine.MustResolve(Game{}, nil), engine.Setup{Seed: 3})
	s := st.(*State)
	for _, dst := range []engine.State{nil, s, engine.State((*State)(nil))} {
		c := s.CloneInto(dst)
		if c == engine.State(s) || c.(*State) == nil {
			t.Fatalf("CloneInto(%T) returned the original or nil", dst)
		}
		checkDisjoint(t, c.(*State), s)
		if !bytes.Equal(mustMarshal(t, c), mustMarshal(t, s)) {
			t.Fatal("the copy differs")
		}
	}
}

// Copying into a state that has held a game allocates nothing.
func TestCloneIntoAllocatesNothing(t *testing.T) {
	s := midGame(t)
	dst := s.Clone()
	rng := rand.New(rand.NewPCG(1, 2))
	if n := testing.AllocsPerRun(100, func() { dst = s.CloneInto(dst) }); n != 0 {
		t.Errorf("CloneInto allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { dst = s.DeterminizeInto(dst, 0, rng) }); n != 0 {
		t.Errorf("DeterminizeInto allocates %v times", n)
	}
}
