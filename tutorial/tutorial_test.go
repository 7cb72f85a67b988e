package tutorial

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"cardtable/i18n"
	"cardtable/table"
)

// TestEveryLessonPlays plays every lesson through the real table, as the
// terminal and the server do: the scripted seats answer through Seat (the
// script's moves), the learner's every step is judged the lesson's, every
// other legal move at that step is judged wrong with the lesson's move and
// words (and changes nothing), and each step is explained when it comes.
func TestEveryLessonPlays(t *testing.T) {
	ctx := context.Background()
	for _, s := range All() {
		t.Run(s.Name, func(t *testing.T) {
			if err := s.Check(); err != nil {
				t.Fatal(err)
			}
			tb, err := s.NewTable("Ann")
			if err != nil {
				t.Fatal(err)
			}
			seats := map[int]*Seat{}
			for i := range tb.NumSeats() {
				if i != s.Learner {
					if seats[i], err = s.NewSeat(i); err != nil {
						t.Fatal(err)
					}
				}
			}
			for i, step := range s.Steps {
				if tb.Accepted() != i {
					t.Fatalf("step %d: the table took %d actions", i, tb.Accepted())
				}
				v := tb.Version()
				if s.Version(i) != v {
					t.Fatalf("step %d: Version says %d, the table is at %d", i, s.Version(i), v)
				}
				pos := s.At(v)
				if step.Seat != s.Learner {
					mv, err := seats[step.Seat].Act(ctx, tb.TurnFor(step.Seat))
					if err != nil || mv.Action != step.Do {
						t.Fatalf("step %d: the scripted seat plays %q (%v), want %q", i, mv.Action, err, step.Do)
					}
					if _, err := tb.Play(step.Seat, mv.Action, mv.Version); err != nil {
						t.Fatalf("step %d: %v", i, err)
					}
					continue
				}
				if pos.Expect != step.Do || !slices.Contains(pos.Say, step.Say[len(step.Say)-1]) {
					t.Fatalf("step %d: the lesson at version %d expects %q saying %v; want %q saying %v", i, v, pos.Expect, pos.Say, step.Do, step.Say)
				}
				judgeEveryMove(t, s, tb, i, step)
				if _, err := tb.Play(step.Seat, step.Do, v); err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
			}
			end := s.At(tb.Version())
			if !end.Done || !slices.Equal(end.Say, s.End) {
				t.Errorf("after the last step the lesson says %v (done %v), want its end %v", end.Say, end.Done, s.End)
			}
			if err := s.Judge(tb.StateFor(s.Learner), tb.Version(), "anything"); err != nil && !tb.Over() {
				t.Errorf("after the last step a move is still judged: %v", err)
			}
		})
	}
}

// judgeEveryMove checks that at step i the lesson takes exactly its move:
// every other legal move, and an illegal one, is explained and changes
// nothing.
func judgeEveryMove(t *testing.T, s *Script, tb *table.Table, i int, step Step) {
	t.Helper()
	v, st := tb.Version(), tb.StateFor(s.Learner)
	before := tb.Record()
	if err := s.Judge(st, v, step.Do); err != nil {
		t.Fatalf("step %d: the lesson's own move %q is judged wrong: %v", i, step.Do, err)
	}
	for _, other := range append(tb.Legal(s.Learner), "burn 2", "nonsense") {
		if SameMove(other, step.Do) {
			continue
		}
		err := s.Judge(st, v, other)
		var w *Wrong
		if !errors.As(err, &w) || w.Expect != step.Do || len(w.Say) == 0 {
			t.Fatalf("step %d: %q is judged %v; want it explained as not the lesson's %q", i, other, err, step.Do)
		}
		if step.Wrong != "" && w.Say[len(w.Say)-1].ID != step.Wrong {
			t.Errorf("step %d: %q is explained by %v, want the step's own %q last", i, other, w.Say, step.Wrong)
		}
		legal := slices.Contains(tb.Legal(s.Learner), other)
		if legal != (w.Refusal == nil) {
			t.Errorf("step %d: %q legal %v, but its refusal is %v", i, other, legal, w.Refusal)
		}
	}
	if after := tb.Record(); len(after.Actions) != len(before.Actions) {
		t.Fatalf("step %d: judging moves changed the table", i)
	}
}

// TestLessonWordsAreInTheCatalogue checks that every message a lesson says
// is in every language's catalogue, and that every message of a lesson's
// own (tutorial.LESSON.…) is said by that lesson.
func TestLessonWordsAreInTheCatalogue(t *testing.T) {
	for _, s := range All() {
		said := map[string]bool{}
		for _, id := range s.Messages() {
			said[id] = true
			for _, l := range i18n.Languages() {
				if _, ok := i18n.Messages(l.Code)[id]; !ok {
					t.Errorf("%s says %q, which the %s catalogue lacks", s.Name, id, l.Code)
				}
			}
		}
		for _, id := range i18n.IDs() {
			if strings.HasPrefix(id, MessagePrefix+s.Name+".") && !said[id] {
				t.Errorf("message %q is said by no step of the %s lesson: remove it or use it", id, s.Name)
			}
		}
	}
}

