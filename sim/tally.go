package sim

import "cardtable/engine"

// FirstPlayerMetric is the metric a game declares to report whether the
// player who moved first won (1) or not (0); the report's first_player
// figures are counted from it (Watchtower declares it).
const FirstPlayerMetric = "first-player-win"

// lineup says who plays each seat of one game: config[s] indexes
// Config.Seats, bot[s] the run's distinct bots (runner.botNames).
type lineup struct {
	seats  int
	config [engine.MaxSeats]int
	bot    [engine.MaxSeats]int
}

// tally is one worker's counts; merging tallies is addition.
type tally struct {
	lengths histogram
	ends    []int64
	wins    [engine.MaxSeats]int64
	noWin   int64
	// botGames and botWins count seat-games played and won by each
	// distinct bot.
	botGames, botWins [engine.MaxSeats]int64
	// firstWins counts games the first player won; firstMetric indexes
	// FirstPlayerMetric in the game's metrics, -1 when it has none.
	firstWins   int64
	firstMetric int
	metrics     []metricDist
	// seatTimes and botTimes time the decisions of each seat and bot.
	seatTimes, botTimes [engine.MaxSeats]decisionTimes
}

// linePad is the unused capacity after a worker's small counters: two
// workers' counters allocated one after the other would otherwise share a
// cache line that both write on every game.
const linePad = 16

func newTally(spec engine.StatsSpec) *tally {
	n := len(spec.EndReasons)
	t := &tally{ends: make([]int64, n, n+linePad), firstMetric: -1, metrics: make([]metricDist, len(spec.Metrics))}
	for k, name := range spec.Metrics {
		if name == FirstPlayerMetric {
			t.firstMetric = k
		}
	}
	return t
}

func (t *tally) add(out *engine.Outcome, l *lineup) {
	t.lengths.add(out.Length)
	if out.End >= len(t.ends) {
		t.ends = append(t.ends, make([]int64, out.End+1-len(t.ends))...)
	}
	t.ends[out.End]++
	// Counted without a branch on who won: a coin flip for the branch
	// predictor in an even game.
	won := int64(0)
	for s := 0; s < l.seats; s++ {
		b, w := l.bot[s], b2i(out.Won[s])
		t.botGames[b]++
		t.wins[s] += w
		t.botWins[b] += w
		won |= w
	}
	t.noWin += 1 - won
	for k := range t.metrics {
		t.metrics[k].add(out.Metrics[k])
	}
	if t.firstMetric >= 0 && out.Metrics[t.firstMetric] != 0 {
		t.firstWins++
	}
}

func (t *tally) merge(o *tally) {
	t.lengths.merge(&o.lengths)
	if len(o.ends) > len(t.ends) {
		t.ends = append(t.ends, make([]int64, len(o.ends)-len(t.ends))...)
	}
	for i, c := range o.ends {
		t.ends[i] += c
	}
	for s := range t.wins {
		t.wins[s] += o.wins[s]
		t.botGames[s] += o.botGames[s]
		t.botWins[s] += o.botWins[s]
		t.seatTimes[s].merge(&o.seatTimes[s])
		t.botTimes[s].merge(&o.botTimes[s])
	}
	t.noWin += o.noWin
	t.firstWins += o.firstWins
	for k := range t.metrics {
		t.metrics[k].merge(&o.metrics[k])
	}
}

// b2i is 1 for true and 0 for false (compiled without a branch).
func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
