package tourney_test

import (
	"fmt"
	"strings"
	"testing"

	"cardtable/tourney"
)

func g(round int, first, second string, o tourney.Outcome) tourney.Game {
	return tourney.Game{Round: round, First: first, Second: second, Outcome: o}
}

func line(s tourney.Standing) string {
	return fmt.Sprintf("%d %s pts %d bh %d sb %d w%d d%d l%d b%d", s.Rank, s.ID, s.Points, s.Buchholz, s.SonnebornBerger, s.Wins, s.Draws, s.Losses, s.Byes)
}

// A worked example, every figure computed by hand (half points; SB in
// quarter points).
func TestSwissStandingsWorked(t *testing.T) {
	ps := []tourney.Player{{ID: "A", Order: 0}, {ID: "B", Order: 1}, {ID: "C", Order: 2}, {ID: "D", Order: 3}}
	games := []tourney.Game{
		g(1, "A", "B", tourney.FirstWon), g(1, "C", "D", tourney.Draw),
		g(2, "C", "A", tourney.Draw), g(2, "B", "D", tourney.FirstWon),
		g(3, "D", "A", tourney.SecondWon), g(3, "B", "C", tourney.FirstWon),
	}
	want := []string{
		"1 A pts 5 bh 7 sb 12 w2 d1 l0 b0",
		"2 B pts 4 bh 8 sb 6 w2 d0 l1 b0",
		"3 C pts 2 bh 10 sb 6 w0 d2 l1 b0",
		"4 D pts 1 bh 11 sb 2 w0 d1 l2 b0",
	}
	checkLines(t, tourney.SwissStandings(ps, games), want)
}

// A bye counts as an opponent with the player's own points, in Buchholz
// and (as a win) in Sonneborn-Berger.
func TestSwissStandingsByes(t *testing.T) {
	ps := []tourney.Player{{ID: "X", Order: 0}, {ID: "Y", Order: 1}, {ID: "Z", Order: 2}}
	games := []tourney.Game{
		g(1, "X", "Y", tourney.FirstWon), {Round: 1, First: "Z"},
		g(2, "Z", "X", tourney.FirstWon), {Round: 2, First: "Y"},
		g(3, "Y", "Z", tourney.Draw), {Round: 3, First: "X"},
	}
	want := []string{
		"1 Z pts 5 bh 12 sb 21 w1 d1 l0 b1",
		"2 X pts 4 bh 12 sb 14 w1 d0 l1 b1",
		"3 Y pts 3 bh 12 sb 11 w0 d1 l1 b1",
	}
	checkLines(t, tourney.SwissStandings(ps, games), want)
}

// Level on points, the higher Buchholz ranks first; level on everything,
// the rating, then the entry order. A game being played counts nothing.
func TestSwissStandingsTieBreaks(t *testing.T) {
	ps := []tourney.Player{{ID: "A", Order: 0}, {ID: "B", Order: 1}, {ID: "C", Order: 2}, {ID: "D", Order: 3}, {ID: "E", Rating: 1600, Order: 4}, {ID: "F", Rating: 1600, Order: 5}}
	games := []tourney.Game{
		g(1, "A", "B", tourney.FirstWon), g(1, "C", "D", tourney.FirstWon),
		g(2, "A", "C", tourney.FirstWon), g(2, "D", "B", tourney.FirstWon),
		g(2, "E", "F", tourney.Pending),
	}
	var order []string
	for _, s := range tourney.SwissStandings(ps, games) {
		order = append(order, s.ID)
	}
	if got := strings.Join(order, ""); got != "ACDBEF" {
		t.Errorf("order %s, want ACDBEF (C above D on Buchholz 6 to 2, B above E and F on Buchholz 6 to 0, E before F by entry)", got)
	}
}

func checkLines(t *testing.T, got []tourney.Standing, want []string) {
	t.Helper()
	for i, s := range got {
		if i >= len(want) || line(s) != want[i] {
			t.Errorf("line %d = %q, want %q", i, line(s), want[min(i, len(want)-1)])
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d lines, want %d", len(got), len(want))
	}
}

// The ranking sentence names every tie-break.
func TestSwissRankingNamesEveryTieBreak(t *testing.T) {
	for _, w := range []string{"points", "Buchholz", "Sonneborn-Berger", "wins", "rating", "entry order", "bye"} {
		if !strings.Contains(tourney.SwissRanking, w) {
			t.Errorf("SwissRanking does not name %q", w)
		}
	}
}
