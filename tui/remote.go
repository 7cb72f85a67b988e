package tui

import (
	"context"
	"errors"
	"io"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/table"
)

// A RemoteTable is one seat of a game a server runs (cardtable play
// regicide --daily --server URL): the screen shows what the server sends
// the seat and sends the seat's moves. Nothing else of the game is on
// this side, so the screen cannot show more than the seat's view.
type RemoteTable interface {
	// Next waits for the server's next message to the seat.
	Next(ctx context.Context) (table.Message, error)
	// Play sends the seat's action, chosen at version.
	Play(ctx context.Context, action string, version int) error
	// Hint asks for the forecast of action at version; the answer is a
	// hint message (id "hint"), or an error with that id.
	Hint(ctx context.Context, action string, version int) error
}

// RemoteConfig is a server's game played in the terminal.
type RemoteConfig struct {
	// Game draws the board (its views are the server's).
	Game engine.Game
	// Title heads the screen ("Daily deal of 2026-12-02, counted").
	Title string
	Table RemoteTable
	// In and Out are the terminal (nil: the process's own).
	In  io.Reader
	Out io.Writer
	// Lang is the language the screen speaks (empty: English).
	Lang string
}

// RunRemote plays cfg's seat until the game ends and the person quits, or
// the person quits early (the server keeps the game). It returns the end
// message (nil when the game did not end on screen) and the connection's
// failure, if any.
func RunRemote(ctx context.Context, cfg RemoteConfig) (*table.Message, error) {
	if cfg.Table == nil || cfg.Game == nil {
		return nil, errors.New("tui: no remote table to play")
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	m := newRemote(ctx, cfg)
	opts := []tea.ProgramOption{tea.WithContext(ctx)}
	if cfg.In != nil {
		opts = append(opts, tea.WithInput(cfg.In))
	}
	if cfg.Out != nil {
		opts = append(opts, tea.WithOutput(cfg.Out))
	}
	_, err := tea.NewProgram(m, opts...).Run()
	if errors.Is(err, tea.ErrProgramKilled) && m.quit {
		err = nil
	}
	if err == nil {
		err = m.failure
	}
	return m.end, err
}

func newRemote(ctx context.Context, cfg RemoteConfig) *remoteModel {
	m := &remoteModel{ctx: ctx, cfg: cfg, ui: uiFor(cfg.Game.Name()), words: i18n.For(cfg.Lang)}
	m.pick = newPicker(m.words)
	m.pick.explain = func(a string) string { return m.ui.explain(m.teller(), a) }
	return m
}

// remoteModel is the screen of a remote seat.
type remoteModel struct {
	ctx context.Context
	cfg RemoteConfig
	ui  gameUI

	options map[string]string
	// seat and labels are the seat played here and every seat's name,
	// from the hello.
	seat   int
	labels []string
	view   engine.View
	// turn is the seat's last turn; asking says it is open (not while the
	// seat waits for the server, or for its move's answer). The picker
	// offers its legal moves as the table screen does.
	turn   *table.Message
	asking bool
	pick   picker
	// hints are the forecasts the server gave for the turn's moves;
	// hinting is the one asked and not yet answered (one at a time, so
	// moving through the list sends no burst of requests).
	hints   map[string]string
	hinting string
	log     []string
	notice  string
	end     *table.Message
	// failure is the connection's end before the game's.
	failure       error
	width, height int
	quit          bool
	// words speak the reader's language.
	words *i18n.Printer
}

// say writes message id with args in the screen's language.
func (m *remoteModel) say(id string, args ...engine.Arg) string {
	return m.teller().say(id, args...)
}

// teller tells the game with the seats as the screen names them.
func (m *remoteModel) teller() teller { return teller{words: m.words, labels: m.seatLabels()} }

// hintText is a forecast the server sent, in the screen's language: the
// whole line, or only what the action does (the action is on the line
// already).
func (m *remoteModel) hintText(msg table.Message, whole bool) string {
	switch {
	case msg.HintI18n.IsZero() && whole:
		return msg.Hint
	case msg.HintI18n.IsZero():
		return glyphs(strings.TrimPrefix(msg.Hint, msg.Action+": "))
	case whole:
		return m.teller().saying(msg.HintI18n)
	}
	return glyphs(m.words.WithSeats(m.teller().label).SayArg(msg.HintI18n, "parts"))
}

// remoteMsg is the server's next message (or the connection's end).
type remoteMsg struct {
	msg table.Message
	err error
}

// sentMsg is the answer to sending a move.
type sentMsg struct{ err error }

func (m *remoteModel) next() tea.Cmd {
	return func() tea.Msg {
		msg, err := m.cfg.Table.Next(m.ctx)
		return remoteMsg{msg, err}
	}
}

func (m *remoteModel) Init() tea.Cmd { return tea.Batch(m.pick.focus(), m.next()) }

func (m *remoteModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case remoteMsg:
		if msg.err != nil {
			if m.ctx.Err() == nil {
				m.failure = msg.err
			}
			m.asking = false
			return m, nil
		}
		return m, m.take(msg.msg)
	case sentMsg:
		if msg.err != nil {
			m.failure = msg.err
		}
	}
	return m, nil
}

