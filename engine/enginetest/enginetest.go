// Package enginetest is the conformance suite every cardtable game must
// pass: seeded random playouts that check the engine contract at every step
// (legal actions, validated apply, deep clones, serialization, card
// conservation, exact replay, and no hidden information in views), plus a
// fuzz harness in which arbitrary bytes choose the actions.
package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// Config tunes a conformance run.
type Config struct {
	// Options are the option sets to test (each is given to
	// ResolveOptions); nil means just the defaults.
	Options []map[string]string
	// Games is the number of seeded playouts per option set (default 300).
	Games int
	// MaxSteps bounds one playout (default 200000 actions); a game that
	// has not ended by then fails the test.
	MaxSteps int
	// Seed seeds the playouts (default 1).
	Seed uint64
	// DeepEvery runs the expensive checks (every legal action applies,
	// clone, serialization, determinization) on one step in DeepEvery
	// (default 7); the first and last steps are always checked.
	DeepEvery int
}

func (c *Config) defaults() {
	if c.Options == nil {
		c.Options = []map[string]string{nil}
	}
	if c.Games == 0 {
		c.Games = 300
	}
	if c.MaxSteps == 0 {
		c.MaxSteps = 200000
	}
	if c.Seed == 0 {
		c.Seed = 1
	}
	if c.DeepEvery == 0 {
		c.DeepEvery = 7
	}
}

// step is one applied action, kept for the replay check.
type step struct {
	seat int
	text string
}

// Run plays cfg.Games seeded random games of g for each option set and
// fails t on the first broken rule of the contract.
func Run(t *testing.T, g engine.Game, cfg Config) {
	t.Helper()
	cfg.defaults()
	for oi, given := range cfg.Options {
		opts, err := engine.ResolveOptions(g.Options(), given)
		if err != nil {
			t.Fatalf("options %v: %v", given, err)
		}
		t.Run(fmt.Sprintf("opts%d:%s", oi, opts), func(t *testing.T) {
			for i := 0; i < cfg.Games; i++ {
				seed := cards.SubSeed(cfg.Seed, uint64(oi*1_000_003+i))
				if err := playout(g, opts, seed, cfg, i%cfg.DeepEvery); err != nil {
					t.Fatalf("game %s seed %d: %v", opts, seed, err)
				}
			}
		})
	}
}

func marshal(s engine.State) []byte {
	b, err := s.MarshalBinary()
	if err != nil {
		panic(fmt.Sprintf("MarshalBinary: %v", err))
	}
	return b
}

func viewJSON(s engine.State, seat int) string {
	b, err := json.Marshal(s.View(seat))
	if err != nil {
		panic(fmt.Sprintf("View(%d) does not encode to JSON: %v", seat, err))
	}
	return string(b)
}

func playout(g engine.Game, opts engine.Options, seed uint64, cfg Config, phase int) error {
	s, err := g.New(opts, engine.Setup{Seed: seed})
	if err != nil {
		return fmt.Errorf("new game: %w", err)
	}
	holder, ok := s.(engine.CardHolder)
	if !ok {
		return fmt.Errorf("state %T does not implement engine.CardHolder", s)
	}
	initial := slices.Clone(holder.AllCards())
	rng := rand.New(rand.NewPCG(seed, 0xc0ffee))
	var log []step
	var toMove []int
	var legal []engine.Action
	for n := 0; ; n++ {
		if n > cfg.MaxSteps {
			return fmt.Errorf("no end after %d actions", cfg.MaxSteps)
		}
		toMove = s.ToMove(toMove[:0])
		deep := n%cfg.DeepEvery == phase || n == 0
		if s.Terminal() {
			if len(toMove) != 0 {
				return fmt.Errorf("terminal state has seats to move %v", toMove)
			}
			for seat := 0; seat < s.NumSeats(); seat++ {
				if l := s.Legal(seat, nil); len(l) != 0 {
					return fmt.Errorf("terminal state lists legal actions for seat %d", seat)
				}
			}
			if err := checkState(g, s, initial, rng); err != nil {
				return fmt.Errorf("final state: %w", err)
			}
			if r := s.Result(); !r.Over || r.End == "" {
				return fmt.Errorf("terminal state's Result has Over=%v End=%q", r.Over, r.End)
			}
			return checkReplay(g, opts, seed, log, s)
		}
		if len(toMove) == 0 {
			return fmt.Errorf("step %d: non-terminal state has no seat to move", n)
		}
		if s.Result().Over {
			return fmt.Errorf("step %d: Result().Over on a non-terminal state", n)
		}
		for seat := 0; seat < s.NumSeats(); seat++ {
			l := s.Legal(seat, nil)
			if slices.Contains(toMove, seat) != (len(l) > 0) {
				return fmt.Errorf("step %d: seat %d: in ToMove=%v but %d legal actions", n, seat, toMove, len(l))
			}
		}
		seat := toMove[rng.IntN(len(toMove))]
		legal = s.Legal(seat, legal[:0])
		if err := checkActions(s, seat, legal, toMove, rng, deep); err != nil {
			return fmt.Errorf("step %d: %w", n, err)
		}
		if deep {
			if err := checkState(g, s, initial, rng); err != nil {
				return fmt.Errorf("step %d: %w", n, err)
			}
		}
		a := legal[rng.IntN(len(legal))]
		text := s.ActionString(a)
		if err := s.Apply(seat, a); err != nil {
			return fmt.Errorf("step %d: legal action %q for seat %d: %w", n, text, seat, err)
		}
		log = append(log, step{seat, text})
		if got := holder.AllCards(); cards.CheckPermutation(got, initial) != nil {
			return fmt.Errorf("step %d after %q: cards not conserved: %v", n, text, cards.CheckPermutation(got, initial))
		}
	}
}

