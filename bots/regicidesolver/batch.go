package regicidesolver

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// Batch says which deals to solve and how.
type Batch struct {
	// Options are Regicide's resolved options.
	Options engine.Options
	// Seed is the run's seed: deal i is New(Options, Setup{Seed:
	// cards.SubSeed(Seed, i)}), the same deal `cardtable sim regicide
	// --seed Seed` plays as game i.
	Seed uint64
	// Deals is the number of deals (at least 1).
	Deals int
	// Workers is the number of deals solved at once; 0 means one per CPU.
	// Results do not depend on it (unless Limits.Time is set).
	Workers int
	// Limits bound each deal's search.
	Limits Limits
	// TableBits sizes each worker's transposition table (0: the default).
	TableBits int
	// Done, when set, is called after each deal, from one goroutine at a
	// time, in no particular order.
	Done func(DealResult)
}

// DealResult is one deal's seed and result.
type DealResult struct {
	Deal int    `json:"deal"`
	Seed uint64 `json:"seed"`
	Result
}

// DealSeed returns the seed of deal i of a run seeded with seed.
func DealSeed(seed uint64, i int) uint64 { return cards.SubSeed(seed, uint64(i)) }

// NewDeal returns the initial state of the deal with seed.
func NewDeal(opts engine.Options, seed uint64) (engine.State, error) {
	return regicide.Game{}.New(opts, engine.Setup{Seed: seed})
}

// RunBatch solves b.Deals deals in parallel and returns their results in
// deal order.
func RunBatch(ctx context.Context, b Batch) ([]DealResult, error) {
	if b.Deals < 1 {
		return nil, fmt.Errorf("regicidesolver: %w: deals=%d: solve at least 1 deal", engine.ErrBadOption, b.Deals)
	}
	bitsOf := b.TableBits
	if bitsOf == 0 {
		bitsOf = DefaultTableBits
	}
	if _, err := NewDeal(b.Options, 0); err != nil {
		return nil, err
	}
	workers := b.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, b.Deals)
	solvers := make([]*Solver, workers)
	for w := range solvers {
		s, err := New(bitsOf)
		if err != nil {
			return nil, err
		}
		solvers[w] = s
	}
	results := make([]DealResult, b.Deals)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for _, solver := range solvers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = solveDeal(ctx, solver, b, i)
				if b.Done != nil {
					mu.Lock()
					b.Done(results[i])
					mu.Unlock()
				}
			}
		}()
	}
	for i := 0; i < b.Deals && ctx.Err() == nil; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("regicidesolver: %w", err)
	}
	return results, nil
}

func solveDeal(ctx context.Context, solver *Solver, b Batch, i int) DealResult {
	seed := DealSeed(b.Seed, i)
	s, err := NewDeal(b.Options, seed)
	if err != nil {
		panic("regicidesolver: options checked before the run failed: " + err.Error())
	}
	res, err := solver.Solve(ctx, s, b.Limits)
	if err != nil {
		panic("regicidesolver: a Regicide state was refused: " + err.Error())
	}
	return DealResult{Deal: i, Seed: seed, Result: res}
}

// Summary is what a batch found.
type Summary struct {
	Deals   int `json:"deals"`
	Won     int `json:"won"`
	Lost    int `json:"lost"`
	Unknown int `json:"unknown"`
	// WinShareLow counts unknown deals as lost, WinShareHigh as won; with
	// no unknown deal they are equal. The true share of winnable deals is
	// at least WinShareLow and at most WinShareHigh.
	WinShareLow  float64 `json:"win_share_low"`
	WinShareHigh float64 `json:"win_share_high"`
	// CI95Low and CI95High are the 95% Wilson intervals of the two shares;
	// CI95Bound spans from the low share's lower end to the high share's
	// upper end.
	CI95Low   [2]float64 `json:"ci95_low"`
	CI95High  [2]float64 `json:"ci95_high"`
	CI95Bound [2]float64 `json:"ci95_bound"`
	// Nodes and Seconds describe the searches per deal.
	Nodes   Spread `json:"nodes"`
	Seconds Spread `json:"seconds"`
}

// Spread is the mean, 90th percentile (nearest rank) and maximum of a
// per-deal figure.
type Spread struct {
	Mean float64 `json:"mean"`
	P90  float64 `json:"p90"`
	Max  float64 `json:"max"`
}

// z95 is the normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// wilson returns the 95% Wilson score interval of k successes in n
// trials (the formula of sim.Wilson; bots do not import sim, which
// imports them). n = 0 gives [0, 1].
func wilson(k, n int64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	fn := float64(n)
	p := float64(k) / fn
	z2 := z95 * z95
	centre := p + z2/(2*fn)
	spread := z95 * math.Sqrt(p*(1-p)/fn+z2/(4*fn*fn))
	den := 1 + z2/fn
	return math.Max(0, (centre-spread)/den), math.Min(1, (centre+spread)/den)
}

// Summarize counts the verdicts of results and computes the shares and
// intervals.
func Summarize(results []DealResult) Summary {
	s := Summary{Deals: len(results)}
	nodes := make([]float64, len(results))
	secs := make([]float64, len(results))
	for i, r := range results {
		switch r.Verdict {
		case Won:
			s.Won++
		case Lost:
			s.Lost++
		default:
			s.Unknown++
		}
		nodes[i], secs[i] = float64(r.Nodes), r.Elapsed.Seconds()
	}
	n := int64(s.Deals)
	low, high := int64(s.Won), int64(s.Won+s.Unknown)
	if n > 0 {
		s.WinShareLow, s.WinShareHigh = float64(low)/float64(n), float64(high)/float64(n)
	}
	s.CI95Low[0], s.CI95Low[1] = wilson(low, n)
	s.CI95High[0], s.CI95High[1] = wilson(high, n)
	s.CI95Bound = [2]float64{s.CI95Low[0], s.CI95High[1]}
	s.Nodes, s.Seconds = spreadOf(nodes), spreadOf(secs)
	return s
}

func spreadOf(xs []float64) Spread {
	if len(xs) == 0 {
		return Spread{}
	}
	sorted := slices.Clone(xs)
	slices.Sort(sorted)
	var sum float64
	for _, x := range sorted {
		sum += x
	}
	rank := max((9*len(sorted)+9)/10, 1)
	return Spread{Mean: sum / float64(len(sorted)), P90: sorted[rank-1], Max: sorted[len(sorted)-1]}
}
