// Package swisscheck checks a Swiss round's pairings independently of the
// pairer (package tourney): it scores the players from the games
// played, enumerates every possible pairing of the active players and
// finds the least cost under the rule docs/tournaments.md states, then
// checks the round given against it. It is written from the document, not
// from the pairer's code, and tries every pairing, so it is only for
// tests (up to about 13 players).
package swisscheck

import (
	"fmt"
	"sort"

	"cardtable/tourney"
)

// Player is an active player: id, rating at entry and entry order.
type Player = tourney.Player

type standing struct {
	id            string
	points        int // half points
	rating, order int
	byes          int
	met           map[string]bool
}

// Cost is a pairing's total cost: the sum of its pairs' squared score
// differences, then the sum of its order terms; lower is better, the
// first term first.
type Cost struct{ Score, Order int }

func (c Cost) less(d Cost) bool { return c.Score < d.Score || c.Score == d.Score && c.Order < d.Order }

// standings scores and orders the active players: points (win 2, draw 1,
// bye 2 half points), then rating, then entry order.
func standings(active []Player, played []tourney.Game) []*standing {
	by := map[string]*standing{}
	var out []*standing
	for _, p := range active {
		s := &standing{id: p.ID, rating: p.Rating, order: p.Order, met: map[string]bool{}}
		by[p.ID] = s
		out = append(out, s)
	}
	for _, g := range played {
		a, b := by[g.First], by[g.Second]
		if g.Second == "" {
			if a != nil {
				a.points += 2
				a.byes++
			}
			continue
		}
		pa, pb := 0, 0
		switch g.Outcome {
		case tourney.FirstWon:
			pa = 2
		case tourney.SecondWon:
			pb = 2
		case tourney.Draw:
			pa, pb = 1, 1
		}
		if a != nil {
			a.points += pa
			a.met[g.Second] = true
		}
		if b != nil {
			b.points += pb
			b.met[g.First] = true
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.points != b.points {
			return a.points > b.points
		}
		if a.rating != b.rating {
			return a.rating > b.rating
		}
		return a.order < b.order
	})
	return out
}

// place is a player's position in their score group (0 at the top) and
// the group's size.
type place struct{ pos, size int }

func places(ss []*standing) map[string]place {
	out := map[string]place{}
	for _, s := range ss {
		n, pos := 0, 0
		for _, t := range ss {
			if t.points == s.points {
				if t == s {
					pos = n
				}
				n++
			}
		}
		out[s.id] = place{pos, n}
	}
	return out
}

// pairCost is one pair's cost as the document states it: the squared
// difference of points; in one score group |distance in places - half the
// group (rounded down)|, across groups the upper player's places above
// their group's bottom plus the lower player's below their group's top.
func pairCost(pa int, a place, pb int, b place) Cost {
	if pa < pb {
		pa, pb, a, b = pb, pa, b, a
	}
	c := Cost{Score: (pa - pb) * (pa - pb)}
	if pa == pb {
		d := a.pos - b.pos
		if d < 0 {
			d = -d
		}
		c.Order = d - a.size/2
		if c.Order < 0 {
			c.Order = -c.Order
		}
	} else {
		c.Order = (a.size - 1 - a.pos) + b.pos
	}
	return c
}

// Best is the least cost of any legal pairing of the round (no repeated
// opponent; for an odd number, the bye to a player with the fewest byes,
// counted as a pair with a player one win below the lowest score, first
// and alone in their group); ok is false when no legal pairing exists.
func Best(active []Player, played []tourney.Game) (best Cost, ok bool) {
	ss := standings(active, played)
	pl := places(ss)
	fewest, lowest := 1<<30, 1<<30
	for _, s := range ss {
		fewest = min(fewest, s.byes)
		lowest = min(lowest, s.points)
	}
	used := make([]bool, len(ss))
	var walk func(sum Cost, byeGiven bool)
	walk = func(sum Cost, byeGiven bool) {
		i := 0
		for i < len(ss) && used[i] {
			i++
		}
		if i == len(ss) {
			if !ok || sum.less(best) {
				best, ok = sum, true
			}
			return
		}
		used[i] = true
		a := ss[i]
		if len(ss)%2 == 1 && !byeGiven && a.byes == fewest {
			c := pairCost(a.points, pl[a.id], lowest-2, place{0, 1})
			walk(Cost{sum.Score + c.Score, sum.Order + c.Order}, true)
		}
		for j := i + 1; j < len(ss); j++ {
			if used[j] || a.met[ss[j].id] {
				continue
			}
			used[j] = true
			c := pairCost(a.points, pl[a.id], ss[j].points, pl[ss[j].id])
			walk(Cost{sum.Score + c.Score, sum.Order + c.Order}, byeGiven)
			used[j] = false
		}
		used[i] = false
	}
	walk(Cost{}, false)
	return best, ok
}

// Check checks round against the rule: every active player paired once
// (or given the bye) and nobody else, no repeated opponent, the bye (only
// for an odd number) to a player with the fewest byes, and a total cost
// equal to the least possible. It returns nil or what is wrong.
func Check(active []Player, played []tourney.Game, round tourney.Round) error {
	ss := standings(active, played)
	by := map[string]*standing{}
	for _, s := range ss {
		by[s.id] = s
	}
	seen := map[string]bool{}
	pl := places(ss)
	var total Cost
	mark := func(id string) error {
		if by[id] == nil {
			return fmt.Errorf("%q is paired but not an active player", id)
		}
		if seen[id] {
			return fmt.Errorf("%q is paired twice", id)
		}
		seen[id] = true
		return nil
	}
	for _, b := range round.Boards {
		if err := mark(b.First); err != nil {
			return err
		}
		if err := mark(b.Second); err != nil {
			return err
		}
		if by[b.First].met[b.Second] {
			return fmt.Errorf("%q and %q met before", b.First, b.Second)
		}
		c := pairCost(by[b.First].points, pl[b.First], by[b.Second].points, pl[b.Second])
		total = Cost{total.Score + c.Score, total.Order + c.Order}
	}
	if round.Bye != "" {
		if err := mark(round.Bye); err != nil {
			return err
		}
		fewest, lowest := 1<<30, 1<<30
		for _, s := range ss {
			fewest = min(fewest, s.byes)
			lowest = min(lowest, s.points)
		}
		if by[round.Bye].byes != fewest {
			return fmt.Errorf("%q gets a bye %d while someone has %d", round.Bye, by[round.Bye].byes+1, fewest)
		}
		c := pairCost(by[round.Bye].points, pl[round.Bye], lowest-2, place{0, 1})
		total = Cost{total.Score + c.Score, total.Order + c.Order}
	}
	if len(seen) != len(ss) {
		return fmt.Errorf("%d of %d active players are paired", len(seen), len(ss))
	}
	if (round.Bye != "") != (len(ss)%2 == 1) {
		return fmt.Errorf("a bye with %d players", len(ss))
	}
	best, ok := Best(active, played)
	if !ok {
		return fmt.Errorf("a round was paired where no legal pairing exists")
	}
	if total != best {
		return fmt.Errorf("the pairing costs %+v, the least is %+v", total, best)
	}
	return nil
}
