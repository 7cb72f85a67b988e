package arena

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/sim"
)

// Prior is the number of drawn two-player games between every pair of
// bots that the rating fit adds to the results (FitRatings), so that a
// bot that wins every game still gets a finite rating.
const Prior = 1

// Config describes an arena.
type Config struct {
	Game    engine.Game
	Options engine.Options
	// Entries are the bots that meet, each a spec with its own settings;
	// no two may be the same spec.
	Entries []bots.Spec
	// Against, when set, are reference opponents: instead of meeting one
	// another, every entry meets each of them alone, at tables where the
	// entry plays k seats and the opponent the others, for every k from 1
	// to players-1 and every choice of the k seats (Report.Gauntlet).
	Against []bots.Spec
	// BotParams are settings shared by every entry (bots.Spec.Over).
	BotParams map[string]string
	// Deals is the number of deals every match-up plays in every seat
	// arrangement (every bot plays, in a co-operative game).
	Deals int64
	Seed  uint64
	// Workers, Shard and Progress are as in sim.Config; Progress counts
	// the games of the whole arena.
	Workers  int
	Shard    sim.Shard
	Progress func(games int)
}

// Plan is a checked arena: the runs it plays, one per match-up and seat
// arrangement (one per bot in a co-operative game), each a sim run of
// Deals games on the arena's seed, so every run is dealt the same deals.
type Plan struct {
	cfg     Config
	labels  []string
	players int
	coop    bool
	runs    []planned
}

// planned is one run: who sits in each seat (indices into the entries,
// then the opponents), the sim configuration that plays it, and the row of
// Report.Gauntlet it counts towards (-1: none).
type planned struct {
	seating  []int
	sim      sim.Config
	gauntlet int
}

// NewPlan checks the arena before anything runs: at least two distinct
// entries, enough of them to fill a zero-sum game's seats, every entry
// made for every seat it takes (an unknown bot or a bad setting is an
// error naming it), and the deals and shard.
func NewPlan(cfg Config) (*Plan, error) {
	g := cfg.Game
	if len(cfg.Against) == 0 && len(cfg.Entries) < 2 {
		return nil, fmt.Errorf("arena: %d bots named; name at least two to compare, e.g. --bots heuristic,random", len(cfg.Entries))
	}
	if len(cfg.Against) > 0 && len(cfg.Entries) == 0 {
		return nil, fmt.Errorf("arena: no bots to play against %s; name them with --bots", cfg.Against[0])
	}
	p := &Plan{cfg: cfg, coop: g.Utility() != engine.ZeroSum}
	all := append(slices.Clone(cfg.Entries), cfg.Against...)
	for _, e := range all {
		label := e.String()
		if slices.Contains(p.labels, label) {
			return nil, fmt.Errorf("arena: bot %s named twice; give each entry once (two settings of one bot are two entries: expert:iterations=64,expert:iterations=200)", label)
		}
		p.labels = append(p.labels, label)
	}
	for k := range cfg.BotParams {
		if name, _, scoped := strings.Cut(k, "."); scoped && !slices.ContainsFunc(all, func(e bots.Spec) bool { return e.Name == name }) {
			return nil, fmt.Errorf("arena: bot setting %q is for bot %s, which is not in the arena; bots: %s", k, name, strings.Join(p.labels, ", "))
		}
	}
	s, err := g.New(cfg.Options, engine.Setup{Seed: cfg.Seed})
	if err != nil {
		return nil, fmt.Errorf("arena: %w", err)
	}
	p.players = s.NumSeats()
	if len(cfg.Against) > 0 {
		return p, p.planGauntlet()
	}
	if !p.coop && len(cfg.Entries) < p.players {
		return nil, fmt.Errorf("arena: %d bots for a %d-player game; name at least %d, or play fewer players (-o players=N)", len(cfg.Entries), p.players, p.players)
	}
	var seatings [][]int
	if p.coop {
		for e := range cfg.Entries {
			seatings = append(seatings, slices.Repeat([]int{e}, p.players))
		}
	} else {
		for _, m := range combinations(len(cfg.Entries), p.players) {
			seatings = append(seatings, permutations(m)...)
		}
	}
	for _, seating := range seatings {
		r, err := p.planRun(cfg.Entries, seating)
		if err != nil {
			return nil, err
		}
		p.runs = append(p.runs, r)
	}
	return p, nil
}

