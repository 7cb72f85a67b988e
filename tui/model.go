package tui

import (
	"context"
	"errors"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/table"
)

// MinWidth and MinHeight are the smallest terminal the table draws on;
// below it the screen says how large it needs to be.
const (
	MinWidth  = 80
	MinHeight = 24
)

// mode is the screen under any overlay.
type mode int

const (
	modePlay   mode = iota // the table: the board, the log, the actions
	modePass               // hot-seat: "pass to <name>", nothing private shown
	modeEnd                // the game is over (or stopped): the result
	modeReview             // stepping through a finished record
)

// overlay is a screen drawn instead of the mode's, over it.
type overlay int

const (
	overlayNone overlay = iota
	overlayHelp
	overlayQuit
	overlaySave
)

// Model is the terminal table: one game, the people at this terminal and
// the players of the other seats. It owns the Table; bots and programs
// think in commands off the UI goroutine and their moves land in Update.
type Model struct {
	ctx     context.Context
	cfg     Config
	t       *table.Table
	ui      gameUI
	players []table.Player
	labels  []string
	persons []int
	// options are the game's resolved options, by key.
	options map[string]string

	width, height int
	mode          mode
	overlay       overlay

	// display is the seat whose view is on screen (engine.Spectator when
	// nobody at this terminal plays).
	display   int
	passTo    int
	win       *window
	pick      picker
	status    string
	statusErr bool

	log []logEntry
	// lastPublic is the public view after the last action, for notes.
	lastPublic engine.View
	steps      stepper
	slap       slapClock
	refusals   map[int]int

	failure error
	ended   bool
	saved   string
	// savedAt is the table's version when it was saved.
	savedAt int
	save    saveDialog
	help    helpScreen
	review  *reviewer
	quit    bool
	// fast drops the pause before bots' moves (f while waiting).
	fast bool
	// auto is War's auto-flip.
	auto autoPlay
	// began and answeredAt are when the game began here and when each
	// person last answered, by the table's clock (bell.go).
	began      time.Time
	answeredAt map[int]time.Time
	// clock is the live clock (--clock), if any.
	clock liveClock

	// after sends msg once d has passed (tea.Tick; tests fire timers by
	// hand).
	after func(d time.Duration, msg tea.Msg) tea.Cmd
	// words speak the reader's language (cfg.Lang).
	words *i18n.Printer
	// lesson is the tutorial played (nil: a plain game).
	lesson *lesson
}

// say writes message id with args in the table's language.
func (m *Model) say(id string, args ...engine.Arg) string { return m.words.T(id, args...) }

// refusal is a refused answer as the person reads it: the engine's (or
// the table's) reason in the table's language when it says one as a
// message (engine.Said), else its sentence.
func (m *Model) refusal(err error) string { return m.teller().refusal(err) }

// refusal says err in t's language when it carries a message (an
// engine.Said, a table.Error's Said), else as its English text.
func (t teller) refusal(err error) string {
	if msg, ok := engine.SaidOf(err); ok {
		return t.saying(msg)
	}
	var te *table.Error
	if errors.As(err, &te) && !te.Said.IsZero() {
		return t.saying(te.Said)
	}
	return err.Error()
}

// teller tells the table's events with its seats' labels.
func (m *Model) teller() teller { return teller{words: m.words, labels: m.labels} }

func tick(d time.Duration, msg tea.Msg) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return msg })
}

// logEntry is one applied action as each seat may know it.
type logEntry struct {
	actor   int
	byBot   bool
	version int
	// seen[i] is seat i's text of the action; public the spectator's.
	seen   []string
	public string
	events []string
	// note sums up what the action finished (War: the trick).
	note string
}

// text is the entry as viewer may read it.
func (e logEntry) text(viewer int) string {
	if viewer >= 0 && viewer < len(e.seen) {
		return e.seen[viewer]
	}
	return e.public
}

// newModel builds the model of cfg (checked by Run).
func newModel(ctx context.Context, cfg Config) *Model {
	m := &Model{ctx: ctx, cfg: cfg, width: MinWidth, height: MinHeight, display: engine.Spectator,
		passTo: -1, refusals: map[int]int{}, after: tick, words: i18n.For(cfg.Lang)}
	if cfg.Review != nil && cfg.Table == nil {
		m.mode = modeReview
		return m
	}
	m.t = cfg.Table
	m.ui = uiFor(m.t.Game().Name())
	m.lesson = newLesson(cfg)
	m.players = cfg.Players
	if len(m.players) == 0 {
		m.players = make([]table.Player, m.t.NumSeats())
	}
	for i, p := range m.players {
		if p == nil {
			m.persons = append(m.persons, i)
		}
	}
	m.labels = seatLabels(m.words, m.t.Seats(), m.players, len(m.persons))
	m.lessonLabels()
	m.lastPublic = m.t.View(engine.Spectator)
	m.clock = newLiveClock(cfg, m.t.NumSeats())
	m.began = m.clock.time.Now()
	m.options = m.t.Hello(engine.Spectator).Options
	// One person sees their seat from the start; with several, the screen
	// shows the public view until it is handed to the first one asked.
	if len(m.persons) == 1 {
		m.display = m.persons[0]
	}
	m.pick = newPicker(m.words)
	m.pick.explain = func(a string) string {
		if _, war := m.ui.(warUI); war && strings.HasPrefix(a, "slap") && !m.slap.active {
			return m.say("tui.war.false-slap")
		}
		return m.ui.explain(m.teller(), a)
	}
	return m
}

