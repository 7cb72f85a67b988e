package sim

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"cardtable/engine"
)

// Shard names slice Index (from 0) of Of disjoint slices of a run's games,
// so that a study too big for one machine runs as Of jobs of a batch
// scheduler. Slices follow the run's chunks: of C chunks, slice I plays
// chunks [I·C/Of, (I+1)·C/Of), so every game falls in exactly one slice,
// with the seed it has in the whole run, and Merge can replay the
// chunks' moments in the order the whole run merges them.
type Shard struct{ Index, Of int }

// ParseShard reads "I/N" (0 <= I < N), the --shard flag.
func ParseShard(text string) (Shard, error) {
	i, n, ok := strings.Cut(text, "/")
	index, err1 := strconv.Atoi(strings.TrimSpace(i))
	of, err2 := strconv.Atoi(strings.TrimSpace(n))
	if !ok || err1 != nil || err2 != nil || of < 1 || index < 0 || index >= of {
		return Shard{}, fmt.Errorf("sim: shard %q: write I/N with 0 <= I < N, e.g. 0/4 for the first of 4 slices", text)
	}
	return Shard{Index: index, Of: of}, nil
}

// String writes the shard as I/N.
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Of) }

func (s Shard) check(games int64) error {
	if s.Of == 0 {
		return nil
	}
	if s.Of < 0 || s.Index < 0 || s.Index >= s.Of {
		return fmt.Errorf("sim: shard %s: want I/N with 0 <= I < N", s)
	}
	size := chunkSize(games)
	if chunks := (games + size - 1) / size; int64(s.Of) > chunks {
		return fmt.Errorf("sim: shard %s: %d games make %d chunks, the smallest slice a shard can take; split them into at most %d shards", s, games, chunks, chunks)
	}
	return nil
}

// chunks returns the chunks [first, end) of c that the shard plays: all
// of them when the run is not sharded.
func (s Shard) chunks(c int64) (first, end int64) {
	if s.Of == 0 {
		return 0, c
	}
	return int64(s.Index) * c / int64(s.Of), int64(s.Index+1) * c / int64(s.Of)
}

// ShardState is what a shard's report carries besides its own figures:
// which slice it is, and its exact counts, so that Merge rebuilds the
// whole run's report from counts and sums rather than from shares. Its
// JSON is the report's "shard" field (docs/cli.md).
type ShardState struct {
	Index int `json:"index"`
	Of    int `json:"of"`
	// GamesTotal is the whole run's number of games; the report's games
	// counts this slice's.
	GamesTotal int64 `json:"games_total"`
	// FirstChunk is the index of the slice's first chunk of games.
	FirstChunk int64 `json:"first_chunk"`
	// Lengths[L] counts the slice's games of length L.
	Lengths []int64 `json:"lengths"`
	// Ends counts games by end reason, in the game's order.
	Ends []int64 `json:"ends"`
	// NoWin counts games no seat won; FirstWins games the first player won.
	NoWin     int64 `json:"no_win"`
	FirstWins int64 `json:"first_wins"`
	// Wins counts each seat's wins; BotGames and BotWins each distinct
	// bot's seat-games and wins (bots_summary order).
	Wins     []int64 `json:"wins"`
	BotGames []int64 `json:"bot_games"`
	BotWins  []int64 `json:"bot_wins"`
	// Metrics holds each metric's value counts (nil once a value was not
	// a whole number from 0 to 65536).
	Metrics [][]int64 `json:"metrics"`
	// SeatTimes and BotTimes are the decision times of each seat and bot.
	SeatTimes []TimesState `json:"seat_times"`
	BotTimes  []TimesState `json:"bot_times"`
	// Moments holds, per chunk from FirstChunk on, the count, mean and sum
	// of squared deviations of each seat's return, then of each metric.
	Moments [][][3]float64 `json:"moments"`
}

// TimesState is one seat's or bot's decision times: count, total and
// longest in nanoseconds, and the [bucket, count] pairs of the
// logarithmic buckets that are not empty.
type TimesState struct {
	N       int64      `json:"n"`
	SumNS   int64      `json:"sum_ns"`
	MaxNS   int64      `json:"max_ns"`
	Buckets [][2]int64 `json:"buckets"`
}

