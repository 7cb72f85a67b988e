package regicide

import (
	"fmt"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// playOut plays one seeded game with a bot in every seat and returns the
// final state; a bot action that is refused fails the test.
func playOut(t testing.TB, players int, seed uint64, newBot func(uint64) engine.Bot) *State {
	t.Helper()
	return playOutWith(t, map[string]string{"players": fmt.Sprint(players)}, seed, newBot)
}

// playOutWith is playOut with any options.
func playOutWith(t testing.TB, given map[string]string, seed uint64, newBot func(uint64) engine.Bot) *State {
	t.Helper()
	opts := engine.MustResolve(Game{}, given)
	players := opts.Int("players")
	st, err := Game{}.New(opts, engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]engine.Bot, players)
	for p := range bots {
		bots[p] = newBot(engine.BotSeed(seed, p))
	}
	var tm []int
	for steps := 0; !st.Terminal(); steps++ {
		if steps > 20000 {
			t.Fatalf("seed %d %v: no end after %d actions", seed, given, steps)
		}
		tm = st.ToMove(tm[:0])
		seat := tm[0]
		a := bots[seat].Act(st, seat)
		if err := st.Apply(seat, a); err != nil {
			t.Fatalf("seed %d: bot's %q refused: %v", seed, st.ActionString(a), err)
		}
	}
	return st.(*State)
}

// randomBot plays uniformly among the legal actions: the baseline.
type randomBot struct{ rng cards.RNG }

func newRandomBot(seed uint64) engine.Bot { return &randomBot{rng: cards.NewRNG(seed)} }

func (r *randomBot) Act(s engine.State, seat int) engine.Action {
	legal := s.Legal(seat, nil)
	return legal[r.rng.IntN(len(legal))]
}
