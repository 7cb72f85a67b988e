package degenerate

import (
	"fmt"
	"slices"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/war"
	"cardtable/games/watchtower"
)

// watched plays a game of strategy s in every seat and calls check with
// each decision of seat 0: the view it saw, the legal actions and the
// action it chose. It returns the final state.
func watched(t *testing.T, s Strategy, players int, seed uint64, check func(v *watchtower.View, legal []engine.Action, a engine.Action)) engine.State {
	t.Helper()
	opts := engine.MustResolve(watchtower.New(), map[string]string{"players": fmt.Sprint(players)})
	st, err := watchtower.New().New(opts, engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]engine.Bot, players)
	for i := range bots {
		bots[i] = New(s, engine.BotSeed(seed, i))
	}
	var tm []int
	for n := 0; !st.Terminal(); n++ {
		if n > 1_000_000 {
			t.Fatalf("%s: seed %d: the game did not end", s.Name(), seed)
		}
		tm = st.ToMove(tm[:0])
		seat := tm[0]
		v := watchtower.ViewOf(st, seat)
		legal := st.Legal(seat, nil)
		a := bots[seat].Act(st, seat)
		if !slices.Contains(legal, a) {
			t.Fatalf("%s: seed %d: illegal %s", s.Name(), seed, st.ActionString(a))
		}
		if seat == 0 {
			check(v, legal, a)
		}
		if err := st.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func kindOf(a engine.Action) watchtower.ActionKind {
	d, _ := watchtower.Fields(a)
	return d.Kind
}

// Every strategy keeps to its trick, whatever the table: Pass only ends
// its turns (and makes the picks and gifts the rules ask of it),
// NeverPlace never places, AlwaysChallenge challenges whenever it may and
// does nothing else, Hoard never places or challenges and burns whenever
// it may, royals and aces first, and LastTrim places only on its last turn,
// never its best card.
func TestStrategiesKeepToTheirTrick(t *testing.T) {
	for _, s := range Strategies {
		for players := 2; players <= 4; players++ {
			t.Run(fmt.Sprintf("%s/%d", s.Name(), players), func(t *testing.T) {
				var decisions, trick int
				check := func(v *watchtower.View, legal []engine.Action, a engine.Action) {
					if v.Pending != nil || v.Phase != "play" {
						return
					}
					decisions++
					if keeps, did := keepsTo(t, s, v, legal, a); !keeps {
						t.Fatalf("round %d: %s played %v from %v", v.Round, s.Name(), a, legal)
					} else if did {
						trick++
					}
				}
				for seed := uint64(1); seed <= 3; seed++ {
					watched(t, s, players, seed, check)
				}
				if decisions == 0 || s != Pass && s != NeverPlace && trick == 0 {
					t.Errorf("%s: %d decisions, the trick played %d times", s.Name(), decisions, trick)
				}
			})
		}
	}
}

// keepsTo reports whether a, chosen by s in v from legal, keeps to the
// strategy, and whether it is the trick itself (a challenge, a burn, a
// trim).
func keepsTo(t *testing.T, s Strategy, v *watchtower.View, legal []engine.Action, a engine.Action) (keeps, trick bool) {
	t.Helper()
	kind := kindOf(a)
	may := func(k watchtower.ActionKind) bool {
		return slices.ContainsFunc(legal, func(x engine.Action) bool { return kindOf(x) == k })
	}
	switch s {
	case Pass:
		return a == watchtower.End, false
	case NeverPlace:
		return kind != watchtower.KindPlace, false
	case AlwaysChallenge:
		if may(watchtower.KindChallenge) {
			return kind == watchtower.KindChallenge, true
		}
		return a == watchtower.End, false
	case Hoard:
		if !may(watchtower.KindBurn) {
			return a == watchtower.End, false
		}
		d, _ := watchtower.Fields(a)
		royal := slices.ContainsFunc(legal, func(x engine.Action) bool {
			f, _ := watchtower.Fields(x)
			return f.Kind == watchtower.KindBurn && watchtower.IsHigh(f.Rank)
		})
		return kind == watchtower.KindBurn && (!royal || watchtower.IsHigh(d.Rank)), true
	case LastTrim:
		c, placed := watchtower.PlacedCard(a)
		if !placed {
			return a == watchtower.End, false
		}
		last := v.Round >= 75
		return last && c != slices.Max(v.Players[v.Seat].Army), true
	}
	t.Fatalf("no check for %s", s.Name())
	return false, false
}

// LastTrim's forced showdown row is its single best card: after its last
// turn its army holds at most its best card and the cards it could not
// place without completing a tower.
func TestLastTrimKeepsItsBestCard(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		var best cards.Card
		st := watched(t, LastTrim, 2, seed, func(v *watchtower.View, _ []engine.Action, a engine.Action) {
			if a == watchtower.End && v.Round >= 75 && v.Pending == nil {
				me := v.Players[v.Seat]
				best = slices.Max(me.Army)
				for _, c := range me.Army {
					if c != best && me.StackSize(c.Rank()) < 3 {
						t.Errorf("seed %d: ended its last turn holding %v besides its best card %v", seed, c, best)
					}
				}
			}
		})
		if best == cards.NoCard {
			t.Errorf("seed %d: no last turn seen (%s)", seed, st.Result().Detail)
		}
	}
}

func TestFactoryRefusesOtherGamesAndSettings(t *testing.T) {
	opts := engine.MustResolve(watchtower.New(), nil)
	if _, err := Factory(Pass)(watchtower.New(), opts, map[string]string{"depth": "2"}, 1); err == nil {
		t.Error("pass accepted a setting")
	}
	if _, err := Factory(Pass)(war.Game{}, engine.MustResolve(war.Game{}, nil), nil, 1); err == nil {
		t.Error("pass accepted to play war")
	}
	if b, err := Factory(Hoard)(watchtower.New(), opts, nil, 1); err != nil || b == nil {
		t.Errorf("Factory(Hoard) = %v, %v", b, err)
	}
}
