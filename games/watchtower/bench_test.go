package watchtower_test

import (
	"bytes"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// playout plays one game with bots through the generic State API and
// returns the final state and the number of actions applied.
func playout(tb testing.TB, opts engine.Options, seed uint64, players []engine.Bot) (engine.State, int) {
	s, err := watchtower.New().New(opts, engine.Setup{Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	var tm []int
	n := 0
	for !s.Terminal() {
		tm = s.ToMove(tm[:0])
		seat := tm[0]
		if err := s.Apply(seat, players[seat].Act(s, seat)); err != nil {
			tb.Fatalf("seed %d: %v", seed, err)
		}
		n++
	}
	return s, n
}

// uniform plays uniformly at random among the legal actions. It is the
// same player as bots.Random, kept here so that this package's tests do not
// depend on the bot registry, which imports every game.
type uniform struct {
	rng   cards.RNG
	legal []engine.Action
}

func (u *uniform) Act(s engine.State, seat int) engine.Action {
	u.legal = s.Legal(seat, u.legal[:0])
	return u.legal[u.rng.IntN(len(u.legal))]
}

func randomBots(seed uint64, n int) []engine.Bot {
	out := make([]engine.Bot, n)
	for i := range out {
		out[i] = &uniform{rng: cards.NewRNG(engine.BotSeed(seed, i))}
	}
	return out
}

// BenchmarkRandomPlayout measures whole 2-player games between uniform
// random players through the playout path a search's rollouts use
// (Game.NewInto into the state of the previous game, Mover, LegalTo into
// a reused buffer, ApplyLegal): at every decision the mover's generator
// draws one of the legal actions, uniformly. The players and their seeds
// are BenchmarkGenericPlayout's, so both play the same games action for
// action (TestPlayoutPathIsApply: ApplyLegal leaves the state Apply does).
func BenchmarkRandomPlayout(b *testing.B) {
	opts := engine.MustResolve(watchtower.New(), nil)
	var rngs [2]cards.RNG
	var legal watchtower.Actions
	var s *watchtower.State
	actions := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		for k := range rngs {
			rngs[k] = cards.NewRNG(engine.BotSeed(uint64(i), k))
		}
		var err error
		if s, err = watchtower.New().NewInto(s, opts, engine.Setup{Seed: uint64(i)}); err != nil {
			b.Fatal(err)
		}
		for seat := s.Mover(); seat >= 0; seat = s.Mover() {
			n := s.LegalTo(&legal)
			s.ApplyLegal(seat, legal[rngs[seat].IntN(n)])
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}

// BenchmarkGenericPlayout measures the same games through the generic
// State API any game offers (New, ToMove, engine.Bot players calling
// Legal into their reused slices, Apply with its checks): what the
// RandomPlayout benchmark of builds before the playout path measured.
func BenchmarkGenericPlayout(b *testing.B) {
	opts := engine.MustResolve(watchtower.New(), nil)
	players := []engine.Bot{&uniform{}, &uniform{}}
	actions := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		for k, p := range players {
			p.(*uniform).rng = cards.NewRNG(engine.BotSeed(uint64(i), k))
		}
		_, n := playout(b, opts, uint64(i), players)
		actions += n
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}

// midGame returns the state after 40 uniform random actions of a 2-player
// game: a search's root in the middle of play.
func midGame(b *testing.B) engine.State {
	s, err := watchtower.New().New(engine.MustResolve(watchtower.New(), nil), engine.Setup{Seed: 7})
	if err != nil {
		b.Fatal(err)
	}
	u := &uniform{rng: cards.NewRNG(7)}
	var tm []int
	for i := 0; i < 40 && !s.Terminal(); i++ {
		tm = s.ToMove(tm[:0])
		if err := s.Apply(tm[0], u.Act(s, tm[0])); err != nil {
			b.Fatal(err)
		}
	}
	return s
}

// BenchmarkSearchIteration measures what an ISMCTS iteration costs the
// game: determinize the root for the searching seat, then play the sample
// out uniformly at random through the State API. "new" makes each sample
// with Determinize (a new state each time); "into" writes it with
// engine.DeterminizeInto into the state the previous iteration used.
func BenchmarkSearchIteration(b *testing.B) {
	root := midGame(b)
	seat := root.ToMove(nil)[0]
	for _, reuse := range []bool{false, true} {
		name := "new"
		if reuse {
			name = "into"
		}
		b.Run(name, func(b *testing.B) {
			rng := cards.NewRNG(1)
			determinizer := rng.Rand()
			u := &uniform{rng: cards.NewRNG(2)}
			var d engine.State
			var tm []int
			actions := 0
			b.ReportAllocs()
			for b.Loop() {
				if reuse {
					d = engine.DeterminizeInto(root, d, seat, determinizer)
				} else {
					d = root.Determinize(seat, determinizer)
				}
				for !d.Terminal() {
					tm = d.ToMove(tm[:0])
					if err := d.Apply(tm[0], u.Act(d, tm[0])); err != nil {
						b.Fatal(err)
					}
					actions++
				}
			}
			b.ReportMetric(float64(actions)/float64(b.N), "actions/iter")
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "iters/s")
		})
	}
}

// BenchmarkView measures the view a bot's policy reads at each decision:
// "of" builds a new one with ViewOf, "into" rewrites one with ViewInto.
func BenchmarkView(b *testing.B) {
	root := midGame(b)
	seat := root.ToMove(nil)[0]
	b.Run("of", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = watchtower.ViewOf(root, seat)
		}
	})
	b.Run("into", func(b *testing.B) {
		var v *watchtower.View
		b.ReportAllocs()
		for b.Loop() {
			v = watchtower.ViewInto(root, seat, v)
		}
	})
}

// TestBenchmarksPlayTheSameGames plays the first games of
// BenchmarkRandomPlayout and BenchmarkGenericPlayout both ways and
// requires the same final states: the two benchmarks measure the same
// work through two paths.
func TestBenchmarksPlayTheSameGames(t *testing.T) {
	opts := engine.MustResolve(watchtower.New(), nil)
	var legal watchtower.Actions
	var s *watchtower.State
	for i := range 40 {
		want, _ := playout(t, opts, uint64(i), randomBots(uint64(i), 2))
		rngs := [2]cards.RNG{cards.NewRNG(engine.BotSeed(uint64(i), 0)), cards.NewRNG(engine.BotSeed(uint64(i), 1))}
		var err error
		if s, err = watchtower.New().NewInto(s, opts, engine.Setup{Seed: uint64(i)}); err != nil {
			t.Fatal(err)
		}
		for seat := s.Mover(); seat >= 0; seat = s.Mover() {
			s.ApplyLegal(seat, legal[rngs[seat].IntN(s.LegalTo(&legal))])
		}
		a, _ := s.MarshalBinary()
		b, _ := want.MarshalBinary()
		if !bytes.Equal(a, b) {
			t.Fatalf("game %d: the playout path ends in another state", i)
		}
	}
}