// seatLabels names each seat for people in w's language: its name, and
// what plays it.
func seatLabels(w *i18n.Printer, seats []table.SeatInfo, players []table.Player, persons int) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		name := seatName(w, s, i)
		who := engine.TextArg("name", name)
		switch {
		case players[i] == nil && persons == 1:
			name = w.T("tui.seat.you", who)
		case players[i] != nil && s.Kind == table.KindProgram:
			name = w.T("tui.seat.program", who)
		case players[i] != nil && s.Bot != "":
			name = w.T("tui.seat.bot", who, engine.TextArg("bot", s.Bot))
		case players[i] != nil:
			name = w.T("tui.seat.program", who)
		}
		out[i] = name
	}
	return out
}

// Init tells every player the game starts and opens the first turn.
func (m *Model) Init() tea.Cmd {
	if m.mode == modeReview {
		return tea.RequestBackgroundColor
	}
	for seat, p := range m.players {
		if p != nil {
			if err := p.Tell(m.t.Hello(seat)); err != nil {
				return m.fail(&table.SeatError{Seat: seat, Err: err})
			}
		}
	}
	if n := m.t.Version(); n > 0 {
		m.setStatus(m.say("tui.status.resumed", engine.CountArg(n)), false)
		m.logPast()
	}
	return tea.Batch(tea.RequestBackgroundColor, m.pick.focus(), m.advance())
}

// Update is the Elm update: every key, tick and landed move goes here.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.help.resize(m.width, m.height)
		return m, nil
	case tea.BackgroundColorMsg:
		m.help.light = !msg.IsDark()
		m.help.resize(m.width, m.height)
		return m, nil
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case moveMsg:
		return m, m.landed(msg)
	case slapTimeoutMsg:
		return m, m.slapTimeout(msg)
	case slapTickMsg:
		return m, m.slapTicked(msg)
	case clockTickMsg:
		return m, m.clockTicked(msg)
	case stepMsg:
		return m, m.step(msg)
	case autoFlipMsg:
		return m, m.autoFlip(msg)
	case analysisMsg:
		return m, m.analysisDone(msg)
	case retryMsg:
		return m, m.retryDone(msg)
	}
	var cmd tea.Cmd
	if m.mode == modePlay && m.overlay == overlayNone {
		m.pick.input, cmd = m.pick.input.Update(msg)
	}
	return m, cmd
}

// View draws the current screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.WindowTitle = "cardtable"
	return v
}

func (m *Model) render() string {
	if m.width < MinWidth || m.height < MinHeight {
		return tooSmall(m.words, m.width, m.height)
	}
	var s string
	switch m.overlay {
	case overlayHelp:
		s = m.help.view(m.width, m.height)
	case overlayQuit:
		s = m.quitView()
	case overlaySave:
		s = m.save.view(m.words, m.width, m.height)
	default:
		switch m.mode {
		case modePass:
			s = m.passView()
		case modeReview:
			s = m.review.view(m.width, m.height)
		default:
			s = m.tableView()
		}
	}
	return clip(fit(s, m.width), m.height)
}

// setStatus shows a sentence in the status line; err marks a refusal.
func (m *Model) setStatus(text string, err bool) {
	m.status, m.statusErr = glyphs(text), err
}

// fail stops the game because a player failed: the record is kept and the
// end screen says what happened.
func (m *Model) fail(err error) tea.Cmd {
	m.failure = err
	m.win = nil
	return m.finish()
}

// finish shows the end screen and tells the players the game is over.
func (m *Model) finish() tea.Cmd {
	m.mode = modeEnd
	m.auto.on = false
	m.auto.gen++
	m.pick.reset(nil)
	if !m.ended && m.t.Over() {
		for seat, p := range m.players {
			if p != nil {
				_ = p.Tell(m.t.End(seat))
			}
		}
	}
	m.ended = true
	return nil
}

// speed is the pause before a bot's move lands.
func (m *Model) speed() time.Duration {
	if m.fast || m.auto.finish {
		return 0
	}
	return max(m.cfg.Speed, 0)
}

// isPerson reports whether seat is played at this terminal.
func (m *Model) isPerson(seat int) bool {
	return seat >= 0 && seat < len(m.players) && m.players[seat] == nil
}

// seatNames are the seats' own names ("seat 2" for one without).
func (m *Model) seatNames() []string {
	var out []string
	for i, s := range m.t.Seats() {
		out = append(out, seatName(m.words, s, i))
	}
	return out
}

// seatName is seat i's name in w's language: the name a person gave, or
// "seat N" for a seat without one (kept as "seat N" in records).
func seatName(w *i18n.Printer, s table.SeatInfo, i int) string {
	if s.Name == "" || s.Name == table.SeatName(i) {
		return w.SeatName(i)
	}
	return s.Name
}

// label names seat for people.
func (m *Model) label(seat int) string {
	if seat >= 0 && seat < len(m.labels) {
		return m.labels[seat]
	}
	return m.words.SeatName(seat)
}
