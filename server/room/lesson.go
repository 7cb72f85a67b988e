package room

import (
	"context"
	"maps"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/server/conn"
	"cardtable/store"
	"cardtable/table"
	"cardtable/tutorial"
)

// A lesson table (docs/tutorials.md) plays a tutorial script: the lesson's
// options, seed and stacked deal, the learner at one seat and the Tutor —
// a seat whose moves are the script's — at the others. Its stored settings
// carry the lesson's name under LessonKey (set only by POST /api/learn:
// the lobby's settings refuse the key), from which a restart rebuilds the
// deal and the Tutor. The room judges the learner's moves against the
// script (a move the lesson does not take is refused with code "lesson"
// and explained), and tells every client where the lesson stands in a
// "lesson" message: on joining, and after every change.

// LessonKey is the stored settings' key naming a table's lesson (set by
// the API's POST /api/learn only: table.ParseSettings refuses it).
const LessonKey = "lesson"

// CodeLesson refuses a learner's move the lesson does not take.
const CodeLesson = "lesson"

// lessonState is a room's lesson: nil script for a plain table.
type lessonState struct {
	script *tutorial.Script
	// seats are the Tutor's seats, by seat.
	seats map[int]*tutorial.Seat
}

// LessonOf returns the lesson a stored table plays (nil for none, or for a
// lesson this build no longer has: the table then plays on as a game).
func LessonOf(hdr store.Table) *tutorial.Script {
	name := hdr.Settings[LessonKey]
	if name == "" {
		return nil
	}
	l, err := tutorial.Lookup(name)
	if err != nil || l.Game != hdr.Game {
		return nil
	}
	return l
}

// GameSettings are a table's stored settings as table.ParseSettings reads
// them: without the lesson's key.
func GameSettings(m map[string]string) map[string]string {
	if _, ok := m[LessonKey]; !ok {
		return m
	}
	out := maps.Clone(m)
	delete(out, LessonKey)
	if len(out) == 0 {
		return nil
	}
	return out
}

// startLesson sets up the room's lesson from its header: the script and
// the Tutor's seats, played by the script (no bot of the registry).
func (r *Room) startLesson() {
	l := LessonOf(r.hdr)
	if l == nil {
		return
	}
	r.lesson.script, r.lesson.seats = l, map[int]*tutorial.Seat{}
	for i, st := range r.hdr.Seats {
		if st.Kind == table.KindBot && st.Bot == tutorial.BotName && i != l.Learner {
			seat, err := l.NewSeat(i)
			if err != nil {
				r.rooms.log.Error("lesson seat not made", "table", r.id, "seat", i, "err", err)
				continue
			}
			r.lesson.seats[i] = seat
			r.bots.seat[i] = scriptedBot{seat: seat}
		}
	}
}

// lessonBot is the bot deciding for seat at version: the Tutor's script
// at a lesson table, else the seat's bot.
func (r *Room) lessonBot(seat, version int) engine.Bot {
	if s, ok := r.lesson.seats[seat]; ok {
		return scriptedBot{seat: s, version: version}
	}
	return r.bots.seat[seat]
}

// scriptedBot plays the Tutor's move at one version.
type scriptedBot struct {
	seat    *tutorial.Seat
	version int
}

// Act implements engine.Bot.
func (b scriptedBot) Act(st engine.State, seat int) engine.Action {
	return b.ActContext(context.Background(), st, seat)
}

// ActContext implements engine.ContextBot: off the script the Tutor's bot
// may search, cut short as any bot.
func (b scriptedBot) ActContext(ctx context.Context, st engine.State, seat int) engine.Action {
	text, _ := b.seat.ActAt(ctx, b.version, st)
	a, err := st.ParseAction(seat, text)
	if err != nil {
		// Never: the script's move was checked legal, the bot's is one.
		return st.Legal(seat, nil)[0]
	}
	return a
}

// lessonMsg is the "lesson" message (docs/protocol.md).
type lessonMsg struct {
	Type    string       `json:"type"`
	Seat    int          `json:"seat"`
	Version int          `json:"version"`
	Lesson  string       `json:"lesson"`
	Title   engine.Msg   `json:"title"`
	Step    int          `json:"step"`
	Steps   int          `json:"steps"`
	Say     []engine.Msg `json:"say"`
	Expect  string       `json:"expect,omitempty"`
	Done    bool         `json:"done"`
	Off     bool         `json:"off"`
	Wrong   *lessonWrong `json:"wrong,omitempty"`
	ID      string       `json:"id,omitempty"`
}

// lessonWrong explains a refused move.
type lessonWrong struct {
	Say    []engine.Msg `json:"say"`
	Expect string       `json:"expect"`
	// Refusal is the game's own reason, when the move was not legal.
	Refusal string `json:"refusal,omitempty"`
}

// lessonMessage is where the lesson stands, for seat.
func (r *Room) lessonMessage(seat int) lessonMsg {
	l := r.lesson.script
	v := r.t.Version()
	pos := l.At(v)
	m := lessonMsg{Type: "lesson", Seat: seat, Version: v, Lesson: l.Name, Title: engine.Say(l.Title),
		Step: pos.Step, Steps: pos.Steps, Say: []engine.Msg{}, Done: pos.Done || r.t.Over()}
	if m.Done {
		pos.Say = l.End
	}
	for _, id := range pos.Say {
		m.Say = append(m.Say, engine.Say(id))
	}
	if seat == l.Learner && r.t.MayAct(seat) && !m.Done {
		m.Expect = pos.Expect
	}
	m.Off = l.Strays(r.t.Record().Actions) >= 0
	return m
}

// sendLesson tells every client where the lesson stands.
func (r *Room) sendLesson() {
	if r.lesson.script == nil {
		return
	}
	r.broadcast(nil, func(seat int) any { return r.lessonMessage(seat) })
}

// lessonJoined tells a client that just joined where the lesson stands.
func (r *Room) lessonJoined(c *conn.Conn) {
	if r.lesson.script != nil {
		r.deliver(c, r.lessonMessage(c.Seat))
	}
}

// judgeLesson checks the learner's move text against the lesson: true
// when the table may take it; otherwise the client is told why (an error
// with code "lesson", then a lesson message with the explanation) and
// nothing changes.
func (r *Room) judgeLesson(c *conn.Conn, id, text string) bool {
	l := r.lesson.script
	if l == nil || c.Seat != l.Learner || l.Strays(r.t.Record().Actions) >= 0 {
		return true
	}
	err := l.Judge(r.t.StateFor(c.Seat), r.t.Version(), text)
	w, ok := err.(*tutorial.Wrong)
	if err == nil || !ok {
		return true
	}
	m := r.lessonMessage(c.Seat)
	m.ID = id
	m.Wrong = &lessonWrong{Say: w.Say, Expect: w.Expect}
	if w.Refusal != nil {
		m.Wrong.Refusal = w.Refusal.Error()
	}
	english := i18n.English.Say(w.Say[0])
	r.refuse(c, id, table.Sayf(CodeLesson, w.Say[0], "%s", english))
	r.deliver(c, m)
	return false
}
