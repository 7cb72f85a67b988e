package tui

import (
	"errors"
	"strings"

	"charm.land/lipgloss/v2"

	"cardtable/engine"
	"cardtable/tutorial"
)

// lesson is a tutorial played at the table (Config.Lesson, cardtable
// learn): the learner's moves are judged against the script before the
// table sees them, and a panel under the board says what the lesson says
// at this moment. No rule lives here: the script plays on the real table,
// and its scripted seats are ordinary players (tutorial.Seat).
type lesson struct {
	script *tutorial.Script
	// wrong explains the learner's last move the lesson did not take,
	// until the next move is played.
	wrong *tutorial.Wrong
	// read is set once the learner moved after the lesson's end: its
	// closing words fold to one line.
	read bool
}

// newLesson is the lesson of cfg (nil for a plain game).
func newLesson(cfg Config) *lesson {
	if cfg.Lesson == nil {
		return nil
	}
	return &lesson{script: cfg.Lesson}
}

// lessonLabels name the Tutor's seats by their names alone (not as a
// bot: the Tutor plays the lesson).
func (m *Model) lessonLabels() {
	if m.lesson == nil {
		return
	}
	for i, s := range m.t.Seats() {
		if i != m.lesson.script.Learner && s.Bot == tutorial.BotName {
			m.labels[i] = seatName(m.words, s, i)
		}
	}
}

// judge checks the learner's move text at version against the lesson.
// It returns true when the move must not be played: the panel explains
// what the lesson asks for instead, and the typed text is cleared for the
// next try (a slap window the learner let close is such a move: the
// lesson waits for its slap). Other seats and a finished lesson play as
// in any game; as every move of the learner's is judged, the table never
// leaves the lesson's path.
func (m *Model) judge(seat, version int, text string) bool {
	l := m.lesson
	if l == nil || seat != l.script.Learner {
		return false
	}
	if version >= len(l.script.Steps) {
		l.read = true
		return false
	}
	err := l.script.Judge(m.t.StateFor(seat), version, text)
	var w *tutorial.Wrong
	if !errors.As(err, &w) {
		l.wrong = nil
		return false
	}
	l.wrong = w
	m.pick.input.SetValue("")
	m.setStatus("", false)
	if w.Refusal != nil {
		m.setStatus(m.refusal(w.Refusal), true)
	}
	return true
}

// wrongLines are the explanation of the refused move, its first line
// naming the move the lesson asks for (cards with their suits' symbols).
func (m *Model) wrongLines() []string {
	w := m.lesson.wrong
	first := "tutorial.wrong.other"
	if w.Refusal != nil {
		first = "tutorial.wrong.illegal"
	}
	out := []string{m.say(first, engine.TextArg("move", glyphs(w.Expect)))}
	for _, msg := range w.Say[1:] {
		out = append(out, m.words.Say(msg))
	}
	return out
}

// lessonLines are the panel's head and what the lesson says now.
func (m *Model) lessonLines() (head string, say []string) {
	l := m.lesson
	pos := l.script.At(m.t.Version())
	title := m.say(l.script.Title)
	switch {
	case pos.Done && l.read:
		return title + " · " + m.say("tui.lesson.complete"), nil
	case pos.Done:
		head = title + " · " + m.say("tui.lesson.complete")
	default:
		head = title + " · " + m.say("tui.lesson.step", engine.NumArg("n", pos.Step+1), engine.NumArg("of", pos.Steps))
		if pos.Expect != "" && m.win != nil && m.win.asking == l.script.Learner {
			head += " · " + m.say("tui.lesson.expect", engine.TextArg("move", glyphs(pos.Expect)))
		}
	}
	for _, id := range pos.Say {
		say = append(say, m.say(id))
	}
	return head, say
}

// lessonView is the lesson's panel, width cells wide and at most rows
// lines: the head, the lesson's words, then a refused move's explanation.
// Words that do not fit keep their end (the move asked for, the
// explanation); the help (?) shows them whole.
func (m *Model) lessonView(width, rows int) string {
	if m.lesson == nil || rows <= 0 {
		return ""
	}
	head, say := m.lessonLines()
	wrap := lipgloss.NewStyle().Width(width)
	var body []string
	for _, s := range say {
		body = append(body, strings.Split(wrap.Render(s), "\n")...)
	}
	if m.lesson.wrong != nil && m.win != nil && m.win.asking == m.lesson.script.Learner {
		for _, s := range m.wrongLines() {
			body = append(body, strings.Split(styleStatusErr.Render(wrap.Render(s)), "\n")...)
		}
	}
	headLine := styleTitle.Render(head)
	if len(body) > rows-1 {
		keep := max(rows-1, 0)
		body = body[len(body)-keep:]
		headLine += styleKeys.Render("  " + m.say("tui.lesson.more"))
	}
	return strings.Join(append([]string{fit(headLine, width)}, body...), "\n")
}

// lessonHelp is the lesson's words for the help screen (Markdown), ""
// outside a lesson.
func (m *Model) lessonHelp() string {
	if m.lesson == nil {
		return ""
	}
	head, say := m.lessonLines()
	return "## " + head + "\n\n" + strings.Join(say, "\n\n") + "\n\n"
}

// lessonMoved clears a refused move's explanation once a move lands.
func (m *Model) lessonMoved() {
	if m.lesson != nil {
		m.lesson.wrong = nil
	}
}
