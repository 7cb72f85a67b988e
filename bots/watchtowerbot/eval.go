package watchtowerbot

import (
	"math"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// Weights of the evaluation: what a position's parts are worth, in cards.
const (
	campaignWorth = 4.0
	tripleWorth   = 1.2
	doubleWorth   = 0.4
	// armyBase is a soldier's worth; a rank above the assassin adds
	// rankWorth per step (the showdown's tricks and the flips go to high
	// cards), and an assassin (7) counts as a high card in attack.
	armyBase  = 0.5
	rankWorth = 0.08
	// spread turns a lead in worth into a return: a lead of spread is
	// worth tanh(1) ≈ 0.76.
	spread = 4.0
)

// evaluate scores a position where a rollout stopped, on the scale of the
// game's returns: each seat's lead in worth over the mean of the other
// seats still in, squashed into (-1, 1). A seat that is out gets -1. It
// reads each seat's own view of the (determinized) state only.
func evaluate(s engine.State) []float64 {
	if s.Terminal() {
		return s.Returns()
	}
	n := s.NumSeats()
	var worth [engine.MaxSeats]float64
	var out [engine.MaxSeats]bool
	in := 0
	for seat := range n {
		v := s.View(seat).(*watchtower.View)
		p := &v.Players[seat]
		out[seat] = p.Out
		if !p.Out {
			in++
			worth[seat] = playerWorth(p)
		}
	}
	total := 0.0
	for seat := range n {
		total += worth[seat]
	}
	r := make([]float64, n)
	for seat := range n {
		if out[seat] || in < 2 {
			r[seat] = -1
			continue
		}
		others := (total - worth[seat]) / float64(in-1)
		r[seat] = math.Tanh((worth[seat] - others) / spread)
	}
	return r
}

// playerWorth values one seat's position from its own view.
func playerWorth(p *watchtower.PlayerView) float64 {
	w := 0.0
	if p.Campaign {
		w += campaignWorth
	}
	for _, st := range p.Fortress {
		switch st.Count {
		case 3:
			w += tripleWorth
		case 2:
			w += doubleWorth
		}
	}
	for _, c := range p.Army {
		r := c.Rank()
		if r == 7 {
			r = cards.Queen
		}
		w += armyBase + rankWorth*float64(max(0, int(r)-7))
	}
	return w
}
