package sim

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/games/watchtower"
	"cardtable/record"
	"cardtable/sim/simtest"
)

// riggedConfig sets up Rigged (seat 0 wins every game) with one random bot
// per name, so the bots differ only by name.
func riggedConfig(t *testing.T, games int64, names ...string) Config {
	t.Helper()
	g := simtest.Rigged{}
	opts := engine.MustResolve(g, map[string]string{"players": fmt.Sprint(len(names))})
	seats := make([]Seat, len(names))
	for i, name := range names {
		seats[i] = Seat{Bot: name, New: func(seed uint64) (engine.Bot, error) { return bots.NewRandom(seed), nil }}
	}
	return Config{Game: g, Options: opts, Games: games, Seed: 11, Seats: seats, Workers: 2}
}

func botsSummary(r *Report) map[string]BotStats {
	m := map[string]BotStats{}
	for _, b := range r.BotsSummary {
		m[b.Bot] = b
	}
	return m
}

func TestRotationSharesOutTheWinningSeat(t *testing.T) {
	tests := []struct {
		rotate bool
		wins   map[string]int64
	}{
		// Game i seats bot (s+i) mod 3 in seat s, so seat 0 (which always
		// wins) goes to a in games 0, 3, 6, 9, to b in 1, 4, 7, to c in 2, 5, 8.
		{true, map[string]int64{"a": 4, "b": 3, "c": 3}},
		{false, map[string]int64{"a": 10, "b": 0, "c": 0}},
	}
	for _, tt := range tests {
		cfg := riggedConfig(t, 10, "a", "b", "c")
		cfg.Rotate = tt.rotate
		rep := run(t, cfg)
		if rep.Rotate != tt.rotate || rep.Seats[0].Wins != 10 || *rep.Draws != 0 {
			t.Errorf("rotate=%v: report rotate %v, seat 0 wins %d, draws %d; want seat 0 to win all 10", tt.rotate, rep.Rotate, rep.Seats[0].Wins, *rep.Draws)
		}
		got := botsSummary(rep)
		for name, wins := range tt.wins {
			b := got[name]
			if b.Games != 10 || b.Wins != wins || b.Share != float64(wins)/10 || b.CI95[0] > b.Share || b.CI95[1] < b.Share {
				t.Errorf("rotate=%v: bot %s = %+v, want 10 games, %d wins and its share inside its interval", tt.rotate, name, b, wins)
			}
			// Target 3: seat 0 takes rounds 1-3, one card from every seat each.
			if b.Decisions != 30 {
				t.Errorf("rotate=%v: bot %s made %d decisions, want 3 in each of 10 games", tt.rotate, name, b.Decisions)
			}
		}
	}
}

func TestRotationSeatsTheRecordedBots(t *testing.T) {
	names := []string{"a", "b", "c"}
	cfg := riggedConfig(t, 4, names...)
	cfg.Rotate = true
	cfg.Records = RecordConfig{Dir: t.TempDir(), Every: 1}
	run(t, cfg)
	for i := range 4 {
		f, err := os.Open(filepath.Join(cfg.Records.Dir, fmt.Sprintf("rigged-%d.json", i)))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for s, seat := range rec.Seats {
			if want := names[(s+i)%3]; seat.Bot != want {
				t.Errorf("game %d seat %d: bot %q, want %q", i, s, seat.Bot, want)
			}
		}
	}
}

func TestBotsSummaryGroupsSeatsOfOneBot(t *testing.T) {
	rep := run(t, riggedConfig(t, 20, "a", "b", "a"))
	got := botsSummary(rep)
	if len(rep.BotsSummary) != 2 || rep.BotsSummary[0].Bot != "a" {
		t.Fatalf("bots_summary = %+v, want a then b", rep.BotsSummary)
	}
	// a holds seats 0 and 2: 40 seat-games, the 20 of seat 0 won.
	if a := got["a"]; a.Games != 40 || a.Wins != 20 || a.Decisions != rep.Seats[0].Decisions+rep.Seats[2].Decisions {
		t.Errorf("bot a = %+v, want 40 seat-games, 20 wins and the decisions of seats 0 and 2", a)
	}
}