// TestScriptsRefuseMistakes checks that Parse and Check name what is wrong
// with a broken script.
func TestScriptsRefuseMistakes(t *testing.T) {
	base := `{"name": "x", "game": "watchtower", "title": "tutorial.x", "seed": 1, "deck": "", "learner": 0, "end": ["tutorial.x"], `
	cases := []struct{ script, want string }{
		{base + `"steps": [{"seat": 0, "do": "done", "say": ["tutorial.x"]}], "colour": 1}`, "unknown field"},
		{strings.Replace(base, "watchtower", "chess", 1) + `"steps": [{"seat": 0, "do": "done"}]}`, "unknown game"},
		{strings.Replace(base, `"deck": ""`, `"deck": "9C 9C"`, 1) + `"steps": [{"seat": 0, "do": "done"}]}`, "9C twice"},
		{strings.Replace(base, `"deck": ""`, `"deck": "ZZ"`, 1) + `"steps": [{"seat": 0, "do": "done"}]}`, "deck"},
		{base + `"steps": [{"seat": 0, "do": "done", "say": ["watchtower.burn"]}]}`, `start with "tutorial."`},
		{base + `"steps": []}`, "needs a name, steps"},
		{base + `"steps": [{"seat": 0, "say": ["tutorial.x"]}]}`, "no action"},
		{strings.Replace(base, `"seed": 1`, `"seed": 1, "options": {"players": "9"}`, 1) + `"steps": [{"seat": 0, "do": "done"}]}`, "players"},
	}
	for _, c := range cases {
		_, err := Parse([]byte(c.script))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%s) = %v, want an error saying %q", c.script, err, c.want)
		}
	}
	checks := []struct{ steps, want string }{
		{`[{"seat": 0, "do": "burn 9", "say": ["tutorial.x"]}]`, `steps[0] (seat 0: burn 9)`},
		{`[{"seat": 1, "do": "done"}]`, "that seat may not act"},
		{`[{"seat": 0, "do": "done"}]`, "the learner's step says nothing"},
		{`[{"seat": 0, "do": "done", "say": ["tutorial.x"]}, {"seat": 1, "do": "done", "wrong": "tutorial.x"}]`, "only the learner's steps"},
	}
	for _, c := range checks {
		s, err := Parse([]byte(base + `"steps": ` + c.steps + `}`))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Check(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Check(%s) = %v, want an error saying %q", c.steps, err, c.want)
		}
		if _, err := s.NewTable(""); err == nil {
			t.Errorf("a broken lesson (%s) starts a table", c.steps)
		}
	}
}

// TestSameMove pins what counts as the lesson's move: the same notation,
// or a War slap at whatever time the table measured.
func TestSameMove(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{{"slap@412", "slap", true}, {"Place 9H", "place 9H", true}, {"place 9H", "place 9S", false}, {"pass", "slap", false}} {
		if got := SameMove(c.a, c.b); got != c.same {
			t.Errorf("SameMove(%q, %q) = %v, want %v", c.a, c.b, got, c.same)
		}
	}
}

// TestOffTheLesson checks what happens when a table leaves the lesson's
// path (a move the lesson did not take reached it): Strays names the
// action, and the scripted seat plays on with the game's bot rather than
// stall the table.
func TestOffTheLesson(t *testing.T) {
	s, err := Lookup("watchtower")
	if err != nil {
		t.Fatal(err)
	}
	seat, err := s.NewSeat(1)
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := s.NewTable("")
	if got := s.Strays(tb.Record().Actions); got != -1 {
		t.Errorf("a new lesson table strays at %d", got)
	}
	if _, err := tb.Play(0, "done", 0); err != nil {
		t.Fatal(err)
	}
	if got := s.Strays(tb.Record().Actions); got != 0 {
		t.Errorf("a table whose first move was not the lesson's strays at %d, want 0", got)
	}
	action, scripted := seat.ActAt(context.Background(), tb.Version(), tb.StateFor(1))
	if scripted || !slices.Contains(tb.Legal(1), action) {
		t.Errorf("off the lesson the Tutor plays %q (scripted %v), want a legal bot move", action, scripted)
	}
	if _, err := s.NewSeat(s.Learner); err == nil {
		t.Errorf("the learner's seat is made a scripted seat")
	}
	if _, err := Lookup("chess"); err == nil || !strings.Contains(err.Error(), "watchtower") {
		t.Errorf("Lookup(chess) = %v, want the lessons listed", err)
	}
}

// cardMention finds the cards a sentence names with their suit symbols
// ("the 9♥", "A♣").
var cardMention = regexp.MustCompile(`(10|[2-9JQKA])([♣♦♥♠])`)

// TestLessonsTellNoHiddenCard checks that a lesson never names a card the
// learner cannot know yet: every card its words name at a version (the
// steps' words, a wrong move's explanation, the end) is one the learner's
// own views have shown by then — in their hand, on the table, in a flip.
// The scripted seat's cards stay hidden until the game shows them.
func TestLessonsTellNoHiddenCard(t *testing.T) {
	suits := map[string]string{"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
	for _, s := range All() {
		tb, err := s.NewTable("")
		if err != nil {
			t.Fatal(err)
		}
		known := map[string]bool{}
		see := func() {
			data, err := json.Marshal(tb.View(s.Learner))
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range regexp.MustCompile(`"(10|[2-9JQKA])([CDHS])"`).FindAllStringSubmatch(string(data), -1) {
				known[m[1]+m[2]] = true
			}
		}
		check := func(v int, ids []string) {
			for _, id := range ids {
				text := i18n.English.T(id)
				for _, m := range cardMention.FindAllStringSubmatch(text, -1) {
					if c := m[1] + suits[m[2]]; !known[c] {
						t.Errorf("%s at version %d: %q names %s, which the learner has not seen", s.Name, v, id, c)
					}
				}
			}
		}
		see()
		for i, step := range s.Steps {
			v := tb.Version()
			check(v, s.At(v).Say)
			if step.Wrong != "" {
				check(v, []string{step.Wrong})
			}
			if _, err := tb.Play(step.Seat, step.Do, v); err != nil {
				t.Fatalf("%s: step %d: %v", s.Name, i, err)
			}
			see()
		}
		check(tb.Version(), s.At(tb.Version()).Say)
	}
}
