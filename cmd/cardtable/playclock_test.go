package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// cardtable play --clock times the person's seat (and programs): each
// prompt says the time left; bounds and combinations the clock cannot
// take are refused naming what to give.
func TestPlayClock(t *testing.T) {
	out, errOut, code := play(t, strings.Repeat("flip\n", 12), "play", "war", "--protocol", "lines", "--seed", "3", "-o", "max-battles=5", "--clock", "30s", "--reserve", "1m")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "version 0, 1m30s left); legal: flip") {
		t.Errorf("the first prompt gives no time left (30 s and a minute's reserve):\n%.600s", out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "war", "--protocol", "lines", "--clock", "1s"}, "5s to 10m0s"},
		{[]string{"play", "war", "--protocol", "lines", "--reserve", "1m"}, "go with --clock"},
		{[]string{"play", "regicide", "--protocol", "lines", "--clock", "30s", "--on-timeout", "lose"}, "co-operative"},
		{[]string{"play", "war", "--protocol", "lines", "--clock", "30s", "--on-timeout", "draw"}, `timeout "draw"`},
	} {
		_, errOut, code := play(t, "", tc.args...)
		if code == 0 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want it refused saying %q", tc.args, code, errOut, tc.want)
		}
	}
}

// In plain text "quit" stops the game: the header says so, nothing more
// is played, and the command says the game was quit and not saved (with
// --save, the record so far is kept to go on with) — issue 29 §7.
func TestLinesQuit(t *testing.T) {
	out, errOut, code := play(t, "flip\nquit\nflip\n", "play", "war", "--protocol", "lines", "--seed", "3")
	if code != 0 || !strings.Contains(out, "or quit (stop the game here)") || !strings.Contains(errOut, "you quit after 2 actions") ||
		!strings.Contains(errOut, "the game was not saved") || strings.Contains(out, "3. seat 1: flip") {
		t.Fatalf("quit: exit %d\n%s\n%s", code, out, errOut)
	}
	saved := filepath.Join(t.TempDir(), "war.json")
	_, errOut, code = play(t, "flip\nquit\n", "play", "war", "--protocol", "lines", "--seed", "3", "--save", saved)
	if code != 0 || !strings.Contains(errOut, "the record is in "+saved) || !strings.Contains(errOut, "cardtable play --record") {
		t.Fatalf("quit with --save: exit %d\n%s", code, errOut)
	}
}
