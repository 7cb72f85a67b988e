package tui

import (
	"strings"
	"testing"
)

// helpText is the whole help screen's text, scrolled through.
func helpText(h *harness) string {
	var b strings.Builder
	for i := 0; i < 200; i++ {
		b.WriteString(h.screen())
		if h.m.help.vp.AtBottom() {
			break
		}
		h.key("pgdown")
	}
	return b.String()
}

// The help renders its Markdown: tables drawn as tables, numbered steps,
// emphasis without its asterisks; no Markdown syntax is left on screen.
func TestHelpRendersMarkdown(t *testing.T) {
	h := newHarness(t, "regicide", nil, 7, "human")
	h.size(80, 24)
	h.key("?")
	s := helpText(h)
	for _, want := range []string{"Keys at the table", "│ play the highlighted action", "1. Play or yield", "4. Suffer"} {
		if !strings.Contains(s, want) {
			t.Errorf("the help lacks %q:\n%s", want, s)
		}
	}
	for _, raw := range []string{"| --- |", "**", "| key |", "- Card values"} {
		if strings.Contains(s, raw) {
			t.Errorf("the help shows Markdown syntax %q:\n%s", raw, s)
		}
	}
	for _, line := range strings.Split(h.screen(), "\n") {
		if w := len([]rune(line)); w > 80 {
			t.Fatalf("a help line of %d cells on an 80-cell terminal: %q", w, line)
		}
	}
}

// Watchtower's help is the player's quick reference, not the rules with
// their reasons.
func TestWatchtowerHelpIsTheQuickReference(t *testing.T) {
	h := newHarness(t, "watchtower", nil, 7, "human", "heuristic")
	h.key("?")
	s := helpText(h)
	for _, want := range []string{"quick reference", "How to win:", "fortress", "challenge 2 Q 1", "cardtable rules watchtower"} {
		if !strings.Contains(s, want) {
			t.Errorf("the help lacks %q:\n%s", want, s)
		}
	}
	for _, rationale := range []string{"Why:", "WT-2", "The text:"} {
		if strings.Contains(s, rationale) {
			t.Errorf("the help carries the design rationale (%q):\n%s", rationale, s)
		}
	}
}
