package watchtowerbot

import (
	"math"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// Weights of the evaluation, fitted by logistic regression to the outcomes
// of 53,000 positions sampled every seventh action from 3,000 two-player
// games between the Policy and the heuristic (`go test
// ./bots/watchtowerbot -run FitEvaluation -fit -v` refits them). Over
// held-out positions the model's Brier score is 0.232 (0.25 for a coin)
// and it calls the winner 62 % of the time; the hand-weighted count of
// towers, triples and army cards it replaced scored 0.353 and called 53 %.
const (
	campaignWeight = 0.28
	shareWeight    = 0.45
	// evalLayouts is how many showdowns estimate the shares.
	evalLayouts = 24
)

// evaluate scores a position where a rollout stopped, on the scale of the
// game's returns: each seat's chance to win, from the fitted model, as its
// expected return (n·p − 1: a single winner's returns, engine.WinReturns).
// Seat i's strength is u = campaignWeight·[on campaign] + shareWeight·s,
// where s is its share of a showdown played now between the projected
// armies (projectArmy); the chances are the softmax of the strengths (for
// two players the logistic of their difference, as fitted). A seat that is
// out has chance 0. It reads each seat's own view of the (determinized)
// state only, and draws the layouts from rng.
//
// view, if not nil, is rewritten for each seat's view (watchtower.ViewInto).
func evaluate(s engine.State, rng *cards.RNG, armies [][]cards.Card, view *watchtower.View) []float64 {
	if s.Terminal() {
		return s.Returns()
	}
	n := s.NumSeats()
	var campaign [engine.MaxSeats]bool
	var out [engine.MaxSeats]bool
	for seat := range n {
		v := watchtower.ViewInto(s, seat, view)
		view = v
		p := &v.Players[seat]
		campaign[seat], out[seat] = p.Campaign, p.Out
		armies[seat] = armies[seat][:0]
		if !p.Out {
			armies[seat] = projectArmy(p, armies[seat])
		}
	}
	var shares [engine.MaxSeats]float64
	watchtower.ShowdownShares(armies[:n], evalLayouts, rng, shares[:n])
	var strength [engine.MaxSeats]float64
	total := 0.0
	for seat := range n {
		if out[seat] {
			continue
		}
		u := shareWeight * shares[seat]
		if campaign[seat] {
			u += campaignWeight
		}
		strength[seat] = math.Exp(u)
		total += strength[seat]
	}
	r := make([]float64, n)
	for seat := range n {
		r[seat] = float64(n)*strength[seat]/total - 1
	}
	return r
}

// projectArmy appends to dst the army p would take into a showdown: a
// campaigner's army; for a player off campaign, its army on completing
// the tower it is building, its largest stack.
func projectArmy(p *watchtower.PlayerView, dst []cards.Card) []cards.Card {
	if p.Campaign {
		return append(dst, p.Army...)
	}
	tower := 0
	for i, st := range p.Fortress {
		if st.Count > p.Fortress[tower].Count {
			tower = i
		}
	}
	if len(p.Fortress) == 0 {
		return append(dst, p.Army...)
	}
	r, _ := cards.ParseRank(p.Fortress[tower].Rank)
	return completedArmy(p, r, dst)
}

// completedArmy appends to dst p's army after completing a tower of rank
// tower: the army and the fortress cards of every other rank, which join
// it on completion (WT-18).
func completedArmy(p *watchtower.PlayerView, tower cards.Rank, dst []cards.Card) []cards.Card {
	dst = append(dst, p.Army...)
	for _, st := range p.Fortress {
		if st.Rank != tower.String() {
			dst = append(dst, st.Cards...)
		}
	}
	return dst
}
