package tui

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"cardtable/engine"
	"cardtable/table"
)

// window is one round of asking: every seat in ToMove answers against the
// same version before any answer is applied, as table.Runner does, so in a
// simultaneous window (a Slap War reveal, Regicide's go-next signals) no
// seat — person, bot or program — answers knowing another's answer.
type window struct {
	version int
	seats   []int
	moves   map[int]table.Move
	// asking is the person being asked now (-1: nobody).
	asking int
	// cancels stop the programs thinking at a clocked table (clock.go).
	cancels map[int]context.CancelCauseFunc
}

func (w *window) answered(seat int) bool {
	_, ok := w.moves[seat]
	return ok
}

func (w *window) complete() bool { return len(w.moves) == len(w.seats) }

// moveMsg is a bot's or program's answer, landed from its command.
type moveMsg struct {
	seat, version int
	move          table.Move
	err           error
	// player is the one asked: a bot that took the seat meanwhile (its
	// time ran out) answers for it instead.
	player table.Player
}

// advance opens the next window, or shows the end when the game is over.
func (m *Model) advance() tea.Cmd {
	if m.t.Over() {
		return m.finish()
	}
	w := &window{version: m.t.Version(), seats: m.t.ToMove(), moves: map[int]table.Move{}, asking: -1}
	m.win = w
	withPerson := slices.ContainsFunc(w.seats, m.isPerson)
	var cmds []tea.Cmd
	for _, seat := range w.seats {
		if m.isPerson(seat) {
			continue
		}
		// A bot answering beside a person answers at once (its answer is
		// hidden until the window closes); alone it pauses so people can
		// follow.
		delay := m.speed()
		if withPerson {
			delay = 0
		}
		cmds = append(cmds, m.actCmd(seat, delay))
	}
	cmds = append(cmds, m.askNext())
	return tea.Batch(cmds...)
}

// actCmd asks seat's player for its move off the UI goroutine. The turn
// is taken now; the table does not change until every answer is in. A
// program's Slap War slap is timed here, from the ask to the answer, as
// table.Runner and the server do: never the time it claims.
func (m *Model) actCmd(seat int, delay time.Duration) tea.Cmd {
	p, turn, ctx, version := m.players[seat], m.t.TurnFor(seat), m.actContext(seat), m.win.version
	slapMS := 0
	if _, bot := p.(*table.BotPlayer); !bot {
		slapMS = m.t.SlapWindowMS(seat)
	}
	return func() tea.Msg {
		if delay > 0 {
			timer := time.NewTimer(delay)
			defer timer.Stop()
			select {
			case <-timer.C:
			case <-ctx.Done():
				return moveMsg{seat: seat, version: version, err: ctx.Err(), player: p}
			}
		}
		asked := time.Now()
		mv, err := p.Act(ctx, turn)
		mv.Action = table.TimedSlap(mv.Action, time.Since(asked), slapMS)
		return moveMsg{seat: seat, version: version, move: mv, err: err, player: p}
	}
}

// landed takes a bot's or program's answer.
func (m *Model) landed(msg moveMsg) tea.Cmd {
	w := m.win
	if w == nil || msg.version != w.version || w.answered(msg.seat) || m.mode == modeEnd || msg.player != m.players[msg.seat] {
		return nil
	}
	if cancel := w.cancels[msg.seat]; cancel != nil {
		cancel(nil)
	}
	if msg.err != nil {
		if errors.Is(msg.err, m.ctx.Err()) && m.ctx.Err() != nil {
			return nil
		}
		return m.fail(&table.SeatError{Seat: msg.seat, Err: msg.err})
	}
	w.moves[msg.seat] = msg.move
	return m.askNext()
}

// askNext asks the next person of the window who has not answered (behind
// the pass screen when privacy needs it), or applies the window once every
// answer is in.
func (m *Model) askNext() tea.Cmd {
	m.clockUpdate() // a seat that answered stops before the window moves on
	cmd := m.askSeat()
	return tea.Batch(cmd, m.clockUpdate()) // and whoever is asked now runs
}

// askSeat is askNext's choice of whom to ask.
func (m *Model) askSeat() tea.Cmd {
	w := m.win
	if w == nil || w.asking >= 0 {
		return nil
	}
	if w.complete() {
		return m.apply()
	}
	for _, seat := range w.seats {
		if !m.isPerson(seat) || w.answered(seat) {
			continue
		}
		if m.needsPass(seat) {
			m.mode, m.passTo = modePass, seat
			return nil
		}
		return m.startAsking(seat)
	}
	return nil
}

// needsPass reports whether the screen must be handed over before seat is
// asked: with several people, when the screen shows another person's
// private cards or the window's answers are private (a slap window).
func (m *Model) needsPass(seat int) bool {
	if len(m.persons) < 2 || seat == m.display && m.mode != modePass {
		return false
	}
	return m.ui.hiddenCards() || len(m.win.seats) > 1 && m.ui.privateWindow(m.t.View(seat))
}

