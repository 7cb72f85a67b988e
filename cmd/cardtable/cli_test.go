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
	"cardtable/sim/simtest"
)

// cardtable runs the CLI in-process on the test game and returns its
// output and exit code.
func cardtable(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	a := newApp(strings.NewReader(stdin), &out, &errOut)
	a.games = func() []engine.Game { return []engine.Game{simtest.HighCard{}} }
	code = run(context.Background(), args, a)
	return out.String(), errOut.String(), code
}

func TestSimTextReport(t *testing.T) {
	out, errOut, code := cardtable(t, "", "sim", "highcard", "-n", "300", "-o", "players=3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"High Card: 300 games, seed 1 (fast path)", "players=3", "95% CI", "draws", "length (rounds): mean", "ends:", "target", "exhausted", "ties", "games/s"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

func simJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	out, errOut, code := cardtable(t, "", append([]string{"sim", "highcard", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("--json output is not JSON: %v\n%s", err, out)
	}
	return doc
}

func TestSimJSONDoesNotDependOnWorkers(t *testing.T) {
	one := simJSON(t, "-n", "2000", "--seed", "5", "--workers", "1", "--no-fast-path")
	four := simJSON(t, "-n", "2000", "--seed", "5", "--workers", "4", "--no-fast-path")
	if one["workers"].(float64) != 1 || four["workers"].(float64) != 4 {
		t.Errorf("workers = %v and %v, want 1 and 4", one["workers"], four["workers"])
	}
	for _, doc := range []map[string]any{one, four} {
		for _, k := range []string{"elapsed_s", "games_per_s", "workers"} {
			delete(doc, k)
		}
	}
	a, _ := json.Marshal(one)
	b, _ := json.Marshal(four)
	if string(a) != string(b) {
		t.Errorf("--workers 1 and 4 differ:\n%s\n%s", a, b)
	}
	if one["seed"].(float64) != 5 || one["games"].(float64) != 2000 || one["options"].(map[string]any)["target"] != "3" {
		t.Errorf("seed/games/options not echoed: %v %v %v", one["seed"], one["games"], one["options"])
	}
}

func TestSimWritesCSVAndPlot(t *testing.T) {
	dir := t.TempDir()
	csvPath, plotPath := filepath.Join(dir, "g.csv"), filepath.Join(dir, "len.png")
	if _, errOut, code := cardtable(t, "", "sim", "highcard", "-n", "700", "--csv", csvPath, "--plot", plotPath, "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	b, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 701 || lines[0] != "game,seed,length,end,winner,return0,return1,ties" {
		t.Errorf("CSV has %d lines, header %q; want 701 and the documented header", len(lines), lines[0])
	}
	if fi, err := os.Stat(plotPath); err != nil || fi.Size() < 1000 {
		t.Errorf("plot: %v; want a non-empty PNG", err)
	}
}

func TestUsageErrorsExitTwoWithOneLine(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"sim", "highcard", "-o", "targte=2"}, `cardtable: invalid option: unknown option "targte"; valid options: players, target`},
		{[]string{"sim", "highcard", "-o", "target=9"}, `cardtable: invalid option: target="9": want an integer from 1 to 5`},
		{[]string{"sim", "highcard", "-o", "target"}, `write options as key=value`},
		{[]string{"sim", "nosuch"}, `cardtable: unknown game "nosuch"; games: highcard`},
		{[]string{"sim", "highcard", "--bot", "nobody"}, `no bot "nobody" for highcard`},
		{[]string{"sim", "highcard", "--bot", "random,random,random"}, `3 bots named for 2 seats`},
		{[]string{"sim", "highcard", "--bot-opt", "depth"}, `--bot-opt "depth": write bot settings as key=value`},
		{[]string{"sim", "highcard", "-n", "0"}, `-n 0: give the number of games, at least 1`},
		{[]string{"sim", "highcard", "--plot", "x.gif"}, `name it with .svg, .png or .pdf`},
		{[]string{"sim", "highcard", "--frob"}, `cardtable: unknown flag --frob (see cardtable sim --help)`},
		{[]string{"rules"}, `expected "<game>"`},
		{[]string{"bots", "nosuch"}, `unknown game "nosuch"`},
	}
	for _, tt := range tests {
		_, errOut, code := cardtable(t, "", tt.args...)
		if code != 2 || !strings.Contains(errOut, tt.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("cardtable %v: exit %d, stderr %q; want exit 2 and one line containing %q", tt.args, code, errOut, tt.want)
		}
	}
}

