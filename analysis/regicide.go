package analysis

import (
	"context"
	"time"

	"cardtable/bots/regicidebot"
	"cardtable/bots/regicidesolver"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// regicide analyses a Regicide game: the solver's verdicts on every
// position and the losing move, then the expert's estimates.
func (g *game) regicide(ctx context.Context) error {
	d := g.doc
	d.Decisions = g.decisions(nil)
	start := time.Now()
	o, err := NewOracle(regicidesolver.DefaultTableBits)
	if err != nil {
		return err
	}
	h, err := hindsight(pacedContext{ctx, g.pace}, o, g.rec, g.positions, d.Settings)
	if err != nil {
		return err
	}
	d.Hindsight = h
	d.Seconds.Hindsight = time.Since(start).Seconds()
	for i := range d.Decisions {
		dec := &d.Decisions[i]
		dec.Before, dec.After = h.Verdicts[dec.Step-1], h.Verdicts[dec.Step]
		dec.Losing = dec.Step == h.LosingStep
	}
	if err := g.appraiseAll(ctx, regicideExpert(d.Settings, calibrationFor("regicide", d.Depth, g.start.NumSeats()))); err != nil {
		return err
	}
	for i := range d.Decisions {
		if dec := &d.Decisions[i]; dec.Losing {
			dec.HindsightOnly = dec.Played != nil && dec.Mark == "" && dec.Played.Chance >= HighChance
			if h.LastWon == dec.Step-1 && len(h.Line) > 0 {
				dec.Keeps = h.Line[0].Action
			}
		}
	}
	return nil
}

// regicideExpert is the Regicide expert (bots/regicidebot): its own move
// is the bot's at its defaults but for its iterations (st.Iterations: the
// default at the quick depth); each estimate is a search through one
// action whose lost games return 0, so its mean is the share of the
// search's games won, calibrated into the chance that the expert wins
// from there (calibration.go).
func regicideExpert(st Settings, cal *calibration) *expert {
	x := &expert{
		st: st,
		newBot: func(iterations int, seed uint64) (appraiser, error) {
			set := regicidebot.DefaultSettings()
			set.Search.Iterations, set.Search.StopEarly, set.LossScale = iterations, false, 0
			return regicidebot.New(set, seed)
		},
		choose: func(s engine.State, seat int, seed uint64) (engine.Action, error) {
			set := regicidebot.DefaultSettings()
			set.Search.Iterations = st.Iterations
			b, err := regicidebot.New(set, seed)
			if err != nil {
				return 0, err
			}
			return b.Act(s, seat), nil
		},
		share:    func(mean float64, _ int) float64 { return mean },
		playsOut: true,
	}
	if cal != nil {
		x.calibrate = func(s engine.State, seat int, share float64) float64 {
			return cal.chance(share, stageOf(regicideStages, s.View(seat).(*regicide.View).Defeated))
		}
	}
	return x
}
