package arena

import (
	"fmt"
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/sim"
	"cardtable/sim/simtest"
)

// binomial is n choose k.
func binomial(n, k int) int64 {
	r := int64(1)
	for i := 1; i <= k; i++ {
		r = r * int64(n-k+i) / int64(i)
	}
	return r
}

// Against reference opponents every bot plays k of the seats, for every k
// and every choice of the k seats, on the same deals. With seat 0 winning
// every game, a bot in k of P seats wins exactly the choices that give it
// seat 0, C(P-1, k-1) of the C(P, k), and loses the others.
func TestGauntletPlaysEverySplitOfTheSeats(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		g := simtest.Rigged{}
		opts := engine.MustResolve(g, map[string]string{"players": fmt.Sprint(players)})
		const deals = 7
		rep := play(t, Config{Game: g, Options: opts, Entries: specs(t, "random", "ismcts:iterations=2"),
			Against: specs(t, "ismcts:iterations=3"), Deals: deals, Seed: 5, Workers: 2})
		if len(rep.Gauntlet) != 2*(players-1) || len(rep.Matchups) != 0 || len(rep.Ratings) != 0 {
			t.Fatalf("%d players: %d gauntlet rows, %d match-ups, %d ratings; want %d rows and no match-ups or ratings",
				players, len(rep.Gauntlet), len(rep.Matchups), len(rep.Ratings), 2*(players-1))
		}
		var games int64
		for _, row := range rep.Gauntlet {
			k := row.BotSeats
			want := Gauntlet{Bot: row.Bot, Opponent: "ismcts:iterations=3", BotSeats: k, Games: deals * binomial(players, k),
				Wins: deals * binomial(players-1, k-1), Losses: deals * binomial(players-1, k)}
			want.Share = float64(want.Wins) / float64(want.Games)
			want.CI95 = row.CI95
			if row != want {
				t.Errorf("%d players: row %+v, want %+v", players, row, want)
			}
			if lo, hi := sim.Wilson(row.Wins, row.Games, sim.Z95); row.CI95 != [2]float64{lo, hi} {
				t.Errorf("%d players: %+v: interval is not the Wilson interval [%v, %v]", players, row, lo, hi)
			}
			games += row.Games
		}
		if rep.Games != games || len(rep.Entries) != 3 || rep.Entries[2].Decisions == 0 {
			t.Errorf("%d players: %d games (rows: %d), entries %+v: want the opponent's decisions counted too", players, rep.Games, games, rep.Entries)
		}
	}
}

func TestMergedGauntletShardsEqualTheWholeArena(t *testing.T) {
	g := simtest.HighCard{}
	cfg := Config{Game: g, Options: engine.MustResolve(g, map[string]string{"players": "3"}), Entries: specs(t, "random", "ismcts:iterations=3"),
		Against: specs(t, "ismcts:iterations=2"), Deals: 30, Seed: 8}
	want := stable(t, play(t, cfg))
	var parts []*Report
	for i := range 3 {
		c := cfg
		c.Shard = sim.Shard{Index: i, Of: 3}
		parts = append(parts, roundTrip(t, play(t, c)))
	}
	got, err := Merge(parts)
	if err != nil {
		t.Fatal(err)
	}
	if g := stable(t, got); g != want {
		t.Errorf("merged shards:\n%s\nwant\n%s", g, want)
	}
	other := cfg
	other.Against = specs(t, "ismcts:iterations=4")
	other.Shard = sim.Shard{Index: 0, Of: 3}
	if _, err := Merge([]*Report{roundTrip(t, play(t, other)), parts[1], parts[2]}); err == nil || !strings.Contains(err.Error(), "reference opponents") {
		t.Errorf("shards against two opponents merged: %v", err)
	}
}

func TestPlanRefusesBadGauntlets(t *testing.T) {
	g := simtest.HighCard{}
	opts := engine.MustResolve(g, map[string]string{"players": "3"})
	for _, tc := range []struct {
		cfg  Config
		says string
	}{
		{Config{Game: g, Options: opts, Against: specs(t, "random")}, "no bots to play against random"},
		{Config{Game: g, Options: opts, Entries: specs(t, "random"), Against: specs(t, "random")}, "bot random named twice"},
		{Config{Game: g, Options: opts, Entries: specs(t, "random"), Against: specs(t, "nobody")}, `no bot "nobody"`},
		{Config{Game: regicide.Game{}, Options: engine.MustResolve(regicide.Game{}, nil), Entries: specs(t, "random"), Against: specs(t, "heuristic")}, "co-operative"},
	} {
		tc.cfg.Deals = 3
		if _, err := NewPlan(tc.cfg); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%v against %v: %v, want an error saying %q", tc.cfg.Entries, tc.cfg.Against, err, tc.says)
		}
	}
}
