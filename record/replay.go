package record

import (
	"fmt"
	"slices"

	"cardtable/engine"
	"cardtable/games"
)

// Step is one replayed action and the public view right after it.
type Step struct {
	Seat   int
	Action string
	// Hint is what the game said the action would do, from the acting
	// seat's point of view, for games that implement engine.Hinter
	// (Regicide's forecast); zero otherwise.
	Hint engine.Msg
	// Public is View(engine.Spectator) after the action.
	Public engine.View
}

// Replay re-runs r on the game it names (from the games registry) and
// returns the final state and every step. See ReplayGame.
func Replay(r *Record) (engine.State, []Step, error) {
	g, err := games.Lookup(r.Game)
	if err != nil {
		return nil, nil, wrapped("record: game: ", err)
	}
	return ReplayGame(g, r)
}

// ReplayGame re-runs r on g: it resolves the options, deals from the seed
// or deal, applies every action and, when the record stores a result,
// checks that the replay ends the same way. Errors name the field (and the
// action's index) and wrap the engine's sentinels.
func ReplayGame(g engine.Game, r *Record) (engine.State, []Step, error) {
	return ReplayGameFunc(g, r, nil)
}

// ReplayGameFunc is ReplayGame calling each (when not nil) with the state
// after every number of actions, 0 to len(r.Actions), as the replay goes:
// for a caller that follows the game step by step (whose turn it was when)
// without replaying it twice. each must not keep or change the state.
func ReplayGameFunc(g engine.Game, r *Record, each func(version int, s engine.State)) (engine.State, []Step, error) {
	if err := r.check(); err != nil {
		return nil, nil, err
	}
	if r.Game != g.Name() {
		return nil, nil, invalid(engine.ErrCorrupt, "record: game: the record is of %q, not %q", r.Game, g.Name())
	}
	opts, err := engine.ResolveOptions(g.Options(), r.Options)
	if err != nil {
		return nil, nil, wrapped("record: options: ", err)
	}
	deck, err := r.deck()
	if err != nil {
		return nil, nil, err
	}
	var seed uint64
	if r.Seed != nil {
		seed = *r.Seed
	}
	s, err := g.New(opts, engine.Setup{Seed: seed, Deck: deck})
	if err != nil {
		return nil, nil, wrapped("record: deal: ", err)
	}
	if len(r.Seats) > 0 && len(r.Seats) != s.NumSeats() {
		return nil, nil, invalid(engine.ErrCorrupt, "record: seats: %d listed for a %d-seat game", len(r.Seats), s.NumSeats())
	}
	steps := make([]Step, 0, len(r.Actions))
	if each != nil {
		each(0, s)
	}
	for i, a := range r.Actions {
		hint, err := apply(s, a)
		if err != nil {
			return nil, nil, wrapped(fmt.Sprintf("record: actions[%d]: ", i), err)
		}
		steps = append(steps, Step{Seat: a.Seat, Action: a.Action, Hint: hint, Public: s.View(engine.Spectator)})
		if each != nil {
			each(i+1, s)
		}
	}
	got := s.Result()
	if r.Ending != nil {
		if got.Over {
			return nil, nil, invalid(engine.ErrCorrupt, "record: ending: the game ended by its rules (%s) at its last action; a table cannot end it again by %q", got.End, r.Ending.By)
		}
		if err := r.Ending.check(s.NumSeats(), g.Utility()); err != nil {
			return nil, nil, err
		}
		got = r.Ending.Result(s, r.seatNames())
	}
	if r.Result != nil {
		if err := sameResult(*r.Result, got); err != nil {
			return nil, nil, err
		}
	}
	return s, steps, nil
}

// apply plays one recorded action and returns the game's hint for it, taken
// before the action changes the state.
func apply(s engine.State, a Action) (engine.Msg, error) {
	if a.Seat < 0 || a.Seat >= s.NumSeats() {
		return engine.Msg{}, invalid(engine.ErrIllegal, "seat %d does not exist (a record counts seats from 0, here 0 to %d)", a.Seat, s.NumSeats()-1)
	}
	act, err := s.ParseAction(a.Seat, a.Action)
	if err != nil {
		return engine.Msg{}, fmt.Errorf("seat %d: %q: %w", a.Seat+1, a.Action, err)
	}
	var hint engine.Msg
	if h, ok := s.(engine.Hinter); ok {
		hint, _ = h.Hint(a.Seat, act)
	}
	if err := s.Apply(a.Seat, act); err != nil {
		return engine.Msg{}, fmt.Errorf("seat %d cannot %q: %w", a.Seat+1, a.Action, err)
	}
	return hint, nil
}

// sameResult reports the first difference between the stored and the
// replayed result.
func sameResult(stored, got engine.Result) error {
	diff := func(field string, want, have any) error {
		return invalid(engine.ErrCorrupt, "record: result: %s is %v in the record but %v in the replay", field, want, have)
	}
	switch {
	case stored.Over != got.Over:
		return diff("over", stored.Over, got.Over)
	case stored.End != got.End:
		return diff("end", fmt.Sprintf("%q", stored.End), fmt.Sprintf("%q", got.End))
	case stored.Length != got.Length:
		return diff("length", stored.Length, got.Length)
	case !slices.Equal(stored.Winners, got.Winners):
		return diff("winners", stored.Winners, got.Winners)
	case !slices.Equal(stored.Returns, got.Returns):
		return diff("returns", stored.Returns, got.Returns)
	case stored.Detail != got.Detail:
		return diff("detail", fmt.Sprintf("%q", stored.Detail), fmt.Sprintf("%q", got.Detail))
	case !stored.DetailI18n.IsZero() && !stored.DetailI18n.Equal(got.DetailI18n):
		return diff("detail_i18n", stored.DetailI18n.ID, got.DetailI18n.ID)
	}
	return nil
}
