package watchtowerbot

import (
	"testing"

	"cardtable/engine"
	"cardtable/games/watchtower"
)

// TestPolicyLeansItsArmyBeforeAFreeForAll plays seeded games of the
// policy against the heuristic. With 2 players, whenever the policy starts
// a free-for-all (a drawn 4th card placed on its triple) its army holds one
// card but those of its other triples' ranks, having placed the rest on its
// fortress that turn; it wins most of those free-for-alls and goes on
// campaign with the placed cards back in its army. With 3 players its army
// is not thinned.
func TestPolicyLeansItsArmyBeforeAFreeForAll(t *testing.T) {
	for _, players := range []int{2, 3} {
		started, won, thinned, full := 0, 0, 0, 0
		opts := engine.MustResolve(watchtower.New(), map[string]string{"players": string(rune('0' + players))})
		for g := range 150 {
			s, err := watchtower.New().New(opts, engine.Setup{Seed: uint64(g)})
			if err != nil {
				t.Fatal(err)
			}
			policy := g % players
			bots := make([]engine.Bot, players)
			for i := range bots {
				bots[i] = NewHeuristic(engine.BotSeed(uint64(g), i))
			}
			bots[policy] = NewPolicy(uint64(g), DefaultCompleteOdds)
			placedThisTurn, watching := 0, false
			for !s.Terminal() {
				seat := s.ToMove(nil)[0]
				a := bots[seat].Act(s, seat)
				if err := s.Apply(seat, a); err != nil {
					t.Fatal(err)
				}
				v := s.View(policy).(*watchtower.View)
				me := &v.Players[policy]
				if _, ok := watchtower.PlacedCard(a); ok && seat == policy {
					placedThisTurn++
				} else if seat == policy {
					placedThisTurn = 0
				}
				if watching && v.Pending == nil {
					watching = false
					if me.Campaign {
						won++
						if len(me.Army) < 2 {
							t.Fatalf("game %d: on campaign after a free-for-all with %d army cards, want the placed cards back", g, len(me.Army))
						}
					}
				}
				if _, ok := watchtower.PlacedCard(a); !ok || seat != policy || v.Pending == nil || v.Pending.Kind != "free-for-all" {
					continue
				}
				started++
				watching = true
				loose := 0
				for _, c := range me.Army {
					if me.StackSize(c.Rank()) != 3 {
						loose++
					}
				}
				switch {
				case players == 2 && loose > 1:
					t.Fatalf("game %d, %s round %d: the policy starts a free-for-all with %v in its army, want one card but its triples' ranks", g, v.Phase, v.Round, me.Army)
				case players == 2 && placedThisTurn > 1:
					thinned++
				case players == 3 && loose > 1:
					full++
				}
			}
		}
		t.Logf("%d players: %d free-for-alls started by the policy, %d won, %d after thinning, %d with a full army", players, started, won, thinned, full)
		if started < 20 {
			t.Fatalf("%d players: the policy started %d free-for-alls, want 20 or more", players, started)
		}
		switch {
		case players == 2 && (thinned < started/2 || won*10 < started*8):
			t.Errorf("2 players: %d of %d free-for-alls after thinning the army and %d won, want half or more and 80 %% won", thinned, started, won)
		case players == 3 && full == 0:
			t.Errorf("3 players: every free-for-all the policy started had a thin army, want its army left alone")
		}
	}
}
