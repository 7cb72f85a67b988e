package sim

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// shardRun plays slice index of of cfg's run and returns its report as
// merge reads it: through its JSON.
func shardRun(t *testing.T, cfg Config, index, of int) *Report {
	t.Helper()
	cfg.Shard = Shard{Index: index, Of: of}
	rep := run(t, cfg)
	if rep.Shard == nil || rep.Games >= cfg.Games {
		t.Fatalf("shard %d/%d: report of %d games with shard %+v", index, of, rep.Games, rep.Shard)
	}
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	back.Options = rep.Options
	return &back
}

func TestMergedShardsEqualTheWholeRun(t *testing.T) {
	for _, tc := range []struct {
		name  string
		games int64
		of    int
		bots  []string
		rot   bool
	}{
		{"fast path", 1000, 3, nil, false},
		{"state path, rotated", 301, 4, []string{"random", "ismcts:iterations=2"}, true},
		{"one game per chunk", 40, 40, []string{"random"}, false},
	} {
		cfg := config(t, tc.games, map[string]string{"players": "2"}, tc.bots...)
		cfg.Rotate = tc.rot
		want := stableJSON(t, run(t, cfg))
		var parts []*Report
		for i := tc.of - 1; i >= 0; i-- { // any order
			parts = append(parts, shardRun(t, cfg, i, tc.of))
		}
		got, err := Merge(cfg.Game, cfg.Options, parts)
		if err != nil {
			t.Fatalf("%s: Merge: %v", tc.name, err)
		}
		if g := stableJSON(t, got); g != want {
			t.Errorf("%s: merged shards differ from the whole run:\n got %s\nwant %s", tc.name, g, want)
		}
	}
}

func TestMergeRefusesShardsOfDifferentRuns(t *testing.T) {
	cfg := config(t, 300, nil)
	a, b := shardRun(t, cfg, 0, 2), shardRun(t, cfg, 1, 2)
	other := cfg
	other.Seed = 8
	reseeded := shardRun(t, other, 1, 2)
	three := shardRun(t, cfg, 1, 3)
	plain := run(t, cfg)
	for _, tc := range []struct {
		name  string
		parts []*Report
		says  string
	}{
		{"missing", []*Report{a}, "shard 1 of 2 missing"},
		{"repeated", []*Report{a, a, b}, "shard 0/2 is given twice"},
		{"another seed", []*Report{a, reseeded}, "seed 7 against 8"},
		{"another split", []*Report{a, three}, "2 slices against 3"},
		{"not a shard", []*Report{a, plain}, "report 2 is not a shard"},
	} {
		if _, err := Merge(cfg.Game, cfg.Options, tc.parts); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: Merge error = %v, want one saying %q", tc.name, err, tc.says)
		}
	}
}

func TestShardChecks(t *testing.T) {
	for _, tc := range []struct{ in, says string }{
		{"3", "write I/N"}, {"2/2", "write I/N"}, {"-1/2", "write I/N"}, {"a/b", "write I/N"},
	} {
		if _, err := ParseShard(tc.in); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("ParseShard(%q) = %v, want an error saying %q", tc.in, err, tc.says)
		}
	}
	if s, err := ParseShard(" 2/5 "); err != nil || s != (Shard{2, 5}) {
		t.Errorf("ParseShard(2/5) = %v, %v", s, err)
	}
	cfg := config(t, 10, nil)
	cfg.Shard = Shard{Index: 0, Of: 11}
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "at most 10 shards") {
		t.Errorf("11 shards of 10 games: %v, want a limit of 10", err)
	}
	cfg.Shard = Shard{Index: 0, Of: 2}
	cfg.Game = plainGame{cfg.Game}
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "not split into shards") {
		t.Errorf("shard of a game without a Reporter: %v", err)
	}
}

// The shards' CSV rows, in shard order, are the whole run's rows.
func TestShardCSVRowsAreTheWholeRunsRows(t *testing.T) {
	cfg := config(t, 500, nil, "random", "ismcts:iterations=2")
	var whole strings.Builder
	cfg.CSV = &whole
	run(t, cfg)
	var joined string
	for i := 0; i < 3; i++ {
		var part strings.Builder
		c := cfg
		c.CSV, c.Shard = &part, Shard{Index: i, Of: 3}
		run(t, c)
		header, rows, _ := strings.Cut(part.String(), "\n")
		if i == 0 {
			joined = header + "\n"
		}
		joined += rows
	}
	if joined != whole.String() {
		t.Errorf("shards' CSV rows differ from the whole run's (%d and %d bytes)", len(joined), whole.Len())
	}
}
