package regicidebot_test

import (
	"fmt"
	"testing"
	"time"

	"cardtable/cards"
	"cardtable/engine"
)

// BenchmarkSoloDecision plays seeded solo games with the expert at several
// iteration budgets and reports the mean time per decision (Act calls,
// forced moves included), the figure the win-share table quotes.
func BenchmarkSoloDecision(b *testing.B) {
	for _, iterations := range []int{0, 200, 1000} {
		b.Run(fmt.Sprintf("iterations=%d", iterations), func(b *testing.B) {
			decisions := 0
			var spent time.Duration
			for i := 0; b.Loop(); i++ {
				seed := cards.SubSeed(99, uint64(i))
				s := newState(b, 1, seed)
				bot := newBot(b, iterations, engine.BotSeed(seed, 0))
				var tm []int
				for !s.Terminal() {
					tm = s.ToMove(tm[:0])
					start := time.Now()
					a := bot.Act(s, tm[0])
					spent += time.Since(start)
					decisions++
					if err := s.Apply(tm[0], a); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(spent.Seconds()/float64(decisions), "s/decision")
			b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
		})
	}
}
