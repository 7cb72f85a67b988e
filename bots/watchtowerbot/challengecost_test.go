package watchtowerbot

import (
	"testing"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// TestPolicyChallengesAtItsOwnCostAtTwoPlayers plays seeded heuristic
// games and, at every challenge with a battle, scores it with the
// heuristic and with the policy's ranker on the same generator: at 2
// players the policy's score is higher by the difference of their costs,
// so it makes challenges the heuristic passes up; at 3 players the two
// agree.
func TestPolicyChallengesAtItsOwnCostAtTwoPlayers(t *testing.T) {
	for _, players := range []int{2, 3} {
		want := 0.0
		if players == 2 {
			want = heuristicChallengeCost - policyChallengeCost
		}
		opts := engine.MustResolve(watchtower.New(), map[string]string{"players": string(rune('0' + players))})
		checked := 0
		for g := range 20 {
			s, err := watchtower.New().New(opts, engine.Setup{Seed: uint64(g)})
			if err != nil {
				t.Fatal(err)
			}
			bots := make([]*Heuristic, players)
			for i := range bots {
				bots[i] = NewHeuristic(engine.BotSeed(uint64(g), i))
			}
			for !s.Terminal() {
				seat := s.ToMove(nil)[0]
				checked += compareChallengeScores(t, s, seat, want)
				if err := s.Apply(seat, bots[seat].Act(s, seat)); err != nil {
					t.Fatal(err)
				}
			}
		}
		if checked < 20 {
			t.Fatalf("%d players: only %d challenges with a battle scored, want 20 or more", players, checked)
		}
	}
}

// compareChallengeScores scores seat's legal challenges with a battle in s
// by the heuristic and by the policy's ranker, each from a generator
// seeded alike, fails unless the policy's is higher by want, and returns
// how many it compared.
func compareChallengeScores(t *testing.T, s engine.State, seat int, want float64) int {
	t.Helper()
	h, p := NewHeuristic(7), NewPolicy(7, DefaultCompleteOdds).ranker
	p.rng = h.rng
	h.Ranked(s, seat, nil, 1)
	p.Ranked(s, seat, nil, 1)
	n := 0
	for _, a := range s.Legal(seat, nil) {
		d, _ := watchtower.Fields(a)
		if d.Kind != watchtower.KindChallenge || d.K == 0 {
			continue
		}
		if p.completionBonus(p.view, seat, d.Rank) != h.completionBonus(h.view, seat, d.Rank) {
			// A rank the policy keeps in hand (rule 7): winning it may
			// complete three held in the army.
			continue
		}
		// The ranking shuffled each pool its own way (rule 7's ranker
		// estimates more free-for-alls): both sample the same one.
		p.pool = append(p.pool[:0], h.pool...)
		h.rng, p.rng = cards.NewRNG(uint64(a)), cards.NewRNG(uint64(a))
		hs, ps := h.challengeScore(h.view, seat, d), p.challengeScore(p.view, seat, d)
		if diff := ps - hs; diff < want-1e-9 || diff > want+1e-9 {
			t.Fatalf("%d players, action %d: the policy's ranker scores %.3f, the heuristic %.3f; want a difference of %.2f", len(h.view.Players), a, ps, hs, want)
		}
		n++
	}
	return n
}
