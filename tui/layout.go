package tui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"cardtable/engine"
	"cardtable/i18n"
)

// scene is what a game's board is drawn from: one seat's view and the
// public facts around it. Boards read nothing else.
type scene struct {
	view    engine.View
	viewer  int
	labels  []string
	options map[string]string
	game    engine.Game
	// lastActor is the seat whose move landed last (-1: none), for the
	// highlight.
	lastActor int
	width     int
	// words writes the scene's sentences in the reader's language (nil:
	// English).
	words *i18n.Printer
}

// say writes message id with args in the scene's language, its seats
// named by their labels.
func (sc scene) say(id string, args ...engine.Arg) string {
	return sc.printer().WithSeats(sc.label).T(id, args...)
}

// printer is the scene's language (English when none was set).
func (sc scene) printer() *i18n.Printer {
	if sc.words == nil {
		return i18n.English
	}
	return sc.words
}

// number writes n in the scene's language.
func (sc scene) number(n int) string { return sc.printer().Number(n) }

// label names seat for people.
func (sc scene) label(seat int) string {
	if seat >= 0 && seat < len(sc.labels) {
		return sc.labels[seat]
	}
	return sc.printer().SeatName(seat)
}

// seatName marks the viewer's own seat and the one that moved last.
func (sc scene) seatName(seat int) string {
	name := sc.label(seat)
	switch {
	case seat == sc.lastActor:
		return styleHighlight.Render("▶ " + name)
	case seat == sc.viewer:
		return styleTitle.Render(name)
	}
	return name
}

// wideLayout is the width from which the log sits beside the board.
const wideLayout = 118

// columns are the widths of the actions' column (the board's too, in the
// wide layout) and of the log's; wide reports whether the log sits beside
// the board over the whole height.
func (m *Model) columns() (leftW, logW int, wide bool) {
	w := m.width
	if w >= wideLayout {
		logW = min(max(w/3, 38), 60)
		return w - logW - 1, logW, true
	}
	logW = max(36, w-60)
	return w - logW - 1, logW, false
}

// tableView draws the table: header, board, actions, log, forecast,
// status and keys.
func (m *Model) tableView() string {
	w, h := m.width, m.height
	footer := m.footer()
	body := h - 1 - lipgloss.Height(footer)
	leftW, logW, wide := m.columns()
	if wide {
		board := m.board(leftW)
		if m.mode == modeEnd {
			board = m.resultView(leftW) + "\n" + board
		}
		boardLines := min(lipgloss.Height(board), body-5)
		left := clip(fit(board, leftW), boardLines) + "\n" + m.underBoard(leftW, body-boardLines-1)
		right := m.logView(logW, body)
		return m.header() + "\n" + joinColumns(left, leftW, right, logW, body) + "\n" + footer
	}
	board := m.board(w)
	// The rows kept under the board: the actions and the log (at the end
	// only "game over" and its keys, so the board keeps every seat).
	under := 7
	if m.mode == modeEnd {
		board = m.resultView(w) + "\n" + board
		under = 3
	}
	boardLines := min(lipgloss.Height(board), body-under)
	rows := body - boardLines
	panel := m.lessonView(w, m.lessonRows(rows))
	if panel != "" {
		rows -= lipgloss.Height(panel)
		panel += "\n"
	}
	bottom := joinColumns(m.actionsView(leftW, rows), leftW, m.logView(logW, rows), logW, rows)
	return m.header() + "\n" + clip(fit(board, w), boardLines) + "\n" + panel + bottom + "\n" + footer
}

// underBoard is the wide layout's column under the board, rows lines:
// the lesson's panel (in a lesson), then the actions.
func (m *Model) underBoard(width, rows int) string {
	panel := m.lessonView(width, m.lessonRows(rows))
	if panel == "" {
		return m.actionsView(width, rows)
	}
	return panel + "\n" + m.actionsView(width, rows-lipgloss.Height(panel))
}

// lessonRows is how many of rows the lesson's panel may take: the
// actions keep at least four (the lesson names the move to type).
func (m *Model) lessonRows(rows int) int {
	return max(rows-4, 2)
}

// joinColumns sets two blocks side by side, each cut to its width and
// rows.
func joinColumns(left string, lw int, right string, rw, rows int) string {
	l := lipgloss.NewStyle().Width(lw).Height(rows).MaxHeight(rows).Render(clip(fit(left, lw), rows))
	r := lipgloss.NewStyle().Width(rw).Height(rows).MaxHeight(rows).Render(clip(fit(right, rw), rows))
	return lipgloss.JoinHorizontal(lipgloss.Top, l, " ", r)
}

