package watchtowerbot

import (
	"slices"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// capView is a 2-player position in the round cap's last round (WT-24,
// max-rounds 75) where seat 0, off campaign and first to play, holds army
// mine and fortress fort (one rank's stack), and seat 1, off campaign too,
// has an army of theirs cards it has never shown and the given stacks.
func capView(t *testing.T, round int, mine string, fort []watchtower.Stack, theirs int, theirFort []watchtower.Stack) *watchtower.View {
	t.Helper()
	army := list(t, mine)
	return &watchtower.View{Seat: 0, Phase: "play", Round: round, Barracks: 10, First: 0, Players: []watchtower.PlayerView{
		{Seat: 0, ArmySize: len(army), Army: army, Fortress: fort},
		{Seat: 1, ArmySize: theirs, Fortress: theirFort},
	}}
}

func stack(t *testing.T, cs string) watchtower.Stack {
	t.Helper()
	l := list(t, cs)
	return watchtower.Stack{Rank: l[0].Rank().String(), Count: len(l), Cards: l}
}

// A showdown needs every player still in on campaign (WT-22); a rival off
// campaign with no triple is far from its tower, so the round cap is the
// likely end, and the bot plays for it. One rival with a triple, or every
// rival on campaign, and it is not.
func TestCapBound(t *testing.T) {
	v := capView(t, 20, "2C", nil, 8, []watchtower.Stack{stack(t, "9C 9D")})
	if !capBound(v, 0) {
		t.Error("a rival with only a double off campaign: the cap is the likely end")
	}
	v.Players[1].Fortress = []watchtower.Stack{stack(t, "9C 9D 9H")}
	if capBound(v, 0) {
		t.Error("a rival with a triple may complete at any draw: not cap-bound")
	}
	v.Players[1] = watchtower.PlayerView{Seat: 1, Campaign: true, ArmySize: 8, Tower: list(t, "9C 9D 9H 9S")}
	if capBound(v, 0) {
		t.Error("every rival on campaign: completing starts the showdown, not cap-bound")
	}
	v.Players = append(v.Players, watchtower.PlayerView{Seat: 2, ArmySize: 5})
	if !capBound(v, 0) {
		t.Error("a rival still off campaign without a triple: cap-bound")
	}
}

// Expecting the cap, the heuristic holds its completions back (a
// campaigner cannot choose its row) and keeps its high cards out of its
// towers; with a rival that holds a triple it completes at once.
func TestHoldsCompletionsForTheCap(t *testing.T) {
	b := NewHeuristic(1)
	v := capView(t, 20, "5S KC KD 4H", []watchtower.Stack{stack(t, "5C 5D 5H"), stack(t, "KS")}, 8, []watchtower.Stack{stack(t, "9C 9D")})
	v.Players[0].Won = list(t, "5S")
	b.pool = v.Unseen(nil)
	if got := b.placeScore(v, 0, list(t, "5S")[0]); got != 0 {
		t.Errorf("cap-bound: completing with a won 5S scored %v, want 0", got)
	}
	if got := b.placeScore(v, 0, list(t, "KC")[0]); got != 0 {
		t.Errorf("cap-bound: stacking a third K scored %v, want 0 (kept for the row)", got)
	}
	v.Players[1].Fortress = []watchtower.Stack{stack(t, "9C 9D 9H")}
	if got := b.placeScore(v, 0, list(t, "5S")[0]); got != 100 {
		t.Errorf("rival holds a triple: completing scored %v, want 100", got)
	}
}

// A rank's fourth card stays in the army: placing it would complete the
// tower (WT-16).
func TestSplitForced(t *testing.T) {
	p := &watchtower.PlayerView{Army: list(t, "4H 4S 9D AC 2C"), Fortress: []watchtower.Stack{stack(t, "4C 4D")}}
	forced, rest := splitForced(p)
	if want := list(t, "4S"); !slices.Equal(forced, want) {
		t.Errorf("forced = %v, want %v", forced, want)
	}
	if want := list(t, "AC 9D 4H 2C"); !slices.Equal(rest, want) {
		t.Errorf("rest = %v, want %v (best first)", rest, want)
	}
}

// At the round cap a tie on tricks goes to the higher tower (WT-24);
// without towers it is shared.
func TestCapSharesBreakTiesOnTowers(t *testing.T) {
	rng := cards.NewRNG(1)
	armies := [][]cards.Card{list(t, "AC"), list(t, "AD")}
	shares := capShares(armies, []cards.Rank{0, 5}, 10, &rng, make([]float64, 2))
	if shares[0] != 0 || shares[1] != 1 {
		t.Errorf("ace against ace, seat 1 with a tower of 5s: shares %v, want [0 1]", shares)
	}
	shares = capShares(armies, []cards.Rank{0, 0}, 10, &rng, make([]float64, 2))
	if shares[0] != 0.5 || shares[1] != 0.5 {
		t.Errorf("ace against ace, no towers: shares %v, want [0.5 0.5]", shares)
	}
	armies = [][]cards.Card{list(t, "2C 3C 4C"), list(t, "KC KD KH")}
	shares = capShares(armies, []cards.Rank{cards.Ace, 0}, 10, &rng, make([]float64, 2))
	if shares[1] != 1 {
		t.Errorf("three kings against low cards: shares %v, want seat 1 to win outright despite the tower", shares)
	}
}

// On its last turn before the forced showdown the bot keeps its best cards
// and places the rest: an odd number of them, its aces among them and no
// low card it could place; of its two 4s one stays, for its fortress has
// room for one more (a third) only.
func TestLastTurnKeepsItsBestCards(t *testing.T) {
	b := NewHeuristic(3)
	v := capView(t, 75, "AS AH KD 2C 3D 4H 4S 5S 6C 8D 9H", []watchtower.Stack{stack(t, "4C 4D")}, 15, nil)
	b.pool = v.Unseen(nil)
	plan := b.planCap(v, 0)
	keep := plan.keep
	if plan.complete != cards.NoCard || len(keep)%2 == 0 {
		t.Fatalf("plan %+v: want an odd row and no completion (no triple)", plan)
	}
	fours := 0
	for _, c := range keep {
		if c.Rank() == 4 {
			fours++
		}
	}
	if fours != 1 {
		t.Errorf("kept %v: want exactly one 4", keep)
	}
	for _, c := range list(t, "AS AH") {
		if !slices.Contains(keep, c) {
			t.Errorf("kept %v without %v", keep, c)
		}
	}
	for _, c := range list(t, "2C 3D 5S 6C") {
		if slices.Contains(keep, c) {
			t.Errorf("kept %v, with the low %v", keep, c)
		}
	}
}

// Played from a real table: on its last turn, after its first placement,
// the heuristic neither burns nor challenges (either would change the army
// it chose), and it ends the turn with the army it planned.
func TestLastTurnPlaysItsPlan(t *testing.T) {
	opts := engine.MustResolve(watchtower.New(), nil)
	trimmed := 0
	for seed := uint64(1); seed <= 4; seed++ {
		s, err := watchtower.New().New(opts, engine.Setup{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		b := NewHeuristic(seed)
		var tm []int
		placed, checked := false, false
		for !s.Terminal() {
			tm = s.ToMove(tm[:0])
			seat := tm[0]
			if seat == 1 {
				legal := s.Legal(1, nil)
				if err := s.Apply(1, legal[len(legal)-1]); err != nil { // end, done or the last pick
					t.Fatal(err)
				}
				continue
			}
			a := b.Act(s, 0)
			v := watchtower.ViewOf(s, 0)
			if v.Round >= 75 && v.Pending == nil {
				if _, ok := watchtower.PlacedCard(a); ok {
					placed = true
				} else if placed && a != watchtower.End {
					t.Errorf("seed %d: %s after placing on its last turn", seed, s.ActionString(a))
				}
				if a == watchtower.End && placed && !v.Players[0].Campaign {
					checked = true
					if got := v.Players[0].Army; !sameCards(got, b.trim.keep) {
						t.Errorf("seed %d: ended its last turn with %v, planned %v", seed, got, b.trim.keep)
					}
				}
			}
			if err := s.Apply(0, a); err != nil {
				t.Fatal(err)
			}
		}
		if checked {
			trimmed++
		}
	}
	if trimmed == 0 {
		t.Error("no game had a trimmed last turn to check")
	}
}

func sameCards(a, b []cards.Card) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}