func TestFirstPlayerCountedFromTheGamesMetric(t *testing.T) {
	rep := run(t, riggedConfig(t, 50, "a", "b"))
	if fp := rep.FirstPlayer; fp == nil || fp.Wins != 50 || fp.Share != 1 || fp.CI95[1] != 1 {
		t.Errorf("first_player = %+v, want 50 wins of 50", fp)
	}
	if rep := run(t, config(t, 50, nil)); rep.FirstPlayer != nil {
		t.Errorf("first_player = %+v for a game without %s, want none", rep.FirstPlayer, FirstPlayerMetric)
	}
}

func TestDecisionsTimedOnStatePathOnly(t *testing.T) {
	cfg := config(t, 200, nil)
	if rep := run(t, cfg); rep.Seats[0].Decisions != 0 || rep.BotsSummary[0].Decisions != 0 {
		t.Errorf("fast path reported decisions %+v", rep.Seats[0].DecisionStats)
	}
	cfg.NoFastPath = true
	rep := run(t, cfg)
	// Every round each seat plays one card: a seat decides once per round.
	rounds := int64(rep.Length.Mean*float64(rep.Games) + 0.5)
	for _, s := range rep.Seats {
		d := s.DecisionStats
		if d.Decisions != rounds || d.SPerDecision <= 0 || d.SPerDecision > d.SPerDecisionMax || d.SPerDecisionP90 > d.SPerDecisionMax {
			t.Errorf("seat %d: %+v; want %d decisions, 0 < mean <= max, p90 <= max", s.Seat, d, rounds)
		}
	}
}

func TestDecisionTimePercentilesWithinOneSixteenth(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, scale := range []int64{40, 5000, int64(time.Second)} {
		var d decisionTimes
		var ns []int64
		for range 1000 {
			x := rng.Int64N(scale)
			ns = append(ns, x)
			d.add(time.Duration(x))
		}
		for _, p := range []int{1, 50, 90, 100} {
			want := nearestRank(ns, p)
			got := d.percentileNS(p)
			if got < want || float64(got) > float64(want)*(1+1.0/16) || got > d.maxNS {
				t.Errorf("scale %d: p%d = %d, want %d to %d", scale, p, got, want, want+want/16)
			}
		}
	}
}

func nearestRank(xs []int64, p int) int64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[(p*len(s)+99)/100-1]
}

// Buckets 0, 1, … hold consecutive ranges of times, and the last one ends
// at the largest int64.
func TestTimeBucketsAreContiguous(t *testing.T) {
	prev := int64(-1)
	for b := 0; b < timeBuckets; b++ {
		top := bucketTop(b)
		if bucketOf(prev+1) != b || bucketOf(top) != b || top <= prev {
			t.Fatalf("bucket %d holds %d..%d; bucketOf gives %d and %d", b, prev+1, top, bucketOf(prev+1), bucketOf(top))
		}
		prev = top
	}
	if prev != math.MaxInt64 {
		t.Errorf("the last bucket ends at %d, want %d", prev, int64(math.MaxInt64))
	}
}

func TestMetricDistributionsAddUpToGames(t *testing.T) {
	rep := run(t, config(t, 1000, map[string]string{"players": "3"}))
	d := rep.Metrics["ties"].Dist
	var n, sum int64
	for v, c := range d {
		n += c
		sum += int64(v) * c
	}
	// The mean is merged from per-chunk moments: equal up to rounding.
	if n != rep.Games || math.Abs(float64(sum)/float64(n)-rep.Metrics["ties"].Mean) > 1e-12 {
		t.Errorf("ties dist %v holds %d games with mean %v; want %d and the reported mean %v", d, n, float64(sum)/float64(n), rep.Games, rep.Metrics["ties"].Mean)
	}
}

