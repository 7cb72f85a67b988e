package sim

import (
	"runtime/debug"
	"time"

	"cardtable/engine"
)

// Report is the result of a run. Its JSON encoding is the document printed
// by `cardtable sim --json`; the field names are an interface, documented
// in docs/cli.md.
type Report struct {
	Game    string         `json:"game"`
	Games   int64          `json:"games"`
	Seed    uint64         `json:"seed"`
	Options engine.Options `json:"options"`
	// Bots names each seat's bot, in seat order.
	Bots []string `json:"bots"`
	// FastPath is true when the game's FastSimulator played the games.
	FastPath bool        `json:"fast_path"`
	Length   LengthStats `json:"length"`
	// Ends counts the games by end reason (every declared reason listed).
	Ends  map[string]int64 `json:"ends"`
	Seats []SeatStats      `json:"seats"`
	// Draws counts games no seat won (zero-sum games only).
	Draws *int64 `json:"draws,omitempty"`
	// Team is the seats' common record in a co-operative game (every seat
	// wins or loses together); nil in zero-sum games.
	Team *Share `json:"team,omitempty"`
	// Rotate is true when the bots moved one seat on each game
	// (Config.Rotate); Bots and Seats[].Bot then give game 0's seating.
	Rotate bool `json:"rotate"`
	// BotsSummary is the record of each distinct bot over every seat it
	// played, in order of first appearance in Bots.
	BotsSummary []BotStats `json:"bots_summary"`
	// FirstPlayer is the record of the player who moved first, for games
	// that report it (metric FirstPlayerMetric); nil otherwise.
	FirstPlayer *Share `json:"first_player,omitempty"`
	// Metrics are the game's per-game figures.
	Metrics map[string]Metric `json:"metrics"`
	// WarsPerGame repeats metrics.wars.mean for games that count wars.
	WarsPerGame *float64 `json:"wars_per_game,omitempty"`
	ElapsedS    float64  `json:"elapsed_s"`
	GamesPerS   float64  `json:"games_per_s"`
	Workers     int      `json:"workers"`
	Version     string   `json:"version"`
	// Shard is present in the report of one slice of a run (Config.Shard):
	// which slice, and the counts Merge needs to rebuild the whole run's
	// report exactly.
	Shard *ShardState `json:"shard,omitempty"`

	// EndOrder and MetricOrder list the names in the game's own order,
	// for readable output.
	EndOrder    []string `json:"-"`
	MetricOrder []string `json:"-"`
	// PlotMetric is the metric the game asks plots to show instead of the
	// length (engine.StatsSpec.Plot); empty for length.
	PlotMetric string `json:"-"`
	lengths    histogram
	specs      []engine.Option
}

// LengthStats describes the distribution of game lengths exactly (from a
// histogram of every game's length, not a sample). Percentiles are
// nearest-rank: the smallest length L with at least p% of games <= L.
type LengthStats struct {
	Unit   string  `json:"unit"`
	Mean   float64 `json:"mean"`
	Min    int     `json:"min"`
	Median int     `json:"median"`
	P90    int     `json:"p90"`
	P99    int     `json:"p99"`
	Max    int     `json:"max"`
}

// SeatStats is one seat's record over the run.
type SeatStats struct {
	Seat int    `json:"seat"`
	Bot  string `json:"bot"`
	Wins int64  `json:"wins"`
	// Share is wins / games; CI95 its 95% Wilson interval.
	Share      float64    `json:"share"`
	CI95       [2]float64 `json:"ci95"`
	MeanReturn float64    `json:"mean_return"`
	// BotOptions are the settings the seat's bot was given.
	BotOptions map[string]string `json:"bot_options"`
	DecisionStats
}

// BotStats is one bot's record over every seat-game it played. A bot's
// win is a seat it played that won: in a shared result every winning
// seat counts, so shares of different bots may add up to more than 1.
type BotStats struct {
	Bot string `json:"bot"`
	// Games counts the seat-games the bot played: the number of games
	// times the seats it held in each.
	Games int64 `json:"games"`
	Wins  int64 `json:"wins"`
	// Share is wins / games; CI95 its 95% Wilson interval.
	Share float64    `json:"share"`
	CI95  [2]float64 `json:"ci95"`
	DecisionStats
}

