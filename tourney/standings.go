package tourney

import (
	"slices"
)

// Standing is one player's line in a Swiss table.
type Standing struct {
	ID string
	// Rank is the place from 1; every player has their own (the last
	// tie-break, the entry order, tells any two apart).
	Rank int
	// Points, in half points (a win 2, a draw 1, a bye 2).
	Points int
	// Buchholz is the sum of the opponents' points (half points); a bye
	// counts as an opponent with the player's own points.
	Buchholz int
	// SonnebornBerger is the points of the opponents beaten plus half the
	// points of those drawn, in quarter points; a bye counts as a win over
	// an opponent with the player's own points.
	SonnebornBerger int
	Wins, Draws     int
	Losses, Byes    int
	// Games counts the games finished (byes not included).
	Games int
	// Rating and Order are the player's, the last two tie-breaks.
	Rating, Order int
}

// SwissRanking names the table's order, every tie-break, in a sentence
// (docs/tournaments.md says the same).
const SwissRanking = "Ranked by points (a win 1, a draw ½, a bye 1), then Buchholz (the opponents' points), " +
	"then Sonneborn-Berger (the points of the opponents beaten and half of those drawn), then wins, " +
	"then the rating at entry, then the entry order; a bye counts in both tie-breaks as an opponent " +
	"with the player's own points."

// SwissStandings ranks players (withdrawn ones too) from the games played:
// only finished games and byes count; games being played count nothing.
func SwissStandings(players []Player, games []Game) []Standing {
	by := map[string]*Standing{}
	out := make([]Standing, len(players))
	for i, p := range players {
		out[i] = Standing{ID: p.ID, Rating: p.Rating, Order: p.Order}
		by[p.ID] = &out[i]
	}
	var done []Game
	for _, g := range games {
		if g.Bye() || g.Outcome != Pending {
			done = append(done, g)
		}
	}
	for _, g := range done {
		for _, id := range []string{g.First, g.Second} {
			s := by[id]
			if s == nil {
				continue
			}
			pts := g.points(id)
			s.Points += pts
			switch {
			case g.Bye():
				s.Byes++
			case pts == WinPoints:
				s.Wins++
			case pts == DrawPoints:
				s.Draws++
			default:
				s.Losses++
			}
			if !g.Bye() {
				s.Games++
			}
		}
	}
	for _, g := range done {
		for _, id := range []string{g.First, g.Second} {
			s := by[id]
			if s == nil {
				continue
			}
			opp := s.Points // a bye's opponent has the player's own points
			if !g.Bye() {
				opp = 0
				if o := by[g.opponent(id)]; o != nil {
					opp = o.Points
				}
			}
			s.Buchholz += opp
			s.SonnebornBerger += g.points(id) * opp // 2·opp for a win, opp for a draw: quarter points
		}
	}
	slices.SortStableFunc(out, func(a, b Standing) int {
		for _, d := range []int{
			b.Points - a.Points, b.Buchholz - a.Buchholz, b.SonnebornBerger - a.SonnebornBerger,
			b.Wins - a.Wins, b.Rating - a.Rating, a.Order - b.Order,
		} {
			if d != 0 {
				return d
			}
		}
		return 0
	})
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}
