package tui

import (
	tea "charm.land/bubbletea/v2"

	"cardtable/record"
)

// mayResign reports whether the person asked now may resign: a two-seat
// War or Watchtower game (with more seats a resigning seat would need a bot
// to play on, and Regicide is played together).
func (m *Model) mayResign() bool {
	return m.mode == modePlay && m.win != nil && m.win.asking >= 0 && !m.t.Over() && m.t.ZeroSum() && m.t.NumSeats() == 2
}

// resign ends the game with the person asked resigning: the other seat
// wins, the record says so (its ending), and the end screen shows it.
func (m *Model) resign() tea.Cmd {
	seat := m.win.asking
	if err := m.t.Conclude(record.Ending{By: record.EndResigned, Seat: &seat}); err != nil {
		return m.fail(err)
	}
	m.win = nil
	return m.finish()
}
