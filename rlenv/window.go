package rlenv

import (
	"slices"

	"cardtable/engine"
)

// A simultaneous window is a decision several seats make at once (War's
// flips and slap windows, Regicide's go-next signals). Windows are sealed
// as at cardtable's tables (docs/protocol-agent.md, "Simultaneous
// windows"; package table): until the window closes every seat observes,
// and every bot decides on, the window's opening position with its own
// answers only, and when it closes its answers are kept in the record in
// seat order. The rule that keeps a window open is the table's: each
// answer leaves only seats that were to move already, every other seat
// with the legal actions it had, and the answering seat with no new
// choice.
type window struct {
	// start is the index in Env.moves of the window's first answer.
	start int
	// base is the opening position (owned by the window).
	base engine.State
	// legal is each seat's legal actions as of its last answer or the
	// opening; answered marks the seats that have answered.
	legal    [engine.MaxSeats][]engine.Action
	answered [engine.MaxSeats]bool
	// own caches each answering seat's position: base with its answers.
	own [engine.MaxSeats]engine.State
	// now and acts are scratch.
	now  []int
	acts []engine.Action
}

// apply plays seat's action a, opening, keeping or closing the window it
// belongs to. A refused action changes nothing.
func (e *Env) apply(seat int, a engine.Action) error {
	moving := e.state.ToMove(e.moving[:0])
	var opened *window
	if e.win == nil && len(moving) > 1 {
		opened = e.openWindow(moving)
	}
	if err := e.state.Apply(seat, a); err != nil {
		return err
	}
	e.moves = append(e.moves, move{seat: seat, a: a})
	e.version++
	if opened != nil {
		e.win = opened
	}
	if w := e.win; w != nil {
		w.answered[seat], w.own[seat] = true, nil
		if !w.continues(e.state, seat, moving) {
			slices.SortStableFunc(e.moves[w.start:], func(x, y move) int { return x.seat - y.seat })
			e.win, e.spare = nil, w
		}
	}
	return nil
}

// openWindow makes the window that opens at the current position, with
// moving to act, reusing the last closed window's memory.
func (e *Env) openWindow(moving []int) *window {
	w := e.spare
	if w == nil {
		w = &window{}
	}
	e.spare = nil
	w.start, w.base = len(e.moves), e.state.Clone()
	w.answered, w.own = [engine.MaxSeats]bool{}, [engine.MaxSeats]engine.State{}
	for s := range w.legal {
		w.legal[s] = w.legal[s][:0]
	}
	for _, s := range moving {
		w.legal[s] = e.state.Legal(s, w.legal[s])
	}
	return w
}

// continues reports whether the window stays open after seat's answer
// took the game from a position where moving were to move to next, and
// notes seat's choices left.
func (w *window) continues(next engine.State, seat int, moving []int) bool {
	if next.Terminal() {
		return false
	}
	w.now = next.ToMove(w.now[:0])
	if len(w.now) == 0 {
		return false
	}
	for _, s := range w.now {
		if !slices.Contains(moving, s) {
			return false
		}
		w.acts = next.Legal(s, w.acts[:0])
		if s != seat {
			if !slices.Equal(w.acts, w.legal[s]) {
				return false
			}
			continue
		}
		for _, a := range w.acts {
			if !slices.Contains(w.legal[s], a) {
				return false
			}
		}
		w.legal[s] = append(w.legal[s][:0], w.acts...)
	}
	return true
}

// stateFor is seat's own position: in an open window its opening with the
// seat's own answers (the opening for a seat that has not answered),
// otherwise the game's state.
func (e *Env) stateFor(seat int) engine.State {
	w := e.win
	if w == nil {
		return e.state
	}
	if seat < 0 || seat >= engine.MaxSeats || !w.answered[seat] {
		return w.base
	}
	if w.own[seat] == nil {
		st := w.base.Clone()
		for _, m := range e.moves[w.start:] {
			if m.seat == seat {
				// Legal in this order: the answers were played so.
				_ = st.Apply(seat, m.a)
			}
		}
		w.own[seat] = st
	}
	return w.own[seat]
}

// clone copies the window for a copy of its environment.
func (w *window) clone() *window {
	c := &window{start: w.start, base: w.base.Clone(), answered: w.answered}
	for s := range w.legal {
		c.legal[s] = slices.Clone(w.legal[s])
	}
	return c
}
