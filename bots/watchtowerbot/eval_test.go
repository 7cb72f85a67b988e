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
	for seed := uint64(1); seed <= 5; seed++ {
		opts := engine.MustResolve(watchtower.New(), nil)
		s, err := watchtower.New().New(opts, engine.Setup{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		players := []engine.Bot{watchtower.NewBot(seed), watchtower.NewBot(seed + 100)}
		for !s.Terminal() {
			if r := evaluate(s); math.Abs(r[0]+r[1]) > 1e-9 || math.Abs(r[0]) > 1 {
				t.Fatalf("seed %d: evaluate = %v, want opposite returns within [-1, 1]", seed, r)
			}
			seat := s.ToMove(nil)[0]
			if err := s.Apply(seat, players[seat].Act(s, seat)); err != nil {
				t.Fatal(err)
			}
		}
		if got := evaluate(s); !slices.Equal(got, s.Returns()) {
			t.Errorf("seed %d: evaluate at the end = %v, want the returns %v", seed, got, s.Returns())
		}
	}
}

// TestPlayerWorth pins the weights: a campaign (WT-18) 4, a triple 1.2, a
// double 0.4, an army card 0.5 plus 0.08 per rank above 7, an assassin (7,
// WT-10) valued as a queen.
func TestPlayerWorth(t *testing.T) {
	tests := []struct {
		name string
		p    watchtower.PlayerView
		want float64
	}{
		{"empty", watchtower.PlayerView{}, 0},
		{"campaign", watchtower.PlayerView{Campaign: true}, 4},
		{"triple, double and single", watchtower.PlayerView{Fortress: []watchtower.Stack{{Count: 3}, {Count: 2}, {Count: 1}}}, 1.6},
		{"low cards", watchtower.PlayerView{Army: cards.Stack("2C 6D")}, 1},
		{"ace", watchtower.PlayerView{Army: cards.Stack("AS")}, 0.5 + 7*0.08},
		{"assassin", watchtower.PlayerView{Army: cards.Stack("7H")}, 0.5 + 5*0.08},
	}
	for _, tt := range tests {
		if got := playerWorth(&tt.p); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("playerWorth(%s) = %v, want %v", tt.name, got, tt.want)
		}
	}
}
