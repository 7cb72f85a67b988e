package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"cardtable/engine"
	"cardtable/games"
	"cardtable/i18n"
	"cardtable/record"
	"cardtable/table"
)

// reviewer steps through a record, one action at a time, showing a seat's
// view (or the public one) after each.
type reviewer struct {
	game    engine.Game
	ui      gameUI
	labels  []string
	options map[string]string
	frames  []frame
	at      int
	// viewer is the seat whose view is shown (engine.Spectator: public).
	viewer  int
	result  engine.Result
	fromEnd bool
	// analysis is the game's analysis, on request (analysis.go).
	analysis analysisPane
	// words speak the reader's language.
	words *i18n.Printer
}

// say writes message id with args in the review's language, its seats
// named by their labels.
func (r *reviewer) say(id string, args ...engine.Arg) string {
	return r.teller().say(id, args...)
}

// teller tells the game's events with its seats' labels.
func (r *reviewer) teller() teller { return teller{words: r.words, labels: r.labels} }

// frame is the table after one action: its actor and, per viewer (index
// seat+1, 0 the public), the action as known and the view.
type frame struct {
	actor  int
	action []string
	views  []engine.View
}

// newReviewer replays rec and keeps every position; w speaks the
// reader's language.
func newReviewer(rec *record.Record, w *i18n.Printer) (*reviewer, error) {
	g, err := games.Lookup(rec.Game)
	if err != nil {
		return nil, fmt.Errorf("record: game: %w", err)
	}
	start := *rec
	start.Actions, start.Result = nil, nil
	t, err := table.Resume(g, &start, nil)
	if err != nil {
		return nil, err
	}
	n := t.NumSeats()
	r := &reviewer{game: g, ui: uiFor(g.Name()), options: t.Hello(engine.Spectator).Options, viewer: engine.Spectator, words: w}
	for i, s := range t.Seats() {
		name := seatName(w, s, i)
		if s.Bot != "" {
			name = w.T("tui.seat.bot", engine.TextArg("name", name), engine.TextArg("bot", s.Bot))
		}
		r.labels = append(r.labels, name)
	}
	first := frame{actor: -1, action: make([]string, n+1), views: make([]engine.View, n+1)}
	for v := -1; v < n; v++ {
		first.views[v+1] = t.View(v)
	}
	r.frames = append(r.frames, first)
	for i, a := range rec.Actions {
		ap, err := t.Play(a.Seat, a.Action, t.Version())
		if err != nil {
			return nil, fmt.Errorf("record: action %d (%s: %q): %v", i+1, table.SeatName(a.Seat), a.Action, err)
		}
		// A simultaneous window's answers come as one, when it closes.
		for _, sh := range ap.Shown {
			f := frame{actor: sh.Seat, action: make([]string, n+1), views: make([]engine.View, n+1)}
			for v := -1; v < n; v++ {
				msg := sh.For(v)
				f.action[v+1], f.views[v+1] = msg.Action, msg.View
			}
			r.frames = append(r.frames, f)
		}
	}
	r.result = t.Result()
	r.viewer = onlyPerson(t.Seats())
	r.analysis.rec = rec
	r.analysis.words = w
	return r, nil
}

// logPast fills the log of a resumed game with the actions before it, as
// each seat may know them.
func (m *Model) logPast() {
	r, err := newReviewer(m.t.Record(), m.words)
	if err != nil {
		return
	}
	for i, f := range r.frames[1:] {
		e := logEntry{actor: f.actor, byBot: !m.isPerson(f.actor), version: i + 1,
			public: f.action[0], seen: f.action[1:], note: m.ui.note(m.teller(), r.frames[i].views[0], f.views[0]),
			events: m.ui.events(m.teller(), f.views[0])}
		m.log = append(m.log, e)
	}
}

