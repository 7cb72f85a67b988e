package tui

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// analysisDeadline bounds the wait for an analysis on the shared machine
// (it takes a few seconds of CPU; the test fails, never skips, if it does
// not land).
const analysisDeadline = 3 * time.Minute

// The review of a lost Regicide record in a real terminal: a analyses it,
// the sparkline row and its marks appear under the log, and ] jumps to the
// losing move, whose line names it.
func TestTmuxReviewAnalysis(t *testing.T) {
	rec, err := filepath.Abs("../analysis/testdata/regicide-known-loss.json")
	if err != nil {
		t.Fatal(err)
	}
	p := startPane(t, 90, 30, t.TempDir(), nil, "play", "--record", rec)
	p.wait("Review · Regicide", "a: analyse the game")
	p.keys("a")
	end := time.Now().Add(analysisDeadline)
	for !strings.Contains(p.capture(), "[/] marks") {
		if time.Now().After(end) {
			t.Fatalf("the analysis never showed:\n%s", p.capture())
		}
		time.Sleep(200 * time.Millisecond)
	}
	p.keys("]")
	s := p.wait("step 44: chance", "THE LOSING MOVE", "action 44 of 45")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "chance ") {
			if !strings.ContainsAny(l, "▁▂▃▄▅▆▇█") || i+1 >= len(lines) || !strings.Contains(lines[i+1], "x") {
				t.Fatalf("the sparkline row or its losing mark is missing:\n%s", s)
			}
			t.Logf("the review with its analysis:\n%s", s)
			return
		}
	}
	t.Fatalf("no sparkline row:\n%s", s)
}
