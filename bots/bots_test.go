package bots_test

import (
	"slices"
	"strings"
	"testing"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games"
)

// Every bot registered for a game plays whole games of it with legal
// actions only (a cheap budget keeps search bots quick).
func TestEveryBotPlaysLegally(t *testing.T) {
	for _, g := range games.All() {
		for _, e := range bots.For(g.Name()) {
			t.Run(g.Name()+"/"+e.Name, func(t *testing.T) {
				opts := engine.MustResolve(g, nil)
				params := map[string]string{}
				if e.Name == "ismcts" {
					params["iterations"] = "20"
				}
				s, err := g.New(opts, engine.Setup{Seed: 3})
				if err != nil {
					t.Fatal(err)
				}
				seatBots := make([]engine.Bot, s.NumSeats())
				for i := range seatBots {
					if seatBots[i], err = bots.New(e.Name, g, opts, params, engine.BotSeed(3, i)); err != nil {
						t.Fatal(err)
					}
				}
				var tm []int
				for n := 0; !s.Terminal(); n++ {
					if n > 100000 {
						t.Fatal("game did not end")
					}
					tm = s.ToMove(tm[:0])
					seat := tm[0]
					a := seatBots[seat].Act(s, seat)
					if !slices.Contains(s.Legal(seat, nil), a) {
						t.Fatalf("bot %s chose illegal %q", e.Name, s.ActionString(a))
					}
					if err := s.Apply(seat, a); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	}
}

func TestUnknownBotListsTheBots(t *testing.T) {
	g, err := games.Lookup("war")
	if err != nil {
		t.Fatal(err)
	}
	_, err = bots.New("alphazero", g, engine.MustResolve(g, nil), nil, 1)
	if err == nil || !strings.Contains(err.Error(), "heuristic") || !strings.Contains(err.Error(), "random") {
		t.Fatalf("bots.New(unknown) = %v; want an error listing the bots", err)
	}
	if _, err := bots.New("random", g, engine.MustResolve(g, nil), map[string]string{"depth": "3"}, 1); err == nil {
		t.Fatal("random accepted a setting it does not have")
	}
}

func TestDefaultIsHeuristicWhereThereIsOne(t *testing.T) {
	if got := bots.Default("war"); got != "heuristic" {
		t.Errorf("Default(war) = %q", got)
	}
	if got := bots.Default("no-such-game"); got != "random" {
		t.Errorf("Default(no-such-game) = %q", got)
	}
}
