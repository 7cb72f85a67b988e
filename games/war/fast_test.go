package war

import (
	"fmt"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// mustOptions resolves War options given as "key=value,..." text.
func mustOptions(t testing.TB, text string) engine.Options {
	t.Helper()
	given, err := engine.ParseOptionArgs([]string{text})
	if text == "" {
		given, err = nil, nil
	}
	if err != nil {
		t.Fatal(err)
	}
	opts, err := engine.ResolveOptions(Game{}.Options(), given)
	if err != nil {
		t.Fatal(err)
	}
	return opts
}

// playWithBots plays New(opts, seed) through State the way the simulator
// does: each seat in ToMove, in seat order, asks its NewBot and applies.
func playWithBots(t testing.TB, opts engine.Options, seed uint64) (*State, engine.Outcome) {
	t.Helper()
	st, err := Game{}.New(opts, engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	var bots [3]engine.Bot
	for seat := range s.NumSeats() {
		bots[seat] = NewBot(engine.BotSeed(seed, seat))
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
	return s, Game{}.Outcome(s)
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
}

func TestSimulateMatchesState(t *testing.T) {
	games := 1500
	if testing.Short() {
		games = 200
	}
	for _, text := range equivalenceOptions {
		t.Run(text, func(t *testing.T) {
			opts := mustOptions(t, text)
			for i := range games {
				seed := cards.SubSeed(77, uint64(i))
				_, want := playWithBots(t, opts, seed)
				var got engine.Outcome
				Game{}.Simulate(opts, seed, &got)
				if got != want {
					t.Fatalf("seed %d: Simulate = %+v, State with bots = %+v", seed, got, want)
				}
			}
		})
	}
}

func TestSimulateAllocatesNothing(t *testing.T) {
	for _, text := range []string{"", "slap=5,underdog=6", "players=3,slap=5,underdog=6"} {
		opts := mustOptions(t, text)
		var out engine.Outcome
		Game{}.Simulate(opts, 1, &out)
		seed := uint64(0)
		if n := testing.AllocsPerRun(200, func() { seed++; Game{}.Simulate(opts, seed, &out) }); n != 0 {
			t.Errorf("Simulate(%s) allocates %.1f times per game, want 0", text, n)
		}
	}
}

func BenchmarkSimulate(b *testing.B) {
	for _, text := range []string{"", "pickup=shuffle", "players=3", "slap=5"} {
		b.Run(fmt.Sprintf("opts=%s", text), func(b *testing.B) {
			opts := mustOptions(b, text)
			var out engine.Outcome
			battles := 0
			seed := uint64(0)
			cpu := cpuTime()
			for b.Loop() {
				seed++
				Game{}.Simulate(opts, seed, &out)
				battles += out.Length
			}
			if cpu := cpuTime() - cpu; cpu > 0 {
				b.ReportMetric(float64(b.N)/cpu.Seconds(), "games/cpu-s")
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(battles)/float64(b.N), "battles/game")
		})
	}
}
