package tourney

import (
	"errors"
	"fmt"
	"slices"
)

// Points are counted in half points throughout: a win is 2, a draw 1, a
// loss 0, and a bye a win's 2 (docs/tournaments.md, Swiss).
const (
	WinPoints  = 2
	DrawPoints = 1
	ByePoints  = WinPoints
)

// Outcome is a finished game's result from its first seat's side.
type Outcome int

const (
	// Pending: the game is being played (or a bye, which has none).
	Pending Outcome = iota
	FirstWon
	SecondWon
	Draw
)

// Player is an entrant as pairings and standings see one.
type Player struct {
	ID string
	// Rating is the entrant's rating when they joined (a bot's fixed one).
	Rating int
	// Order is the entry order, the last tie-break (lower first).
	Order int
}

// Game is one board of a round, or a bye (Second "").
type Game struct {
	Round int
	// First sat at seat 0, Second at seat 1.
	First, Second string
	Outcome       Outcome
}

// Bye reports whether the game is a bye.
func (g Game) Bye() bool { return g.Second == "" }

// points is what the game gave id, in half points.
func (g Game) points(id string) int {
	switch {
	case g.Bye():
		return ByePoints
	case g.Outcome == Draw:
		return DrawPoints
	case g.Outcome == FirstWon && id == g.First, g.Outcome == SecondWon && id == g.Second:
		return WinPoints
	}
	return 0
}

// opponent is id's opponent in the game ("" for a bye).
func (g Game) opponent(id string) string {
	if id == g.First {
		return g.Second
	}
	return g.First
}

// Board is one pairing of a round: First takes seat 0.
type Board struct {
	First, Second string
}

// Round is a round's pairings: its boards, best-ranked first, and the
// player who has the bye ("" for none).
type Round struct {
	Boards []Board
	Bye    string
}

// Pairing refusals: the Swiss tournament ends before a round that has
// none (as Lichess's does).
var (
	// ErrNoPairing: every pairing of the active players would repeat a
	// game or give a second bye while someone has none.
	ErrNoPairing = errors.New("tourney: no pairing without a repeated opponent or a second bye")
	// ErrTooFew: fewer than two active players.
	ErrTooFew = errors.New("tourney: fewer than two players to pair")
)

// record is what the pairing knows of one player from the games played.
type record struct {
	Player
	points   int
	byes     int
	met      map[string]bool
	firsts   int // games at seat 0 less games at seat 1
	lastSeat int // 0 or 1 in the last game played at a table; -1 none
}

// records sums the games of players (games of others are ignored, but
// players keep their meetings with them).
func records(players []Player, games []Game) []*record {
	by := map[string]*record{}
	rs := make([]*record, len(players))
	for i, p := range players {
		rs[i] = &record{Player: p, met: map[string]bool{}, lastSeat: -1}
		by[p.ID] = rs[i]
	}
	ordered := slices.Clone(games)
	slices.SortStableFunc(ordered, func(a, b Game) int { return a.Round - b.Round })
	for _, g := range ordered {
		for seat, id := range []string{g.First, g.Second} {
			r := by[id]
			if r == nil {
				continue
			}
			r.points += g.points(id)
			if g.Bye() {
				r.byes++
				continue
			}
			r.met[g.opponent(id)] = true
			r.firsts += 1 - 2*seat
			r.lastSeat = seat
		}
	}
	return rs
}

// pairingOrder sorts records as the pairing ranks them: points, then
// rating, then entry order.
func pairingOrder(rs []*record) {
	slices.SortStableFunc(rs, func(a, b *record) int {
		switch {
		case a.points != b.points:
			return b.points - a.points
		case a.Rating != b.Rating:
			return b.Rating - a.Rating
		}
		return a.Order - b.Order
	})
}

