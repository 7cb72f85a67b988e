package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/sim/simtest"
)

func config(t *testing.T, games int64, given map[string]string, botNames ...string) Config {
	t.Helper()
	g := simtest.HighCard{}
	opts := engine.MustResolve(g, given)
	s, err := g.New(opts, engine.Setup{})
	if err != nil {
		t.Fatal(err)
	}
	seats, err := SeatsFromRegistry(g, opts, s.NumSeats(), botNames, nil)
	if err != nil {
		t.Fatal(err)
	}
	return Config{Game: g, Options: opts, Games: games, Seed: 7, Seats: seats}
}

func run(t *testing.T, cfg Config) *Report {
	t.Helper()
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return rep
}

// stableJSON encodes a report without the fields that depend on timing and
// the machine: elapsed time, rate, workers and the seconds per decision
// (decision counts stay).
func stableJSON(t *testing.T, r *Report) string {
	t.Helper()
	c := *r
	c.ElapsedS, c.GamesPerS, c.Workers = 0, 0, 0
	c.Seats = slices.Clone(r.Seats)
	for i := range c.Seats {
		c.Seats[i].DecisionStats = untimed(c.Seats[i].DecisionStats)
	}
	c.BotsSummary = slices.Clone(r.BotsSummary)
	for i := range c.BotsSummary {
		c.BotsSummary[i].DecisionStats = untimed(c.BotsSummary[i].DecisionStats)
	}
	b, err := json.Marshal(&c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// asFastPath drops from a State-path report what only that path observes
// (fast_path, the bots' decisions), to compare it with the fast path's.
func asFastPath(r *Report) {
	r.FastPath = true
	for i := range r.Seats {
		r.Seats[i].DecisionStats = DecisionStats{}
	}
	for i := range r.BotsSummary {
		r.BotsSummary[i].DecisionStats = DecisionStats{}
	}
}

// untimed keeps only the decision count.
func untimed(d DecisionStats) DecisionStats { return DecisionStats{Decisions: d.Decisions} }

func TestResultsDoNotDependOnWorkers(t *testing.T) {
	for _, fast := range []bool{true, false} {
		cfg := config(t, 5000, map[string]string{"players": "3"})
		cfg.NoFastPath = !fast
		if !fast {
			cfg.Seats[1].Bot = "other"
			cfg.Rotate = true
		}
		var csv1, csv4 bytes.Buffer
		cfg.Workers, cfg.CSV = 1, &csv1
		one := stableJSON(t, run(t, cfg))
		cfg.Workers, cfg.CSV = 4, &csv4
		four := stableJSON(t, run(t, cfg))
		if one != four {
			t.Errorf("fast=%v: W=1 and W=4 differ:\n%s\n%s", fast, one, four)
		}
		if csv1.String() != csv4.String() {
			t.Errorf("fast=%v: W=1 and W=4 write different CSV", fast)
		}
	}
}

func TestFastPathMatchesStatePath(t *testing.T) {
	cfg := config(t, 3000, nil)
	cfg.Workers = 2
	fast := run(t, cfg)
	cfg.NoFastPath = true
	slow := run(t, cfg)
	if !fast.FastPath || slow.FastPath {
		t.Fatalf("fast_path = %v and %v, want true then false", fast.FastPath, slow.FastPath)
	}
	asFastPath(slow)
	if a, b := stableJSON(t, fast), stableJSON(t, slow); a != b {
		t.Errorf("FastSimulator and State paths disagree:\n%s\n%s", a, b)
	}
}

func TestNonDefaultBotsUseStatePath(t *testing.T) {
	cfg := config(t, 10, nil, "random")
	cfg.Seats[1].Bot, cfg.Seats[1].Params = "random", map[string]string{"x": "1"}
	if rep := run(t, cfg); rep.FastPath {
		t.Error("a seat with bot settings still used the fast path")
	}
}

func TestReportCountsAddUp(t *testing.T) {
	rep := run(t, config(t, 2000, nil))
	var ends, wins int64
	for _, c := range rep.Ends {
		ends += c
	}
	for _, s := range rep.Seats {
		wins += s.Wins
		if s.CI95[0] > s.Share || s.Share > s.CI95[1] {
			t.Errorf("seat %d: share %v outside its interval %v", s.Seat, s.Share, s.CI95)
		}
	}
	if ends != rep.Games || wins+*rep.Draws != rep.Games {
		t.Errorf("ends add to %d, wins+draws to %d; want %d games", ends, wins+*rep.Draws, rep.Games)
	}
	var hist int64
	for _, c := range rep.Histogram() {
		hist += c
	}
	if hist != rep.Games {
		t.Errorf("histogram holds %d games, want %d", hist, rep.Games)
	}
	// target=3 needs at least 3 rounds and at most 5 (2·3−1 cards each).
	if l := rep.Length; l.Min < 3 || l.Max > 5 || l.Median < l.Min || l.P90 < l.Median || l.P99 < l.P90 || l.Max < l.P99 {
		t.Errorf("length stats out of order or range: %+v", l)
	}
}

func TestJSONFieldsAndTypes(t *testing.T) {
	b, err := json.Marshal(run(t, config(t, 100, nil)))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"game": "string", "games": "number", "seed": "number", "options": "object",
		"bots": "array", "length": "object", "ends": "object", "seats": "array",
		"metrics": "object", "elapsed_s": "number", "games_per_s": "number",
		"workers": "number", "version": "string", "draws": "number", "fast_path": "bool",
		"rotate": "bool", "bots_summary": "array", "team": "missing", "first_player": "missing",
	}
	for k, typ := range want {
		if got := jsonType(doc[k]); got != typ {
			t.Errorf("field %q is %s, want %s", k, got, typ)
		}
	}
	length := doc["length"].(map[string]any)
	for _, k := range []string{"unit", "mean", "median", "p90", "p99", "max"} {
		if _, ok := length[k]; !ok {
			t.Errorf("length.%s missing", k)
		}
	}
	seat := doc["seats"].([]any)[0].(map[string]any)
	for _, k := range []string{"seat", "bot", "wins", "share", "ci95", "decisions", "s_per_decision", "s_per_decision_p90", "s_per_decision_max"} {
		if _, ok := seat[k]; !ok {
			t.Errorf("seats[0].%s missing", k)
		}
	}
	bot := doc["bots_summary"].([]any)[0].(map[string]any)
	for k, typ := range map[string]string{"bot": "string", "games": "number", "wins": "number", "share": "number", "ci95": "array", "decisions": "number", "s_per_decision": "number"} {
		if got := jsonType(bot[k]); got != typ {
			t.Errorf("bots_summary[0].%s is %s, want %s", k, got, typ)
		}
	}
	if ci := seat["ci95"].([]any); len(ci) != 2 {
		t.Errorf("ci95 has %d values, want 2", len(ci))
	}
	if m := doc["metrics"].(map[string]any)["ties"].(map[string]any); jsonType(m["mean"]) != "number" || jsonType(m["sd"]) != "number" || jsonType(m["dist"]) != "object" {
		t.Errorf("metrics.ties = %v, want mean and sd numbers and a dist object", m)
	}
	if _, ok := doc["wars_per_game"]; ok {
		t.Error("wars_per_game present for a game without a wars metric")
	}
	b, _ = json.Marshal(run(t, riggedConfig(t, 10, "a", "b")))
	doc = nil
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	fp, _ := doc["first_player"].(map[string]any)
	if jsonType(fp["wins"]) != "number" || jsonType(fp["share"]) != "number" || jsonType(fp["ci95"]) != "array" {
		t.Errorf("first_player = %v, want wins, share and ci95", doc["first_player"])
	}
}

func jsonType(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "bool"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case nil:
		return "missing"
	}
	return "?"
}

