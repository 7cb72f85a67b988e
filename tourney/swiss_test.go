package tourney_test

import (
	"errors"
	"fmt"
	"testing"

	"cardtable/tourney"
	"cardtable/tourney/swisscheck"

	"pgregory.net/rapid"
)

func players(n int) []tourney.Player {
	ps := make([]tourney.Player, n)
	for i := range ps {
		ps[i] = tourney.Player{ID: fmt.Sprintf("p%d", i+1), Rating: 2000 - 50*i, Order: i}
	}
	return ps
}

// Round one of eight players of different ratings is the Dutch system's:
// the top half against the bottom half, 1–5, 2–6, 3–7, 4–8.
func TestSwissFirstRoundTopHalfAgainstBottomHalf(t *testing.T) {
	r, err := tourney.PairSwiss(players(8), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []tourney.Board{{"p1", "p5"}, {"p6", "p2"}, {"p3", "p7"}, {"p8", "p4"}}
	if fmt.Sprint(r.Boards) != fmt.Sprint(want) || r.Bye != "" {
		t.Errorf("PairSwiss(8 players) = %v bye %q, want %v", r.Boards, r.Bye, want)
	}
}

// With seven players the lowest-rated gets the first bye.
func TestSwissByeToTheLowest(t *testing.T) {
	r, err := tourney.PairSwiss(players(7), nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Bye != "p7" || len(r.Boards) != 3 {
		t.Errorf("PairSwiss(7 players) = %v bye %q, want 3 boards and p7's bye", r.Boards, r.Bye)
	}
}

func TestSwissRefusals(t *testing.T) {
	if _, err := tourney.PairSwiss(players(1), nil); !errors.Is(err, tourney.ErrTooFew) {
		t.Errorf("one player: %v, want ErrTooFew", err)
	}
	two := players(2)
	played := []tourney.Game{{Round: 1, First: "p1", Second: "p2", Outcome: tourney.Draw}}
	if _, err := tourney.PairSwiss(two, played); !errors.Is(err, tourney.ErrNoPairing) {
		t.Errorf("two players who met: %v, want ErrNoPairing", err)
	}
	dup := append(players(3), players(1)...)
	if _, err := tourney.PairSwiss(dup, nil); err == nil {
		t.Error("a player listed twice was paired")
	}
}

// playSwiss plays a whole tournament with outcomes from draw, checking
// every round against the independent pairer, and returns the games.
func playSwiss(t interface {
	Fatalf(string, ...any)
}, ps []tourney.Player, rounds int, outcome func(round, board int) tourney.Outcome) []tourney.Game {
	var games []tourney.Game
	for round := 1; round <= rounds; round++ {
		r, err := tourney.PairSwiss(ps, games)
		if errors.Is(err, tourney.ErrNoPairing) {
			if _, ok := swisscheck.Best(ps, games); ok {
				t.Fatalf("round %d: no pairing found, but one exists", round)
			}
			return games
		}
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if err := swisscheck.Check(ps, games, r); err != nil {
			t.Fatalf("round %d: %v (round %+v after %+v)", round, err, r, games)
		}
		for i, b := range r.Boards {
			games = append(games, tourney.Game{Round: round, First: b.First, Second: b.Second, Outcome: outcome(round, i)})
		}
		if r.Bye != "" {
			games = append(games, tourney.Game{Round: round, First: r.Bye})
		}
	}
	return games
}

// Every round of random tournaments is the least-cost legal pairing the
// independent checker finds by trying every pairing; nobody meets twice
// and nobody has a second bye while another active player has none.
func TestSwissAgainstIndependentPairer(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 11).Draw(t, "players")
		ps := make([]tourney.Player, n)
		for i := range ps {
			ps[i] = tourney.Player{ID: fmt.Sprintf("p%d", i), Rating: rapid.IntRange(1400, 1600).Draw(t, "rating"), Order: i}
		}
		rounds := rapid.IntRange(1, n).Draw(t, "rounds")
		games := playSwiss(t, ps, rounds, func(round, board int) tourney.Outcome {
			return tourney.Outcome(rapid.IntRange(1, 3).Draw(t, "outcome"))
		})
		met := map[[2]string]bool{}
		byes := map[string]int{}
		for _, g := range games {
			if g.Bye() {
				byes[g.First]++
				continue
			}
			k := [2]string{min(g.First, g.Second), max(g.First, g.Second)}
			if met[k] {
				t.Fatalf("%v met twice", k)
			}
			met[k] = true
		}
		for id, b := range byes {
			for _, p := range ps {
				if b > 1 && byes[p.ID] == 0 {
					t.Fatalf("%s had %d byes and %s none", id, b, p.ID)
				}
			}
		}
	})
}

// Players who withdraw keep their games (their opponents met them) but
// are not paired again.
func TestSwissWithdrawn(t *testing.T) {
	ps := players(6)
	games := playSwiss(t, ps, 1, func(int, int) tourney.Outcome { return tourney.FirstWon })
	active := ps[1:]
	r, err := tourney.PairSwiss(active, games)
	if err != nil {
		t.Fatal(err)
	}
	if err := swisscheck.Check(active, games, r); err != nil {
		t.Fatal(err)
	}
	for _, b := range r.Boards {
		if b.First == "p1" || b.Second == "p1" {
			t.Errorf("withdrawn p1 paired: %v", r.Boards)
		}
	}
	if r.Bye == "" {
		t.Errorf("five active players and no bye: %+v", r)
	}
}

// Seats: a player who had seat 1 more often gets seat 0.
func TestSwissSeatsBalance(t *testing.T) {
	ps := players(8)
	games := playSwiss(t, ps, 4, func(round, board int) tourney.Outcome { return tourney.Outcome(1 + (round+board)%3) })
	first := map[string]int{}
	for _, g := range games {
		first[g.First]++
		first[g.Second]--
	}
	for id, d := range first {
		if d < -2 || d > 2 {
			t.Errorf("%s sat at seat 0 %+d times more than seat 1 in 4 rounds", id, d)
		}
	}
}
