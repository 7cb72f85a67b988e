package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// bellWait is how long a person must have waited for their move to be
// rung for it: not each trick against a bot, which answers at once.
const bellWait = 2 * time.Second

// bell rings the terminal's bell (cardtable play --bell) as seat, a
// person, is asked for a move after waiting bellWait or more since they
// last answered (or since the game began) — unless auto-flip answers for
// them.
func (m *Model) bell(seat int) tea.Cmd {
	if !m.cfg.Bell || m.auto.on {
		return nil
	}
	since, ok := m.answeredAt[seat]
	if !ok {
		since = m.began
	}
	if m.clock.time.Now().Sub(since) < bellWait {
		return nil
	}
	return tea.Raw("\a")
}

// answered notes when seat, a person, answered.
func (m *Model) answered(seat int) {
	if m.answeredAt == nil {
		m.answeredAt = map[int]time.Time{}
	}
	m.answeredAt[seat] = m.clock.time.Now()
}