func (m *Model) header() string {
	g := m.t.Game()
	parts := []string{styleTitle.Render(m.words.Game(g.Name()))}
	if m.cfg.Title != "" {
		parts = append(parts, styleTitle.Render(m.cfg.Title))
	}
	if m.display >= 0 {
		parts = append(parts, m.say("tui.header.you", engine.TextArg("seat", m.label(m.display))))
	} else {
		parts = append(parts, m.say("tui.header.watching"))
	}
	switch {
	case m.t.Over():
		parts = append(parts, m.say("tui.header.over"))
	case m.steps.active():
		parts = append(parts, m.say("tui.header.showing"))
	case m.win != nil && m.win.asking >= 0:
		parts = append(parts, styleHighlight.Render(m.say("tui.header.your-move")))
	default:
		var who []string
		for _, s := range m.t.ToMove() {
			who = append(who, m.label(s))
		}
		parts = append(parts, m.say("tui.header.to-move", engine.TextArg("seats", strings.Join(who, ", "))))
	}
	parts = append(parts, m.say("tui.header.move", engine.NumArg("n", m.t.Version()+1)))
	if c := m.clockView(); c != "" {
		parts = append(parts, styleHighlight.Render(c))
	}
	return strings.Join(parts, styleDim.Render(" · "))
}

// board is the game's drawing of the display seat's view, width cells
// wide: a line longer than that wraps under itself rather than lose its
// end. While a battle's steps are being shown it keeps the position from
// before them.
func (m *Model) board(width int) string {
	v := m.t.View(m.display)
	if m.steps.active() && m.steps.frozen != nil {
		v = m.steps.frozen
	}
	// Once the game is over nobody is marked as the last to move: in War
	// the mark fell on a seat written "out".
	last := -1
	if n := len(m.log); n > 0 && m.log[n-1].byBot && m.mode != modeEnd {
		last = m.log[n-1].actor
	}
	sc := scene{view: v, viewer: m.display, labels: m.labels, options: m.options,
		game: m.t.Game(), lastActor: last, width: width, words: m.words}
	out := wrapBoard(m.ui.board(sc), width)
	if m.steps.active() {
		out += "\n" + wrapBoard(m.stepsView(), width)
	}
	return out
}

// wrapBoard wraps every line of a board longer than width at word
// boundaries, its continuation indented four cells past the line's own
// indent, so that nothing is cut.
func wrapBoard(board string, width int) string {
	lines := strings.Split(board, "\n")
	var out []string
	for _, l := range lines {
		if ansi.StringWidth(l) <= width {
			out = append(out, l)
			continue
		}
		stripped := ansi.Strip(l)
		indent := len(stripped) - len(strings.TrimLeft(stripped, " ")) + 4
		indent = min(indent, width/3)
		first := strings.Split(ansi.Wrap(l, width, ""), "\n")
		out = append(out, first[0])
		rest := strings.TrimLeft(strings.Join(first[1:], " "), " ")
		for _, r := range strings.Split(ansi.Wrap(rest, width-indent, ""), "\n") {
			out = append(out, strings.Repeat(" ", indent)+strings.TrimLeft(r, " "))
		}
	}
	return strings.Join(out, "\n")
}

// stepsView lists the steps shown so far of the action being shown.
func (m *Model) stepsView() string {
	var b strings.Builder
	b.WriteString(styleAlert.Render(" "+m.say("tui.steps.title")+" ") + styleKeys.Render("  "+m.say("tui.steps.keys")))
	for _, e := range m.steps.pending[:m.steps.shown+1] {
		b.WriteString("\n  " + prettyAction(e))
	}
	return b.String()
}

// actionsView is the person's choice, or who the table waits for.
func (m *Model) actionsView(width, rows int) string {
	if m.mode == modeEnd {
		// The keys are the footer's (tui.keys.end), said once.
		return styleTitle.Render(m.say("tui.actions.over"))
	}
	if m.win != nil && m.win.asking >= 0 {
		head := styleLabel.Render(m.say("tui.actions.your-move", engine.TextArg("seat", m.label(m.win.asking))))
		if a := m.autoLabel(); a != "" {
			head += styleHighlight.Render("  " + a)
		}
		if m.slap.active {
			head = styleAlert.Render(m.slap.countdown(m.words)) + styleKeys.Render(" "+m.say("tui.war.else-pass"))
		}
		return head + "\n" + m.pick.view(width, rows-1)
	}
	if m.steps.active() {
		return styleDim.Render(m.say("tui.actions.showing"))
	}
	var who []string
	for _, s := range m.t.ToMove() {
		if m.win == nil || !m.win.answered(s) {
			who = append(who, m.label(s))
		}
	}
	out := styleDim.Render(m.say("tui.actions.waiting", engine.TextArg("seats", strings.Join(who, ", "))))
	if n := len(m.log); n > 0 {
		e := m.log[n-1]
		out = styleHighlight.Render("▶ "+m.label(e.actor)+": ") + prettyAction(e.text(m.display)) + "\n" + out
	}
	return out
}

