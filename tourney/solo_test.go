package tourney_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"cardtable/tourney"
)

func TestSoloStandings(t *testing.T) {
	at := func(h, m int) time.Time { return time.Date(2026, 12, 6, h, m, 0, 0, time.UTC) }
	att := func(deal int, from, to time.Time, enemies int) tourney.SoloAttempt {
		return tourney.SoloAttempt{Deal: deal, Started: from, Ended: to, Enemies: enemies, Won: enemies == 12 && !to.IsZero()}
	}
	entrants := []tourney.SoloEntrant{
		{ID: "ann", Order: 0, Attempts: []tourney.SoloAttempt{att(1, at(10, 0), at(10, 10), 12), att(2, at(10, 20), at(10, 35), 5)}},
		{ID: "bob", Order: 1, Attempts: []tourney.SoloAttempt{att(1, at(10, 0), at(10, 5), 12), att(2, at(10, 5), at(10, 15), 5)}},
		{ID: "cat", Order: 2, Attempts: []tourney.SoloAttempt{att(1, at(10, 0), at(10, 30), 12)}},
		{ID: "dan", Order: 3, Attempts: []tourney.SoloAttempt{att(1, at(10, 50), time.Time{}, 8)}},
		// A second attempt at a deal and a deal the tournament has not are not counted.
		{ID: "eve", Order: 4, Attempts: []tourney.SoloAttempt{att(2, at(10, 0), at(10, 10), 12), att(2, at(10, 20), at(10, 25), 12), att(3, at(10, 0), at(10, 1), 12)}},
	}
	got := tourney.SoloStandings(entrants, 2, at(10, 0), at(11, 0), at(11, 30))
	var lines []string
	for _, s := range got {
		lines = append(lines, fmt.Sprintf("%d %s %d %v won %d finished %d", s.Rank, s.ID, s.Enemies, s.Time, s.Won, s.Finished))
	}
	want := []string{
		"1 bob 17 15m0s won 1 finished 2",
		"2 ann 17 25m0s won 1 finished 2",
		"3 eve 12 1h10m0s won 1 finished 1", // 10 min and a deal never started (the hour)
		"4 cat 12 1h30m0s won 1 finished 1",
		"5 dan 8 1h10m0s won 0 finished 0", // cut off at 11:00 after 10 min
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("standings:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	// While it runs, a game under way counts until now.
	live := tourney.SoloStandings(entrants[3:4], 2, at(10, 0), at(11, 0), at(10, 55))
	if live[0].Time != 65*time.Minute {
		t.Errorf("dan at 10:55: time %v, want 1h5m (5 min played, an hour for the deal not started)", live[0].Time)
	}
}

func TestSoloSeeds(t *testing.T) {
	secret := []byte("server secret")
	a, b := tourney.SoloSeed(secret, "t1", 1), tourney.SoloSeed(secret, "t1", 2)
	if a == b || a == tourney.SoloSeed(secret, "t2", 1) || a == tourney.SoloSeed([]byte("other"), "t1", 1) {
		t.Error("seeds of different deals, tournaments or secrets agree")
	}
	if a != tourney.SoloSeed(secret, "t1", 1) {
		t.Error("the same deal has two seeds")
	}
	c := tourney.SoloCommitment("t1", 1, a)
	if len(c) != 64 || c == tourney.SoloCommitment("t1", 1, b) || c == tourney.SoloCommitment("t1", 2, a) {
		t.Errorf("commitment %q does not bind the deal and its seed", c)
	}
}

func TestSoloRankingSentence(t *testing.T) {
	for _, w := range []string{"enemies", "time", "never started", "entry order"} {
		if !strings.Contains(tourney.SoloRanking, w) {
			t.Errorf("SoloRanking does not name %q", w)
		}
	}
}
