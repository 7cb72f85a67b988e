package tutorial

import (
	"errors"
	"fmt"
	"strings"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/record"
	"cardtable/table"
)

// Check plays the script through the real table once: every step must be
// legal for its seat at its moment, a simultaneous window may hold one step
// per seat, every step of the learner must be explained, and once the
// steps are played either the game is over or the scripted seats' bot
// (Then) can play on. It also learns the table version each step is taken
// at (a window's answers share the version it opened at).
func (s *Script) Check() error {
	s.once.Do(func() { s.err = s.check() })
	return s.err
}

func (s *Script) check() error {
	t, err := table.New(s.game, s.opts, s.Setup(), nil)
	if err != nil {
		return fmt.Errorf("%s: %w", s.Name, err)
	}
	if s.Learner < 0 || s.Learner >= t.NumSeats() {
		return fmt.Errorf("%s: learner seat %d: the game has seats 0 to %d", s.Name, s.Learner, t.NumSeats()-1)
	}
	s.groups = make([]int, len(s.Steps))
	taken := map[[2]int]bool{}
	for i, st := range s.Steps {
		v := t.Version()
		s.groups[i] = v
		where := fmt.Sprintf("%s: steps[%d] (seat %d: %s)", s.Name, i, st.Seat, st.Do)
		switch {
		case t.Over():
			return fmt.Errorf("%s: the game is over before it (%s)", where, t.Result().Detail)
		case !t.MayAct(st.Seat):
			return fmt.Errorf("%s: that seat may not act; to move: %v", where, t.ToMove())
		case taken[[2]int{v, st.Seat}]:
			return fmt.Errorf("%s: a second step of that seat in one simultaneous window", where)
		case st.Seat == s.Learner && len(st.Say) == 0:
			return fmt.Errorf("%s: the learner's step says nothing (say)", where)
		case st.Seat != s.Learner && st.Wrong != "":
			return fmt.Errorf("%s: only the learner's steps can be done wrong (wrong)", where)
		}
		taken[[2]int{v, st.Seat}] = true
		if _, err := t.Play(st.Seat, st.Do, v); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
	}
	if !t.Over() {
		if _, err := bots.New(s.then(), s.game, s.opts, nil, s.Seed); err != nil {
			return fmt.Errorf("%s: the game goes on after the last step, and its bot: %w", s.Name, err)
		}
	}
	return nil
}

// then is the bot that plays the scripted seats once the steps are done.
func (s *Script) then() string {
	if s.Then != "" {
		return s.Then
	}
	return bots.Default(s.game.Name())
}

// Move returns the step seat plays at table version (the version a
// simultaneous window opened at, for its answers), and whether the script
// has one.
func (s *Script) Move(version, seat int) (Step, bool) {
	if s.Check() != nil {
		return Step{}, false
	}
	for i := version; i < len(s.Steps) && s.groups[i] == version; i++ {
		if s.Steps[i].Seat == seat {
			return s.Steps[i], true
		}
	}
	return Step{}, false
}

// Version returns the table version step i is taken at (-1 for a step
// out of range or a script that does not play).
func (s *Script) Version(i int) int {
	if s.Check() != nil || i < 0 || i >= len(s.Steps) {
		return -1
	}
	return s.groups[i]
}

// Position is where a lesson stands at a table version: what it says, and
// the move it waits for from the learner.
type Position struct {
	// Step counts the steps played (the version); Steps is the lesson's
	// length.
	Step, Steps int
	// Say are the messages on show: the words of every step since the
	// learner's last move, up to the step about to be played — or, once
	// the steps are played, the lesson's end.
	Say []string
	// Expect is the learner's move in the group about to be played, in
	// notation ("" when the learner has nothing to do now).
	Expect string
	// Done reports that every step is played: the learner plays on as
	// they like, or the game is over.
	Done bool
}

// At returns the lesson's position at table version.
func (s *Script) At(version int) Position {
	p := Position{Step: min(version, len(s.Steps)), Steps: len(s.Steps)}
	if s.Check() != nil {
		return p
	}
	if version >= len(s.Steps) {
		p.Done, p.Say = true, s.End
		return p
	}
	start := 0
	for i := range s.Steps {
		if s.groups[i] < version && s.Steps[i].Seat == s.Learner {
			start = i + 1
		}
	}
	for i := start; i < len(s.Steps) && s.groups[i] <= version; i++ {
		p.Say = append(p.Say, s.Steps[i].Say...)
		if s.groups[i] == version && s.Steps[i].Seat == s.Learner {
			p.Expect = s.Steps[i].Do
		}
	}
	return p
}

// Wrong explains why the learner's move is not the lesson's: what the
// lesson asks for instead, and why.
type Wrong struct {
	// Say are the messages explaining it, the step's own last.
	Say []engine.Msg
	// Expect is the move the lesson asks for, in notation.
	Expect string
	// Refusal is the game's own reason when the move is not even legal
	// (nil for a legal move the lesson does not take).
	Refusal error
}

func (w *Wrong) Error() string {
	if w.Refusal != nil {
		return fmt.Sprintf("tutorial: %v; the lesson asks for %s", w.Refusal, w.Expect)
	}
	return "tutorial: the lesson asks for " + w.Expect
}

// ErrOffScript: the table has left the lesson's path (a move the lesson
// did not take reached it, or a window timed out); start it again.
var ErrOffScript = errors.New("tutorial: the table has left the lesson")

// Strays returns the index of the first of a table's actions (in the order
// it took them) that leaves the lesson's path — a move other than its
// step's, by another seat or with another action — or -1 while the table
// follows it. Actions after the last step are the learner's own.
func (s *Script) Strays(acts []record.Action) int {
	for i, a := range acts {
		if i >= len(s.Steps) {
			return -1
		}
		if s.Check() != nil {
			return i
		}
		step, ok := s.Move(s.groups[i], a.Seat)
		if !ok || !SameMove(a.Action, step.Do) {
			return i
		}
	}
	return -1
}

// Judge says whether text, the learner's move on st (the learner's
// position at version), is the lesson's: nil when it is, else a *Wrong.
// After the last step any move is the learner's own (nil).
func (s *Script) Judge(st engine.State, version int, text string) error {
	if version >= len(s.Steps) {
		return nil
	}
	step, ok := s.Move(version, s.Learner)
	if !ok {
		return ErrOffScript
	}
	w := &Wrong{Expect: step.Do, Say: []engine.Msg{engine.Say("tutorial.wrong.other", engine.TextArg("move", step.Do))}}
	if step.Wrong != "" {
		w.Say = append(w.Say, engine.Say(step.Wrong))
	}
	a, err := st.ParseAction(s.Learner, text)
	if err != nil {
		w.Refusal = err
		w.Say[0] = engine.Say("tutorial.wrong.illegal", engine.TextArg("move", step.Do))
		return w
	}
	if err := st.Clone().Apply(s.Learner, a); err != nil {
		w.Refusal = err
		w.Say[0] = engine.Say("tutorial.wrong.illegal", engine.TextArg("move", step.Do))
		return w
	}
	if SameMove(st.ActionString(a), step.Do) {
		return nil
	}
	return w
}

// SameMove reports whether two moves in notation are one: equal, or equal
// up to a time the table measures ("slap@412" is the script's "slap").
func SameMove(a, b string) bool {
	cut := func(x string) string {
		x = strings.ToLower(strings.TrimSpace(x))
		if i := strings.IndexByte(x, '@'); i >= 0 {
			x = x[:i]
		}
		return x
	}
	return cut(a) == cut(b)
}