// Share is a count of wins out of some games, its share and the share's
// 95% Wilson interval.
type Share struct {
	Wins  int64      `json:"wins"`
	Share float64    `json:"share"`
	CI95  [2]float64 `json:"ci95"`
}

func shareOf(wins, games int64) *Share {
	lo, hi := Wilson(wins, games, Z95)
	return &Share{Wins: wins, Share: float64(wins) / float64(games), CI95: [2]float64{lo, hi}}
}

// Metric is the mean and sample standard deviation of one per-game figure,
// and its distribution when it takes only integer values.
type Metric struct {
	Mean float64 `json:"mean"`
	SD   float64 `json:"sd"`
	// Dist counts games by value, for a metric whose every value was an
	// integer from 0 to 65536; nil otherwise.
	Dist Dist `json:"dist,omitempty"`
}

// Histogram returns the number of games of each length: counts[L] games
// lasted L units.
func (r *Report) Histogram() []int64 {
	return append([]int64(nil), r.lengths.counts[:r.lengths.maxLength()+1]...)
}

func (r *runner) report(t *tally, workers int, elapsed time.Duration) *Report {
	cfg := r.cfg
	rep := &Report{
		Game: cfg.Game.Name(), Games: r.played, Seed: cfg.Seed, Options: cfg.Options,
		FastPath: r.fast != nil, Rotate: cfg.Rotate,
		Ends: map[string]int64{}, Metrics: map[string]Metric{},
		ElapsedS: elapsed.Seconds(), Workers: workers, Version: Version(),
		PlotMetric: r.spec.Plot, lengths: t.lengths, specs: cfg.Game.Options(),
	}
	if s := elapsed.Seconds(); s > 0 {
		rep.GamesPerS = float64(r.played) / s
	}
	rep.Length = LengthStats{
		Unit: r.spec.LengthUnit, Mean: t.lengths.mean(), Min: t.lengths.minLength(),
		Median: t.lengths.percentile(50), P90: t.lengths.percentile(90),
		P99: t.lengths.percentile(99), Max: t.lengths.maxLength(),
	}
	rep.EndOrder = r.spec.EndReasons
	if rr, ok := r.reporter.(*resultReporter); ok {
		rep.EndOrder = rr.endNames()
	}
	for i, name := range rep.EndOrder {
		rep.Ends[name] = t.ends[i]
	}
	r.reportPlayers(rep, t)
	rep.MetricOrder = r.spec.Metrics
	for k, name := range r.spec.Metrics {
		m := r.ordered.total.metrics[k]
		rep.Metrics[name] = Metric{Mean: m.mean, SD: m.sd(), Dist: t.metrics[k].dist()}
		if name == "wars" {
			rep.WarsPerGame = &m.mean
		}
	}
	if t.firstMetric >= 0 {
		rep.FirstPlayer = shareOf(t.firstWins, r.played)
	}
	return rep
}

// reportPlayers fills in the seats, the bots, and the draws of a zero-sum
// game or the team of a co-operative one.
func (r *runner) reportPlayers(rep *Report, t *tally) {
	cfg := r.cfg
	for i, seat := range cfg.Seats {
		rep.Bots = append(rep.Bots, seat.Bot)
		s := shareOf(t.wins[i], r.played)
		rep.Seats = append(rep.Seats, SeatStats{
			Seat: i, Bot: seat.Bot, Wins: s.Wins, Share: s.Share, CI95: s.CI95,
			MeanReturn: r.ordered.total.returns[i].mean, BotOptions: nonNil(seat.Params),
			DecisionStats: t.seatTimes[i].stats(),
		})
	}
	rep.BotsSummary = []BotStats{}
	for b, name := range r.botNames {
		s := shareOf(t.botWins[b], t.botGames[b])
		rep.BotsSummary = append(rep.BotsSummary, BotStats{
			Bot: name, Games: t.botGames[b], Wins: s.Wins, Share: s.Share, CI95: s.CI95,
			DecisionStats: t.botTimes[b].stats(),
		})
	}
	if cfg.Game.Utility() == engine.ZeroSum {
		rep.Draws = &t.noWin
	} else {
		rep.Team = shareOf(r.played-t.noWin, r.played)
	}
}

// Version names the build of cardtable: the module version when built from
// a tagged module, else "devel" with the VCS revision when known.
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			return "devel-" + s.Value[:12]
		}
	}
	return "devel"
}

func nonNil(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}
