package regicidebot_test

import (
	"fmt"
	"syscall"
	"testing"
	"time"

	"cardtable/bots"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkDecision plays seeded games (seeds SubSeed(99, i)) with one
// registered bot, at its default settings, in every seat and reports the
// mean wall and CPU seconds per decision (Act calls, forced moves
// included) and decisions per game: the speed figures of the win-share
// table in docs/regicide-bots.md. On a busy machine the CPU figure is the
// one to read.
func BenchmarkDecision(b *testing.B) {
	g := regicide.Game{}
	for _, name := range []string{"random", "heuristic", "ismcts", "expert"} {
		for players := 1; players <= 4; players++ {
			b.Run(fmt.Sprintf("bot=%s/players=%d", name, players), func(b *testing.B) {
				opts := engine.MustResolve(g, map[string]string{"players": fmt.Sprint(players)})
				decisions := 0
				var wall, cpu time.Duration
				for i := 0; b.Loop(); i++ {
					seed := cards.SubSeed(99, uint64(i))
					s, err := g.New(opts, engine.Setup{Seed: seed})
					if err != nil {
						b.Fatal(err)
					}
					seatBots := make([]engine.Bot, players)
					for p := range seatBots {
						if seatBots[p], err = bots.New(name, g, opts, nil, engine.BotSeed(seed, p)); err != nil {
							b.Fatal(err)
						}
					}
					var tm []int
					for !s.Terminal() {
						tm = s.ToMove(tm[:0])
						startWall, startCPU := time.Now(), cpuTime()
						a := seatBots[tm[0]].Act(s, tm[0])
						wall += time.Since(startWall)
						cpu += cpuTime() - startCPU
						decisions++
						if err := s.Apply(tm[0], a); err != nil {
							b.Fatal(err)
						}
					}
				}
				b.ReportMetric(wall.Seconds()/float64(decisions), "s/decision")
				b.ReportMetric(cpu.Seconds()/float64(decisions), "cpu-s/decision")
				b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
			})
		}
	}
}
