package table

import (
	"slices"

	"cardtable/engine"
	"cardtable/record"
)

// A simultaneous window is a decision several seats make at once: War's
// flips (and a false slap among them), a Slap War reveal, Regicide's
// go-next signals (REG-20). Every such window is sealed: an answer is
// taken when it comes (checked, recorded, stored by the server before its
// actor is told), but until the window closes nobody else can tell it was
// given — the version stays where the window opened, the others' views and
// turns are those of the opening position, and the spectators' too. When
// the last answer is in, every answer is shown at once, in seat order,
// each with the position after it.
//
// A window is recognised from the game's contract alone: it opens at a
// position with several seats to move, and it stays open while each answer
// leaves only seats that were to move already, each of the others with
// the same legal actions as before it (an answer that changed what
// another seat may do could not be hidden from that seat), and the
// answering seat, if still to move (a false slap before the flip), with
// no new choice. Games whose simultaneous answers commute — all three do:
// each seat's answer is kept apart and the window resolves only once all
// are in — reach the same position whatever order the answers came in, so
// showing them in seat order is showing what happened.

// window is an open simultaneous window. Its answers are the record's
// actions from version on, in the order they came.
type window struct {
	version int
	// base is the position it opened at (owned by the window).
	base engine.State
	// legal is each seat's legal actions (in notation) as of its last
	// answer, or the opening.
	legal map[int][]string
	// acts and hints are the answers' actions and forecasts.
	acts  []engine.Action
	hints []engine.Msg
	// own caches each seat's position: base with its own answers.
	own map[int]engine.State
}

// step is one action made public: who played what, its forecast, and
// the position after it (nil when no messages are wanted).
type step struct {
	seat     int
	act      engine.Action
	notation string
	hint     engine.Msg
	after    engine.State
	// self marks the action that was just played.
	self bool
}

// stateFor is seat's position in the window: the opening position with
// its own answers (answers are the record's actions from the opening).
// A spectator, or a seat that has not answered, sees the opening.
func (w *window) stateFor(seat int, actions []record.Action) engine.State {
	if st, ok := w.own[seat]; ok {
		return st
	}
	st := w.base
	for i, a := range actions[w.version:] {
		if a.Seat != seat {
			continue
		}
		if st == w.base {
			st = w.base.Clone()
		}
		// The answers were legal in this order; a game whose answers
		// did not commute would have closed the window (continues).
		st.Apply(seat, w.acts[i])
	}
	w.own[seat] = st
	return st
}

// accept commits seat's action a (next: the state after it): it records
// it and opens, keeps or closes the window it belongs to. sealed reports
// an answer kept in a window still open; otherwise steps are the actions
// now shown (with their positions when keep is set).
func (t *Table) accept(seat int, a engine.Action, notation string, hint engine.Msg, next engine.State, keep bool) (sealed bool, steps []step) {
	prev := t.state
	moving := prev.ToMove(nil)
	if t.win == nil && len(moving) > 1 && !prev.Terminal() {
		t.win = &window{version: len(t.rec.Actions), base: prev, legal: map[int][]string{}, own: map[int]engine.State{}}
		for _, s := range moving {
			t.win.legal[s] = legalText(prev, s)
		}
	} else if t.win == nil {
		t.spare = prev
	}
	t.rec.Actions = append(t.rec.Actions, record.Action{Seat: seat, Action: notation})
	t.state = next
	w := t.win
	if w == nil {
		st := step{seat: seat, act: a, notation: notation, hint: hint, self: true}
		if keep {
			st.after = next
		}
		return false, []step{st}
	}
	if w.base != prev {
		t.spare = prev
	}
	w.acts, w.hints = append(w.acts, a), append(w.hints, hint)
	delete(w.own, seat)
	if w.continues(seat, moving, next) {
		return true, nil
	}
	return false, t.reveal(keep)
}

// continues reports whether the window stays open after seat's answer
// moved the game from a position where moving were to move to next, and
// notes seat's choices left.
func (w *window) continues(seat int, moving []int, next engine.State) bool {
	if next.Terminal() {
		return false
	}
	now := next.ToMove(nil)
	if len(now) == 0 {
		return false
	}
	for _, s := range now {
		if !slices.Contains(moving, s) {
			return false
		}
		legal := legalText(next, s)
		if s != seat && !slices.Equal(legal, w.legal[s]) {
			return false
		}
		if s == seat {
			for _, a := range legal {
				if !slices.Contains(w.legal[s], a) {
					return false
				}
			}
			w.legal[s] = legal
		}
	}
	return true
}

// reveal closes the window: its answers are put in seat order (each
// seat's own in the order it gave them) in the record and replayed from
// the opening position, which becomes the table's state. It returns the
// answers as steps, with the position after each when keep is set.
func (t *Table) reveal(keep bool) []step {
	w := t.win
	t.win = nil
	answers := t.rec.Actions[w.version:]
	order := make([]int, len(answers))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return answers[i].Seat - answers[j].Seat })
	steps, final, ok := replayOrder(w, answers, order, keep)
	if !ok {
		// Answers that do not commute: shown in the order they came.
		for i := range order {
			order[i] = i
		}
		steps, final, _ = replayOrder(w, answers, order, keep)
	}
	last := len(answers) - 1
	sorted := make([]record.Action, len(answers))
	for i, k := range order {
		sorted[i] = answers[k]
		steps[i].self = k == last
	}
	copy(answers, sorted)
	t.state = final
	return steps
}

// replayOrder plays the window's answers in order from its opening
// position; ok is false if one is refused in that order.
func replayOrder(w *window, answers []record.Action, order []int, keep bool) (steps []step, final engine.State, ok bool) {
	st := w.base.Clone()
	steps = make([]step, len(order))
	for i, k := range order {
		seat, a := answers[k].Seat, w.acts[k]
		if err := st.Apply(seat, a); err != nil {
			return nil, nil, false
		}
		steps[i] = step{seat: seat, act: a, notation: answers[k].Action, hint: w.hints[k]}
		if keep {
			steps[i].after = st
			if i < len(order)-1 {
				steps[i].after = st.Clone()
			}
		}
	}
	return steps, st, true
}

// closeWindow closes an open window without showing its answers one by
// one (the game ended at the table while it was open: a resignation, a
// clock): the record holds them in seat order, the version counts them.
func (t *Table) closeWindow() {
	if t.win != nil {
		t.reveal(false)
	}
}
