package tui

import (
	"slices"
	"strings"

	"cardtable/engine"
	"cardtable/games/watchtower"
	"cardtable/i18n"
)

// gameUI is the part of the table that knows one game: how to draw a
// seat's view, whether seats hold cards the others must not see, and
// which windows keep their answers private.
type gameUI interface {
	// board draws the scene's view.
	board(sc scene) string
	// hiddenCards reports whether a seat's screen shows cards another
	// seat may not see (then hot-seat hands the screen over between
	// people).
	hiddenCards() bool
	// privateWindow reports whether, in a simultaneous window at view v,
	// the answers must stay private (each person asked behind the pass
	// screen).
	privateWindow(v engine.View) bool
	// events are the steps an action set off, from the view after it,
	// told by t.
	events(t teller, v engine.View) []string
	// explain says what an action means in words, where its notation is
	// terse ("next 1": who goes next); "" otherwise.
	explain(t teller, action string) string
	// note sums up for the log what the actions between two public views
	// did ("seat 2 took the trick"), "" when the actions say it.
	note(t teller, before, after engine.View) string
	// quiet reports whether an action says nothing worth a log line of
	// its own (War's flips: the trick's note says what they did).
	quiet(action string) bool
}

// teller tells what happens at the table in the reader's language,
// naming seats by their labels ("Ann (you)", "seat 2 (expert)").
type teller struct {
	words  *i18n.Printer
	labels []string
}

// say writes message id with args, its seats named by their labels.
func (t teller) say(id string, args ...engine.Arg) string {
	return t.words.WithSeats(t.label).T(id, args...)
}

// saying writes m, its seats named by their labels.
func (t teller) saying(m engine.Msg) string { return t.words.WithSeats(t.label).Say(m) }

// label names seat (counted from 0).
func (t teller) label(seat int) string {
	if seat >= 0 && seat < len(t.labels) {
		return t.labels[seat]
	}
	return t.words.SeatName(seat)
}

// grouper is a game whose long action lists are grouped by kind, in an
// order that puts the choices that matter most first.
type grouper interface {
	// group names an action's group ("challenge") and its place in the
	// list (lower first).
	group(action string) string
	groupRank(group string) int
}

// groupActions orders legal by group, keeping the engine's order within
// each.
func groupActions(g grouper, legal []string) []string {
	out := slices.Clone(legal)
	slices.SortStableFunc(out, func(a, b string) int {
		return g.groupRank(g.group(a)) - g.groupRank(g.group(b))
	})
	return out
}

// uiFor returns the drawing of the game named name.
func uiFor(name string) gameUI {
	switch name {
	case "war":
		return warUI{}
	case "regicide":
		return regicideUI{}
	case "watchtower":
		return watchtowerUI{}
	}
	return plainUI{}
}

// plainUI draws any game by its view's own text.
type plainUI struct{}

func (plainUI) board(sc scene) string               { return sc.view.String() }
func (plainUI) hiddenCards() bool                   { return true }
func (plainUI) privateWindow(engine.View) bool      { return true }
func (plainUI) events(teller, engine.View) []string { return nil }

// watchtowerEvents are the steps of a Watchtower view's last action, told
// by t from the engine's messages.
func watchtowerEvents(t teller, v engine.View) []string {
	wv, ok := v.(*watchtower.View)
	if !ok || len(wv.EventsI18n) == 0 {
		return nil
	}
	out := make([]string, len(wv.EventsI18n))
	for i, m := range wv.EventsI18n {
		out[i] = t.saying(m)
	}
	return out
}

// section is a labelled line of a board.
func section(label, text string) string {
	return styleLabel.Render(label) + " " + text
}

// joinNonEmpty joins the non-empty parts with sep.
func joinNonEmpty(sep string, parts ...string) string {
	var keep []string
	for _, p := range parts {
		if p != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, sep)
}

func (plainUI) explain(teller, string) string { return "" }

func (plainUI) note(teller, engine.View, engine.View) string { return "" }

func (plainUI) quiet(string) bool { return false }

// noNotes is embedded by games whose actions tell the whole story.
type noNotes struct{}

func (noNotes) note(teller, engine.View, engine.View) string { return "" }

func (noNotes) quiet(string) bool { return false }