func TestCSVHasHeaderAndOneRowPerGameInOrder(t *testing.T) {
	cfg := config(t, 1500, map[string]string{"players": "3"})
	var buf bytes.Buffer
	cfg.CSV, cfg.Workers = &buf, 3
	run(t, cfg)
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if want := "game,seed,length,end,winner,return0,return1,return2,ties"; lines[0] != want {
		t.Errorf("header = %q, want %q", lines[0], want)
	}
	if len(lines) != 1501 {
		t.Fatalf("%d lines, want header + 1500", len(lines))
	}
	for i, line := range lines[1:] {
		if !strings.HasPrefix(line, itoa(i)+",") || strings.Count(line, ",") != 8 {
			t.Fatalf("row %d = %q, want game %d first and 9 columns", i, line, i)
		}
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

// cheat plays a card it does not hold.
type cheat struct{}

func (cheat) Act(engine.State, int) engine.Action { return engine.Action(2) }

func TestIllegalBotActionIsAnErrorNamingTheBot(t *testing.T) {
	cfg := config(t, 10, nil)
	cfg.Seats[1] = Seat{Bot: "cheater", New: func(uint64) (engine.Bot, error) { return cheat{}, nil }}
	_, err := Run(context.Background(), cfg)
	if err == nil || !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), `bot "cheater" in seat 1`) {
		t.Errorf("Run with a cheating bot: %v; want an illegal-action error naming the bot", err)
	}
}

func TestBadConfigurations(t *testing.T) {
	g := simtest.HighCard{}
	opts := engine.MustResolve(g, nil)
	tests := []struct {
		name  string
		names []string
		want  string
	}{
		{"unknown bot", []string{"nobody"}, `no bot "nobody" for highcard; bots for highcard: `},
		{"wrong count", []string{"random", "random", "random"}, "3 bots named for 2 seats"},
	}
	for _, tt := range tests {
		if _, err := SeatsFromRegistry(g, opts, 2, tt.names, nil); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
	if _, err := SeatsFromRegistry(g, opts, 2, nil, map[string]string{"depth": "3"}); err == nil || !strings.Contains(err.Error(), "random takes no settings") {
		t.Errorf("bot setting for random: %v, want the bot's refusal", err)
	}
	if _, err := SeatsFromRegistry(g, opts, 2, nil, map[string]string{"ismcts.iterations": "3"}); err == nil || !strings.Contains(err.Error(), `"ismcts.iterations" is for bot ismcts`) {
		t.Errorf("setting for an absent bot: %v, want it named", err)
	}
	cfg := config(t, 0, nil)
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "at least 1") {
		t.Errorf("Run(0 games) = %v, want a request for at least 1", err)
	}
}

