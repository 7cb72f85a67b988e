package watchtowerbot

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"cardtable/engine"
	"cardtable/games/watchtower"
)

// TestSearchGameDeterminizeInto: a determinization written into an
// earlier sample is the one Determinize returns — the same state, the same
// numbers drawn from the generator, a rollout policy ranking and
// evaluating the same — along 3- and 4-player heuristic games.
func TestSearchGameDeterminizeInto(t *testing.T) {
	for players := 3; players <= 4; players++ {
		opts := engine.MustResolve(watchtower.New(), map[string]string{"players": strconv.Itoa(players)})
		s, err := watchtower.New().New(opts, engine.Setup{Seed: uint64(players)})
		if err != nil {
			t.Fatal(err)
		}
		root := &searchGame{State: s, candidates: 3, policy: NewPolicy(7, DefaultCompleteOdds)}
		bots := make([]engine.Bot, players)
		for i := range bots {
			bots[i] = NewHeuristic(uint64(10 + i))
		}
		var prev engine.State
		for step := 0; !s.Terminal(); step++ {
			seat := s.ToMove(nil)[0]
			if step%5 == 0 {
				prev = checkDeterminizeInto(t, root, prev, seat, uint64(step))
			}
			if err := s.Apply(seat, bots[seat].Act(s, seat)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// checkDeterminizeInto compares root's Determinize and DeterminizeInto
// into prev for seat, and returns the sample to reuse next.
func checkDeterminizeInto(t *testing.T, root *searchGame, prev engine.State, seat int, seed uint64) engine.State {
	t.Helper()
	r1, r2 := rand.New(rand.NewPCG(seed, 1)), rand.New(rand.NewPCG(seed, 1))
	want := root.Determinize(seat, r1).(*searchGame)
	got := engine.DeterminizeInto(root, prev, seat, r2).(*searchGame)
	if got == root || got.policy == root.policy {
		t.Fatal("DeterminizeInto wrote into the root or shares its policy")
	}
	if r1.Uint64() != r2.Uint64() {
		t.Fatal("DeterminizeInto drew other numbers than Determinize")
	}
	for v := range root.NumSeats() {
		a, _ := json.Marshal(watchtower.ViewOf(want.State, v))
		b, _ := json.Marshal(watchtower.ViewOf(got.State, v))
		if string(a) != string(b) {
			t.Fatalf("seat %d's view differs:\n%s\n%s", v, a, b)
		}
	}
	if got.candidates != want.candidates || got.policy.deals != want.policy.deals {
		t.Fatalf("settings differ: %d/%d candidates, %d/%d deals", got.candidates, want.candidates, got.policy.deals, want.policy.deals)
	}
	if !want.Terminal() {
		mover := want.ToMove(nil)[0]
		for range 3 {
			a, b := want.Legal(mover, nil), got.Legal(mover, nil)
			if !slices.Equal(a, b) {
				t.Fatalf("rankings differ: %v and %v", a, b)
			}
			if ea, eb := want.evaluate(), got.evaluate(); !slices.Equal(ea, eb) {
				t.Fatalf("evaluations differ: %v and %v", ea, eb)
			}
		}
	}
	return got
}
