package watchtowerbot

import (
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/games/watchtower"
)

// TestPolicyKeepsHighRanksInHand: at 2 players, off campaign, the policy's
// ranker (rule 7) never builds a stack of a rank from handFromRank up —
// three kings stay in the army, where the heuristic stacks them — but
// scores placing them as a completion once it holds all four (a won king
// completes, a drawn one starts a free-for-all), and values winning the
// 4th king as it values a fortress triple's. Lower ranks it stacks as the
// heuristic does; with 3 players, or expecting the round cap, it plays as
// the heuristic.
func TestPolicyKeepsHighRanksInHand(t *testing.T) {
	fort := []watchtower.Stack{stack(t, "4C 4D"), stack(t, "9H")}
	rival := []watchtower.Stack{stack(t, "6C 6D 6H"), stack(t, "KS")}
	v := capView(t, 12, "KC KD KH 4H 3C 8S", fort, 8, rival)
	h, p := NewHeuristic(1), NewPolicy(1, DefaultCompleteOdds).ranker
	h.pool, p.pool = v.Unseen(nil), v.Unseen(nil)
	kc, fourH, ks := list(t, "KC")[0], list(t, "4H")[0], list(t, "KS")[0]
	score := func(b *Heuristic, want float64, what string) {
		t.Helper()
		if got := b.placeScore(v, 0, kc); got != want {
			t.Errorf("%s: placing KC scored %v, want %v", what, got, want)
		}
	}
	score(h, 2, "heuristic, three kings in the army")
	score(p, 0, "policy, three kings in the army")
	if hs, ps := h.placeScore(v, 0, fourH), p.placeScore(v, 0, fourH); hs != 2 || ps != 2 {
		t.Errorf("a third 4 onto a double of 4s: heuristic %v, policy %v, want 2 and 2", hs, ps)
	}
	if hb, pb := h.completionBonus(v, 0, ks.Rank()), p.completionBonus(v, 0, ks.Rank()); hb != 0 || pb != 20 {
		t.Errorf("winning the rival's KS with three kings in the army: bonus heuristic %v, policy %v, want 0 and 20", hb, pb)
	}

	// The 4th king won: the four go on together, the tower completes.
	v.Players[0].Army = append(v.Players[0].Army, ks)
	v.Players[0].ArmySize++
	v.Players[0].Won = list(t, "KS")
	v.Players[1].Fortress = rival[:1]
	score(h, 2, "heuristic, four kings held")
	score(p, 100, "policy, four kings held, one won")
	pol := NewPolicy(1, DefaultCompleteOdds)
	if !pol.startsInHandTower(v, 0, kc) {
		t.Error("policy, four kings held: placing KC does not start a tower in hand")
	}
	// Drawn, it is a free-for-all's chance.
	v.Players[0].Won = nil
	if got := p.placeScore(v, 0, kc); got <= 0 || got > 8 {
		t.Errorf("policy, four kings held, none won: placing KC scored %v, want 8 × the free-for-all's odds", got)
	}
	// A rival without a triple: the round cap is the likely end (capBound).
	v.Players[0].Won = list(t, "KS")
	v.Players[1].Fortress = []watchtower.Stack{stack(t, "6C 6D")}
	score(p, 0, "policy, cap-bound")

	// With 3 players the policy stacks as the heuristic does.
	v.Players[1].Fortress = rival[:1]
	v.Players = append(v.Players, watchtower.PlayerView{Seat: 2, ArmySize: 6})
	score(p, 2, "policy, 3 players")
}

// TestPolicyPlacesATowerInHandAtOnce plays seeded 2-player games of the
// policy against the heuristic: the policy often completes a tower of a
// rank from handFromRank whose fortress held fewer than three of it at the
// start of the turn (its cards all placed in that turn); at the end of its turns off campaign, beside a rival off
// campaign, its fortress seldom holds a triple of such a rank, where the
// heuristic's often does.
func TestPolicyPlacesATowerInHandAtOnce(t *testing.T) {
	opts := engine.MustResolve(watchtower.New(), map[string]string{"players": "2"})
	inHand, exposed, heurExposed := 0, 0, 0
	for g := range 100 {
		s, err := watchtower.New().New(opts, engine.Setup{Seed: uint64(g)})
		if err != nil {
			t.Fatal(err)
		}
		policy := g % 2
		bots := []engine.Bot{NewHeuristic(engine.BotSeed(uint64(g), 0)), NewHeuristic(engine.BotSeed(uint64(g), 1))}
		bots[policy] = NewPolicy(uint64(g), DefaultCompleteOdds)
		var startStack [16]int
		turnStart := true
		for !s.Terminal() {
			seat := s.ToMove(nil)[0]
			before := s.View(seat).(*watchtower.View)
			if seat == policy && turnStart {
				for r := range startStack {
					startStack[r] = 0
				}
				for _, st := range before.Players[seat].Fortress {
					startStack[st.Cards[0].Rank()] = st.Count
				}
			}
			a := bots[seat].Act(s, seat)
			if a == watchtower.End && !before.Players[0].Campaign && !before.Players[1].Campaign {
				for _, st := range before.Players[seat].Fortress {
					if st.Count == 3 && st.Cards[0].Rank() >= handFromRank {
						if seat == policy {
							exposed++
						} else {
							heurExposed++
						}
					}
				}
			}
			if err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
			turnStart = a == watchtower.End
			after := s.View(policy).(*watchtower.View)
			for _, e := range after.Events {
				if !strings.Contains(e, "completes a watchtower") || !strings.HasPrefix(e, "seat "+string(rune('1'+policy))) {
					continue
				}
				tower := after.Players[policy].Tower
				r := tower[0].Rank()
				if r < handFromRank || startStack[r] >= 3 {
					continue
				}
				inHand++
			}
		}
	}
	t.Logf("towers in hand %d; turns ended with a high triple on the fortress: policy %d, heuristic %d", inHand, exposed, heurExposed)
	if inHand < 10 {
		t.Errorf("the policy completed %d towers of ranks from %v placed in one turn, want 10 or more", inHand, handFromRank)
	}
	if exposed*5 > heurExposed {
		t.Errorf("turns ended with a high triple on the fortress: policy %d, heuristic %d; want the policy's under a fifth", exposed, heurExposed)
	}
}