// startAsking puts seat's legal actions on screen.
func (m *Model) startAsking(seat int) tea.Cmd {
	m.mode, m.passTo = modePlay, -1
	m.display = seat
	m.win.asking = seat
	legal := m.t.Legal(seat)
	cmd := m.slap.start(m, seat)
	if m.isWar() {
		legal = warLegal(legal, m.slap.active)
	}
	m.pick.group = nil
	if g, ok := m.ui.(grouper); ok {
		legal = groupActions(g, legal)
		m.pick.group = g.group
	}
	m.pick.reset(legal)
	return tea.Batch(cmd, m.autoNext(), m.bell(seat))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// submit is a person's answer for the seat being asked. A refused answer
// shows the engine's sentence and changes nothing.
func (m *Model) submit(text string) tea.Cmd {
	w := m.win
	if w == nil || w.asking < 0 {
		return nil
	}
	seat := w.asking
	text = m.slap.timed(text)
	if m.judge(seat, w.version, text) {
		return nil
	}
	m.answered(seat)
	m.lessonMoved()
	if len(w.seats) == 1 {
		before := m.t.View(m.display)
		ap, err := m.t.Play(seat, text, w.version)
		if err != nil {
			m.setStatus(m.refusal(err), true)
			return nil
		}
		m.win = nil
		m.slap.stop()
		m.setStatus("", false)
		if err := m.landAction(ap, before); err != nil {
			return m.fail(err)
		}
		stop := m.clockUpdate() // the seat answered: its time stops
		return tea.Batch(stop, m.afterApply())
	}
	canon, err := m.t.Check(seat, text)
	if err != nil {
		m.setStatus(m.refusal(err), true)
		return nil
	}
	m.slap.stop()
	w.moves[seat] = table.Move{Action: canon, Version: w.version}
	w.asking = -1
	m.pick.reset(nil)
	m.setStatus(m.say("tui.status.answered", engine.TextArg("seat", m.label(seat))), false)
	return m.askNext()
}

// apply plays a complete window's answers in seat order. A refused answer
// of a bot or program is told to it and asked again (the window reopens);
// after table.MaxRefusals in a row the game stops.
func (m *Model) apply() tea.Cmd {
	w := m.win
	m.win = nil
	if !m.statusErr {
		m.setStatus("", false)
	}
	before := m.t.View(m.display)
	for _, seat := range w.seats {
		mv := w.moves[seat]
		if mv.Version == w.version {
			mv.Version = m.t.Version()
		}
		ap, err := m.t.Play(seat, mv.Action, mv.Version)
		if err != nil {
			if cmd, stop := m.refused(seat, err); stop {
				return cmd
			}
			break
		}
		m.refusals[seat] = 0
		if err := m.landAction(ap, before); err != nil {
			return m.fail(err)
		}
		if m.t.Over() {
			break
		}
	}
	return m.afterApply()
}

// refused handles a refused answer of seat; stop is true when the game
// must end.
func (m *Model) refused(seat int, err error) (tea.Cmd, bool) {
	if m.isPerson(seat) {
		m.setStatus(m.refusal(err), true)
		return nil, false
	}
	if terr := m.players[seat].Tell(table.ErrorMessage(seat, m.t.Version(), "", err)); terr != nil {
		return m.fail(&table.SeatError{Seat: seat, Err: terr}), true
	}
	m.refusals[seat]++
	if m.refusals[seat] >= table.MaxRefusals {
		return m.fail(&table.SeatError{Seat: seat, Err: fmt.Errorf("%s: %w", m.say("tui.status.refused", engine.CountArg(table.MaxRefusals)), err)}), true
	}
	return nil, false
}

// landAction logs the actions an applied one showed, tells every player
// what it may hear of it and queues the steps it set off for showing one
// at a time over before, the display seat's view from before the action.
// A sealed answer (its window still open) is told to its actor only.
func (m *Model) landAction(ap *table.Applied, before engine.View) error {
	for i, sh := range ap.Shown {
		public := sh.For(engine.Spectator)
		e := logEntry{actor: sh.Seat, byBot: !m.isPerson(sh.Seat), version: m.t.Version() - len(ap.Shown) + i + 1,
			public: public.Action, seen: make([]string, m.t.NumSeats())}
		for seat := range e.seen {
			e.seen[seat] = sh.For(seat).Action
		}
		e.events = m.ui.events(m.teller(), public.View)
		e.note = m.ui.note(m.teller(), m.lastPublic, public.View)
		m.lastPublic = public.View
		m.log = append(m.log, e)
		m.steps.queue(e.events, before)
	}
	for seat, p := range m.players {
		if p == nil {
			continue
		}
		for _, msg := range ap.For(seat, "") {
			if err := p.Tell(msg); err != nil {
				return &table.SeatError{Seat: seat, Err: err}
			}
		}
	}
	return nil
}

// afterApply shows the steps the last actions set off, then goes on.
func (m *Model) afterApply() tea.Cmd {
	if m.steps.active() && m.speed() > 0 && m.mode != modeEnd {
		return m.after(m.speed(), stepMsg{gen: m.steps.gen})
	}
	m.steps.done()
	if m.mode == modeEnd {
		return nil
	}
	return m.advance()
}

// stepMsg shows the next step of the last action.
type stepMsg struct{ gen int }

// stepper shows an action's steps (a battle's flips, a free-for-all, a
// showdown) one at a time: the board keeps its last position until the
// steps are all shown.
type stepper struct {
	// frozen is the board's view from before the steps.
	frozen  engine.View
	pending []string
	shown   int
	gen     int
}

func (s *stepper) queue(events []string, before engine.View) {
	if len(events) > 0 {
		s.pending, s.shown, s.frozen = events, 0, before
	}
}

func (s *stepper) active() bool { return s.shown < len(s.pending) }

func (s *stepper) done() { s.pending, s.shown, s.frozen = nil, 0, nil }

// step shows one more step, or moves on when all are shown.
func (m *Model) step(msg stepMsg) tea.Cmd {
	if msg.gen != m.steps.gen || !m.steps.active() {
		return nil
	}
	m.steps.shown++
	if m.steps.active() {
		return m.after(m.speed(), stepMsg{gen: m.steps.gen})
	}
	m.steps.gen++
	return m.afterApply()
}

// skipSteps shows the rest of the steps at once (a key pressed).
func (m *Model) skipSteps() tea.Cmd {
	if !m.steps.active() {
		return nil
	}
	m.steps.gen++
	m.steps.shown = len(m.steps.pending)
	return m.afterApply()
}
