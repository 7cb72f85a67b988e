package rlenv

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/record"
)

// optionSets are the configurations the tests play: every game, its
// player counts and the variants that change what is seen or done.
var optionSets = []Config{
	{Game: "war"},
	{Game: "war", Options: map[string]string{"players": "3", "slap": "5"}},
	{Game: "war", Options: map[string]string{"slap": "J", "false-slap": "ignore", "underdog": "6"}},
	{Game: "war", Options: map[string]string{"peace": "true", "auto-war": "2"}},
	{Game: "regicide"},
	{Game: "regicide", Options: map[string]string{"solo-yield": "true"}},
	{Game: "regicide", Options: map[string]string{"players": "2", "exact-kill": "optional"}},
	{Game: "regicide", Options: map[string]string{"players": "3"}},
	{Game: "regicide", Options: map[string]string{"players": "4"}},
	{Game: "watchtower"},
	{Game: "watchtower", Options: map[string]string{"players": "3", "refill-pick": "owner"}},
	{Game: "watchtower", Options: map[string]string{"players": "4", "tries-per": "card", "max-rounds": "30"}},
}

// gamesFor is how many random games a test plays of cfg: fewer of the
// long ones.
func gamesFor(cfg Config, base int) int {
	switch {
	case testing.Short():
		return max(base/10, 2)
	case cfg.Game == "watchtower":
		return max(base/4, 2)
	}
	return base
}

// maxSteps bounds a random game (War's random games can be long; the
// checks need not see their end).
const maxSteps = 3000

// playRandom plays a random game of cfg from seed: at each step each()
// sees the environment, then a random caller seat to move plays a random
// legal index. It returns the finished (or cut) environment.
func playRandom(t *testing.T, cfg Config, seed uint64, each func(e *Env)) *Env {
	t.Helper()
	e, err := New(cfg, seed)
	if err != nil {
		t.Fatalf("New(%+v): %v", cfg, err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	var moving []int
	var legal []int
	for steps := 0; !e.Terminal() && steps < maxSteps; steps++ {
		each(e)
		moving = e.ToMove(moving[:0])
		if len(moving) == 0 {
			t.Fatalf("%s seed %d: no seat to move in a game not over", cfg.Game, seed)
		}
		seat := moving[rng.IntN(len(moving))]
		legal, err = e.Legal(seat, legal[:0])
		if err != nil || len(legal) == 0 {
			t.Fatalf("%s seed %d: seat %d to move has legal %v, %v", cfg.Game, seed, seat, legal, err)
		}
		if err := e.Step(seat, legal[rng.IntN(len(legal))]); err != nil {
			t.Fatalf("%s seed %d: a legal index was refused: %v", cfg.Game, seed, err)
		}
	}
	each(e)
	return e
}

func marshal(t *testing.T, s engine.State) []byte {
	t.Helper()
	b, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func name(cfg Config) string { return fmt.Sprintf("%s%v", cfg.Game, cfg.Options) }

// Every legal action has one index, distinct from the others'; playing an
// index plays exactly its action; every other index is refused and
// changes nothing.
func TestIndicesNameLegalActions(t *testing.T) {
	for _, cfg := range optionSets {
		t.Run(name(cfg), func(t *testing.T) {
			for g := range gamesFor(cfg, 15) {
				playRandom(t, cfg, cards.SubSeed(11, uint64(g)), func(e *Env) { checkIndices(t, e) })
			}
		})
	}
}

func checkIndices(t *testing.T, e *Env) {
	t.Helper()
	for _, seat := range e.ToMove(nil) {
		acts, idx, err := e.legalOf(seat)
		if err != nil {
			t.Fatal(err)
		}
		acts, idx = slices.Clone(acts), slices.Clone(idx)
		for i, x := range idx {
			c, err := e.Clone()
			if err != nil {
				t.Fatal(err)
			}
			want := c.state.Clone()
			a := acts[i]
			if e.game.Name() == "war" && x == warSlap {
				a = c.slap()
			}
			if err := want.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
			if err := c.Step(seat, x); err != nil {
				t.Fatalf("seat %d index %d (%s): %v", seat, x, e.state.ActionString(acts[i]), err)
			}
			if !bytes.Equal(marshal(t, c.state), marshal(t, want)) {
				t.Fatalf("index %d did not play %q", x, e.state.ActionString(acts[i]))
			}
		}
		before := marshal(t, e.state)
		for range 5 {
			x := rand.IntN(e.space.NumActions+20) - 10
			if slices.Contains(idx, x) {
				continue
			}
			if err := e.Step(seat, x); !errors.Is(err, engine.ErrIllegal) {
				t.Fatalf("index %d, not legal for seat %d, gave %v", x, seat, err)
			}
		}
		if !bytes.Equal(before, marshal(t, e.state)) {
			t.Fatal("a refused index changed the state")
		}
	}
}

// The environment's record replays to its final state: answers of a
// window in seat order, as at the tables.
func TestRecordReplays(t *testing.T) {
	for _, cfg := range optionSets {
		t.Run(name(cfg), func(t *testing.T) {
			for g := range gamesFor(cfg, 20) {
				e := playRandom(t, cfg, cards.SubSeed(12, uint64(g)), func(*Env) {})
				checkRecord(t, e)
			}
		})
	}
}

func checkRecord(t *testing.T, e *Env) {
	t.Helper()
	rec, err := e.Record()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := rec.Write(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := record.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	final, _, err := record.Replay(back)
	if err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	if !bytes.Equal(marshal(t, final), marshal(t, e.state)) {
		t.Fatal("the record replays to another state")
	}
}
