package tui

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"cardtable/engine"
	"cardtable/i18n"

	"cardtable/games/war"
)

// slapClock times a person's slap in a Slap War window with the program's
// own clock, from the moment the slap card is put on screen (the update
// that shows it; the frame follows within one refresh). Any slap the
// person gives — the space key, the listed slap, typed "slap" — is sent as
// slap@MS with the measured milliseconds; no key within the window is a
// pass.
type slapClock struct {
	active   bool
	seat     int
	windowMS int
	shownAt  time.Time
	gen      int
}

// slapTimeoutMsg closes a person's slap window.
type slapTimeoutMsg struct{ gen int }

// slapTickMsg redraws an open slap window's countdown.
type slapTickMsg struct{ gen int }

// slapTick is how often the countdown is redrawn.
const slapTick = 100 * time.Millisecond

// start runs the clock when seat is asked in an open slap window.
func (c *slapClock) start(m *Model, seat int) tea.Cmd {
	c.gen++
	c.active = false
	v, ok := m.t.View(seat).(*war.View)
	if !ok || v.Slap == nil {
		return nil
	}
	c.active, c.seat, c.windowMS, c.shownAt = true, seat, v.Slap.WindowMS, time.Now()
	return tea.Batch(
		m.after(time.Duration(c.windowMS)*time.Millisecond, slapTimeoutMsg{gen: c.gen}),
		m.after(slapTick, slapTickMsg{gen: c.gen}))
}

// left is what remains of the window now.
func (c *slapClock) left() time.Duration {
	return max(0, time.Duration(c.windowMS)*time.Millisecond-time.Since(c.shownAt))
}

// countdown is the window's header: the key, the time left and a bar of
// ten cells that empties as the window runs out.
func (c *slapClock) countdown(w *i18n.Printer) string {
	left, window := c.left(), time.Duration(c.windowMS)*time.Millisecond
	cells := 0
	if window > 0 {
		cells = int((10*left + window - 1) / window)
	}
	bar := strings.Repeat("▰", cells) + strings.Repeat("▱", 10-cells)
	return " " + w.T("tui.war.slap-countdown", engine.TextArg("seconds", fmt.Sprintf("%.1f", left.Seconds())), engine.TextArg("bar", bar)) + " "
}

// slapTicked redraws the countdown (the frame follows every update) and
// asks for the next tick while the window is open.
func (m *Model) slapTicked(msg slapTickMsg) tea.Cmd {
	if msg.gen != m.slap.gen || !m.slap.active {
		return nil
	}
	return m.after(slapTick, slapTickMsg{gen: m.slap.gen})
}

// stop ends the clock (the person answered).
func (c *slapClock) stop() {
	c.active = false
	c.gen++
}

// timed writes a slap as slap@MS measured now; a slap after the window
// has closed is a pass. Other actions are left as they are.
func (c *slapClock) timed(text string) string {
	if !c.active || !strings.HasPrefix(strings.ToLower(strings.TrimSpace(text)), "slap") {
		return text
	}
	ms := int(time.Since(c.shownAt).Milliseconds())
	if ms >= c.windowMS {
		return "pass"
	}
	return fmt.Sprintf("slap@%d", ms)
}

// slapTimeout passes for a person who let the window close.
func (m *Model) slapTimeout(msg slapTimeoutMsg) tea.Cmd {
	if msg.gen != m.slap.gen || !m.slap.active {
		return nil
	}
	m.slap.stop()
	return m.submit("pass")
}
