package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/sim/simtest"
)

// solveCLI runs the CLI in-process with Regicide and the test game.
func solveCLI(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	a := newApp(strings.NewReader(""), &out, &errOut)
	a.games = func() []engine.Game { return []engine.Game{simtest.HighCard{}, regicide.Game{}} }
	code = run(context.Background(), args, a)
	return out.String(), errOut.String(), code
}

func TestSolveErrors(t *testing.T) {
	tests := []struct {
		args []string
		says string
	}{
		{[]string{"solve", "chess"}, `unknown game "chess"`},
		{[]string{"solve", "highcard"}, "only regicide can be solved"},
		{[]string{"solve", "regicide", "-o", "players=9"}, `players="9"`},
		{[]string{"solve", "regicide", "-o", "colour=red"}, `unknown option "colour"`},
		{[]string{"solve", "regicide", "--deals", "0"}, "at least 1 deal"},
		{[]string{"solve", "regicide", "--game-seed", "4", "--deals", "5"}, "--game-seed solves one deal"},
		{[]string{"solve", "regicide", "--deals", "3", "--record", "x.json"}, "--record writes one deal's line"},
		{[]string{"solve", "regicide", "--nodes=-1"}, "--nodes and --time are limits"},
	}
	for _, tt := range tests {
		out, errOut, code := solveCLI(t, tt.args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, tt.says) {
			t.Errorf("cardtable %s: exit %d, stdout %q, stderr %q; want exit 2 saying %q", strings.Join(tt.args, " "), code, out, errOut, tt.says)
		}
	}
}

// REG-24: a won deal's line, written as a record, replays to a win.
func TestSolveRecordReplays(t *testing.T) {
	file := filepath.Join(t.TempDir(), "win.json")
	out, errOut, code := solveCLI(t, "solve", "regicide", "--game-seed", "2", "--nodes", "200000", "--record", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"game seed 2", "verdict: won", "winning line", "seat 0: play "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out, errOut, code = solveCLI(t, "replay", file, "--json")
	if code != 0 {
		t.Fatalf("replay: exit %d: %s", code, errOut)
	}
	var sum struct {
		Result engine.Result `json:"result"`
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Result.End != "won" {
		t.Errorf("the record replays to %+v, want a win", sum.Result)
	}
}

func TestSolveJSONBatch(t *testing.T) {
	out, errOut, code := solveCLI(t, "solve", "regicide", "--seed", "1", "--deals", "3", "--nodes", "20000", "--json", "--workers", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep struct {
		Seed    *uint64 `json:"seed"`
		Summary struct {
			Deals, Won, Lost, Unknown int
			CI95Bound                 [2]float64 `json:"ci95_bound"`
		} `json:"summary"`
		Results []struct {
			Deal    int    `json:"deal"`
			Seed    uint64 `json:"seed"`
			Verdict string `json:"verdict"`
			Nodes   int64  `json:"nodes"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("--json output is not JSON: %v\n%s", err, out)
	}
	s := rep.Summary
	if rep.Seed == nil || *rep.Seed != 1 || s.Deals != 3 || s.Won+s.Lost+s.Unknown != 3 || len(rep.Results) != 3 {
		t.Fatalf("report %+v, want 3 deals of seed 1", rep)
	}
	for i, r := range rep.Results {
		if r.Deal != i || r.Nodes <= 0 || (r.Verdict != "won" && r.Verdict != "lost" && r.Verdict != "unknown") {
			t.Errorf("result %d = %+v", i, r)
		}
	}
	if !(s.CI95Bound[0] <= s.CI95Bound[1]) {
		t.Errorf("bound %v is not an interval", s.CI95Bound)
	}
}

func TestSolveTextBatch(t *testing.T) {
	out, errOut, code := solveCLI(t, "solve", "regicide", "--deals", "2", "--nodes", "5000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"2 deals, seed 1", "won ", "winnable share", "nodes per deal: mean", "seconds per deal: mean"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

// A deal that is not won writes no record and says why.
func TestSolveRecordNeedsAWin(t *testing.T) {
	file := filepath.Join(t.TempDir(), "none.json")
	out, errOut, code := solveCLI(t, "solve", "regicide", "--game-seed", "2", "--nodes", "10", "--record", file)
	if code != 0 || !strings.Contains(out, "verdict: unknown") || !strings.Contains(out, "stopped by the node budget") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want an unknown verdict", code, out, errOut)
	}
	if !strings.Contains(errOut, "no record written") {
		t.Errorf("stderr %q does not say the record was not written", errOut)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("a record was written for an unknown deal (stat: %v)", err)
	}
}
