package tourney_test

import (
	"fmt"
	"testing"

	"cardtable/tourney"

	"pgregory.net/rapid"
)

// Lichess's arena points: 2 a win, 1 a draw; after two wins in a row,
// wins 4 and draws 2 until a game is not won.
func TestArenaPointsWithStreaks(t *testing.T) {
	ps := []tourney.Player{{ID: "A", Rating: 1500}, {ID: "B", Rating: 1500, Order: 1}}
	outcomes := []tourney.Outcome{
		tourney.FirstWon, tourney.FirstWon, tourney.FirstWon, // 2, 2, 4 (on fire after two)
		tourney.Draw,                        // 2 (on fire), fire out
		tourney.FirstWon, tourney.SecondWon, // 2, 0
		tourney.FirstWon, tourney.FirstWon, tourney.FirstWon, // 2, 2, 4
		tourney.SecondWon, // 0
	}
	var games []tourney.Game
	for i, o := range outcomes {
		games = append(games, tourney.Game{Round: i + 1, First: "A", Second: "B", Outcome: o})
	}
	games = append(games, tourney.Game{Round: 99, First: "A", Second: "B"}) // being played
	st := tourney.ArenaStandings(ps, games)
	a := st[0]
	if a.ID != "A" || fmt.Sprint(a.Sheet) != "[2 2 4 2 2 0 2 2 4 0]" || a.Score != 20 || a.Fire || a.Games != 10 {
		t.Errorf("A: %+v, want sheet [2 2 4 2 2 0 2 2 4 0], 20 points, not on fire, 10 games", a)
	}
	b := st[1]
	if fmt.Sprint(b.Sheet) != "[0 0 0 1 0 2 0 0 0 2]" || b.Score != 5 {
		t.Errorf("B: %+v, want sheet [0 0 0 1 0 2 0 0 0 2], 5 points", b)
	}
	// Performance: 1500 + 500·(7−2)/10 = 1750 for A, 1500 + 500·(2−7)/10 = 1250 for B.
	if a.Performance != 1750 || b.Performance != 1250 {
		t.Errorf("performances %d and %d, want 1750 and 1250", a.Performance, b.Performance)
	}
}

// The arena pairs as many waiting players as it can, closest ranks
// together, never a pair whose last game was against each other.
func TestArenaPairing(t *testing.T) {
	w := []tourney.Waiting{{ID: "a", Rank: 1, Last: "b"}, {ID: "b", Rank: 2, Last: "a"}, {ID: "c", Rank: 3}, {ID: "d", Rank: 4}}
	got := fmt.Sprint(tourney.PairArena(w, false))
	if got != "[{a c} {b d}]" {
		t.Errorf("PairArena = %s, want [{a c} {b d}] (a and b just played)", got)
	}
	if got := tourney.PairArena(w[:2], false); len(got) != 0 {
		t.Errorf("a and b alone, just played: paired %v", got)
	}
	if got := tourney.PairArena(w[:2], true); len(got) != 1 {
		t.Errorf("an arena of two: %v, want them paired again", got)
	}
}

// Random waiting rooms: every pair allowed, nobody twice, and no larger
// pairing exists (a greedy pairing of the same players is never larger).
func TestArenaPairingProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 10).Draw(t, "n")
		var w []tourney.Waiting
		for i := range n {
			w = append(w, tourney.Waiting{ID: fmt.Sprint(i), Rank: i + 1})
		}
		for i := range w {
			if j := rapid.IntRange(-1, n-1).Draw(t, "last"); j >= 0 && j != i {
				w[i].Last = w[j].ID
			}
		}
		allowed := func(a, b tourney.Waiting) bool { return a.Last != b.ID && b.Last != a.ID }
		boards := tourney.PairArena(w, false)
		seen := map[string]bool{}
		by := map[string]tourney.Waiting{}
		for _, x := range w {
			by[x.ID] = x
		}
		for _, b := range boards {
			if seen[b.First] || seen[b.Second] || !allowed(by[b.First], by[b.Second]) {
				t.Fatalf("bad board %v in %v", b, boards)
			}
			seen[b.First], seen[b.Second] = true, true
		}
		if most := mostPairs(w, allowed); len(boards) != most {
			t.Fatalf("%d boards, but %d pairs can be made", len(boards), most)
		}
	})
}

func mostPairs(w []tourney.Waiting, ok func(a, b tourney.Waiting) bool) int {
	if len(w) < 2 {
		return 0
	}
	best := mostPairs(w[1:], ok)
	for j := 1; j < len(w); j++ {
		if ok(w[0], w[j]) {
			rest := append(append([]tourney.Waiting{}, w[1:j]...), w[j+1:]...)
			best = max(best, 1+mostPairs(rest, ok))
		}
	}
	return best
}
