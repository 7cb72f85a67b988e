package tui

import (
	"strings"
	"testing"
)

// On a terminal that cannot draw the table (TERM=dumb: no cursor moves, no
// colours) cardtable play speaks plain lines instead of opening the
// full-screen table, and plays on them.
func TestTmuxDumbTerminalGetsLines(t *testing.T) {
	p := startPane(t, 100, 30, t.TempDir(), []string{"TERM=dumb"}, "play", "war", "--seed", "7", "--speed", "0")
	s := p.wait("options: ", "seat 1: you")
	if strings.Contains(s, "? help") || strings.Contains(s, "▸") {
		t.Fatalf("TERM=dumb opened the full-screen table:\n%s", s)
	}
	p.text("flip")
	p.keys("Enter")
	p.wait("1. seat 1: flip")
}