func TestFractionalMetricHasNoDistribution(t *testing.T) {
	var m metricDist
	m.add(1)
	m.add(0.5)
	m.add(2)
	if d := m.dist(); d != nil {
		t.Errorf("dist after a value 0.5 = %v, want none", d)
	}
	var neg metricDist
	neg.add(-1)
	if d := neg.dist(); d != nil {
		t.Errorf("dist after a value -1 = %v, want none", d)
	}
}

func TestDistJSONInValueOrderWithGapsFilled(t *testing.T) {
	b, err := json.Marshal(Dist{10: 1, 8: 3})
	if want := `{"8":3,"9":0,"10":1}`; err != nil || string(b) != want {
		t.Errorf("json.Marshal(Dist) = %s, %v; want %s", b, err, want)
	}
	var back Dist
	if err := json.Unmarshal(b, &back); err != nil || back[8] != 3 || back[10] != 1 {
		t.Errorf("json.Unmarshal(%s) = %v, %v", b, back, err)
	}
	if b, _ := json.Marshal(Dist{}); string(b) != "{}" {
		t.Errorf("empty Dist encodes as %s, want {}", b)
	}
}

// REG-30: Regicide is co-operative: one team record, no draws, and the
// enemies and grade metrics come with their distributions.
func TestCooperativeGameHasTeamAndDistributions(t *testing.T) {
	g := regicide.Game{}
	for _, players := range []string{"1", "3"} {
		opts := engine.MustResolve(g, map[string]string{"players": players})
		seats, err := SeatsFromRegistry(g, opts, opts.Int("players"), []string{"random"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		rep := run(t, Config{Game: g, Options: opts, Games: 300, Seed: 5, Seats: seats, Workers: 2})
		if rep.Team == nil || rep.Draws != nil {
			t.Fatalf("players=%s: team %v, draws %v; want a team and no draws", players, rep.Team, rep.Draws)
		}
		if rep.Team.Wins != rep.Seats[0].Wins || rep.Team.Wins != rep.Ends["won"] {
			t.Errorf("players=%s: team wins %d, seat 0 wins %d, won ends %d; want all equal", players, rep.Team.Wins, rep.Seats[0].Wins, rep.Ends["won"])
		}
		for name, hi := range map[string]int{"enemies": 12, "grade": 3} {
			d := rep.Metrics[name].Dist
			var n int64
			for _, c := range d {
				n += c
			}
			if lo, top := d.Span(); n != rep.Games || lo < 0 || top > hi {
				t.Errorf("players=%s: %s dist %v: %d games over %d..%d, want %d over 0..%d", players, name, d, n, lo, top, rep.Games, hi)
			}
		}
	}
}

// WT-02: the seat after the dealer starts; Watchtower reports whether it
// won through first-player-win, so its reports carry first_player.
func TestWatchtowerReportsTheFirstPlayer(t *testing.T) {
	g := watchtower.Game{}
	opts := engine.MustResolve(g, nil)
	seats, err := SeatsFromRegistry(g, opts, opts.Int("players"), []string{"random"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := run(t, Config{Game: g, Options: opts, Games: 40, Seed: 2, Seats: seats, Workers: 2})
	if fp := rep.FirstPlayer; fp == nil || fp.Wins != rep.Metrics[FirstPlayerMetric].Dist[1] {
		t.Errorf("first_player = %+v, want the games counted by %s: %v", fp, FirstPlayerMetric, rep.Metrics[FirstPlayerMetric].Dist)
	}
}

// BenchmarkDecisionTiming measures what timing one decision adds on the
// State path (player.act): two monotonic clock reads and a count into the
// seat's and the bot's buckets.
func BenchmarkDecisionTiming(b *testing.B) {
	var tl tally
	epoch := time.Now()
	for b.Loop() {
		start := time.Since(epoch)
		took := time.Since(epoch) - start
		tl.seatTimes[1].add(took)
		tl.botTimes[0].add(took)
	}
}
