package watchtower

import "cardtable/engine"

// endReason is why a game ended (WT-24).
type endReason uint8

const (
	endShowdown endReason = iota
	endTowerBattle
	endElimination
	endRoundCap
)

var endNames = []string{"showdown", "tower battle", "elimination", "round cap"}

// Metrics counted per game, in StatsSpec order.
const (
	metricRounds = iota
	metricFreeForAlls
	metricCampaignsWon
	metricCampaignsLost
	metricRefills
	metricVulnerableTakes
	metricThirdTries
	metricChallenges
	metricCampaignBattles
	metricEliminations
	metricFirstPlayerWin
	numMetrics
)

var metricNames = []string{
	"rounds", "free-for-alls", "campaigns-won", "campaigns-lost", "barracks-refills",
	"vulnerable-takes", "third-try-losses", "challenges", "campaign-battles", "eliminations",
	"first-player-win",
}

var _ engine.Reporter = Game{}

// Stats implements engine.Reporter. Length counts play turns (setup turns
// excluded); rounds are reported as a metric.
func (Game) Stats(engine.Options) engine.StatsSpec {
	return engine.StatsSpec{LengthUnit: "turns", EndReasons: endNames, Metrics: metricNames}
}

// Outcome implements engine.Reporter.
func (Game) Outcome(st engine.State) engine.Outcome {
	s := st.(*State)
	out := engine.Outcome{Seats: s.cfg.players, End: int(s.end), Length: s.turns}
	copy(out.Returns[:], s.Returns())
	for _, w := range s.winnerSeats() {
		out.Won[w] = true
	}
	for i, n := range s.stats {
		out.Metrics[i] = float64(n)
	}
	out.Metrics[metricRounds] = float64(s.roundsPlayed())
	if out.Won[s.first] {
		out.Metrics[metricFirstPlayerWin] = 1
	}
	return out
}

// roundsPlayed counts the rounds begun, the last one included.
func (s *State) roundsPlayed() int {
	if s.turns == 0 {
		return 0
	}
	if s.end == endRoundCap && s.phase == phaseOver {
		return s.rounds
	}
	return s.rounds + 1
}