func TestHelpHasExamples(t *testing.T) {
	for _, cmd := range []string{"sim", "replay", "rules", "games", "bots"} {
		out, _, code := cardtable(t, "", cmd, "--help")
		if code != 0 || !strings.Contains(out, "Example") {
			t.Errorf("cardtable %s --help: exit %d, no examples:\n%s", cmd, code, out)
		}
	}
}

func TestInfoCommands(t *testing.T) {
	out, _, _ := cardtable(t, "", "rules", "highcard")
	if !strings.Contains(out, "# High Card") || !strings.Contains(out, "target   3        an integer from 1 to 5") {
		t.Errorf("rules output lacks the rules or the option table:\n%s", out)
	}
	out, _, _ = cardtable(t, "", "games")
	if !strings.Contains(out, "highcard  High Card  2-4    players, target") {
		t.Errorf("games output:\n%s", out)
	}
	out, _, _ = cardtable(t, "", "bots", "highcard")
	if !strings.Contains(out, "random") || !strings.Contains(out, "(default)") {
		t.Errorf("bots output:\n%s", out)
	}
}

// recordedGame simulates one game with --record-dir and returns its file.
func recordedGame(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if _, errOut, code := cardtable(t, "", "sim", "highcard", "-n", "3", "--record-dir", dir, "--record-every", "2", "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 2 {
		t.Fatalf("saved %v, want games 0 and 2", files)
	}
	return filepath.Join(dir, "highcard-2.json")
}

func TestReplayPrintsTranscript(t *testing.T) {
	path := recordedGame(t)
	out, errOut, code := cardtable(t, "", "replay", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"High Card, seed ", "seat 1: seat 1 (bot random)", "\n1. seat 0: ", "round 1, scores", "final:", "result: "} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q:\n%s", want, out)
		}
	}
	b, _ := os.ReadFile(path)
	out, errOut, code = cardtable(t, string(b), "replay", "-", "--json")
	var doc map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &doc) != nil {
		t.Fatalf("replay - --json: exit %d, %s %s", code, out, errOut)
	}
	for _, k := range []string{"game", "options", "seed", "actions", "result", "final"} {
		if _, ok := doc[k]; !ok {
			t.Errorf("replay --json lacks %q", k)
		}
	}
	if doc["result"].(map[string]any)["over"] != true {
		t.Errorf("replayed result not over: %v", doc["result"])
	}
}

func TestCorruptRecordsExitOne(t *testing.T) {
	b, _ := os.ReadFile(recordedGame(t))
	good := string(b)
	var rec map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber() // seeds are 64-bit
	if err := dec.Decode(&rec); err != nil {
		t.Fatal(err)
	}
	actions := rec["actions"].([]any)
	actions[3] = actions[0]
	illegal, _ := json.Marshal(rec)
	tests := []struct{ name, input, want string }{
		{"bad JSON", "{nope", "cardtable: record: bad JSON at byte 2"},
		{"truncated", good[:len(good)/2], "cardtable: record: truncated JSON"},
		{"missing game", `{"version":1,"seed":1,"actions":[]}`, "cardtable: record: game: missing"},
		{"unknown field", `{"version":1,"game":"highcard","seed":1,"actions":[],"winner":0}`, `cardtable: record: unknown field "winner"`},
		{"bad card", `{"version":1,"game":"highcard","deal":["1H"],"actions":[]}`, `cardtable: record: deal[0]: "1H": unknown rank`},
		{"illegal action", string(illegal), "cardtable: record: actions[3]: seat "},
		{"unknown game", `{"version":1,"game":"chess","seed":1,"actions":[]}`, `cardtable: record: game: unknown game "chess"`},
	}
	for _, tt := range tests {
		_, errOut, code := cardtable(t, tt.input, "replay", "-")
		if code != 1 || !strings.HasPrefix(errOut, tt.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q; want exit 1 and one line starting %q", tt.name, code, errOut, tt.want)
		}
	}
	if _, errOut, code := cardtable(t, "", "replay", filepath.Join(t.TempDir(), "none.json")); code != 1 || !strings.Contains(errOut, "cannot read the record") {
		t.Errorf("missing file: exit %d, %q", code, errOut)
	}
}
