package war

import (
	"fmt"
	"testing"

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