// PairSwiss pairs the next round of a Swiss tournament among the active
// players, given every game played before (withdrawn players' games
// included). The pairing is the one of least cost under the rule of
// docs/tournaments.md: nobody meets an opponent twice, the bye (for an odd
// number) goes to a player with the fewest byes, and then, in order, the
// score differences of the pairs are the least (the sum of their squares;
// the bye counts as a pair with a player one win below the lowest score)
// and each score group is paired top half against bottom half, its
// lowest-ranked players floating down to the highest of the next group.
func PairSwiss(active []Player, played []Game) (Round, error) {
	if len(active) < 2 {
		return Round{}, ErrTooFew
	}
	rs := records(active, played)
	pairingOrder(rs)
	ids := map[string]bool{}
	for _, r := range rs {
		if ids[r.ID] {
			return Round{}, fmt.Errorf("tourney: player %q is listed twice", r.ID)
		}
		ids[r.ID] = true
	}
	edges := swissEdges(rs)
	n := len(rs)
	if n%2 == 1 {
		n++
	}
	mate := maxWeightMatching(n, edges)
	next := 1
	for _, g := range played {
		next = max(next, g.Round+1)
	}
	var round Round
	for i, r := range rs {
		j := mate[i]
		switch {
		case j == -1:
			return Round{}, ErrNoPairing
		case j == len(rs):
			round.Bye = r.ID
		case j > i:
			round.Boards = append(round.Boards, seats(rs[i], rs[j], next+len(round.Boards)))
		}
	}
	return round, nil
}

// seats gives seat 0 to whichever of a and b (a ranked higher) has played
// it less, then to the one who sat at seat 1 last, then to the
// higher-ranked on odd boards of odd rounds and even boards of even ones
// (turn is the round plus the board's index from 0).
func seats(a, b *record, turn int) Board {
	switch {
	case a.firsts != b.firsts:
		if a.firsts < b.firsts {
			return Board{a.ID, b.ID}
		}
		return Board{b.ID, a.ID}
	case a.lastSeat != b.lastSeat && a.lastSeat != -1 && b.lastSeat != -1:
		if a.lastSeat == 1 {
			return Board{a.ID, b.ID}
		}
		return Board{b.ID, a.ID}
	case turn%2 == 1:
		return Board{a.ID, b.ID}
	}
	return Board{b.ID, a.ID}
}

// SwissCost is the cost of one pair under the pairing rule, given each
// player's points and place (position in their score group, and the
// group's size): a lexicographic pair, the score term first.
type SwissCost struct {
	// Score is the squared difference of the pair's points (half points).
	Score int
	// Order is how far the pair is from the Dutch order: in one score
	// group, |distance in places − ⌊size/2⌋|; across groups, the upper
	// player's places above the bottom of their group plus the lower
	// player's below the top of theirs.
	Order int
}

// PairCost is the cost of pairing two players: points and places (0 is a
// group's top) in groups of the given sizes. The bye is a player with
// points one win below the lowest score, place 0, group size 1.
func PairCost(pointsA, placeA, sizeA, pointsB, placeB, sizeB int) SwissCost {
	d := pointsA - pointsB
	c := SwissCost{Score: d * d}
	switch {
	case d == 0:
		c.Order = abs(abs(placeA-placeB) - sizeA/2)
	case d > 0:
		c.Order = sizeA - 1 - placeA + placeB
	default:
		c.Order = sizeB - 1 - placeB + placeA
	}
	return c
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// swissEdges are the pairs that may meet, weighted so that the matching
// of the most pairs and greatest weight is the least-cost pairing: the
// score term outweighs any sum of order terms.
func swissEdges(rs []*record) []edge {
	n := len(rs)
	place, size := make([]int, n), make([]int, n)
	for i := 0; i < n; {
		j := i
		for j < n && rs[j].points == rs[i].points {
			j++
		}
		for k := i; k < j; k++ {
			place[k], size[k] = k-i, j-i
		}
		i = j
	}
	orderScale := int64((n + 2) * (n + 2)) // more than any total of order terms
	var costs []int64
	var edges []edge
	add := func(u, v int, c SwissCost) {
		edges = append(edges, edge{u: u, v: v})
		costs = append(costs, int64(c.Score)*orderScale+int64(c.Order))
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if !rs[i].met[rs[j].ID] {
				add(i, j, PairCost(rs[i].points, place[i], size[i], rs[j].points, place[j], size[j]))
			}
		}
	}
	if n%2 == 1 {
		fewest := rs[0].byes
		for _, r := range rs {
			fewest = min(fewest, r.byes)
		}
		lowest := rs[n-1].points
		for i, r := range rs {
			if r.byes == fewest {
				add(i, n, PairCost(r.points, place[i], size[i], lowest-WinPoints, 0, 1))
			}
		}
	}
	var top int64
	for _, c := range costs {
		top = max(top, c)
	}
	for k := range edges {
		edges[k].w = top + 1 - costs[k]
	}
	return edges
}
