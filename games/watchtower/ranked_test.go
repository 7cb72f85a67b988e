package watchtower_test

import (
	"slices"
	"testing"

	"cardtable/engine"
	"cardtable/games/watchtower"
)

// TestRankedStartsWithTheBotsChoice plays heuristic games and checks, at
// every decision, that Ranked lists Act's choice first (same seed), then
// ending the turn, never more than the limit, only legal actions, and a
// single action at blind picks (WT-09) and gifts (WT-21).
func TestRankedStartsWithTheBotsChoice(t *testing.T) {
	for players := 2; players <= 4; players++ {
		opts := engine.MustResolve(watchtower.New(), map[string]string{"players": string(rune('0' + players)), "refill-pick": "owner"})
		s, err := watchtower.New().New(opts, engine.Setup{Seed: uint64(players)})
		if err != nil {
			t.Fatal(err)
		}
		var tm []int
		for step := 0; !s.Terminal() && step < 600; step++ {
			tm = s.ToMove(tm[:0])
			seat := tm[0]
			ranked := watchtower.NewRanker(uint64(step)).Ranked(s, seat, nil, 3)
			choice := watchtower.NewBot(uint64(step)).Act(s, seat)
			legal := s.Legal(seat, nil)
			pending := s.View(seat).(*watchtower.View).Pending != nil
			switch {
			case len(ranked) == 0 || len(ranked) > 3:
				t.Fatalf("players=%d step %d: Ranked listed %d actions, want 1 to 3", players, step, len(ranked))
			case ranked[0] != choice:
				t.Fatalf("players=%d step %d: Ranked starts with %q, Act plays %q", players, step, s.ActionString(ranked[0]), s.ActionString(choice))
			case pending && len(ranked) != 1:
				t.Fatalf("players=%d step %d: %d candidates at a pick or gift, want 1", players, step, len(ranked))
			case !pending && len(ranked) > 1 && ranked[1] != endOrDone(legal):
				t.Fatalf("players=%d step %d: second candidate %q, want the end of the turn", players, step, s.ActionString(ranked[1]))
			}
			for _, a := range ranked {
				if !slices.Contains(legal, a) {
					t.Fatalf("players=%d step %d: Ranked listed illegal %q", players, step, s.ActionString(a))
				}
			}
			if err := s.Apply(seat, choice); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// endOrDone is the action that ends the (setup) turn: the last legal one.
func endOrDone(legal []engine.Action) engine.Action { return legal[len(legal)-1] }