// Per-seat specs: two settings of one bot are two players, a seat's own
// setting wins over a shared one, and a bad per-seat setting names its seat.
func TestPerSeatBotSpecs(t *testing.T) {
	g := simtest.HighCard{}
	opts := engine.MustResolve(g, nil)
	seats, err := SeatsFromRegistry(g, opts, 2, []string{"ismcts:iterations=4", "ismcts:iterations=8"}, map[string]string{"iterations": "50", "ismcts.c": "1"})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"4", "8"} {
		if s := seats[i]; s.Bot != "ismcts:iterations="+want || s.Name != "ismcts" || s.Params["iterations"] != want || s.Params["c"] != "1" {
			t.Errorf("seat %d = %s (%s) %v, want ismcts:iterations=%s with c=1", i, s.Bot, s.Name, s.Params, want)
		}
	}
	cfg := Config{Game: g, Options: opts, Games: 20, Seed: 3, Seats: seats, Workers: 1}
	rep := run(t, cfg)
	if len(rep.BotsSummary) != 2 || rep.BotsSummary[0].Bot != "ismcts:iterations=4" || rep.BotsSummary[1].Games != 20 {
		t.Errorf("bots_summary = %+v, want one line per setting", rep.BotsSummary)
	}
	if rep.FastPath {
		t.Error("bots with settings played on the fast path")
	}
	if _, err := SeatsFromRegistry(g, opts, 2, []string{"random", "ismcts:iterations=x"}, nil); err == nil || !strings.Contains(err.Error(), "seat 2 (ismcts:iterations=x)") {
		t.Errorf("bad per-seat setting: %v, want seat 2 (index 1) named", err)
	}
	if _, err := SeatsFromRegistry(g, opts, 2, []string{"ismcts:iterations"}, nil); err == nil || !strings.Contains(err.Error(), "not key=value") {
		t.Errorf("malformed spec: %v, want the form explained", err)
	}
}

func TestCancelledRunStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, config(t, 100000, nil)); !errors.Is(err, context.Canceled) {
		t.Errorf("Run on a cancelled context = %v, want context.Canceled", err)
	}
}

// plainGame hides HighCard's Reporter and FastSimulator: only the engine
// contract's Game methods remain.
type plainGame struct{ engine.Game }

func TestGameWithoutReporterIsSummarisedFromResult(t *testing.T) {
	cfg := config(t, 800, nil)
	want := run(t, cfg)
	cfg.Game = plainGame{simtest.HighCard{}}
	got := run(t, cfg)
	if got.FastPath || got.Length.Unit != "length" || len(got.Metrics) != 0 {
		t.Errorf("fast_path %v, unit %q, metrics %v; want the State path, unit \"length\", no metrics", got.FastPath, got.Length.Unit, got.Metrics)
	}
	for end, n := range want.Ends {
		if n > 0 && got.Ends[end] != n {
			t.Errorf("ends[%q] = %d, want %d", end, got.Ends[end], n)
		}
	}
	if got.Length.Mean != want.Length.Mean || got.Seats[0].Wins != want.Seats[0].Wins || *got.Draws != *want.Draws {
		t.Errorf("length/wins/draws %v/%d/%d, want %v/%d/%d", got.Length.Mean, got.Seats[0].Wins, *got.Draws, want.Length.Mean, want.Seats[0].Wins, *want.Draws)
	}
}

func TestChunkSizeKeepsWorkersBusyOnShortRuns(t *testing.T) {
	for _, c := range []struct{ games, want int64 }{{1, 1}, {63, 1}, {400, 6}, {64 * 512, 512}, {1_000_000, 512}} {
		if got := chunkSize(c.games); got != c.want {
			t.Errorf("chunkSize(%d) = %d, want %d", c.games, got, c.want)
		}
	}
}

// TestLengthBins: the report's length histogram covers every game, from
// the shortest to the longest, in contiguous bins of one width; n bounds
// the bins.
func TestLengthBins(t *testing.T) {
	rep := run(t, config(t, 500, nil))
	for _, n := range []int{1, 3, 10} {
		bins, cut := rep.LengthBins(n)
		if len(bins) == 0 || len(bins) > n {
			t.Fatalf("LengthBins(%d): %d bins", n, len(bins))
		}
		var games int64
		for i, b := range bins {
			games += b.Games
			if i > 0 && b.Min != bins[i-1].Max+1 {
				t.Errorf("LengthBins(%d): bin %d starts at %d after one ending at %d", n, i, b.Min, bins[i-1].Max)
			}
		}
		if bins[0].Min != rep.Length.Min || !cut && (bins[len(bins)-1].Max != rep.Length.Max || games != rep.Games) {
			t.Errorf("LengthBins(%d) = %+v (cut %v) for lengths %d..%d of %d games", n, bins, cut, rep.Length.Min, rep.Length.Max, rep.Games)
		}
	}
}
