package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/games/war"
	"cardtable/puzzles"
	"cardtable/sim/simtest"
)

// cardtable runs the CLI in-process on the test game and returns its
// output and exit code.
func cardtable(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return cardtableWith(t, []engine.Game{simtest.HighCard{}}, stdin, args...)
}

// cardtableRigged runs the CLI with the test games and Regicide.
func cardtableRigged(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return cardtableWith(t, []engine.Game{simtest.HighCard{}, simtest.Rigged{}, regicide.Game{}}, "", args...)
}

func cardtableWith(t *testing.T, games []engine.Game, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	a := newApp(strings.NewReader(stdin), &out, &errOut)
	a.games = func() []engine.Game { return games }
	a.getenv = func(string) string { return "" } // English, whatever the machine's locale
	code = run(context.Background(), args, a)
	return out.String(), errOut.String(), code
}

func TestSimTextReport(t *testing.T) {
	out, errOut, code := cardtable(t, "", "sim", "highcard", "-n", "300", "-o", "players=3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"High Card: 300 games, seed 1 (fast path)", "players=3", "95% CI", "draws", "length (rounds): mean", "ends:", "target", "exhausted", "ties", "games/s",
		"distributions (games per value):\n  ties         0      1",
		"    games  "} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	for _, absent := range []string{"time per decision", "per bot", "team", "first player"} {
		if strings.Contains(out, absent) {
			t.Errorf("fast-path report of one bot in a zero-sum game shows %q:\n%s", absent, out)
		}
	}
	if strings.Contains(out, " \n") {
		t.Errorf("report has trailing spaces:\n%s", out)
	}
	// Under the length line, its histogram: rows of a range, a bar and a
	// share, the shares of every game adding up to 100 %.
	_, after, _ := strings.Cut(out, "length (rounds): mean")
	rows, sum := 0, 0.0
	for _, line := range strings.Split(after, "\n")[1:] {
		f := strings.Fields(line)
		if len(f) == 0 || !strings.HasSuffix(f[len(f)-1], "%") {
			break
		}
		var share float64
		fmt.Sscanf(strings.TrimSuffix(f[len(f)-1], "%"), "%g", &share)
		rows, sum = rows+1, sum+share
	}
	if rows < 2 || sum < 99.5 || sum > 100.5 || !strings.Contains(after, "█") {
		t.Errorf("the length histogram has %d rows whose shares add up to %.2f%%:\n%s", rows, sum, out)
	}
}

func TestSimTextReportOfBotsAndDecisions(t *testing.T) {
	out, errOut, code := cardtableRigged(t, "sim", "rigged", "-n", "30", "--bot", "random,ismcts", "--bot-opt", "ismcts.iterations=4", "--rotate")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"bots rotate: game i seats bot (s+i) mod 2 of random,ismcts in seat s",
		"(rotates)  30", "per bot, over every seat it played",
		"random  30     15    50.00%", "ismcts  30     15    50.00%",
		"first player won 30 of 30 games: 100.00%",
		"time per decision:\n  bot     decisions", "  random  90 ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, " \n") {
		t.Errorf("report has trailing spaces:\n%s", out)
	}
}

