package tui

import (
	"strings"
	"testing"

	"cardtable/table"
	"cardtable/tutorial"
)

// lessonHarness seats the learner at this terminal and the Tutor at every
// other seat of lesson name.
func lessonHarness(t *testing.T, name string) (*harness, *tutorial.Script) {
	t.Helper()
	l, err := tutorial.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := l.NewTable("")
	if err != nil {
		t.Fatal(err)
	}
	ps := make([]table.Player, tb.NumSeats())
	for i := range ps {
		if i != l.Learner {
			if ps[i], err = l.NewSeat(i); err != nil {
				t.Fatal(err)
			}
		}
	}
	return startHarness(t, Config{Table: tb, Players: ps, Lesson: l}), l
}

// wantFlat fails unless every sentence shows on h's screen, wrapped or
// not.
func wantFlat(h *harness, sentences ...string) {
	h.t.Helper()
	s := h.screen()
	for _, want := range sentences {
		if !strings.Contains(flat(s), flat(want)) {
			h.t.Fatalf("screen lacks %q:\n%s", want, s)
		}
	}
}

// A move the lesson does not take is explained and changes nothing: the
// table keeps its version and record; the lesson's move then plays and
// the explanation goes.
func TestLessonWrongMoveChangesNothing(t *testing.T) {
	h, l := lessonHarness(t, "watchtower")
	before := h.m.t.Record()
	h.play("done")
	if h.m.t.Version() != 0 || len(h.m.t.Record().Actions) != len(before.Actions) {
		t.Fatalf("a wrong move reached the table: version %d", h.m.t.Version())
	}
	wantFlat(h, "Not that one: this lesson asks for place 9♥ here.", h.m.say(l.Steps[0].Wrong))
	if h.m.pick.typed() != "" {
		t.Errorf("the wrong move is left typed: %q", h.m.pick.typed())
	}
	h.play("place 9h")
	if h.m.t.Version() != 1 {
		t.Fatalf("the lesson's move did not play: version %d", h.m.t.Version())
	}
	if s := h.screen(); strings.Contains(s, "Not that one") {
		t.Errorf("the explanation stays after the right move:\n%s", s)
	}
	wantFlat(h, "step 2 of 23 · your move: burn K", h.m.say("tutorial.watchtower.burn"))
}

// On the smallest terminal the panel keeps the words that ask for the
// move and says the help has them all; the help has every word.
func TestLessonHelpHasAllTheWords(t *testing.T) {
	h, l := lessonHarness(t, "regicide")
	h.size(MinWidth, MinHeight)
	wantFlat(h, h.m.say("tui.lesson.more"))
	h.key("?")
	s := flat(helpText(h))
	for _, id := range l.At(0).Say {
		if !strings.Contains(s, flat(h.m.say(id))) {
			t.Errorf("the help lacks %s:\n%s", id, s)
		}
	}
}

// A slap window the learner lets close is a pass the lesson does not
// take: it waits, explains, and the slap then plays.
func TestLessonSlapWindowClosedWaits(t *testing.T) {
	h, l := lessonHarness(t, "slap-war")
	h.play("flip")
	h.play("flip")
	if !h.m.slap.active {
		t.Fatalf("no slap window open at version %d:\n%s", h.m.t.Version(), h.screen())
	}
	v := h.m.t.Version()
	h.fire()
	if h.m.t.Version() != v || h.asking() != l.Learner {
		t.Fatalf("the closed window played (version %d → %d, asking %d)", v, h.m.t.Version(), h.asking())
	}
	wantFlat(h, "Not that one: this lesson asks for slap here.", h.m.say("tutorial.slap-war.slap.wrong"))
	h.play("slap")
	wantFlat(h, h.m.say("tutorial.slap-war.won"), h.m.say("tui.lesson.complete"))
}

// The help (?) is the game's player's guide: its goal, key terms and
// worked example, no rule IDs.
func TestHelpIsThePlayersGuide(t *testing.T) {
	h := newHarness(t, "war", nil, 7, "human", "heuristic")
	h.key("?")
	s := flat(helpText(h))
	for _, want := range []string{"War: a player's guide", "The goal.", "Key terms", "A worked example: a war, from the lesson", "You: 7♥ ░░ ░░ ░░ Q♠"} {
		if !strings.Contains(s, want) {
			t.Errorf("the help lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "WAR-") {
		t.Errorf("the help shows rule IDs:\n%s", s)
	}
}
