// Package sim plays many seeded games of one game in parallel and reports
// statistics with confidence intervals: length distribution, end reasons,
// each seat's and each bot's wins with a 95% Wilson interval (one team
// record in a co-operative game), the first player's record, the game's
// own metrics with the distribution of integer ones, and the bots' time
// per decision; plus an optional per-game CSV, plots of the length or a
// metric, and game records. Bots may rotate seats from game to game so
// that a seat's advantage cancels out of the bots' figures. A sweep runs
// one game over every combination of some options' values on the same
// seeds, as one table, CSV or plot; a run or a sweep may be split into
// shards for a batch scheduler and merged back into exactly its report.
//
// Game i of a run with seed S uses seed cards.SubSeed(S, i), and seat s's
// bot in that game uses engine.BotSeed(gameSeed, s), so every game is
// reproduced by its seed alone and the report does not depend on the
// number of workers: workers take fixed-size chunks of game indices, count
// locally, and merge counts by addition and floating-point moments in chunk
// order.
package sim

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/record"
)

// maxChunk is the most consecutive games a worker takes at a time; a run
// of fewer than maxChunk*minChunks games takes chunks of games/minChunks
// (at least 1), so that slow bots over a few hundred games still keep
// every worker busy. The size depends on the number of games only, never
// on the worker count, because the floating-point moments are merged per
// chunk.
const (
	maxChunk  = 512
	minChunks = 64
)

// chunkSize is the chunk size of a run of games games.
func chunkSize(games int64) int64 { return min(maxChunk, max(1, games/minChunks)) }

// maxActions bounds one game played through State, so a game whose bots
// never finish it is reported instead of hanging the run.
const maxActions = 10_000_000

// Config describes a simulation run.
type Config struct {
	Game    engine.Game
	Options engine.Options
	// Games is the number of games (at least 1).
	Games int64
	// Seed is the run's seed.
	Seed uint64
	// Workers is the number of goroutines; 0 means runtime.NumCPU().
	Workers int
	// Seats says who plays each seat (see SeatsFromRegistry).
	Seats []Seat
	// NoFastPath plays every game through State even when the game has an
	// engine.FastSimulator (to check one against the other).
	NoFastPath bool
	// CSV, when set, receives one row per game in game-index order.
	CSV io.Writer
	// Progress, when set, is called from the workers after each chunk with
	// the number of games just finished. It must be safe for concurrent use.
	Progress func(games int)
	// Records saves some games as game records (see RecordConfig).
	Records RecordConfig
	// Play, when set, plays every game instead of the bots of Seats, for
	// players outside the process (programs over the agent protocol): it
	// gets the game's seed and, for each seat, the index in Seats of who
	// plays it, and returns the final state and the game's record; it
	// reports each decision's time through decided, for the report's time
	// per decision. Seats still name the players (their New may be nil);
	// there is no fast path.
	Play func(ctx context.Context, seed uint64, lineup []int, decided func(seat int, took time.Duration)) (engine.State, *record.Record, error)
	// Rotate seats the bots rotated by one place per game: in game i,
	// seat s is played by Seats[(s+i) mod len(Seats)], so every bot plays
	// every seat equally often and a seat's advantage cancels out of the
	// bots' figures.
	Rotate bool
	// Shard, when Of > 0, plays only slice Index of Of disjoint slices of
	// the run's games (see Shard); Merge combines the slices' reports
	// into the report of the whole run.
	Shard Shard
	// OnGame, when set, is called from the workers after each game with
	// the game's index and outcome. It must be safe for concurrent use.
	OnGame func(game int64, out *engine.Outcome)
}

// Run plays the games and returns the report. It stops early with ctx's
// error when ctx is cancelled.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	r := newRunner(cfg)
	start := time.Now()
	var csv *csvWriter
	if cfg.CSV != nil {
		csv = newCSVWriter(cfg.CSV, r.header(), r.first)
	}
	var wg sync.WaitGroup
	tallies := make([]*tally, workers)
	for w := range tallies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each worker allocates its own tally, from its own P's cache.
			tallies[w] = newTally(r.spec)
			r.work(ctx, tallies[w], csv)
		}()
	}
	wg.Wait()
	if csv != nil {
		if err := csv.close(); err != nil && r.err == nil {
			r.err = fmt.Errorf("sim: writing CSV: %w", err)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("sim: stopped: %w", err)
	}
	total := newTally(r.spec)
	for _, t := range tallies {
		total.merge(t)
	}
	rep := r.report(total, workers, time.Since(start))
	if cfg.Shard.Of > 0 {
		rep.Shard = r.shardState(total)
	}
	return rep, nil
}