// askHint asks the server for the highlighted move's forecast unless it
// is known or a request is out.
func (m *remoteModel) askHint() tea.Cmd {
	choice := m.pick.choice()
	if !m.asking || m.hinting != "" || choice == "" || !slices.Contains(m.turn.Legal, choice) {
		return nil
	}
	if _, ok := m.hints[choice]; ok {
		return nil
	}
	m.hinting = choice
	version := m.turn.Version
	return func() tea.Msg { return sentMsg{m.cfg.Table.Hint(m.ctx, choice, version)} }
}

// take shows one server message and waits for the next (none after the
// end).
func (m *remoteModel) take(msg table.Message) tea.Cmd {
	if msg.View != nil {
		m.view = msg.View
	}
	switch msg.Type {
	case table.TypeHello:
		m.options, m.seat, m.labels = msg.Options, msg.Seat, nil
		for _, st := range msg.Seats {
			m.labels = append(m.labels, st.Name)
		}
	case table.TypeTurn:
		m.turn, m.notice, m.hints = &msg, "", map[string]string{}
		m.offer()
		return tea.Batch(m.next(), m.askHint())
	case table.TypeHint:
		if m.hints != nil {
			m.hints[msg.Action] = m.hintText(msg, true)
		}
		m.hinting = ""
		return tea.Batch(m.next(), m.askHint())
	case table.TypeEvent:
		line := glyphs(msg.Action)
		if msg.Actor != nil && *msg.Actor == msg.Seat {
			line = m.say("tui.remote.you", engine.TextArg("action", line))
		}
		if msg.Hint != "" || !msg.HintI18n.IsZero() {
			line += " — " + m.hintText(msg, false)
		}
		m.log = append(m.log, line)
		m.asking = false
	case table.TypeError:
		if msg.ID == "hint" { // a refused hint leaves the turn standing
			m.hinting = ""
			return m.next()
		}
		m.notice = msg.Text
		if msg.Code != table.CodeStale && m.turn != nil {
			m.asking = true // the turn stands; a stale one comes again
		}
	case table.TypeEnd:
		m.end, m.asking = &msg, false
		return nil
	}
	return m.next()
}

// offer opens the turn: its legal moves in the picker, grouped as the
// table screen groups them.
func (m *remoteModel) offer() {
	legal := m.turn.Legal
	m.pick.group = nil
	if g, ok := m.ui.(grouper); ok {
		legal = groupActions(g, legal)
		m.pick.group = g.group
	}
	m.pick.reset(legal)
	m.asking = len(legal) > 0
}

// key: q (with nothing typed), esc (with nothing typed) or ctrl+c quits;
// while the turn is open, the table screen's picker keys choose and enter
// sends.
func (m *remoteModel) key(k tea.KeyPressMsg) tea.Cmd {
	cmd := m.press(k)
	if m.quit {
		return cmd
	}
	return tea.Batch(cmd, m.askHint())
}

func (m *remoteModel) press(k tea.KeyPressMsg) tea.Cmd {
	empty := m.pick.typed() == ""
	switch k.String() {
	case "ctrl+z":
		return tea.Suspend
	case "ctrl+c":
		m.quit = true
		return tea.Quit
	case "q", "esc":
		if empty || !m.asking {
			m.quit = true
			return tea.Quit
		}
		if k.String() == "esc" {
			m.pick.input.SetValue("")
			return nil
		}
	}
	if !m.asking {
		return nil
	}
	if m.pick.navigate(k.String()) {
		return nil
	}
	switch k.String() {
	case "enter":
		action, version := m.pick.choice(), m.turn.Version
		if action == "" {
			return nil
		}
		m.asking, m.notice = false, ""
		return func() tea.Msg { return sentMsg{m.cfg.Table.Play(m.ctx, action, version)} }
	default:
		return m.pick.update(k)
	}
}

