package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cardtable/analysis"
	"cardtable/games"
)

const knownLoss = "../../analysis/testdata/regicide-known-loss.json"

// analyzeCLI runs the CLI in-process with every game.
func analyzeCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return cardtableWith(t, games.All(), stdin, args...)
}

// The text analysis of a lost Regicide game names the losing move and
// prints the winning line; --line writes it as a record that replays to a
// win.
func TestAnalyzeRegicideText(t *testing.T) {
	line := filepath.Join(t.TempDir(), "won.json")
	out, errOut, code := analyzeCLI(t, "", "analyze", knownLoss, "--line", line)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"With hindsight", "The losing move: step 44, Ann: play 3S", "A winning line from the position after step 43",
		"Graph: chance to win", "Decisions:", "LOSING MOVE", "Summary:", "Ann: 45 decisions", "turning point: step 44, the losing move"} {
		if !strings.Contains(out, want) {
			t.Errorf("the analysis lacks %q:\n%s", want, out)
		}
	}
	out, errOut, code = analyzeCLI(t, "", "replay", line, "--json")
	if code != 0 || !strings.Contains(out, `"winners": [`) || !strings.Contains(out, `"end": "won"`) {
		t.Errorf("the winning line's record: exit %d, %s\n%s", code, errOut, out)
	}
}

// --json prints the document analysis.Decode reads.
func TestAnalyzeJSON(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "war.json")
	if _, errOut, code := analyzeCLI(t, "", "sim", "war", "-n", "1", "-o", "slap=5,max-battles=200", "--record-dir", filepath.Dir(rec), "--record-every", "1", "--quiet"); code != 0 {
		t.Fatalf("sim: %s", errOut)
	}
	files, _ := filepath.Glob(filepath.Join(filepath.Dir(rec), "war-*.json"))
	if len(files) != 1 {
		t.Fatalf("sim wrote %v", files)
	}
	out, errOut, code := analyzeCLI(t, "", "analyze", files[0], "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	doc, err := analysis.Decode(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if doc.Game != "war" || len(doc.Analysed) != 2 || len(doc.Decisions) == 0 || doc.Graph.Measure != "reaction" {
		t.Errorf("document: game %s, analysed %v, %d decisions, graph %q", doc.Game, doc.Analysed, len(doc.Decisions), doc.Graph.Measure)
	}
}

// Unfinished games and bad flags are usage errors (exit 2, one line).
func TestAnalyzeUsageErrors(t *testing.T) {
	data, err := os.ReadFile(knownLoss)
	if err != nil {
		t.Fatal(err)
	}
	cut := strings.Index(string(data), `    {"seat":0,"action":"play 10C"}`)
	unfinished := string(data[:cut]) + `    {"seat":0,"action":"play 10C"}` + "\n  ]\n}\n"
	tests := []struct {
		stdin string
		args  []string
		says  string
	}{
		{unfinished, []string{"analyze", "-"}, "the game is not over"},
		{"", []string{"analyze", knownLoss, "--depth", "fast"}, "--depth"},
		{"", []string{"analyze", knownLoss, "--seat", "3"}, "seat 3: this game has seats 1 to 1"},
	}
	for _, tt := range tests {
		out, errOut, code := analyzeCLI(t, tt.stdin, tt.args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, tt.says) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("cardtable %s: exit %d, stdout %q, stderr %q; want exit 2 saying %q", strings.Join(tt.args, " "), code, out, errOut, tt.says)
		}
	}
}
