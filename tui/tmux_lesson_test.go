package tui

import (
	"strings"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/tutorial"
)

// flat is a screen's text with its lines and runs of spaces made one
// space, so a sentence the panel wrapped reads whole (a word wrapped at
// its hyphen, as Armenian's "3-րդ", joined again).
func flat(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "-\n", "-")), " ")
}

// waitFlat polls the pane until every sentence shows (wrapped or not),
// and returns the screen.
func (p *pane) waitFlat(sentences ...string) string {
	p.t.Helper()
	end := time.Now().Add(deadline)
	for {
		s := p.capture()
		missing := ""
		for _, want := range sentences {
			if !strings.Contains(flat(s), flat(want)) {
				missing = want
				break
			}
		}
		if missing == "" {
			return s
		}
		if time.Now().After(end) {
			p.t.Fatalf("the screen never showed %q:\n%s", missing, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// wrongFirst is a move each lesson's first step does not take, and the
// explanation it brings (the step's own words for it, when it has them).
var wrongFirst = map[string]string{"watchtower": "done", "regicide": "yield", "war": "slap", "slap-war": "slap"}

// wrongIllegal says which of those the game itself refuses (
// a slap in plain War); the others are legal moves the
// lesson does not take.
var wrongIllegal = map[string]bool{"war": true}

// TestTmuxLessons plays every lesson in every language in a real
// terminal, as a learner would: at each of the learner's steps the panel
// names the step and the move asked for and shows the step's words; the
// first step is first answered wrong, which is explained and not played;
// the learner then types the lesson's move; the lesson ends with its
// closing words ("you know enough to play").
func TestTmuxLessons(t *testing.T) {
	for _, l := range i18n.Languages() {
		w := i18n.For(l.Code)
		t.Run(l.Code, func(t *testing.T) {
			for _, s := range tutorial.All() {
				t.Run(s.Name, func(t *testing.T) {
					t.Parallel()
					playLesson(t, w, s, 100, 40, true)
				})
			}
		})
	}
}

// playLesson plays lesson s through in a w×h pane in w's language. With
// whole, every word the lesson says at each step must show; otherwise
// the last (the one asking for the move), and the help shows them all.
func playLesson(t *testing.T, w *i18n.Printer, s *tutorial.Script, width, height int, whole bool) {
	p := startPane(t, width, height, t.TempDir(), nil, "learn", s.Name, "--speed", "0", "--lang", w.Language().Code)
	title := w.T(s.Title)
	wrongTried := false
	for i, step := range s.Steps {
		if step.Seat != s.Learner {
			continue
		}
		pos := s.At(s.Version(i))
		head := w.T("tui.lesson.step", engine.NumArg("n", pos.Step+1), engine.NumArg("of", pos.Steps)) + " · " +
			w.T("tui.lesson.expect", engine.TextArg("move", glyphs(step.Do)))
		says := []string{title, head}
		for _, id := range pos.Say {
			says = append(says, w.T(id))
		}
		if !whole {
			says = says[:3]
			says[2] = w.T(step.Say[len(step.Say)-1])
		}
		p.waitFlat(says...)
		if !wrongTried {
			wrongTried = true
			p.text(wrongFirst[s.Name])
			p.keys("Enter")
			explained := w.T("tutorial.wrong.other", engine.TextArg("move", glyphs(step.Do)))
			if wrongIllegal[s.Name] {
				explained = w.T("tutorial.wrong.illegal", engine.TextArg("move", glyphs(step.Do)))
			}
			want := []string{head, explained}
			if step.Wrong != "" {
				want = append(want, w.T(step.Wrong))
			}
			p.waitFlat(want...)
		}
		p.text(step.Do)
		p.keys("Enter")
	}
	end := []string{w.T("tui.lesson.complete")}
	for _, id := range s.End {
		end = append(end, w.T(id))
	}
	if !whole {
		end = []string{end[0], end[len(end)-1]}
	}
	p.waitFlat(end...)
}

// TestTmuxLessonsSmallest plays every lesson on the smallest terminal the
// table draws on: each step's words that ask for the move still show.
func TestTmuxLessonsSmallest(t *testing.T) {
	w := i18n.For("en")
	for _, s := range tutorial.All() {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			playLesson(t, w, s, MinWidth, MinHeight, false)
		})
	}
}
