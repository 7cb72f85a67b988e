package sim

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/games/war"
	"cardtable/record"
)

func warConfig(t testing.TB, games int64, given map[string]string) Config {
	t.Helper()
	g := war.Game{}
	opts := engine.MustResolve(g, given)
	s, err := g.New(opts, engine.Setup{})
	if err != nil {
		t.Fatal(err)
	}
	seats, err := SeatsFromRegistry(g, opts, s.NumSeats(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return Config{Game: g, Options: opts, Games: games, Seed: 3, Seats: seats, Workers: 2}
}

// WAR-09: the fast path and the State path with the default bots report the
// same battles, wars and end reasons, variants included.
func TestWarFastPathMatchesStatePath(t *testing.T) {
	games := int64(1500)
	if testing.Short() {
		games = 300
	}
	for _, given := range []map[string]string{
		nil,
		{"players": "3", "slap": "5", "underdog": "6", "auto-war": "2"},
		{"peace": "true", "pickup": "shuffle"},
		{"pickup": "seat"},
	} {
		cfg := warConfig(t, games, given)
		fast := run(t, cfg)
		cfg.NoFastPath = true
		slow := run(t, cfg)
		if !fast.FastPath || fast.WarsPerGame == nil {
			t.Fatalf("%v: fast_path %v, wars_per_game %v; want the fast path and a wars figure", given, fast.FastPath, fast.WarsPerGame)
		}
		asFastPath(slow)
		if a, b := stableJSON(t, fast), stableJSON(t, slow); a != b {
			t.Errorf("%v: fast and State paths differ:\n%s\n%s", given, a, b)
		}
	}
}

// Saved War games replay to the result the simulation recorded.
func TestWarRecordsReplay(t *testing.T) {
	cfg := warConfig(t, 40, map[string]string{"slap": "5"})
	cfg.Records = RecordConfig{Dir: t.TempDir(), Every: 10}
	run(t, cfg)
	files, _ := filepath.Glob(filepath.Join(cfg.Records.Dir, "war-*.json"))
	if len(files) != 4 {
		t.Fatalf("saved %d records, want 4 (games 0, 10, 20, 30)", len(files))
	}
	for _, f := range files {
		in, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.Decode(in)
		in.Close()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if rec.Result == nil || !rec.Result.Over {
			t.Fatalf("%s: no final result stored", f)
		}
		if _, _, err := record.Replay(rec); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// BenchmarkSimWar measures the simulator on War's fast path with one
// worker: compare with games/war's BenchmarkSimulate to see the driver's
// overhead. games/cpu-s counts the process's CPU time, which a busy
// machine disturbs less than wall time.
func BenchmarkSimWar(b *testing.B) {
	cfg := warConfig(b, int64(b.N), nil)
	cfg.Workers = 1
	cpu := cpuTime()
	b.ResetTimer()
	if _, err := Run(context.Background(), cfg); err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	if used := cpuTime() - cpu; used > 0 {
		b.ReportMetric(float64(b.N)/used.Seconds(), "games/cpu-s")
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSimWarStatePath measures the simulator's State path on War
// (NoFastPath: every decision asks a bot through player.act), with one
// worker: the path searching bots and recorded games take.
func BenchmarkSimWarStatePath(b *testing.B) {
	cfg := warConfig(b, int64(b.N), nil)
	cfg.Workers, cfg.NoFastPath = 1, true
	cpu := cpuTime()
	b.ResetTimer()
	if _, err := Run(context.Background(), cfg); err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	if used := cpuTime() - cpu; used > 0 {
		b.ReportMetric(float64(b.N)/used.Seconds(), "games/cpu-s")
	}
}
