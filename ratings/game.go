package ratings

import (
	"fmt"
	"math"
)

// Seat is one seat of a rated game as Rate sees it.
type Seat struct {
	// Rating is the seat's rating before the game (a player's after Idle).
	Rating Rating
	// Fixed marks a rating the game does not change: a bot's.
	Fixed bool
}

// PairScores turns a game's returns into each seat's score against each
// other seat: 1 where its return is the higher, 0 the lower, 0.5 equal.
// Two seats give the usual win, loss or draw; in a game of three or four
// each seat has met each other one (Watchtower's winner beats every
// loser, the losers draw among themselves).
func PairScores(returns []float64) [][]float64 {
	n := len(returns)
	out := make([][]float64, n)
	for i := range out {
		out[i] = make([]float64, n)
		for j := range out[i] {
			switch {
			case i == j:
			case returns[i] > returns[j]:
				out[i][j] = 1
			case returns[i] < returns[j]:
				out[i][j] = 0
			default:
				out[i][j] = 0.5
			}
		}
	}
	return out
}

// Rate rates one finished game as one rating period for every seat: each
// seat's results are its scores (PairScores) against every other seat's
// rating before the game. Fixed seats keep their ratings. Deviations are
// kept at MinRD or above. The seats and returns must be as many, at least
// two.
func (s System) Rate(seats []Seat, returns []float64) ([]Rating, error) {
	if len(seats) < 2 || len(seats) != len(returns) {
		return nil, fmt.Errorf("%w: %d seats and %d returns; a rated game has two seats or more, one return each", ErrBad, len(seats), len(returns))
	}
	for _, r := range returns {
		if !finite(r) {
			return nil, fmt.Errorf("%w: return %v", ErrBad, r)
		}
	}
	scores := PairScores(returns)
	out := make([]Rating, len(seats))
	for i, st := range seats {
		if st.Fixed {
			out[i] = st.Rating
			continue
		}
		var results []Result
		for j, op := range seats {
			if j != i {
				results = append(results, Result{Opponent: op.Rating, Score: scores[i][j]})
			}
		}
		r, err := s.Update(st.Rating, results)
		if err != nil {
			return nil, err
		}
		r.RD = math.Max(r.RD, MinRD)
		out[i] = r
	}
	return out, nil
}