// checkActions checks notation round trips, that every legal action applies
// (on clones, when deep) and that illegal ones are refused without change.
func checkActions(s engine.State, seat int, legal []engine.Action, toMove []int, rng *rand.Rand, deep bool) error {
	seen := make(map[engine.Action]bool, len(legal))
	for _, a := range legal {
		if seen[a] {
			return fmt.Errorf("seat %d: action %q listed twice", seat, s.ActionString(a))
		}
		seen[a] = true
		text := s.ActionString(a)
		back, err := s.ParseAction(seat, text)
		if err != nil || back != a {
			return fmt.Errorf("seat %d: ParseAction(ActionString(%d) = %q) = %d, %v", seat, a, text, back, err)
		}
		if deep {
			c := s.Clone()
			if err := c.Apply(seat, a); err != nil {
				return fmt.Errorf("seat %d: legal action %q refused: %w", seat, text, err)
			}
		}
	}
	before := marshal(s)
	try := func(who int, a engine.Action) error {
		err := s.Apply(who, a)
		if err == nil {
			return fmt.Errorf("seat %d: illegal action %d (%q) accepted", who, a, s.ActionString(a))
		}
		if !errors.Is(err, engine.ErrIllegal) && !errors.Is(err, engine.ErrNotYourTurn) && !errors.Is(err, engine.ErrGameOver) {
			return fmt.Errorf("seat %d: illegal action %d refused with %v, which wraps no engine sentinel", who, a, err)
		}
		if !bytes.Equal(before, marshal(s)) {
			return fmt.Errorf("seat %d: refused action %d changed the state", who, a)
		}
		return nil
	}
	for i := 0; i < 3; i++ {
		a := engine.Action(rng.Uint64())
		if i == 1 {
			a = engine.Action(rng.IntN(256))
		}
		if !seen[a] {
			if err := try(seat, a); err != nil {
				return err
			}
		}
	}
	for other := 0; other < s.NumSeats(); other++ {
		if !slices.Contains(toMove, other) {
			if err := try(other, legal[0]); err != nil {
				return err
			}
			break
		}
	}
	return nil
}

