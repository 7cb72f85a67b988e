package watchtowerbot_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"cardtable/bots/watchtowerbot"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// small is the searching expert (candidates=3) on a budget that keeps the
// tests fast.
func small() watchtowerbot.Settings {
	st := watchtowerbot.DefaultSettings()
	st.Candidates = 3
	st.Search.Iterations = 8
	st.Search.RolloutDepth = 8
	return st
}

func newBot(t testing.TB, st watchtowerbot.Settings, seed uint64) *watchtowerbot.Bot {
	t.Helper()
	b, err := watchtowerbot.New(st, seed)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newState(t testing.TB, players int, seed uint64) engine.State {
	t.Helper()
	opts := engine.MustResolve(watchtower.New(), map[string]string{"players": fmt.Sprint(players)})
	s, err := watchtower.New().New(opts, engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestLegalInEveryPlayerCount plays whole games with an expert in every
// seat (T1: 2 to 4 players) and checks every action it returns is legal.
func TestLegalInEveryPlayerCount(t *testing.T) {
	games := 2
	if testing.Short() {
		games = 1
	}
	for players := 2; players <= 4; players++ {
		for g := range games {
			seed := uint64(10*players + g)
			s := newState(t, players, seed)
			bots := make([]engine.Bot, players)
			for i := range bots {
				bots[i] = newBot(t, small(), engine.BotSeed(seed, i))
			}
			var tm []int
			var legal []engine.Action
			for steps := 0; !s.Terminal(); steps++ {
				if steps > 20000 {
					t.Fatalf("players=%d seed %d: no end after %d actions", players, seed, steps)
				}
				tm = s.ToMove(tm[:0])
				seat := tm[0]
				a := bots[seat].Act(s, seat)
				legal = s.Legal(seat, legal[:0])
				if !slices.Contains(legal, a) {
					t.Fatalf("players=%d seed %d: seat %d chose %q, not among %d legal actions", players, seed, seat, s.ActionString(a), len(legal))
				}
				if err := s.Apply(seat, a); err != nil {
					t.Fatalf("players=%d seed %d: %v", players, seed, err)
				}
			}
		}
	}
}

// decisions plays seed's 2-player game with the expert in seat 0 against
// the heuristic for n actions and returns the expert's choices.
func decisions(t *testing.T, seed uint64, n int) []engine.Action {
	s := newState(t, 2, seed)
	expert := newBot(t, small(), 7)
	other := watchtowerbot.NewHeuristic(8)
	var out []engine.Action
	var tm []int
	for i := 0; i < n && !s.Terminal(); i++ {
		tm = s.ToMove(tm[:0])
		var a engine.Action
		if tm[0] == 0 {
			a = expert.Act(s, 0)
			out = append(out, a)
		} else {
			a = other.Act(s, tm[0])
		}
		if err := s.Apply(tm[0], a); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestDeterministic: the same seed, position and iteration budget give the
// same moves.
func TestDeterministic(t *testing.T) {
	a, b := decisions(t, 3, 120), decisions(t, 3, 120)
	if len(a) == 0 || !slices.Equal(a, b) {
		t.Fatalf("two runs with the same seed chose %v and %v", a, b)
	}
}

// TestNoPeeking (WT-26): positions that look the same to the seat — the
// real one and redeals of every card it cannot see — get the same move from
// bots with the same seed, so the hidden cards cannot influence it. Both
// the default expert (the policy alone) and the searching one are checked.
func TestNoPeeking(t *testing.T) {
	for _, st := range []watchtowerbot.Settings{small(), watchtowerbot.DefaultSettings()} {
		noPeeking(t, st)
	}
}

func noPeeking(t *testing.T, st watchtowerbot.Settings) {
	rng := rand.New(rand.NewPCG(1, 2))
	checked, waiting := 0, 0
	for seed := uint64(1); seed <= 8; seed++ {
		s := newState(t, 2+int(seed%3), seed)
		players := []engine.Bot{watchtowerbot.NewHeuristic(1), watchtowerbot.NewHeuristic(2), watchtowerbot.NewHeuristic(3), watchtowerbot.NewHeuristic(4)}
		var tm []int
		for step := 0; step < 400 && !s.Terminal(); step++ {
			tm = s.ToMove(tm[:0])
			seat := tm[0]
			last := lastOffCampaign(s, seat)
			if step%9 == 0 || last && step%3 == 0 {
				if last {
					waiting++
				}
				want := newBot(t, st, seed).Act(s, seat)
				for range 3 {
					d := s.Determinize(seat, rng)
					if got := newBot(t, st, seed).Act(d, seat); got != want {
						t.Fatalf("candidates=%d seed %d step %d: seat %d plays %q in the real game but %q in a redeal it cannot tell apart",
							st.Candidates, seed, step, seat, s.ActionString(want), s.ActionString(got))
					}
				}
				checked++
			}
			if err := s.Apply(seat, players[seat].Act(s, seat)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 20 || waiting < 5 {
		t.Fatalf("only %d positions checked, %d of them as the last player off campaign", checked, waiting)
	}
}

// lastOffCampaign: seat, off campaign, is the only player still in who is.
func lastOffCampaign(s engine.State, seat int) bool {
	v := s.View(seat).(*watchtower.View)
	for i, p := range v.Players {
		if p.Campaign == (i == seat) && !p.Out {
			return false
		}
	}
	return v.Pending == nil
}

func TestParseSettings(t *testing.T) {
	st, err := watchtowerbot.ParseSettings(map[string]string{"candidates": "5", "iterations": "10", "rollout-depth": "0"})
	if err != nil {
		t.Fatal(err)
	}
	if st.Candidates != 5 || st.Search.Iterations != 10 || st.Search.RolloutDepth != 0 || st.Search.C != watchtowerbot.DefaultC {
		t.Errorf("ParseSettings(candidates=5, iterations=10, rollout-depth=0) = %+v", st)
	}
	st, err = watchtowerbot.ParseSettings(map[string]string{"time": "50ms"})
	if err != nil || st.Search.Iterations != 0 || st.Search.Time == 0 {
		t.Errorf("ParseSettings(time=50ms) = %+v, %v; want a time budget alone", st.Search, err)
	}
	for _, bad := range []map[string]string{{"candidates": "0"}, {"candidates": "x"}, {"candidates": "9223372036854775807"}, {"margin": "-0.5"}, {"margin": "3"}, {"depth": "3"}, {"c": "-1"}} {
		if _, err := watchtowerbot.ParseSettings(bad); !errors.Is(err, engine.ErrBadOption) {
			t.Errorf("ParseSettings(%v) = %v, want ErrBadOption", bad, err)
		}
	}
}

// TestDefaultPlaysThePolicy: by default the expert plays as the policy
// alone (candidates=1), action for action, through a whole game with 2, 3
// or 4 players (T1).
func TestDefaultPlaysThePolicy(t *testing.T) {
	for players := 2; players <= 4; players++ {
		alone := watchtowerbot.DefaultSettings()
		alone.Candidates = 1
		def, pol := newBot(t, watchtowerbot.DefaultSettings(), 7), newBot(t, alone, 7)
		s := newState(t, players, uint64(players))
		others := watchtowerbot.NewHeuristic(1)
		for !s.Terminal() {
			seat := s.ToMove(nil)[0]
			var a engine.Action
			if seat == 0 {
				var b engine.Action
				if a, b = def.Act(s, seat), pol.Act(s, seat); a != b {
					t.Fatalf("%d players: the default expert played %v where the policy alone played %v", players, a, b)
				}
			} else {
				a = others.Act(s, seat)
			}
			if err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
		}
	}
}
