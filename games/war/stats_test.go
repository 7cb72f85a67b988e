package war

import (
	"math"
	"runtime"
	"sync"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// sample summarises many games simulated with the fast path.
type sample struct {
	games      int
	lengths    []int // histogram of battles per game
	sum, sumSq float64
	wars       float64
	warsSq     float64
	ends       [4]int
}

func (s *sample) mean() float64 { return s.sum / float64(s.games) }

// se is the standard error of the mean length.
func (s *sample) se() float64 {
	m := s.mean()
	return math.Sqrt((s.sumSq/float64(s.games) - m*m) / float64(s.games))
}

// warsSE is the standard error of the mean wars per game.
func (s *sample) warsSE() float64 {
	m := s.wars / float64(s.games)
	return math.Sqrt((s.warsSq/float64(s.games) - m*m) / float64(s.games))
}

// quantile returns the smallest length with at least q of the games at or
// below it.
func (s *sample) quantile(q float64) int {
	need, seen := q*float64(s.games), 0
	for n, k := range s.lengths {
		seen += k
		if float64(seen) >= need {
			return n
		}
	}
	return len(s.lengths) - 1
}

// simulateMany runs games seeded cards.SubSeed(seed, i) on every CPU.
func simulateMany(t *testing.T, text string, seed uint64, games int) *sample {
	t.Helper()
	opts := mustOptions(t, text)
	workers := runtime.GOMAXPROCS(0)
	parts := make([]sample, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			p := &parts[w]
			p.lengths = make([]int, opts.Int("max-battles")+1)
			var out engine.Outcome
			for i := w; i < games; i += workers {
				Game{}.Simulate(opts, cards.SubSeed(seed, uint64(i)), &out)
				p.games++
				p.lengths[out.Length]++
				p.sum += float64(out.Length)
				p.sumSq += float64(out.Length) * float64(out.Length)
				p.wars += out.Metrics[0]
				p.warsSq += out.Metrics[0] * out.Metrics[0]
				p.ends[out.End]++
			}
		})
	}
	wg.Wait()
	all := &sample{lengths: make([]int, opts.Int("max-battles")+1)}
	for _, p := range parts {
		all.games += p.games
		all.sum += p.sum
		all.sumSq += p.sumSq
		all.wars += p.wars
		all.warsSq += p.warsSq
		for i, k := range p.lengths {
			all.lengths[i] += k
		}
		for i, k := range p.ends {
			all.ends[i] += k
		}
	}
	return all
}

// within fails t unless got is within tol of want.
func within(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.3f, want %.3f ± %.3f", what, got, want, tol)
	} else {
		t.Logf("%s = %.3f (want %.3f ± %.3f)", what, got, want, tol)
	}
}

// TestKnownFigures pins the published figures of the rules' "Known
// figures" section (WAR-02, WAR-04, WAR-08, WAR-09) on a fixed seed.
func TestKnownFigures(t *testing.T) {
	games := 400_000
	if testing.Short() {
		games = 100_000
	}
	t.Run("default", func(t *testing.T) {
		s := simulateMany(t, "", 2024, games)
		within(t, "mean battles", s.mean(), 178.1, 4*s.se())
		within(t, "median battles", float64(s.quantile(0.5)), 140, 3)
		within(t, "p99 battles", float64(s.quantile(0.99)), 650, 25)
		within(t, "wars per game", s.wars/float64(s.games), 13.15, 4*s.warsSE())
		if r := s.ends[2]; r != 0 {
			t.Errorf("%d repetitions with winner-first pickup, want none", r)
		}
	})
	t.Run("shuffle", func(t *testing.T) {
		s := simulateMany(t, "pickup=shuffle", 2025, games/2)
		within(t, "mean battles", s.mean(), 270.5, 4*s.se())
	})
	t.Run("seat", func(t *testing.T) {
		s := simulateMany(t, "pickup=seat", 2026, games/4)
		share := float64(s.ends[2]) / float64(s.games)
		within(t, "repetition share", share, 0.127, 4*math.Sqrt(share*(1-share)/float64(s.games)))
	})
}
