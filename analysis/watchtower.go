package analysis

import (
	"context"

	"cardtable/bots/watchtowerbot"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// watchtower analyses a Watchtower game with the expert's search.
func (g *game) watchtower(ctx context.Context) error {
	g.doc.Decisions = g.decisions(nil)
	return g.appraiseAll(ctx, watchtowerExpert(g.doc.Settings, calibrationFor("watchtower", g.doc.Depth, g.start.NumSeats())))
}

// watchtowerExpert is the Watchtower expert (bots/watchtowerbot) searching
// over its policy's best Candidates actions. A mean return n·p − 1 is a
// share p among n players: the seat's mean share of the win over the
// playouts, each scored at its end (1 for a win, 0 for a loss) or, where
// it was cut short, by the bot's evaluation (which gives 0 only to a seat
// that is out). So a share of 0 is a search that found no win in any of
// its playouts. cal (when not nil) calibrates the share into the chance
// that the expert, playing every seat on, wins (calibrate.go).
func watchtowerExpert(st Settings, cal *calibration) *expert {
	x := &expert{
		st: st,
		newBot: func(iterations int, seed uint64) (appraiser, error) {
			set := watchtowerbot.DefaultSettings()
			set.Search.Iterations, set.Candidates = iterations, st.Candidates
			return watchtowerbot.New(set, seed)
		},
		share:      func(mean float64, seats int) float64 { return (mean + 1) / float64(seats) },
		zeroNoWins: true,
	}
	if cal != nil {
		x.calibrate = func(s engine.State, seat int, share float64) float64 {
			return cal.chance(share, stageOf(watchtowerStages, watchtowerStage(inAndCampaigners(s.View(seat).(*watchtower.View)))))
		}
	}
	return x
}

// inAndCampaigners counts the players still in and those of them on
// campaign (public facts, WT-26).
func inAndCampaigners(v *watchtower.View) (in, campaigners int) {
	for _, p := range v.Players {
		if !p.Out {
			in++
			if p.Campaign {
				campaigners++
			}
		}
	}
	return in, campaigners
}
