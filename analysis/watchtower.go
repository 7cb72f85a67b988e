package analysis

import (
	"context"

	"cardtable/bots/watchtowerbot"
)

// watchtower analyses a Watchtower game with the expert's search.
func (g *game) watchtower(ctx context.Context) error {
	g.doc.Decisions = g.decisions(nil)
	return g.appraiseAll(ctx, watchtowerExpert(g.doc.Settings))
}

// watchtowerExpert is the Watchtower expert (bots/watchtowerbot) searching
// over its policy's best Candidates actions; a mean return n·p − 1 is a
// chance p among n players.
func watchtowerExpert(st Settings) *expert {
	return &expert{
		st: st,
		newBot: func(iterations int, seed uint64) (appraiser, error) {
			set := watchtowerbot.DefaultSettings()
			set.Search.Iterations, set.Candidates = iterations, st.Candidates
			return watchtowerbot.New(set, seed)
		},
		share: func(mean float64, seats int) float64 { return (mean + 1) / float64(seats) },
	}
}
