package arena

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"cardtable/bots"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/sim"
	"cardtable/sim/simtest"
)

// dealCounter is Rigged (seat 0 wins every game) counting the seeds it
// deals from.
type dealCounter struct {
	simtest.Rigged
	mu    sync.Mutex
	deals map[uint64]int
}

func (d *dealCounter) New(opts engine.Options, setup engine.Setup) (engine.State, error) {
	d.mu.Lock()
	d.deals[setup.Seed]++
	d.mu.Unlock()
	return d.Rigged.New(opts, setup)
}

func specs(t *testing.T, texts ...string) []bots.Spec {
	t.Helper()
	s, err := bots.ParseSpecs(texts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func play(t *testing.T, cfg Config) *Report {
	t.Helper()
	plan, err := NewPlan(cfg)
	if err != nil {
		t.Fatalf("NewPlan: %v", err)
	}
	rep, err := plan.Run(context.Background(), nil)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return rep
}

// Every match-up plays every seat arrangement on the same deals: with
// seat 0 winning every game, each bot wins exactly the games it sits in
// seat 0, which is 1/players of its games, and every deal is dealt once
// per arrangement of every match-up.
func TestEveryArrangementOnTheSameDeals(t *testing.T) {
	for _, players := range []int{2, 3} {
		g := &dealCounter{deals: map[uint64]int{}}
		opts := engine.MustResolve(g, map[string]string{"players": string(rune('0' + players))})
		entries := specs(t, "random", "ismcts:iterations=2", "ismcts:iterations=3", "ismcts:iterations=4")
		const deals = 12
		rep := play(t, Config{Game: g, Options: opts, Entries: entries, Deals: deals, Seed: 5, Workers: 2})
		matchups := map[int]int{2: 6, 3: 4}[players]
		arrangements := map[int]int{2: 2, 3: 6}[players]
		if len(rep.Matchups) != matchups || rep.Arrangements != arrangements || rep.Games != int64(matchups*arrangements*deals) {
			t.Fatalf("%d players: %d match-ups × %d arrangements, %d games; want %d × %d × %d", players, len(rep.Matchups), rep.Arrangements, rep.Games, matchups, arrangements, deals)
		}
		for i := int64(0); i < deals; i++ {
			if n := g.deals[cards.SubSeed(5, uint64(i))]; n != matchups*arrangements {
				t.Errorf("%d players: deal %d dealt %d times, want once per arrangement of every match-up (%d)", players, i, n, matchups*arrangements)
			}
		}
		for _, e := range rep.Entries {
			if e.Games == 0 || e.Wins*int64(players) != e.Games {
				t.Errorf("%d players: %s won %d of %d games, want exactly 1/%d (its turns in seat 0)", players, e.Bot, e.Wins, e.Games, players)
			}
		}
		for _, h := range rep.HeadToHead {
			if h.Share != 0.5 {
				t.Errorf("%d players: %s against %s: %v, want 50%% when every arrangement is played", players, h.Bot, h.Opponent, h.Share)
			}
		}
		for _, r := range rep.Ratings {
			if r.Elo > 1e-6 || r.Elo < -1e-6 || r.CI95[0] >= 0 || r.CI95[1] <= 0 {
				t.Errorf("%d players: %s rated %+v, want 0 inside its interval", players, r.Bot, r)
			}
		}
	}
}

func stable(t *testing.T, r *Report) string {
	t.Helper()
	c := *r
	c.ElapsedS, c.GamesPerS, c.Workers, c.Shard = 0, 0, 0, nil
	c.Entries = append([]Entry(nil), r.Entries...)
	for i := range c.Entries {
		c.Entries[i].Seconds, c.Entries[i].SPerDecision = 0, 0
	}
	b, err := json.Marshal(&c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func highCardConfig(t *testing.T, workers int) Config {
	g := simtest.HighCard{}
	return Config{Game: g, Options: engine.MustResolve(g, nil), Entries: specs(t, "random", "ismcts:iterations=3", "ismcts:iterations=8"), Deals: 40, Seed: 9, Workers: workers}
}

func TestResultsDoNotDependOnWorkers(t *testing.T) {
	one := stable(t, play(t, highCardConfig(t, 1)))
	two := stable(t, play(t, highCardConfig(t, 2)))
	if one != two {
		t.Errorf("1 and 2 workers differ:\n%s\n%s", one, two)
	}
}

// roundTrip returns a report as merge reads it, through its JSON.
func roundTrip(t *testing.T, r *Report) *Report {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	back.Options = r.Options
	return &back
}

func TestMergedShardsEqualTheWholeArena(t *testing.T) {
	coop := Config{Game: regicide.Game{}, Options: engine.MustResolve(regicide.Game{}, nil), Entries: specs(t, "random", "heuristic"), Deals: 60, Seed: 3}
	for _, cfg := range []Config{highCardConfig(t, 2), coop} {
		want := stable(t, play(t, cfg))
		var parts []*Report
		for i := 2; i >= 0; i-- {
			c := cfg
			c.Shard = sim.Shard{Index: i, Of: 3}
			parts = append(parts, roundTrip(t, play(t, c)))
		}
		got, err := Merge(parts)
		if err != nil {
			t.Fatal(err)
		}
		if g := stable(t, got); g != want {
			t.Errorf("%s: merged shards:\n%s\nwant\n%s", cfg.Game.Name(), g, want)
		}
		if _, err := Merge(parts[:2]); err == nil || !strings.Contains(err.Error(), "shard 0 of 3 missing") {
			t.Errorf("%s: two of three shards merged: %v", cfg.Game.Name(), err)
		}
		other := cfg
		other.Seed++
		other.Shard = sim.Shard{Index: 0, Of: 3}
		if _, err := Merge([]*Report{parts[0], parts[1], roundTrip(t, play(t, other))}); err == nil || !strings.Contains(err.Error(), "seed") {
			t.Errorf("%s: shards of two seeds merged: %v", cfg.Game.Name(), err)
		}
	}
}

// In a co-operative game every bot plays the same deals: each bot's wins
// are what sim reports for it alone, and the pairs add up.
func TestCoOperativeArenaComparesBotsOnTheSameDeals(t *testing.T) {
	g := regicide.Game{}
	opts := engine.MustResolve(g, map[string]string{"players": "2"})
	rep := play(t, Config{Game: g, Options: opts, Entries: specs(t, "random", "heuristic"), Deals: 80, Seed: 4, Workers: 2})
	if len(rep.Ratings) != 0 || len(rep.Pairs) != 1 {
		t.Fatalf("ratings %v, pairs %v: want no ratings and one pair", rep.Ratings, rep.Pairs)
	}
	for _, e := range rep.Entries {
		seats, err := sim.SeatsFromRegistry(g, opts, 2, []string{e.Bot}, nil)
		if err != nil {
			t.Fatal(err)
		}
		alone, err := sim.Run(context.Background(), sim.Config{Game: g, Options: opts, Games: 80, Seed: 4, Seats: seats})
		if err != nil {
			t.Fatal(err)
		}
		if e.Deals != 80 || e.DealsWon != alone.Team.Wins {
			t.Errorf("%s won %d of %d deals in the arena, %d of 80 alone", e.Bot, e.DealsWon, e.Deals, alone.Team.Wins)
		}
	}
	p := rep.Pairs[0]
	if p.Deals != 80 || p.Both+p.OnlyA+p.OnlyB+p.Neither != 80 || p.Both+p.OnlyA != rep.Entries[0].DealsWon || p.Both+p.OnlyB != rep.Entries[1].DealsWon {
		t.Errorf("pair %+v does not add up to the entries' wins %d and %d", p, rep.Entries[0].DealsWon, rep.Entries[1].DealsWon)
	}
	if p.OnlyB == 0 || p.PValue != SignTest(p.OnlyA, p.OnlyB) {
		t.Errorf("pair %+v: want the heuristic to win some deals random loses, and the sign test of them", p)
	}
}

func TestPlanRefusesBadArenas(t *testing.T) {
	g := simtest.HighCard{}
	opts := engine.MustResolve(g, map[string]string{"players": "3"})
	for _, tc := range []struct {
		entries []string
		params  map[string]string
		says    string
	}{
		{[]string{"random"}, nil, "name at least two"},
		{[]string{"random", "ismcts"}, nil, "2 bots for a 3-player game"},
		{[]string{"random", "ismcts", "random"}, nil, "bot random named twice"},
		{[]string{"random", "ismcts", "nobody"}, nil, `no bot "nobody"`},
		{[]string{"random", "ismcts", "ismcts:iterations=2"}, map[string]string{"expert.iterations": "3"}, `"expert.iterations" is for bot expert, which is not in the arena`},
	} {
		_, err := NewPlan(Config{Game: g, Options: opts, Entries: specs(t, tc.entries...), BotParams: tc.params, Deals: 5})
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("arena %v: %v, want an error saying %q", tc.entries, err, tc.says)
		}
	}
}