func TestSimRotateJSON(t *testing.T) {
	out, errOut, code := cardtableRigged(t, "sim", "rigged", "--json", "-n", "9", "--bot", "random,ismcts", "--bot-opt", "ismcts.iterations=4", "--rotate")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc struct {
		Rotate      bool
		BotsSummary []struct {
			Bot         string
			Games, Wins int64
		} `json:"bots_summary"`
		FirstPlayer struct{ Wins int64 } `json:"first_player"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	// Seat 0 always wins; game i puts bot i mod 2 there: random in 5 of 9.
	want := map[string]int64{"random": 5, "ismcts": 4}
	if !doc.Rotate || len(doc.BotsSummary) != 2 || doc.FirstPlayer.Wins != 9 {
		t.Fatalf("rotate %v, bots_summary %+v, first_player %+v", doc.Rotate, doc.BotsSummary, doc.FirstPlayer)
	}
	for _, b := range doc.BotsSummary {
		if b.Games != 9 || b.Wins != want[b.Bot] {
			t.Errorf("bot %s: %d wins of %d, want %d of 9", b.Bot, b.Wins, b.Games, want[b.Bot])
		}
	}
}

// REG-30: a co-operative game reports one team line, its distributions,
// and plots its own metric (Regicide: enemies) unless told otherwise.
func TestSimCooperativeTeamAndPlotMetric(t *testing.T) {
	dir := t.TempDir()
	plot := filepath.Join(dir, "enemies.svg")
	out, errOut, code := cardtableRigged(t, "sim", "regicide", "-n", "40", "-o", "players=2", "--bot", "random", "--plot", plot, "--plot-metric", "enemies")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"team     bots           wins", "2 seats  random,random", "enemies"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "draws") || strings.Contains(out, "\n0    random") {
		t.Errorf("co-operative report shows draws or per-seat lines:\n%s", out)
	}
	svg, err := os.ReadFile(plot)
	if err != nil || !strings.Contains(string(svg), "enemies in 40 games") {
		t.Errorf("plot %s: %v; want the enemies distribution titled as such", plot, err)
	}
	doc := simJSONOf(t, "regicide", "-n", "40", "-o", "players=2", "--bot", "random")
	team, _ := doc["team"].(map[string]any)
	if _, ok := team["wins"].(float64); !ok || doc["draws"] != nil {
		t.Errorf("team = %v, draws = %v; want a team record and no draws", doc["team"], doc["draws"])
	}
	enemies := doc["metrics"].(map[string]any)["enemies"].(map[string]any)["dist"].(map[string]any)
	var games float64
	for _, c := range enemies {
		games += c.(float64)
	}
	if games != 40 {
		t.Errorf("metrics.enemies.dist %v holds %v games, want 40", enemies, games)
	}
}

func TestSimPlotMetricErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--plot-metric", "ties"}, "--plot-metric ties: say where to draw it with --plot FILE"},
		{[]string{"--plot", filepath.Join(dir, "x.svg"), "--plot-metric", "tricks"}, `--plot-metric "tricks": highcard has no such metric; give length, ties`},
	}
	for _, tt := range tests {
		_, errOut, code := cardtable(t, "", append([]string{"sim", "highcard", "-n", "5"}, tt.args...)...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("sim %v: exit %d, %q; want exit 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
	for _, metric := range []string{"ties", "length"} {
		path := filepath.Join(dir, metric+".png")
		if _, errOut, code := cardtable(t, "", "sim", "highcard", "-n", "50", "--plot", path, "--plot-metric", metric); code != 0 {
			t.Errorf("--plot-metric %s: exit %d: %s", metric, code, errOut)
		}
		if fi, err := os.Stat(path); err != nil || fi.Size() < 1000 {
			t.Errorf("--plot-metric %s: %v; want a non-empty PNG", metric, err)
		}
	}
}

func simJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	return simJSONOf(t, "highcard", args...)
}

func simJSONOf(t *testing.T, game string, args ...string) map[string]any {
	t.Helper()
	out, errOut, code := cardtableRigged(t, append([]string{"sim", game, "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("--json output is not JSON: %v\n%s", err, out)
	}
	return doc
}

// timingFields are the report's fields that depend on the machine; the
// per-decision ones appear in every entry of seats and bots_summary.
var timingFields = []string{"elapsed_s", "games_per_s", "workers"}

var decisionTimingFields = []string{"s_per_decision", "s_per_decision_p90", "s_per_decision_max"}

// dropTiming deletes the timing fields from a --json document.
func dropTiming(doc map[string]any) {
	for _, k := range timingFields {
		delete(doc, k)
	}
	for _, list := range []string{"seats", "bots_summary"} {
		for _, entry := range doc[list].([]any) {
			for _, k := range decisionTimingFields {
				delete(entry.(map[string]any), k)
			}
		}
	}
}

func TestSimJSONDoesNotDependOnWorkers(t *testing.T) {
	one := simJSON(t, "-n", "2000", "--seed", "5", "--workers", "1", "--no-fast-path", "--bot", "random,ismcts", "--bot-opt", "ismcts.iterations=4", "--rotate")
	four := simJSON(t, "-n", "2000", "--seed", "5", "--workers", "4", "--no-fast-path", "--bot", "random,ismcts", "--bot-opt", "ismcts.iterations=4", "--rotate")
	if one["workers"].(float64) != 1 || four["workers"].(float64) != 4 {
		t.Errorf("workers = %v and %v, want 1 and 4", one["workers"], four["workers"])
	}
	for _, doc := range []map[string]any{one, four} {
		for _, seat := range doc["seats"].([]any) {
			if d := seat.(map[string]any)["decisions"].(float64); d == 0 {
				t.Errorf("seat %v made no decisions on the State path", seat)
			}
		}
		dropTiming(doc)
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

// TestRulesInALanguage prints the rules translated (--lang, or the
// environment's LANG), with the options' table in the language too; an
// unknown language is a usage error naming the languages.
func TestRulesInALanguage(t *testing.T) {
	all := []engine.Game{war.Game{}, regicide.Game{}}
	out, errOut, code := cardtableWith(t, all, "", "rules", "war", "--lang", "he")
	if code != 0 || !strings.Contains(out, "# מלחמה\n") || !strings.Contains(out, "## אפשרויות (נקבעות עם -o key=value)") ||
		!strings.Contains(out, "מספר שלם מ-2 עד 3") || strings.Contains(out, "{#") || strings.Contains(out, "number of players") {
		t.Errorf("rules war --lang he: exit %d %s\n%s", code, errOut, out)
	}
	var buf bytes.Buffer
	a := newApp(strings.NewReader(""), &buf, &buf)
	a.games = func() []engine.Game { return all }
	a.getenv = func(k string) string { return map[string]string{"LANG": "cy_GB.UTF-8"}[k] }
	if code := run(context.Background(), []string{"rules", "regicide"}, a); code != 0 || !strings.Contains(buf.String(), "# Teyrnladdiad") {
		t.Errorf("rules regicide with LANG=cy_GB.UTF-8: exit %d\n%s", code, buf.String())
	}
	if out, _, _ := cardtableWith(t, all, "", "rules", "war"); !strings.HasPrefix(out, "# War") {
		t.Errorf("rules war without a language is not English:\n%.200s", out)
	}
	_, errOut, code = cardtableWith(t, all, "", "rules", "war", "--lang", "fr")
	if code != exitUsage || !strings.Contains(errOut, "en, he, sk, cy, hy") {
		t.Errorf("--lang fr: exit %d, %q", code, errOut)
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
	for _, want := range []string{"High Card, seed ", "seat 1: seat 1 (bot random)", "seat 2: seat 2 (bot random)", "\n1. seat 1: ", "round 1, scores", "final:", "result: "} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "seat 0") {
		t.Errorf("transcript numbers a seat from 0 (people read seats from 1):\n%s", out)
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

// Per-seat bot settings: two settings of one bot meet, each reported as
// its own bot, with --bot-opt filling in what a seat does not set.
func TestSimPerSeatBotSettings(t *testing.T) {
	out, errOut, code := cardtableRigged(t, "sim", "rigged", "--json", "-n", "6", "--bot", "ismcts:iterations=4,ismcts:iterations=8", "--bot-opt", "iterations=99", "--bot-opt", "c=1", "--rotate")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc struct {
		Bots  []string
		Seats []struct {
			BotOptions map[string]string `json:"bot_options"`
		}
		BotsSummary []struct {
			Bot  string
			Wins int64
		} `json:"bots_summary"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if strings.Join(doc.Bots, ",") != "ismcts:iterations=4,ismcts:iterations=8" || len(doc.BotsSummary) != 2 {
		t.Fatalf("bots %v, bots_summary %+v: want the two settings as two bots", doc.Bots, doc.BotsSummary)
	}
	if o := doc.Seats[1].BotOptions; o["iterations"] != "8" || o["c"] != "1" {
		t.Errorf("seat 1 bot_options = %v, want its own iterations=8 and the shared c=1", o)
	}
	_, errOut, code = cardtableRigged(t, "sim", "rigged", "-n", "6", "--bot", "random,ismcts:iterations=lots")
	if code != 2 || !strings.Contains(errOut, "seat 2 (ismcts:iterations=lots)") {
		t.Errorf("bad per-seat setting: exit %d, %q; want a usage error naming seat 2", code, errOut)
	}
}

// TestReplayInALanguage: the transcript's words follow --lang (or LANG):
// its header, seats, actions, final position's heading and result — each
// game's positions as the game writes them, --json always English.
func TestReplayInALanguage(t *testing.T) {
	all := []engine.Game{war.Game{}}
	dir := t.TempDir()
	if _, errOut, code := cardtableWith(t, all, "", "sim", "war", "-n", "1", "--seed", "3", "-o", "max-battles=20", "--record-dir", dir, "--record-every", "1"); code != 0 {
		t.Fatalf("sim: exit %d %s", code, errOut)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 1 {
		t.Fatalf("records %v", files)
	}
	out, errOut, code := cardtableWith(t, all, "", "replay", files[0], "--lang", "cy")
	if code != 0 {
		t.Fatalf("replay --lang cy: exit %d %s", code, errOut)
	}
	for _, want := range []string{"Rhyfel, hedyn ", "\nopsiynau: ", "\nsedd 1: ", "\n1. sedd ", "\ny safle olaf:\n", "\ncanlyniad: "} {
		if !strings.Contains(out, want) {
			t.Errorf("the Welsh transcript lacks %q:\n%.600s", want, out)
		}
	}
	for _, english := range []string{"seed ", "options:", "\nfinal:", "result:"} {
		if strings.Contains(out, english) {
			t.Errorf("English %q in the Welsh transcript:\n%.600s", english, out)
		}
	}
	var buf bytes.Buffer
	a := newApp(strings.NewReader(""), &buf, &buf)
	a.games = func() []engine.Game { return all }
	a.getenv = func(k string) string { return map[string]string{"LANG": "hy_AM.UTF-8"}[k] }
	if code := run(context.Background(), []string{"replay", files[0]}, a); code != 0 || !strings.Contains(buf.String(), "Պատերազմ, սերմ ") || !strings.Contains(buf.String(), "\nարդյունք. ") {
		t.Errorf("replay with LANG=hy_AM.UTF-8: exit %d\n%.400s", code, buf.String())
	}
	js, _, _ := cardtableWith(t, all, "", "replay", files[0], "--json", "--lang", "he")
	en, _, _ := cardtableWith(t, all, "", "replay", files[0], "--json")
	if js != en || !strings.Contains(js, `"game": "war"`) {
		t.Errorf("--json changed with --lang:\n%.300s", js)
	}
}

// TestPuzzlesHelpExamplesExist: every puzzle number the help's examples
// name is in the shipped set (a re-check drops puzzles, keeping numbers).
func TestPuzzlesHelpExamplesExist(t *testing.T) {
	out, _, code := cardtable(t, "", "puzzles", "--help")
	ids := regexp.MustCompile(`--puzzle (\d+)`).FindAllStringSubmatch(out, -1)
	if code != 0 || len(ids) == 0 {
		t.Fatalf("cardtable puzzles --help: exit %d, no --puzzle example:\n%s", code, out)
	}
	set, err := puzzles.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ids {
		id, _ := strconv.Atoi(m[1])
		if _, err := set.Get(id); err != nil {
			t.Errorf("the help's example --puzzle %d: %v", id, err)
		}
	}
}
