package degenerate_test

import (
	"context"
	"testing"

	"cardtable/arena"
	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

func arenaReport(t *testing.T, cfg arena.Config) *arena.Report {
	t.Helper()
	plan, err := arena.NewPlan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := plan.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func specs(t *testing.T, texts ...string) []bots.Spec {
	t.Helper()
	s, err := bots.ParseSpecs(texts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Issue 28: a player who never places and ends every turn beat the expert
// and the heuristic at the round cap, which every such game reached. Alone
// at a 3-player table against two of them (every seat, the same 40 seeded
// deals: 120 games), each bot now wins at least 100 games outright
// (measured: the expert 114, the heuristic 115); before the bots played
// for the cap's forced showdown they won 61 and 62.
func TestBotsBeatPassivePlayersAtThreePlayers(t *testing.T) {
	g := watchtower.New()
	opts := engine.MustResolve(g, map[string]string{"players": "3"})
	rep := arenaReport(t, arena.Config{Game: g, Options: opts, Entries: specs(t, "expert", "heuristic"),
		Against: specs(t, "pass"), Deals: 40, Seed: 1, Workers: 2})
	for _, row := range rep.Gauntlet {
		if row.BotSeats != 1 {
			continue
		}
		if row.Games != 120 || row.Wins < 100 {
			t.Errorf("%s alone against two %s players won %d of %d games outright (lost %d, shared %d); want at least 100 of 120",
				row.Bot, row.Opponent, row.Wins, row.Games, row.Losses, row.Shared)
		}
	}
}

// The table of the example (3 players: the expert, the heuristic
// and a passive player, seed 21), in every seat arrangement of 40 deals:
// the passive player now wins at most 36 of its 240 games (measured: 18),
// where it won 80 before, more than its fair third.
func TestPassivePlayerLosesToExpertAndHeuristic(t *testing.T) {
	g := watchtower.New()
	opts := engine.MustResolve(g, map[string]string{"players": "3"})
	rep := arenaReport(t, arena.Config{Game: g, Options: opts, Entries: specs(t, "expert", "heuristic", "pass"),
		Deals: 40, Seed: 21, Workers: 2})
	for _, e := range rep.Entries {
		if e.Bot == "pass" && (e.Games != 240 || e.Wins > 36) {
			t.Errorf("pass won %d of %d games against the expert and the heuristic; want at most 36 of 240", e.Wins, e.Games)
		}
	}
}

// Issue 28's target at 2 players: the expert and the heuristic beat every
// degenerate player but last-trim (whose strength is the round cap's own,
// docs/benchmarks.md) in at least 95 % of games. On 40 seeded deals in
// both seats (80 games a pair) each wins at least 76 outright (measured:
// 78 to 80); before they played for the cap they won 43 to 50.
func TestBotsBeatDegeneratePlayersAtTwoPlayers(t *testing.T) {
	g := watchtower.New()
	opts := engine.MustResolve(g, map[string]string{"players": "2"})
	rep := arenaReport(t, arena.Config{Game: g, Options: opts, Entries: specs(t, "expert", "heuristic"),
		Against: specs(t, "pass", "never-place", "always-challenge", "hoard"), Deals: 40, Seed: 1, Workers: 2})
	if len(rep.Gauntlet) != 8 {
		t.Fatalf("%d gauntlet rows, want 8 (2 bots × 4 opponents)", len(rep.Gauntlet))
	}
	for _, row := range rep.Gauntlet {
		t.Logf("%s against %s: won %d of %d", row.Bot, row.Opponent, row.Wins, row.Games)
		if row.Games != 80 || row.Wins < 76 {
			t.Errorf("%s against %s won %d of %d games outright (lost %d, shared %d); want at least 76 of 80",
				row.Bot, row.Opponent, row.Wins, row.Games, row.Losses, row.Shared)
		}
	}
}
