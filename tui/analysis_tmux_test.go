package tui

import (
	"os"
	"os/exec"
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
// the sparkline row and its marks appear under the log, ] jumps to the
// first mark and [ from the end to the losing move, whose line names it.
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
	p.wait("[/] marks", "better: ") // the first mark, before the losing move
	p.keys("End", "[")
	s := p.wait("step 44: ", "THE LOSING MOVE", "action 44 of 45")
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

// A saved analysis (cardtable analyze --json) shown in the review of its
// record without analysing again: the sparkline row is there at once, no
// "a: analyse" prompt; an analysis of another game is refused, naming
// what differs.
func TestTmuxReviewSavedAnalysis(t *testing.T) {
	dir := t.TempDir()
	bin := cardtableBinary(t)
	run := func(stdout string, args ...string) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("cardtable %s: %v", strings.Join(args, " "), err)
		}
		if stdout != "" {
			if err := os.WriteFile(filepath.Join(dir, stdout), out, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, seed := range []string{"3", "4"} {
		run("", "play", "war", "-o", "slap=5,max-battles=60", "--seats", "heuristic,heuristic", "--seed", seed, "--save", "war-"+seed+".json")
		run("analysis-"+seed+".json", "analyze", "war-"+seed+".json", "--json")
	}
	t.Run("its-own", func(t *testing.T) {
		p := startPane(t, 100, 30, dir, nil, "play", "--record", "war-3.json", "--analysis", "analysis-3.json")
		s := p.wait("Review · War", "reaction ", "[/] marks")
		if strings.Contains(s, "a: analyse the game") {
			t.Errorf("the review offers to analyse a game whose analysis it was given:\n%s", s)
		}
		p.keys("q")
		p.wait("[exit 0]")
	})
	t.Run("another-game", func(t *testing.T) {
		p := startPane(t, 100, 30, dir, nil, "play", "--record", "war-4.json", "--analysis", "analysis-3.json")
		p.wait("analysis-3.json is not the analysis of war-4.json", "seed 3", "seed 4", "cardtable analyze war-4.json --json", "[exit 1]")
	})
}

// Learning from a mistake in the terminal: in the review of the known
// loss, after the analysis, t at the losing move goes back to the position
// before it and lists the seat's actions; trying the move the analysis
// names as keeping the game winnable is judged winnable by the solver,
// trying the losing move again is judged lost; esc returns to the review.
func TestTmuxLearnFromMistakes(t *testing.T) {
	rec, err := filepath.Abs("../analysis/testdata/regicide-known-loss.json")
	if err != nil {
		t.Fatal(err)
	}
	p := startPane(t, 110, 40, t.TempDir(), nil, "play", "--record", rec)
	p.wait("Review · Regicide", "a: analyse the game")
	p.keys("a")
	end := time.Now().Add(analysisDeadline)
	for !strings.Contains(p.capture(), "[/] marks") {
		if time.Now().After(end) {
			t.Fatalf("the analysis never showed:\n%s", p.capture())
		}
		time.Sleep(200 * time.Millisecond)
	}
	p.keys("End", "[")
	s := p.wait("THE LOSING MOVE", "kept winnable: ")
	keeps := s[strings.Index(s, "kept winnable: ")+len("kept winnable: "):]
	keeps = strings.TrimSpace(strings.SplitN(strings.SplitN(keeps, " · ", 2)[0], "\n", 2)[0])
	p.keys("t")
	s = p.wait("Learn from your mistakes", "before action", "(played)", "enter try it")
	played := ""
	for _, l := range strings.Split(s, "\n") {
		if strings.HasSuffix(strings.TrimSpace(l), "(played)") {
			played = strings.TrimPrefix(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(l), "(played)")), "▶ ")
		}
	}
	choose := func(action string) {
		t.Helper()
		for range 60 {
			if strings.Contains(p.capture(), "▶ "+action) {
				return
			}
			p.keys("Down")
			time.Sleep(50 * time.Millisecond)
		}
		t.Fatalf("%q never selected:\n%s", action, p.capture())
	}
	choose(keeps)
	p.keys("Enter")
	p.wait(keeps+": Winnable: with hindsight", "The expert gives it")
	if played == "" {
		t.Fatalf("the played move is not marked among the choices:\n%s", s)
	}
	choose(played)
	p.keys("Enter")
	p.wait(played+": Lost too", "The expert gives it")
	p.keys("Escape")
	p.wait("Review · Regicide", "[/] marks")
}