// shardState records the exact counts of this shard's tally and moments.
func (r *runner) shardState(t *tally) *ShardState {
	st := &ShardState{
		Index: r.cfg.Shard.Index, Of: r.cfg.Shard.Of, GamesTotal: r.cfg.Games, FirstChunk: r.first,
		Lengths: slices.Clone(t.lengths.counts[:t.lengths.maxLength()+1]),
		Ends:    slices.Clone(t.ends), NoWin: t.noWin, FirstWins: t.firstWins,
		Wins: slices.Clone(t.wins[:r.seats]),
	}
	nb := len(r.botNames)
	st.BotGames, st.BotWins = slices.Clone(t.botGames[:nb]), slices.Clone(t.botWins[:nb])
	for _, m := range t.metrics {
		var counts []int64
		if !m.fractional {
			counts = slices.Clone(m.counts.counts[:m.counts.maxLength()+1])
		}
		st.Metrics = append(st.Metrics, counts)
	}
	for s := 0; s < r.seats; s++ {
		st.SeatTimes = append(st.SeatTimes, t.seatTimes[s].state())
	}
	for b := 0; b < nb; b++ {
		st.BotTimes = append(st.BotTimes, t.botTimes[b].state())
	}
	for c := r.first; c < r.end; c++ {
		m := r.ordered.chunks[c]
		var row [][3]float64
		for s := 0; s < r.seats; s++ {
			row = append(row, m.returns[s].state())
		}
		for k := range r.spec.Metrics {
			row = append(row, m.metrics[k].state())
		}
		st.Moments = append(st.Moments, row)
	}
	return st
}

func (m moments) state() [3]float64 { return [3]float64{float64(m.n), m.mean, m.m2} }

func momentsOf(s [3]float64) moments { return moments{n: int64(s[0]), mean: s[1], m2: s[2]} }

func (d *decisionTimes) state() TimesState {
	ts := TimesState{N: d.n, SumNS: d.sumNS, MaxNS: d.maxNS, Buckets: [][2]int64{}}
	for b, c := range d.buckets {
		if c != 0 {
			ts.Buckets = append(ts.Buckets, [2]int64{int64(b), c})
		}
	}
	return ts
}

// addTo adds a shard's counts to t, refusing counts of the wrong shape.
func (st *ShardState) addTo(t *tally, seats, bots int) error {
	if len(st.Ends) > len(t.ends) || len(st.Wins) != seats || len(st.BotGames) != bots || len(st.BotWins) != bots ||
		len(st.Metrics) != len(t.metrics) || len(st.SeatTimes) != seats || len(st.BotTimes) != bots {
		return fmt.Errorf("its counts do not fit the game's %d seats, %d bots and %d metrics", seats, bots, len(t.metrics))
	}
	o := &tally{ends: st.Ends, noWin: st.NoWin, firstWins: st.FirstWins, metrics: make([]metricDist, len(st.Metrics))}
	o.lengths.counts = st.Lengths
	copy(o.wins[:], st.Wins)
	copy(o.botGames[:], st.BotGames)
	copy(o.botWins[:], st.BotWins)
	for k, counts := range st.Metrics {
		o.metrics[k] = metricDist{counts: histogram{counts: counts}, fractional: counts == nil}
	}
	for s, ts := range st.SeatTimes {
		if err := ts.addTo(&o.seatTimes[s]); err != nil {
			return err
		}
	}
	for b, ts := range st.BotTimes {
		if err := ts.addTo(&o.botTimes[b]); err != nil {
			return err
		}
	}
	t.merge(o)
	return nil
}

func (ts TimesState) addTo(d *decisionTimes) error {
	d.n, d.sumNS, d.maxNS = ts.N, ts.SumNS, ts.MaxNS
	for _, bc := range ts.Buckets {
		if bc[0] < 0 || bc[0] >= timeBuckets {
			return fmt.Errorf("its decision times name bucket %d, beyond the %d there are", bc[0], timeBuckets)
		}
		d.buckets[bc[0]] = bc[1]
	}
	return nil
}

// Merge combines the reports of every shard of one run into the report
// the run would have printed unsharded: counts are added, the chunks'
// moments merged in chunk order, and every share, interval and
// percentile recomputed from the sums. Only elapsed_s (the shards'
// total), games_per_s and workers (the shards' total) differ, and the
// s_per_decision fields as they always do between runs. Shards that are
// not slices of one run (another game, options, bots, seed, number of
// games or slices, build), a missing slice or a repeated one are refused
// with an error naming the problem. g is the reports' game and opts their
// options, resolved.
func Merge(g engine.Game, opts engine.Options, parts []*Report) (*Report, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("sim: no shards to merge")
	}
	first := parts[0]
	for i, p := range parts {
		if p.Shard == nil {
			return nil, fmt.Errorf("sim: report %d is not a shard: run each slice with --shard I/N", i+1)
		}
		if err := sameRun(first, p); err != nil {
			return nil, fmt.Errorf("sim: shard %d/%d and shard %d/%d are not slices of one run: %w", first.Shard.Index, first.Shard.Of, p.Shard.Index, p.Shard.Of, err)
		}
	}
	byIndex, err := slicesInOrder(parts)
	if err != nil {
		return nil, err
	}
	cfg, err := configOf(g, opts, first)
	if err != nil {
		return nil, err
	}
	r := newRunner(cfg)
	total := newTally(r.spec)
	var elapsed float64
	var workers int
	for _, p := range byIndex {
		st := p.Shard
		lo, hi := Shard{Index: st.Index, Of: st.Of}.chunks(r.chunks)
		if st.FirstChunk != lo || int64(len(st.Moments)) != hi-lo {
			return nil, fmt.Errorf("sim: shard %d/%d holds chunks %d to %d, but slice %d of %d of %d games is chunks %d to %d", st.Index, st.Of, st.FirstChunk, st.FirstChunk+int64(len(st.Moments))-1, st.Index, st.Of, cfg.Games, lo, hi-1)
		}
		if err := st.addTo(total, r.seats, len(r.botNames)); err != nil {
			return nil, fmt.Errorf("sim: shard %d/%d: %w", st.Index, st.Of, err)
		}
		for c, row := range st.Moments {
			if len(row) != r.seats+len(r.spec.Metrics) {
				return nil, fmt.Errorf("sim: shard %d/%d: chunk %d has %d moments, want %d", st.Index, st.Of, lo+int64(c), len(row), r.seats+len(r.spec.Metrics))
			}
			m := &chunkMoments{}
			for s := 0; s < r.seats; s++ {
				m.returns[s] = momentsOf(row[s])
			}
			for k := range r.spec.Metrics {
				m.metrics[k] = momentsOf(row[r.seats+k])
			}
			r.ordered.put(lo+int64(c), m)
		}
		elapsed += p.ElapsedS
		workers += p.Workers
	}
	return r.report(total, workers, time.Duration(elapsed*float64(time.Second))), nil
}

