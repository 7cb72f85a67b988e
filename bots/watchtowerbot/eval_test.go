package watchtowerbot

import (
	"math"
	"slices"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// TestEvaluate follows 2-player heuristic games and checks the evaluation
// at every step: returns within [-1, 1] that add up to zero, and the game's
// own returns once it is over.
func TestEvaluate(t *testing.T) {
	rng, armies := cards.NewRNG(1), make([][]cards.Card, 2)
	for seed := uint64(1); seed <= 5; seed++ {
		opts := engine.MustResolve(watchtower.New(), nil)
		s, err := watchtower.New().New(opts, engine.Setup{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		players := []engine.Bot{NewHeuristic(seed), NewHeuristic(seed + 100)}
		for !s.Terminal() {
			if r := evaluate(s, &rng, armies, nil); math.Abs(r[0]+r[1]) > 1e-9 || math.Abs(r[0]) > 1 {
				t.Fatalf("seed %d: evaluate = %v, want opposite returns within [-1, 1]", seed, r)
			}
			seat := s.ToMove(nil)[0]
			if err := s.Apply(seat, players[seat].Act(s, seat)); err != nil {
				t.Fatal(err)
			}
		}
		if got := evaluate(s, &rng, armies, nil); !slices.Equal(got, s.Returns()) {
			t.Errorf("seed %d: evaluate at the end = %v, want the returns %v", seed, got, s.Returns())
		}
	}
}

// TestProjectArmy: a campaigner takes its army into the showdown; a
// player off campaign its army and the fortress cards outside the tower it
// builds, which join the army on completion (WT-18).
func TestProjectArmy(t *testing.T) {
	fortress := []watchtower.Stack{{Rank: "4", Count: 1, Cards: cards.Stack("4C")},
		{Rank: "9", Count: 3, Cards: cards.Stack("9C 9D 9H")}, {Rank: "K", Count: 2, Cards: cards.Stack("KC KD")}}
	off := watchtower.PlayerView{Army: cards.Stack("2S AS"), Fortress: fortress}
	if got, want := cards.Format(projectArmy(&off, nil)), "2S AS 4C KC KD"; got != want {
		t.Errorf("off campaign: %s, want %s", got, want)
	}
	on := watchtower.PlayerView{Campaign: true, Army: cards.Stack("2S AS")}
	if got, want := cards.Format(projectArmy(&on, nil)), "2S AS"; got != want {
		t.Errorf("on campaign: %s, want %s", got, want)
	}
}
