package tui

import (
	"context"
	"fmt"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games/war"
	"cardtable/record"
	"cardtable/table"
)

// liveClock is the terminal table's clock (cardtable play --clock): every
// seat not played by a bot — a person here, a program — is timed as
// table.Runner times it (a move runs from when the seat is asked until it
// answers; docs/protocol.md, "Clocks"), the header counts the running
// seats' time down, and a seat whose time runs out meets the table's
// rule: at two-seat War or Watchtower with --on-timeout lose it loses,
// otherwise the game's default bot plays on for it. A Slap War window
// keeps its own time (slap.go) and runs no clock.
type liveClock struct {
	c        *table.Clock
	settings table.Settings
	time     table.Time
	gen      int
}

// clockTickMsg redraws the countdown and looks for a deadline passed.
type clockTickMsg struct{ gen int }

// clockTick is how often the countdown is redrawn.
const clockTick = time.Second

// newLiveClock is the clock of cfg's table (nil c: none).
func newLiveClock(cfg Config, seats int) liveClock {
	lc := liveClock{c: table.NewClock(cfg.Settings, seats), settings: cfg.Settings, time: cfg.Time}
	if lc.time == nil {
		lc.time = table.SystemTime{}
	}
	return lc
}

// clockRunning lists the seats whose time runs: those of the open window
// played by no bot that have not answered.
func (m *Model) clockRunning() []int {
	w := m.win
	if w == nil || m.t.Over() || m.slapWindow() {
		return nil
	}
	var out []int
	for _, s := range w.seats {
		if _, bot := m.players[s].(*table.BotPlayer); !bot && !w.answered(s) {
			out = append(out, s)
		}
	}
	return out
}

// slapWindow reports whether the open window is a Slap War reveal.
func (m *Model) slapWindow() bool {
	if len(m.win.seats) == 0 {
		return false
	}
	v, ok := m.t.View(m.win.seats[0]).(*war.View)
	return ok && v.Slap != nil
}

// clockUpdate tells the clock who runs now (the window changed: opened,
// answered, applied) and asks for the next tick while anyone runs.
func (m *Model) clockUpdate() tea.Cmd {
	c := m.clock.c
	if c == nil {
		return nil
	}
	now := m.clock.time.Now()
	c.Start(now, nil)
	c.Run(now, m.clockRunning(), -1)
	m.clock.gen++
	return m.clockNext(now)
}

// clockNext is the next tick: in a second, or at the next deadline if
// sooner.
func (m *Model) clockNext(now time.Time) tea.Cmd {
	next, ok := m.clock.c.Next()
	if !ok {
		return nil
	}
	return m.after(max(0, min(clockTick, next.Sub(now))), clockTickMsg{gen: m.clock.gen})
}

// clockTicked times out every running seat whose deadline has passed,
// then asks for the next tick (the frame follows every update).
func (m *Model) clockTicked(msg clockTickMsg) tea.Cmd {
	if msg.gen != m.clock.gen || m.clock.c == nil || m.mode == modeEnd {
		return nil
	}
	now := m.clock.time.Now()
	for _, s := range m.clock.c.Expired(now) {
		if m.win != nil && slices.Contains(m.clockRunning(), s) {
			return m.timeOut(s)
		}
	}
	return m.clockNext(now)
}

// timeOut applies the table's rule to seat, whose time ran out (see
// liveClock).
func (m *Model) timeOut(seat int) tea.Cmd {
	w := m.win
	// Its move ends at its deadline; the others' go on (their deadlines
	// may have passed too: the next tick, at once, times them out).
	at, _ := m.clock.c.Deadline(seat)
	others := slices.DeleteFunc(m.clockRunning(), func(s int) bool { return s == seat })
	m.clock.c.Run(at, others, -1)
	if w.asking == seat {
		w.asking = -1
		m.slap.stop()
		m.pick.reset(nil)
	}
	if m.mode == modePass && m.passTo == seat {
		m.mode, m.passTo = modePlay, -1
	}
	if cancel := w.cancels[seat]; cancel != nil {
		// A program still thinking is stopped: its Act, in flight on
		// another goroutine, ends with this cause, tells the program its
		// time ran out (the `timeout` error, as cardtable play's runner
		// does) and closes it.
		cancel(table.ErrTimeRanOut)
	}
	name := m.t.Seats()[seat].Name
	if name == "" {
		name = m.words.SeatName(seat)
	}
	if m.clock.settings.Timeout == table.TimeoutLose && m.t.ZeroSum() && m.t.NumSeats() == 2 {
		if err := m.t.Conclude(record.Ending{By: record.EndTimeout, Seat: &seat}); err != nil {
			return m.fail(err)
		}
		m.win = nil
		m.setStatus(m.say("table.end.timeout", engine.TextArg("seat", name)), true)
		return m.finish()
	}
	spec, err := bots.ParseSpec(bots.Default(m.t.Game().Name()))
	if err != nil {
		return m.fail(err)
	}
	bot, err := table.NewBot(m.t, spec, m.cfg.Seed, seat)
	if err != nil {
		return m.fail(fmt.Errorf("%s: %w", m.say("tui.clock.no-bot", engine.TextArg("seat", name)), err))
	}
	m.players[seat] = bot
	info := m.t.Seats()[seat]
	info.Kind, info.Bot = table.KindBot, spec.String()
	if err := m.t.SetSeat(seat, info); err != nil {
		return m.fail(err)
	}
	persons := len(m.persons)
	m.persons = slices.DeleteFunc(m.persons, func(s int) bool { return s == seat })
	m.labels = seatLabels(m.words, m.t.Seats(), m.players, persons)
	m.setStatus(m.say("tui.clock.bot-plays-on", engine.TextArg("seat", name), engine.TextArg("bot", spec.Name)), true)
	return tea.Batch(m.actCmd(seat, 0), m.askNext())
}

// clockView is the header's clock: each running seat's time left
// ("ann (you) 0:27").
func (m *Model) clockView() string {
	c := m.clock.c
	if c == nil || m.t.Over() || m.mode == modeEnd {
		return ""
	}
	now := m.clock.time.Now()
	out := ""
	for s := range m.t.NumSeats() {
		if !c.Running(s) {
			continue
		}
		if out != "" {
			out += ", "
		}
		out += m.label(s) + " " + clockText(c.Left(s, now))
	}
	if out == "" {
		return ""
	}
	return m.say("tui.clock", engine.TextArg("clocks", out))
}

// clockText is a time left as m:ss (h:mm:ss from an hour), rounded up
// so 0:00 means the time is out.
func clockText(d time.Duration) string {
	s := int((d + time.Second - 1) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// actContext is the context a seat's player thinks in: at a clocked
// table a program's is cancelled when its time runs out (timeOut).
func (m *Model) actContext(seat int) context.Context {
	if m.clock.c == nil || m.win == nil {
		return m.ctx
	}
	if _, bot := m.players[seat].(*table.BotPlayer); bot {
		return m.ctx
	}
	ctx, cancel := context.WithCancelCause(m.ctx)
	if m.win.cancels == nil {
		m.win.cancels = map[int]context.CancelCauseFunc{}
	}
	m.win.cancels[seat] = cancel
	return ctx
}
