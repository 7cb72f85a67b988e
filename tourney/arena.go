package tourney

import (
	"math"
	"slices"
)

// Arena points (Lichess's arena): a win 2, a draw 1, a loss 0; two wins in
// a row set a player on fire, and while on fire a win counts 4 and a draw
// 2; any game not won puts the fire out.
const (
	ArenaWin     = 2
	ArenaDraw    = 1
	ArenaOnFire  = 2 // the factor while on fire
	ArenaToLight = 2 // wins in a row that light the fire
)

// ArenaStanding is one player's line in an arena.
type ArenaStanding struct {
	ID    string
	Rank  int
	Score int
	// Fire: the player's next win counts double.
	Fire                bool
	Games, Wins, Draws  int
	Performance, Rating int
	Order               int
	// Sheet is the points of each game in the order played.
	Sheet []int
}

// ArenaRanking names the arena's order in a sentence.
const ArenaRanking = "Ranked by points (a win 2, a draw 1, doubled while on fire: after two wins in a row until a game " +
	"not won), then performance (the opponents' mean rating plus 500 times wins less losses over games), " +
	"then the entry order."

// ArenaStandings ranks an arena's players from its finished games, whose
// Round is the order they ended in (a game being played counts nothing).
func ArenaStandings(players []Player, games []Game) []ArenaStanding {
	by := map[string]*ArenaStanding{}
	ratings := map[string]int{}
	oppSum := map[string]int{}
	out := make([]ArenaStanding, len(players))
	for i, p := range players {
		out[i] = ArenaStanding{ID: p.ID, Rating: p.Rating, Order: p.Order}
		by[p.ID] = &out[i]
		ratings[p.ID] = p.Rating
	}
	ordered := slices.Clone(games)
	slices.SortStableFunc(ordered, func(a, b Game) int { return a.Round - b.Round })
	streak := map[string]int{}
	for _, g := range ordered {
		if g.Bye() || g.Outcome == Pending {
			continue
		}
		for _, id := range []string{g.First, g.Second} {
			s := by[id]
			if s == nil {
				continue
			}
			pts, won := 0, false
			switch g.points(id) {
			case WinPoints:
				pts, won = ArenaWin, true
				s.Wins++
			case DrawPoints:
				pts = ArenaDraw
				s.Draws++
			}
			if streak[id] >= ArenaToLight {
				pts *= ArenaOnFire
			}
			if won {
				streak[id]++
			} else {
				streak[id] = 0
			}
			s.Score += pts
			s.Games++
			s.Sheet = append(s.Sheet, pts)
			s.Fire = streak[id] >= ArenaToLight
			oppSum[id] += ratings[g.opponent(id)]
		}
	}
	for i := range out {
		s := &out[i]
		if s.Games > 0 {
			losses := s.Games - s.Wins - s.Draws
			s.Performance = int(math.Round(float64(oppSum[s.ID]+500*(s.Wins-losses)) / float64(s.Games)))
		}
	}
	slices.SortStableFunc(out, func(a, b ArenaStanding) int {
		if a.Score != b.Score {
			return b.Score - a.Score
		}
		if a.Performance != b.Performance {
			return b.Performance - a.Performance
		}
		return a.Order - b.Order
	})
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}

// Waiting is an arena player waiting for a game.
type Waiting struct {
	ID string
	// Rank is the player's place in the arena's standings now.
	Rank int
	// Last is the opponent of the player's last game ("" for none), and
	// Firsts their games at seat 0 less those at seat 1.
	Last   string
	Firsts int
}

// PairArena pairs waiting players (Lichess's arena pairing): as many pairs
// as can be made, then the least sum of rank differences, never two who
// played each other in their last game unless they are the arena's only
// two players (alone is true). A player left over waits for the next
// wave. Seat 0 goes to the player who sat there less, then to the better
// ranked.
func PairArena(waiting []Waiting, alone bool) []Board {
	ws := slices.Clone(waiting)
	slices.SortStableFunc(ws, func(a, b Waiting) int { return a.Rank - b.Rank })
	var edges []edge
	var top int64
	for i := range ws {
		for j := i + 1; j < len(ws); j++ {
			if !alone && (ws[i].Last == ws[j].ID || ws[j].Last == ws[i].ID) {
				continue
			}
			d := int64(abs(ws[i].Rank - ws[j].Rank))
			top = max(top, d)
			edges = append(edges, edge{u: i, v: j, w: d})
		}
	}
	for k := range edges {
		edges[k].w = top + 1 - edges[k].w
	}
	mate := maxWeightMatching(len(ws), edges)
	var boards []Board
	for i, j := range mate {
		if j <= i {
			continue
		}
		a, b := ws[i], ws[j]
		if b.Firsts < a.Firsts {
			a, b = b, a
		}
		boards = append(boards, Board{a.ID, b.ID})
	}
	return boards
}
