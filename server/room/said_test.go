package room_test

import (
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/i18n"
)

// said checks that a table event's message m says what its English text
// says, seats named by names, and that every other language writes it
// whole in its own words (no id, no placeholder, not the English).
func said(t *testing.T, what, text string, m *engine.Msg, names ...string) {
	t.Helper()
	if m == nil || m.IsZero() {
		t.Errorf("%s %q: no message", what, text)
		return
	}
	who := func(seat int) string {
		if seat >= 0 && seat < len(names) {
			return names[seat]
		}
		return ""
	}
	if got := i18n.English.WithSeats(who).Say(*m); got != text {
		t.Errorf("%s: the message %s reads %q in English, the text %q", what, m.ID, got, text)
	}
	for _, l := range i18n.Languages()[1:] {
		got := i18n.For(l.Code).WithSeats(who).Say(*m)
		if got == text || strings.Contains(got, "table.event") || strings.Contains(got, "{{") {
			t.Errorf("%s in %s reads %q", what, l.Code, got)
		}
	}
}
