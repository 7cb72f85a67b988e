package regicide

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/i18n"
)

func forecast(t *testing.T, s *State, text string) Forecast {
	t.Helper()
	a, err := s.ParseAction(int(s.current), text)
	if err != nil {
		t.Fatal(err)
	}
	f, err := s.Forecast(a)
	if err != nil {
		t.Fatalf("Forecast(%q): %v", text, err)
	}
	return f
}

// TestForecastFigures pins the forecast of plays in set positions
// (REG-09..REG-15, REG-18).
func TestForecastFigures(t *testing.T) {
	s := scene{castle: "JC", hands: []string{"5H 5D 2C 9S AS 8C"}, discard: "2D 3D 4D 6D 7D 8D"}.build(t)
	f := forecast(t, s, "play 5H 5D")
	want := Forecast{Action: "play 5D 5H", Kind: "play", Attack: 10, Powers: []string{"diamonds", "hearts"}, Blocked: []string{},
		Heal: 6, Draw: 4, DrawSelf: 4, Damage: 10, Suffer: 10, CanCover: true}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("forecast\n got %+v\nwant %+v", f, want)
	}
	f = forecast(t, s, "play AS 8C")
	if f.Attack != 9 || !slices.Equal(f.Powers, []string{"spades"}) || !slices.Equal(f.Blocked, []string{"clubs"}) || f.Damage != 9 || f.Shield != 9 || f.Suffer != 1 {
		t.Errorf("AS 8C against JC: %+v", f)
	}
	s.damage = 12
	f = forecast(t, s, "play 9S")
	if !f.Kills || f.Exact || f.Where != "discard" || f.Suffer != 0 {
		t.Errorf("9S for 20 of 20: %+v", f)
	}
	s.damage = 12
	if f = forecast(t, s, "play 8C"); !f.Kills || !f.Exact || f.Where != "tavern" {
		t.Errorf("8C (immune) for exactly 20: %+v", f)
	}
	s.damage = 0
	f = forecast(t, s, "play 2C")
	if f.Kills || f.Suffer != 10 || !f.CanCover {
		t.Errorf("2C: %+v", f)
	}
	if line := i18n.English.Say(f.Say()); !strings.Contains(line, "then suffer 10: your hand covers it") {
		t.Errorf("hint line %q", line)
	}
	s = scene{castle: "JH", hands: []string{"2C 3D"}}.build(t)
	if f = forecast(t, s, "play 2C"); f.CanCover || f.Suffer != 10 {
		t.Errorf("2C with 3D left against 10: %+v", f)
	}
	if f = forecast(t, s, "play 3D"); f.CanCover || f.Draw != 3 || !strings.Contains(i18n.English.Say(f.Say()), "(before drawing)") {
		t.Errorf("3D draws 3 but cannot cover before drawing: %+v %s", f, i18n.English.Say(f.Say()))
	}
}

// TestForecastJesterAndDraws checks the Jester's forecast and the Diamonds
// draw count of several players (REG-11, REG-18, REG-19).
func TestForecastJesterAndDraws(t *testing.T) {
	s := scene{opts: map[string]string{"players": "3"}, castle: "JS",
		hands: []string{"JK1 8D", "2C 3C 4C 5C 6C 7C", "2D"}}.build(t)
	s.heldShield = 4
	f := forecast(t, s, "play JK1")
	if !f.Jester || f.Shield != 4 || f.Damage != 0 || f.Suffer != 0 {
		t.Errorf("Jester: %+v", f)
	}
	f = forecast(t, s, "play 8D")
	if f.Draw != 8 || f.DrawSelf != 4 {
		t.Errorf("8D with seat 1 full: draws %d (self %d), want 8 (4)", f.Draw, f.DrawSelf)
	}
}

// TestForecastChangesNothing checks every forecast and hint of every legal
// action along seeded games leaves the state as it was.
func TestForecastChangesNothing(t *testing.T) {
	walk(t, func(s *State, seat int) {
		before, _ := s.MarshalBinary()
		for _, a := range s.Legal(seat, nil) {
			if _, err := s.Hint(seat, a); err != nil {
				t.Fatalf("Hint(%d, %s): %v", seat, s.ActionString(a), err)
			}
			if s.phase != phaseSignal {
				if _, err := s.Forecast(a); err != nil {
					t.Fatalf("Forecast(%s): %v", s.ActionString(a), err)
				}
			}
		}
		if after, _ := s.MarshalBinary(); !bytes.Equal(before, after) {
			t.Fatal("a forecast changed the state")
		}
	})
}

// TestForecastRevealsNothing checks that two determinizations for the
// current player give the same forecasts as the real state: a forecast
// depends only on what that player knows.
func TestForecastRevealsNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	walk(t, func(s *State, seat int) {
		if s.phase == phaseSignal {
			return
		}
		d1 := s.Determinize(seat, rng).(*State)
		d2 := s.Determinize(seat, rng).(*State)
		for _, a := range s.Legal(seat, nil) {
			f, _ := s.Forecast(a)
			f1, _ := d1.Forecast(a)
			f2, _ := d2.Forecast(a)
			if !reflect.DeepEqual(f, f1) || !reflect.DeepEqual(f, f2) {
				t.Fatalf("forecast of %s differs across determinizations:\n%+v\n%+v\n%+v", s.ActionString(a), f, f1, f2)
			}
		}
	})
}

func TestForecastRefusals(t *testing.T) {
	s := scene{castle: "JH", hands: []string{"2C 3D"}}.build(t)
	if _, err := s.Forecast(encode(kindPlay, 0, setOf(cards.Stack("9H")))); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("forecast of a card not held: %v, want ErrIllegal", err)
	}
	if _, err := s.Hint(1, encode(kindYield, 0, 0)); err == nil {
		t.Error("hint for a seat that does not exist was given")
	}
}

// walk plays seeded random games for 1–4 players and calls visit before
// every action with the acting seat.
func walk(t *testing.T, visit func(s *State, seat int)) {
	t.Helper()
	games := 12
	if testing.Short() {
		games = 4
	}
	for players := 1; players <= 4; players++ {
		for g := 0; g < games; g++ {
			seed := cards.SubSeed(uint64(players), uint64(g))
			s := newGame(t, map[string]string{"players": fmt.Sprint(players)}, engine.Setup{Seed: seed})
			rng := cards.NewRNG(seed)
			for !s.Terminal() {
				tm := s.ToMove(nil)
				seat := tm[rng.IntN(len(tm))]
				visit(s, seat)
				legal := s.Legal(seat, nil)
				if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