// logView is the latest public events, newest last, as the display seat
// may know them; the last move of a bot is highlighted.
func (m *Model) logView(width, rows int) string {
	rows--
	// Walk back from the newest entry until the rows are full; long lines
	// wrap (indented) rather than lose their end.
	wrap := lipgloss.NewStyle().Width(width - 4)
	var lines []string
	for i := len(m.log) - 1; i >= 0 && len(lines) < rows; i-- {
		lines = append(wrapLines(wrap, m.logLines(i)), lines...)
	}
	if len(lines) > rows {
		lines = lines[len(lines)-rows:]
	}
	return styleLabel.Render(m.say("tui.log")) + "\n" + fit(strings.Join(lines, "\n"), width)
}

// logLines are log entry i's lines: the action, its note, its steps (as
// far as they have been shown).
func (m *Model) logLines(i int) []string {
	e := m.log[i]
	var lines []string
	text := e.text(m.display)
	quiet := m.ui.quiet(text)
	evs := e.events
	if i == len(m.log)-1 && m.steps.active() {
		evs = evs[:m.steps.shown+1]
	}
	if !quiet {
		line := m.label(e.actor) + ": " + prettyAction(text)
		// The game's own sentence for the action ("seat 1 places J♣")
		// stands for it, rather than under it ("place J♣").
		if len(evs) > 0 && strings.HasPrefix(evs[0], m.label(e.actor)+" ") {
			line, evs = prettyAction(evs[0]), evs[1:]
		}
		if i == len(m.log)-1 && e.byBot {
			line = styleHighlight.Render("▶ ") + line
		}
		lines = append(lines, line)
	}
	switch {
	case e.note == "":
	case quiet:
		// The note stands for the action (War's trick).
		lines = append(lines, prettyAction(e.note))
	default:
		// What the action set off, a step a line.
		for _, part := range strings.Split(e.note, "; ") {
			lines = append(lines, styleDim.Render("  · ")+prettyAction(part))
		}
	}
	for _, ev := range evs {
		lines = append(lines, styleDim.Render("  · ")+prettyAction(ev))
	}
	return lines
}

func wrapLines(wrap lipgloss.Style, lines []string) []string {
	var out []string
	for _, l := range lines {
		for j, part := range strings.Split(wrap.Render(l), "\n") {
			if j > 0 {
				part = "    " + part
			}
			out = append(out, strings.TrimRight(part, " "))
		}
	}
	return out
}

// footer is the forecast, the status line and the keys.
func (m *Model) footer() string {
	forecast := ""
	if m.win != nil && m.win.asking >= 0 {
		if hint, err := m.t.Hint(m.win.asking, m.pick.choice()); err == nil && !hint.IsZero() {
			forecast = lipgloss.NewStyle().Width(m.width).Render(styleForecast.Render(m.say("tui.forecast")+" ") + prettyAction(m.teller().saying(hint)))
			forecast = clip(forecast, 2)
		}
	}
	status := ""
	if m.status != "" {
		st := styleStatusOK
		if m.statusErr {
			st = styleStatusErr
		}
		status = st.Render(m.status)
	}
	keys := styleKeys.Render(m.say("tui.keys.play"))
	switch {
	case m.pick.group != nil && m.win != nil && m.win.asking >= 0:
		keys = styleKeys.Render(m.say("tui.keys.grouped"))
	case m.isWar() && m.mode != modeEnd && !m.slap.active:
		keys = styleKeys.Render(m.say("tui.keys.war", engine.TextArg("action", m.pick.choice()), engine.TextArg("war", m.warKeysHint())))
	case m.mode == modeEnd:
		keys = styleKeys.Render(m.say("tui.keys.end"))
	case m.win == nil || m.win.asking < 0:
		fast := m.say("tui.keys.fast")
		if m.fast {
			fast = m.say("tui.keys.slow")
		}
		keys = styleKeys.Render(m.say("tui.keys.waiting", engine.TextArg("fast", fast)))
	}
	return forecast + "\n" + status + "\n" + keys
}

// resultView is the end: who won and how in a sentence with names, the
// game's numbers, styled as a win or a loss for the people here.
func (m *Model) resultView(width int) string {
	wrap := lipgloss.NewStyle().Width(width)
	if m.failure != nil {
		return wrap.Render(styleStatusErr.Render(m.say("tui.result.stopped", engine.TextArg("error", glyphs(m.failure.Error()))))) + "\n" + styleKeys.Render(m.say("tui.result.kept"))
	}
	res := m.t.Result()
	if !res.Over {
		return ""
	}
	e := endTeller{words: m.words, labels: m.labels, own: m.seatNames(), you: -1, persons: m.persons}
	if len(m.persons) == 1 {
		e.you = m.persons[0]
	}
	return e.tell(res, m.lastPublic).render(width)
}
