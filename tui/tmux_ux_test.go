package tui

import (
	"strings"
	"testing"
	"time"
)

// pageUntil presses key until the screen shows want (at most n times),
// waiting after each press for the screen to change.
func (p *pane) pageUntil(key, want string, n int) string {
	p.t.Helper()
	s := p.capture()
	for i := 0; i < n && !strings.Contains(s, want); i++ {
		p.keys(key)
		s = p.changed(s)
	}
	if !strings.Contains(s, want) {
		p.t.Fatalf("the screen never showed %q:\n%s", want, s)
	}
	return s
}

// changed polls the pane until it differs from before (or a second has
// passed: the key may have changed nothing) and returns it.
func (p *pane) changed(before string) string {
	p.t.Helper()
	end := time.Now().Add(time.Second)
	for {
		s := p.capture()
		if s != before || time.Now().After(end) {
			return s
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestTmuxHelpMarkdown: at 80×24 the help is rendered Markdown (a table
// drawn with rules, no pipes or asterisks), and Watchtower's is the
// player's quick reference.
func TestTmuxHelpMarkdown(t *testing.T) {
	p := startPane(t, 80, 24, t.TempDir(), nil, "play", "watchtower", "--seed", "7", "--speed", "0")
	p.wait("Watchtower", "▸ place")
	p.keys("?")
	s := p.wait("Keys at the table", "│ move through the legal actions")
	if strings.Contains(s, "| key |") || strings.Contains(s, "---|") {
		t.Fatalf("the help shows Markdown syntax:\n%s", s)
	}
	s = p.pageUntil("PgDn", "How to win: build a watchtower", 10)
	if strings.Contains(s, "**") {
		t.Fatalf("emphasis shown as asterisks:\n%s", s)
	}
	p.pageUntil("PgDn", "2. Draw: one card", 10)
	p.pageUntil("PgDn", "The full rules, with every decision", 20)
	p.keys("Escape")
	p.wait("▸ place")
}
