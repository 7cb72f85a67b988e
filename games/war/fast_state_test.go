package war_test

import (
	"testing"

	"cardtable/bots/warbot"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/war"
)

// playWithBots plays New(opts, seed) through State the way the simulator
// does: each seat in ToMove, in seat order, asks its default player (bots/warbot) and applies.
func playWithBots(t testing.TB, opts engine.Options, seed uint64) engine.Outcome {
	t.Helper()
	st, err := war.Game{}.New(opts, engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	s := st
	var bots [3]engine.Bot
	for seat := range s.NumSeats() {
		bots[seat] = warbot.New(engine.BotSeed(seed, seat))
	}
	var toMove []int
	for !s.Terminal() {
		toMove = s.ToMove(toMove[:0])
		for _, seat := range toMove {
			a := bots[seat].Act(s, seat)
			if err := s.Apply(seat, a); err != nil {
				t.Fatalf("seed %d: bot in seat %d played %s: %v", seed, seat, s.ActionString(a), err)
			}
		}
	}
	return war.Game{}.Outcome(s)
}

// equivalenceOptions are the option sets on which Simulate must agree with
// State exactly.
var equivalenceOptions = []string{
	"",
	"pickup=loser-first",
	"pickup=seat",
	"pickup=shuffle",
	"players=3",
	"players=3,pickup=seat",
	"peace=true",
	"auto-war=2",
	"beats-faces=3,beats-ace=2",
	"players=3,beats-faces=3,auto-war=2",
	"underdog=6",
	"underdog=6,peace=true,pickup=loser-first",
	"underdog=A,auto-war=2,pickup=seat,max-battles=300",
	"players=3,underdog=6,peace=true",
	"slap=5",
	"slap=Q,slap-window=300ms,auto-war=Q",
	"slap=5,peace=true,underdog=6,pickup=seat",
	"slap=5,players=3,slap-window=400ms",
	"slap=5,false-slap=ignore,underdog=6,pickup=shuffle",
	"max-battles=50",
	"players=3,pickup=loser-first",
	"players=3,pickup=shuffle",
	"players=3,auto-war=2",
	"players=3,peace=true,pickup=loser-first",
	"players=3,beats-ace=2,underdog=6,pickup=seat",
	"players=3,max-battles=120",
	"players=3,auto-war=5,pickup=shuffle",
}

func TestSimulateMatchesState(t *testing.T) {
	games := 1500
	if testing.Short() {
		games = 200
	}
	for _, text := range equivalenceOptions {
		t.Run(text, func(t *testing.T) {
			opts := war.MustOptions(t, text)
			for i := range games {
				seed := cards.SubSeed(77, uint64(i))
				want := playWithBots(t, opts, seed)
				var got engine.Outcome
				war.Game{}.Simulate(opts, seed, &got)
				if got != want {
					t.Fatalf("seed %d: Simulate = %+v, State with bots = %+v", seed, got, want)
				}
			}
		})
	}
}