// paramsFor keeps the shared settings that apply to a run's bots: the
// plain ones, and the scoped ones of the bots that sit in it.
func paramsFor(specs []bots.Spec, params map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range params {
		name, _, scoped := strings.Cut(k, ".")
		if !scoped || slices.ContainsFunc(specs, func(e bots.Spec) bool { return e.Name == name }) {
			out[k] = v
		}
	}
	return out
}

// Games is the number of games the plan plays.
func (p *Plan) Games() int64 {
	var n int64
	for _, r := range p.runs {
		n += r.sim.GamesPlayed()
	}
	return n
}

// Runs is the number of runs (match-ups times arrangements).
func (p *Plan) Runs() int { return len(p.runs) }

// combinations returns every k-subset of 0..n-1 in lexicographic order.
func combinations(n, k int) [][]int {
	var out [][]int
	var pick func(start int, chosen []int)
	pick = func(start int, chosen []int) {
		if len(chosen) == k {
			out = append(out, slices.Clone(chosen))
			return
		}
		for i := start; i < n; i++ {
			pick(i+1, append(chosen, i))
		}
	}
	pick(0, nil)
	return out
}

// permutations returns every order of m in lexicographic order of
// positions (m itself first), so every bot of a match-up takes every seat
// equally often, and every rotation is among them.
func permutations(m []int) [][]int {
	if len(m) <= 1 {
		return [][]int{slices.Clone(m)}
	}
	var out [][]int
	for i := range m {
		rest := append(slices.Clone(m[:i]), m[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, append([]int{m[i]}, p...))
		}
	}
	return out
}

// Run plays every run of the plan and returns the arena's report. started,
// when not nil, is called as each run starts.
func (p *Plan) Run(ctx context.Context, started func(run int)) (*Report, error) {
	start := time.Now()
	t := newTally(p)
	workers := 0
	for i, r := range p.runs {
		if started != nil {
			started(i)
		}
		cfg := r.sim
		var masks [1 << engine.MaxSeats]atomic.Int64
		cfg.OnGame = func(_ int64, out *engine.Outcome) {
			var mask int
			for s := 0; s < out.Seats; s++ {
				if out.Won[s] {
					mask |= 1 << s
				}
			}
			masks[mask].Add(1)
		}
		var deals []atomic.Int32
		if p.coop {
			deals = make([]atomic.Int32, p.cfg.Deals)
			cfg.OnGame = func(i int64, out *engine.Outcome) {
				result := int32(1)
				if out.Won[0] {
					result = 2
				}
				deals[i].Store(result)
			}
		}
		rep, err := sim.Run(ctx, cfg)
		if err != nil {
			return nil, fmt.Errorf("arena: %s: %w", strings.Join(seatBots(cfg), ","), err)
		}
		workers = rep.Workers
		switch {
		case p.coop:
			t.addCoop(r.seating[0], deals, rep)
		case r.gauntlet >= 0:
			t.addGauntlet(r, slices.Min(r.seating), &masks, rep)
		default:
			t.addSeating(r.seating, &masks, rep)
		}
	}
	if p.coop {
		t.pairUp(p)
	}
	elapsed := time.Since(start).Seconds()
	return p.report(t, elapsed, workers)
}

// seatBots names the bots of a run's seats, for its errors.
func seatBots(cfg sim.Config) []string {
	var names []string
	for _, s := range cfg.Seats {
		names = append(names, s.Bot)
	}
	return names
}