func (m *remoteModel) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.WindowTitle = "cardtable " + m.cfg.Title
	return v
}

// render draws the title, the board as the seat sees it, the last moves,
// and the seat's choices, the wait, or the end.
func (m *remoteModel) render() string {
	if m.width > 0 && (m.width < MinWidth || m.height < MinHeight) {
		return m.say("tui.remote.too-small", engine.NumArg("w", MinWidth), engine.NumArg("h", MinHeight), engine.NumArg("width", m.width), engine.NumArg("height", m.height))
	}
	var b strings.Builder
	b.WriteString(styleTitle.Render(m.cfg.Title) + "\n")
	if m.view != nil {
		sc := scene{view: m.view, viewer: m.seat, labels: m.labels, options: m.options, game: m.cfg.Game, lastActor: -1, width: m.width, words: m.words}
		b.WriteString(m.ui.board(sc) + "\n")
	}
	if len(m.log) > 0 {
		b.WriteString(styleLabel.Render(m.say("tui.remote.last-moves")) + "\n")
		for _, line := range m.log[max(0, len(m.log)-3):] {
			if w := m.width - 2; w > 10 && lipgloss.Width(line) > w {
				line = string([]rune(line)[:w-1]) + "…"
			}
			b.WriteString("  " + styleDim.Render(line) + "\n")
		}
	}
	switch {
	case m.end != nil:
		b.WriteString(m.ending())
	case m.failure != nil:
		b.WriteString(styleAlert.Render(m.say("tui.remote.ended", engine.TextArg("error", m.failure.Error()))) + "\n" + styleKeys.Render(m.say("tui.keys.quit")))
	case m.asking:
		b.WriteString(m.choices(lipgloss.Height(b.String())))
	default:
		b.WriteString(styleDim.Render(m.say("tui.remote.waiting")) + "\n" + styleKeys.Render(m.say("tui.remote.quit-kept")))
	}
	if m.notice != "" {
		b.WriteString("\n" + styleAlert.Render(m.notice))
	}
	return b.String()
}

// choices is the picker below the top lines, as many rows as fit.
func (m *remoteModel) choices(top int) string {
	rows := 10
	if m.height > 0 {
		rows = max(m.height-top-2, 3)
	}
	width := m.width
	if width == 0 {
		width = MinWidth
	}
	head := styleTitle.Render(m.say("tui.remote.your-move"))
	if hint := m.hints[m.pick.choice()]; hint != "" {
		head += " " + styleForecast.Render(m.say("tui.forecast")+" ") + prettyAction(hint)
	}
	return lipgloss.NewStyle().Width(width).Render(head) + "\n" + m.pick.view(width, rows-lipgloss.Height(head)+1) + "\n" +
		styleKeys.Render(m.say("tui.remote.keys"))
}

func (m *remoteModel) ending() string {
	res := m.end.Result
	if res == nil {
		return styleKeys.Render(m.say("tui.remote.over"))
	}
	tag, st := m.say("tui.remote.lost"), styleLoss
	for _, w := range res.Winners {
		if w == m.end.Seat {
			tag, st = m.say("tui.remote.won"), styleWin
		}
	}
	detail := res.Detail
	if !res.DetailI18n.IsZero() {
		detail = m.teller().saying(res.DetailI18n)
	}
	return st.Render(" "+tag+" ") + " " + detail + "\n" + styleKeys.Render(m.say("tui.keys.quit"))
}

// seatLabels are the seats as the engine's texts are read here, as the
// terminal table writes them: each its name (else "seat N"), this
// terminal's marked "(you)".
func (m *remoteModel) seatLabels() []string {
	labels := make([]string, len(m.labels))
	for i, name := range m.labels {
		if name == "" || name == table.SeatName(i) {
			name = m.words.SeatName(i)
		}
		if i == m.seat {
			name = m.words.T("tui.seat.you", engine.TextArg("name", name))
		}
		labels[i] = name
	}
	return labels
}