// checkState checks clone depth, serialization and determinization.
func checkState(g engine.Game, s engine.State, initial []cards.Card, rng *rand.Rand) error {
	orig := marshal(s)
	// Serialization round trip.
	back, err := g.Unmarshal(orig)
	if err != nil {
		return fmt.Errorf("Unmarshal(MarshalBinary()): %w", err)
	}
	if !bytes.Equal(marshal(back), orig) {
		return errors.New("MarshalBinary after Unmarshal differs")
	}
	for seat := -1; seat < s.NumSeats(); seat++ {
		if viewJSON(back, seat) != viewJSON(s, seat) {
			return fmt.Errorf("restored state shows seat %d a different view", seat)
		}
	}
	// Corrupt data is refused, not panicked on.
	for _, bad := range [][]byte{nil, orig[:len(orig)/2], append(slices.Clone(orig), 0xff, 0xee)} {
		if _, err := g.Unmarshal(bad); err == nil {
			return fmt.Errorf("unmarshal accepted %d corrupt bytes", len(bad))
		} else if !errors.Is(err, engine.ErrCorrupt) {
			return fmt.Errorf("unmarshal of corrupt data: %v does not wrap ErrCorrupt", err)
		}
	}
	// Clone is deep: playing the clone out leaves the original untouched.
	c := s.Clone()
	if !bytes.Equal(marshal(c), orig) {
		return errors.New("clone serializes differently")
	}
	var tm []int
	var l []engine.Action
	for i := 0; i < 50 && !c.Terminal(); i++ {
		tm = c.ToMove(tm[:0])
		seat := tm[rng.IntN(len(tm))]
		l = c.Legal(seat, l[:0])
		if err := c.Apply(seat, l[rng.IntN(len(l))]); err != nil {
			return fmt.Errorf("clone: legal action refused: %w", err)
		}
	}
	if !bytes.Equal(marshal(s), orig) {
		return errors.New("playing a clone changed the original (clone is shallow)")
	}
	// Determinization: same view for that seat, cards conserved, original
	// untouched; and two different determinizations still agree.
	for seat := 0; seat < s.NumSeats(); seat++ {
		want := viewJSON(s, seat)
		for k := 0; k < 2; k++ {
			d := s.Determinize(seat, rng)
			if got := viewJSON(d, seat); got != want {
				return fmt.Errorf("seat %d's view differs after Determinize (hidden information leaks):\n got %s\nwant %s", seat, got, want)
			}
			if h, ok := d.(engine.CardHolder); !ok || cards.CheckPermutation(h.AllCards(), initial) != nil {
				return fmt.Errorf("Determinize(%d) does not conserve cards", seat)
			}
			if !slices.Equal(d.Legal(seat, nil), s.Legal(seat, nil)) {
				return fmt.Errorf("Determinize(%d) changes seat %d's legal actions", seat, seat)
			}
		}
		if !bytes.Equal(marshal(s), orig) {
			return fmt.Errorf("Determinize(%d) changed the original", seat)
		}
		// A determinization may depend only on what seat knows: another
		// state of the same information set (a determinization of s) must
		// give the same result for the same generator.
		other := s.Determinize(seat, rng)
		k := rng.Uint64()
		d1 := s.Determinize(seat, rand.New(rand.NewPCG(k, 1)))
		d2 := other.Determinize(seat, rand.New(rand.NewPCG(k, 1)))
		if !bytes.Equal(marshal(d1), marshal(d2)) {
			return fmt.Errorf("Determinize(%d) depends on hidden information: two states seat %d cannot tell apart give different results for the same generator (sort the pool of unseen cards, and reseed the state's own generator from rng)", seat, seat)
		}
	}
	return nil
}

// checkReplay re-runs the game from (options, seed, action texts) and
// compares the final states.
func checkReplay(g engine.Game, opts engine.Options, seed uint64, log []step, final engine.State) error {
	r, err := g.New(opts, engine.Setup{Seed: seed})
	if err != nil {
		return fmt.Errorf("replay New: %w", err)
	}
	for i, st := range log {
		if err := engine.ApplyText(r, st.seat, st.text); err != nil {
			return fmt.Errorf("replay step %d (seat %d %q): %w", i, st.seat, st.text, err)
		}
	}
	if !bytes.Equal(marshal(r), marshal(final)) {
		return errors.New("replay from (options, seed, actions) ends in a different state")
	}
	return nil
}

// Fuzz runs a fuzz target in which the input bytes choose the seed, the
// option set and every action; the engine must never panic and must keep
// its contract. Call it from a FuzzXxx function.
func Fuzz(f *testing.F, g engine.Game, options []map[string]string) {
	if options == nil {
		options = []map[string]string{nil}
	}
	resolved := make([]engine.Options, len(options))
	for i, o := range options {
		r, err := engine.ResolveOptions(g.Options(), o)
		if err != nil {
			f.Fatalf("options %v: %v", o, err)
		}
		resolved[i] = r
	}
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8})
	f.Add(bytes.Repeat([]byte{0xff, 3, 0x80}, 200))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		opts := resolved[int(data[0])%len(resolved)]
		s, err := g.New(opts, engine.Setup{Seed: uint64(data[1])})
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		var tm []int
		var l []engine.Action
		for i := 2; i+1 < len(data) && !s.Terminal(); i += 2 {
			tm = s.ToMove(tm[:0])
			if len(tm) == 0 {
				t.Fatal("non-terminal state with no seat to move")
			}
			seat := tm[int(data[i])%len(tm)]
			l = s.Legal(seat, l[:0])
			if len(l) == 0 {
				t.Fatalf("seat %d to move with no legal action", seat)
			}
			b := data[i+1]
			if b == 0xff {
				// An arbitrary, probably illegal action: must not panic.
				_ = s.Apply(seat, engine.Action(uint64(data[i])<<8|uint64(b)))
				continue
			}
			if err := s.Apply(seat, l[int(b)%len(l)]); err != nil {
				t.Fatalf("legal action refused: %v", err)
			}
		}
		// Arbitrary bytes as a saved state: refused or accepted, never a panic.
		if st, err := g.Unmarshal(data); err == nil {
			_, _ = st.MarshalBinary()
		}
	})
}
