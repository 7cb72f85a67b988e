package analysis

import (
	"context"
	"fmt"
	"math"

	"cardtable/bots/ismcts"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/sim"
)

// appraiser is an expert bot's search run for its statistics
// (regicidebot.Bot.Appraise, watchtowerbot.Bot.Appraise): nil among
// searches the bot's own candidates, else exactly the actions given.
type appraiser interface {
	Appraise(s engine.State, seat int, among []engine.Action) []ismcts.ActionStat
}

// expert appraises decisions from the deciding seat's view only.
type expert struct {
	// newBot makes the searching bot for one decision with a budget of
	// iterations, seeded with seed.
	newBot func(iterations int, seed uint64) (appraiser, error)
	// choose, when set, returns the expert's own move for seat in s; else
	// its move is the most visited of its search's candidates.
	choose func(s engine.State, seat int, seed uint64) (engine.Action, error)
	// share turns a mean return of the seat's into a share from 0 to 1,
	// calibrate (when set) a share into the chance to win in s.
	share     func(mean float64, seats int) float64
	calibrate func(s engine.State, seat int, share float64) float64
	// playsOut is set when every iteration plays the game out and returns
	// 1 for a win, 0 else (Regicide): the mean times the visits is then
	// the number of wins.
	playsOut bool
	// zeroNoWins is set when a share of 0 means that no playout was won
	// (Watchtower: every playout ended with the seat lost or out): the
	// estimate then says 0 wins.
	zeroNoWins bool
	st         Settings
	// pace is called before each search (Options.Pace).
	pace func(ctx context.Context) error
}

// paced waits for the pace, if any.
func (x *expert) paced(ctx context.Context) error {
	if x.pace == nil {
		return ctx.Err()
	}
	return x.pace(ctx)
}

// expertSeed seeds the expert's search at step: the same for every game,
// so an estimate depends on nothing but what the seat sees (the record's
// seed, which fixes the hidden cards, is not used).
func expertSeed(step int) uint64 { return cards.SubSeed(0x616e616c79736973, uint64(step)) }

// appraise fills d.Played, d.Best and d.Loss for the decision of d.Seat
// in s (the position before d.Action). The searches read s only through
// the seat's View, Legal and Determinize(d.Seat, …): never a card the
// seat cannot see.
func (x *expert) appraise(ctx context.Context, s engine.State, d *Decision) error {
	if err := x.paced(ctx); err != nil {
		return err
	}
	played, err := s.ParseAction(d.Seat, d.Action)
	if err != nil {
		return fmt.Errorf("analysis: step %d: %w", d.Step, err)
	}
	seed := expertSeed(d.Step)
	best, bestStat, err := x.best(s, d.Seat, seed)
	if err != nil {
		return err
	}
	if err := x.paced(ctx); err != nil {
		return err
	}
	if bestStat == nil {
		if bestStat, err = x.searchOne(s, d.Seat, best, seed); err != nil {
			return err
		}
	}
	d.Best = &Alternative{Action: s.ActionString(best), Estimate: x.estimate(s, d.Seat, *bestStat)}
	if best == played {
		e := d.Best.Estimate
		d.Played = &e
		return nil
	}
	if err := x.paced(ctx); err != nil {
		return err
	}
	only, err := x.searchOne(s, d.Seat, played, seed)
	if err != nil {
		return err
	}
	e := x.estimate(s, d.Seat, *only)
	d.Played = &e
	d.Loss = d.Best.Chance - d.Played.Chance
	return nil
}

// best returns the expert's move and, when its search already measured
// it, the move's statistics.
func (x *expert) best(s engine.State, seat int, seed uint64) (engine.Action, *ismcts.ActionStat, error) {
	if x.choose != nil {
		a, err := x.choose(s, seat, seed)
		return a, nil, err
	}
	bot, err := x.newBot(x.st.Iterations, seed)
	if err != nil {
		return 0, nil, err
	}
	st, ok := mostVisited(bot.Appraise(s, seat, nil))
	if !ok {
		return 0, nil, fmt.Errorf("analysis: the expert's search tried no action")
	}
	return st.Action, &st, nil
}

// searchOne runs a search whose every iteration starts with a.
func (x *expert) searchOne(s engine.State, seat int, a engine.Action, seed uint64) (*ismcts.ActionStat, error) {
	bot, err := x.newBot(x.st.PlayedIterations, seed)
	if err != nil {
		return nil, err
	}
	only := bot.Appraise(s, seat, []engine.Action{a})
	if len(only) != 1 || only[0].Visits == 0 {
		return nil, fmt.Errorf("analysis: the expert's search did not try %q", s.ActionString(a))
	}
	return &only[0], nil
}

// estimate is a root action's chance with its 95% interval: the Wilson
// interval of its share over the iterations through it, both ends
// calibrated like the share. For a return that is 0 or 1 (Regicide's, a
// win or not) that is the binomial interval; for a return of any share in
// [0, 1] with that mean the variance is at most the binomial one, so the
// interval is at least as wide as needed. The iterations are not quite
// independent trials (the tree chooses among them): it is approximate.
func (x *expert) estimate(s engine.State, seat int, st ismcts.ActionStat) Estimate {
	p := min(max(x.share(st.Mean, s.NumSeats()), 0), 1)
	lo, hi := sim.WilsonShare(p, int64(st.Visits), sim.Z95)
	e := Estimate{Chance: p, Low: lo, High: hi, Trials: st.Visits, Share: p}
	if x.playsOut {
		wins := int(math.Round(st.Mean * float64(st.Visits)))
		e.Wins = &wins
	} else if x.zeroNoWins && p < 1e-9 {
		none := 0
		e.Wins = &none
	}
	if x.calibrate != nil {
		e.Chance, e.Low, e.High = x.calibrate(s, seat, p), x.calibrate(s, seat, lo), x.calibrate(s, seat, hi)
	}
	return e
}

// mostVisited is the action a search would play: the most visited (ties:
// the higher mean, then the first listed).
func mostVisited(stats []ismcts.ActionStat) (ismcts.ActionStat, bool) {
	best, ok := ismcts.ActionStat{}, false
	for _, st := range stats {
		if !ok || st.Visits > best.Visits || (st.Visits == best.Visits && st.Mean > best.Mean) {
			best, ok = st, true
		}
	}
	return best, ok && best.Visits > 0
}