// sameRun says how two shard reports differ in what makes a run, or nil.
func sameRun(a, b *Report) error {
	switch {
	case a.Game != b.Game:
		return fmt.Errorf("one is of game %s, the other of %s", a.Game, b.Game)
	case a.Options.String() != b.Options.String():
		return fmt.Errorf("options %s against %s", a.Options, b.Options)
	case a.Seed != b.Seed:
		return fmt.Errorf("seed %d against %d", a.Seed, b.Seed)
	case a.Shard.GamesTotal != b.Shard.GamesTotal:
		return fmt.Errorf("%d games in all against %d", a.Shard.GamesTotal, b.Shard.GamesTotal)
	case a.Shard.Of != b.Shard.Of:
		return fmt.Errorf("%d slices against %d", a.Shard.Of, b.Shard.Of)
	case !slices.Equal(a.Bots, b.Bots):
		return fmt.Errorf("bots %s against %s", strings.Join(a.Bots, ","), strings.Join(b.Bots, ","))
	case a.Rotate != b.Rotate:
		return fmt.Errorf("rotate %v against %v", a.Rotate, b.Rotate)
	case a.FastPath != b.FastPath:
		return fmt.Errorf("fast_path %v against %v", a.FastPath, b.FastPath)
	case a.Version != b.Version:
		return fmt.Errorf("built from cardtable %s and %s", a.Version, b.Version)
	}
	for i := range a.Seats {
		if !maps.Equal(a.Seats[i].BotOptions, b.Seats[i].BotOptions) {
			return fmt.Errorf("seat %d's bot settings %v against %v", i+1, a.Seats[i].BotOptions, b.Seats[i].BotOptions)
		}
	}
	return nil
}

// slicesInOrder returns the shards by index, refusing a repeated or a
// missing one.
func slicesInOrder(parts []*Report) ([]*Report, error) {
	of := parts[0].Shard.Of
	byIndex := make([]*Report, of)
	for _, p := range parts {
		i := p.Shard.Index
		if i < 0 || i >= of {
			return nil, fmt.Errorf("sim: shard %d/%d: no such slice", i, of)
		}
		if byIndex[i] != nil {
			return nil, fmt.Errorf("sim: shard %d/%d is given twice", i, of)
		}
		byIndex[i] = p
	}
	var missing []string
	for i, p := range byIndex {
		if p == nil {
			missing = append(missing, strconv.Itoa(i))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("sim: shard %s of %d missing (slices 0 to %d are needed); merge every slice of the run", strings.Join(missing, ", "), of, of-1)
	}
	return byIndex, nil
}

// configOf rebuilds the whole run's configuration from a shard's report:
// the seats carry their bots' names and settings only, since merging
// plays no game.
func configOf(g engine.Game, opts engine.Options, p *Report) (Config, error) {
	if g.Name() != p.Game {
		return Config{}, fmt.Errorf("sim: shards of %s merged as %s", p.Game, g.Name())
	}
	if _, ok := g.(engine.Reporter); !ok {
		return Config{}, fmt.Errorf("sim: %s does not report statistics, so its runs are not split into shards", g.Name())
	}
	cfg := Config{Game: g, Options: opts, Games: p.Shard.GamesTotal, Seed: p.Seed, Rotate: p.Rotate, NoFastPath: !p.FastPath}
	for _, s := range p.Seats {
		name, _, _ := strings.Cut(s.Bot, ":")
		cfg.Seats = append(cfg.Seats, Seat{Bot: s.Bot, Name: name, Params: s.BotOptions})
	}
	return cfg, nil
}