// GamesPlayed is the number of games the run plays: all of them, or its
// shard's slice.
func (c Config) GamesPlayed() int64 {
	size := chunkSize(c.Games)
	first, end := c.Shard.chunks((c.Games + size - 1) / size)
	return min(end*size, c.Games) - first*size
}

// Check reports a configuration that cannot run: no game, no games, a
// seat count the game does not have, a bad shard. Run checks it first.
func (c *Config) Check() error {
	switch {
	case c.Game == nil:
		return errors.New("sim: no game given")
	case c.Games < 1:
		return fmt.Errorf("sim: %d games requested; ask for at least 1", c.Games)
	case c.Records.Every < 0:
		return fmt.Errorf("sim: record every %d games: give a positive number", c.Records.Every)
	}
	s, err := c.Game.New(c.Options, engine.Setup{Seed: c.Seed})
	if err != nil {
		return fmt.Errorf("sim: %w", err)
	}
	if len(c.Seats) != s.NumSeats() {
		return fmt.Errorf("sim: %d seats configured for a %d-seat game", len(c.Seats), s.NumSeats())
	}
	if _, ok := c.Game.(engine.Reporter); !ok && c.Shard.Of > 0 {
		return fmt.Errorf("sim: %s does not report statistics, so its runs are not split into shards", c.Game.Name())
	}
	return c.Shard.check(c.Games)
}

// runner is the shared, read-mostly part of a run.
type runner struct {
	cfg      Config
	reporter engine.Reporter
	spec     engine.StatsSpec
	fast     engine.FastSimulator
	seats    int
	chunks   int64
	size     int64 // games per chunk
	// first and end bound the chunks this run plays (all of them unless
	// it is a shard); played counts their games.
	first, end int64
	played     int64
	next       atomic.Int64
	ordered    orderedMoments
	// botNames are the distinct bots in order of first appearance in
	// cfg.Seats; botOf maps a cfg.Seats index to its bot's index.
	botNames []string
	botOf    [engine.MaxSeats]int
	errMu    sync.Mutex
	err      error
	errGame  int64
	failed   atomic.Bool
}

// chunkMoments holds one chunk's floating-point moments, merged in chunk
// order at the end.
type chunkMoments struct {
	returns [engine.MaxSeats]moments
	metrics [engine.MaxMetrics]moments
}

func newRunner(cfg Config) *runner {
	r := &runner{cfg: cfg, seats: len(cfg.Seats)}
	r.reporter = reporterOf(cfg.Game)
	r.spec = r.reporter.Stats(cfg.Options)
	if fs, ok := cfg.Game.(engine.FastSimulator); ok && !cfg.NoFastPath && cfg.Play == nil && usesDefaultBots(cfg.Game, cfg.Seats) {
		r.fast = fs
	}
	r.size = chunkSize(cfg.Games)
	r.chunks = (cfg.Games + r.size - 1) / r.size
	r.first, r.end = cfg.Shard.chunks(r.chunks)
	r.played = cfg.GamesPlayed()
	r.next.Store(r.first)
	r.ordered.next = r.first
	r.ordered.pending = map[int64]*chunkMoments{}
	if cfg.Shard.Of > 0 {
		r.ordered.chunks = map[int64]*chunkMoments{}
	}
	for i, seat := range cfg.Seats {
		b := slices.Index(r.botNames, seat.Bot)
		if b < 0 {
			b = len(r.botNames)
			r.botNames = append(r.botNames, seat.Bot)
		}
		r.botOf[i] = b
	}
	return r
}

// lineupOf says who plays each seat of game i.
func (r *runner) lineupOf(i int64) lineup {
	l := lineup{seats: r.seats}
	rot := 0
	if r.cfg.Rotate {
		rot = int(i % int64(r.seats))
	}
	for s := 0; s < r.seats; s++ {
		c := s + rot
		if c >= r.seats {
			c -= r.seats
		}
		l.config[s], l.bot[s] = c, r.botOf[c]
	}
	return l
}

func (r *runner) fail(game int64, err error) {
	r.errMu.Lock()
	defer r.errMu.Unlock()
	if r.err == nil || game < r.errGame {
		r.err, r.errGame = err, game
	}
	r.failed.Store(true)
}