// startReview steps through rec; fromEnd returns to the end screen on q.
func (m *Model) startReview(rec *record.Record, fromEnd bool) error {
	r, err := newReviewer(rec, m.words)
	if err != nil {
		m.setStatus(m.say("tui.review.cannot", engine.TextArg("error", err.Error())), true)
		return err
	}
	r.fromEnd = fromEnd
	if a := m.cfg.Analysis; a != nil && !fromEnd {
		if err := a.Of(rec); err != nil {
			return err
		}
		r.analysis.doc = a
	}
	if fromEnd {
		// The game just played: its seats named as the table named them
		// ("seat 1 (you)"), not as a stranger's record.
		r.at = len(r.frames) - 1
		r.viewer = m.display
		r.labels = m.labels
	}
	m.review = r
	m.mode = modeReview
	return nil
}

func (m *Model) reviewKey(k tea.KeyPressMsg) tea.Cmd {
	r := m.review
	if r.analysis.retry != nil {
		return m.retryKey(k.String())
	}
	last := len(r.frames) - 1
	switch k.String() {
	case "right", "l", "space":
		r.at = min(r.at+1, last)
	case "left", "h":
		r.at = max(r.at-1, 0)
	case "pgdown":
		r.at = min(r.at+10, last)
	case "pgup":
		r.at = max(r.at-10, 0)
	case "home":
		r.at = 0
	case "end":
		r.at = last
	case "tab":
		r.viewer++
		if r.viewer >= len(r.labels) {
			r.viewer = engine.Spectator
		}
	case "a", "[", "]", "t":
		return m.analysisKey(k.String())
	case "?":
		m.showHelp(helpReview)
	case "q", "esc":
		if r.fromEnd {
			m.mode = modeEnd
			return nil
		}
		m.quit = true
		return tea.Quit
	}
	return nil
}

func (r *reviewer) view(w, h int) string {
	if r.analysis.retry != nil {
		return r.retryView(w, h)
	}
	f := r.frames[r.at]
	who := r.say("tui.review.everyone")
	if r.viewer >= 0 {
		who = r.labels[r.viewer]
	}
	head := styleTitle.Render(r.say("tui.review.title", engine.TextArg("game", r.words.Game(r.game.Name())))) + styleDim.Render(" · ") +
		r.say("tui.review.action-of", engine.NumArg("n", r.at), engine.NumArg("of", len(r.frames)-1)) + styleDim.Render(" · ") +
		r.say("tui.review.view-of", engine.TextArg("who", who))
	last := -1
	if r.at > 0 {
		last = f.actor
	}
	sc := scene{view: f.views[r.viewer+1], viewer: r.viewer, labels: r.labels, options: r.options, game: r.game, lastActor: last, width: w, words: r.words}
	board := wrapBoard(r.ui.board(sc), w)
	var lines []string
	from := max(1, r.at-5)
	for i := from; i <= r.at; i++ {
		fr := r.frames[i]
		line := fmt.Sprintf("%3d. %s: %s", i, r.teller().label(fr.actor), prettyAction(fr.action[r.viewer+1]))
		if i == r.at {
			line = styleHighlight.Render(line)
		}
		if note := r.ui.note(r.teller(), r.frames[i-1].views[0], fr.views[0]); note != "" {
			line += styleDim.Render("  → ") + prettyAction(note)
		}
		lines = append(lines, line)
	}
	if r.at == 0 {
		lines = append(lines, styleDim.Render(r.say("tui.review.the-deal")))
	}
	if r.at == len(r.frames)-1 && r.result.Over {
		lines = append(lines, endTeller{words: r.words, labels: r.labels, you: -1}.tell(r.result, r.frames[len(r.frames)-1].views[0]).render(w))
	}
	lines = append(lines, r.analysis.rows(r.at, r.viewer, w)...)
	keys := styleKeys.Render(r.say("tui.review.keys"))
	body := clip(board, h-len(lines)-4)
	return head + "\n" + body + "\n" + styleLabel.Render(strings.Repeat("─", min(w, 60))) + "\n" + strings.Join(lines, "\n") + "\n" + keys
}

// onlyPerson is the seat a review opens on: the one person's at a table
// of one person (a solo game, a game against bots), whose hand they had
// on screen as they played; the public view otherwise (Tab changes it).
func onlyPerson(seats []table.SeatInfo) int {
	person := engine.Spectator
	for i, s := range seats {
		if s.Bot != "" {
			continue
		}
		if person != engine.Spectator {
			return engine.Spectator
		}
		person = i
	}
	return person
}
