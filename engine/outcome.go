package engine

// MaxMetrics is how many game-specific figures an Outcome carries.
const MaxMetrics = 12

// StatsSpec declares what a game reports to simulation: the unit of its
// length, the names of its end reasons and of its per-game metrics.
type StatsSpec struct {
	// LengthUnit names Outcome.Length ("battles", "turns").
	LengthUnit string
	// EndReasons lists every value Outcome.End may index.
	EndReasons []string
	// Metrics names Outcome.Metrics[i] ("wars"); at most MaxMetrics.
	Metrics []string
	// Plot names the metric a simulation's plot shows instead of the
	// length ("enemies"); empty for length.
	Plot string
}

// Outcome summarises one finished game for statistics. It is a fixed-size
// value so that simulating millions of games allocates nothing per game.
type Outcome struct {
	Seats   int
	Returns [MaxSeats]float64
	// Won marks the winning seats (all seats of a won co-operative game).
	Won [MaxSeats]bool
	// End indexes StatsSpec.EndReasons.
	End    int
	Length int
	// Metrics holds the game's figures in StatsSpec.Metrics order.
	Metrics [MaxMetrics]float64
}

// Reporter is implemented by games that report statistics to simulation.
type Reporter interface {
	// Stats declares the game's figures.
	Stats(opts Options) StatsSpec
	// Outcome summarises a terminal state of this game.
	Outcome(s State) Outcome
}

// FastSimulator is implemented by games that can play a whole game without
// decisions faster than through State (War). Simulate must produce exactly
// the Outcome that playing New(opts, Setup{Seed: seed}) through State with
// the game's default bots would.
type FastSimulator interface {
	Simulate(opts Options, seed uint64, out *Outcome)
}