// work plays chunks until none are left, the run fails or ctx ends.
func (r *runner) work(ctx context.Context, t *tally, csv *csvWriter) {
	var out engine.Outcome
	var p player
	var row []byte
	// l lives across games: it escapes through playOne, and declaring it
	// per game would cost an allocation per game.
	var l lineup
	for !r.failed.Load() && ctx.Err() == nil {
		c := r.next.Add(1) - 1
		if c >= r.end {
			return
		}
		lo := c * r.size
		hi := min(lo+r.size, r.cfg.Games)
		m := &chunkMoments{}
		row = row[:0]
		for i := lo; i < hi; i++ {
			seed := cards.SubSeed(r.cfg.Seed, uint64(i))
			if r.cfg.Rotate || i == lo {
				l = r.lineupOf(i)
			}
			if err := r.playOne(ctx, &p, t, &l, i, seed, &out); err != nil {
				if ctx.Err() == nil {
					r.fail(i, err) // else Run reports the run stopped
				}
				return
			}
			t.add(&out, &l)
			m.add(&out, r.seats, len(r.spec.Metrics))
			if r.cfg.OnGame != nil {
				r.cfg.OnGame(i, &out)
			}
			if csv != nil {
				row = r.appendRow(row, i, seed, &out)
			}
		}
		r.ordered.put(c, m)
		if csv != nil {
			csv.put(c, row)
			row = nil
		}
		if r.cfg.Progress != nil {
			r.cfg.Progress(int(hi - lo))
		}
	}
}

// playOne plays game i with lineup l into out, by the fast path when
// allowed, timing the bots' decisions into t on the State path, and saves
// it as a record when the run asks for one.
func (r *runner) playOne(ctx context.Context, p *player, t *tally, l *lineup, i int64, seed uint64, out *engine.Outcome) error {
	record := r.cfg.Records.wants(i)
	if r.cfg.Play != nil {
		return r.playOutside(ctx, t, l, i, seed, out, record)
	}
	if r.fast != nil && !record {
		r.fast.Simulate(r.cfg.Options, seed, out)
		return nil
	}
	s, err := p.play(ctx, r.cfg, t, l, seed, record)
	if err != nil {
		return fmt.Errorf("sim: game %d (seed %d): %w", i, seed, err)
	}
	*out = r.reporter.Outcome(s)
	if record {
		return r.cfg.Records.save(i, p.record)
	}
	return nil
}

// playOutside plays game i through Config.Play.
func (r *runner) playOutside(ctx context.Context, t *tally, l *lineup, i int64, seed uint64, out *engine.Outcome, record bool) error {
	seats := make([]int, l.seats)
	for s := range seats {
		seats[s] = l.config[s]
	}
	decided := func(seat int, took time.Duration) {
		t.seatTimes[seat].add(took)
		t.botTimes[l.bot[seat]].add(took)
	}
	s, rec, err := r.cfg.Play(ctx, seed, seats, decided)
	if err != nil {
		return fmt.Errorf("sim: game %d (seed %d): %w", i, seed, err)
	}
	*out = r.reporter.Outcome(s)
	if record && rec != nil {
		return r.cfg.Records.save(i, rec)
	}
	return nil
}

// orderedMoments merges chunk moments in chunk order as chunks complete,
// holding only the few that finish ahead of an earlier one.
type orderedMoments struct {
	mu      sync.Mutex
	next    int64
	pending map[int64]*chunkMoments
	total   chunkMoments
	// chunks, when not nil, keeps every chunk's moments by index, for a
	// shard's report (Merge replays them in chunk order).
	chunks map[int64]*chunkMoments
}

func (o *orderedMoments) put(c int64, m *chunkMoments) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.pending[c] = m
	if o.chunks != nil {
		o.chunks[c] = m
	}
	for {
		m, ok := o.pending[o.next]
		if !ok {
			return
		}
		delete(o.pending, o.next)
		o.next++
		for s := range m.returns {
			o.total.returns[s].merge(m.returns[s])
		}
		for k := range m.metrics {
			o.total.metrics[k].merge(m.metrics[k])
		}
	}
}

func (m *chunkMoments) add(out *engine.Outcome, seats, metrics int) {
	for s := 0; s < seats; s++ {
		m.returns[s].add(out.Returns[s])
	}
	for k := 0; k < metrics; k++ {
		m.metrics[k].add(out.Metrics[k])
	}
}
