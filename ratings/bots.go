package ratings

// The rating categories: a rated game is rated in one of these.
const (
	// Watchtower is any rated Watchtower table (2 to 4 players).
	Watchtower = "watchtower"
	// SlapWar is a rated two-player War table with Slap War on (the only
	// War with decisions).
	SlapWar = "war-slap"
	// RegicidePuzzles is the rating of a signed-in player's answers to
	// the Regicide puzzles (puzzles.go).
	RegicidePuzzles = "regicide-puzzles"
)

// Categories lists the rating categories, for leaderboards and profiles.
var Categories = []string{Watchtower, SlapWar, RegicidePuzzles}

// CategoryTitle is a category as people read it.
func CategoryTitle(c string) string {
	switch c {
	case Watchtower:
		return "Watchtower"
	case SlapWar:
		return "Slap War"
	case RegicidePuzzles:
		return "Regicide puzzles"
	}
	return c
}

// BotRD is the deviation every bot's fixed rating carries. The arena's
// standard errors are about 10 points, but a bot's strength against other
// bots carries over to people only roughly, so a game against a bot counts
// with the weight of an opponent known to about ±100 (2 RD).
const BotRD = 50.0

// botElo holds each bot's strength on the Elo scale, relative to the
// game's default bot, which is anchored at Start (1500): a new player is
// assumed as strong as the bot the lobby seats by default. It is measured
// by cardtable arena for each number of seats, on the scoring a rated game
// uses (PairScores): at two seats the arena's Bradley-Terry fit; at three
// and four, where the losers of a game draw with each other (½ each), from
// the arena's head-to-head shares (wins and half the ties), the bot's
// expected score against the default bot: 400·log10(share/(1−share)). The
// arena's fit there counts only the winner's pairs, which would put the
// bots twice as far apart as the rating's scoring sees them. Only bots at
// their default settings carry a rating; a table with a bot at other
// settings cannot be rated. The figures and the commands are in
// docs/accounts.md.
var botElo = map[string]map[int]map[string]float64{
	Watchtower: {
		// cardtable arena watchtower --bots random,heuristic,expert -n 300:
		// expert +237, heuristic +107, random -344 (mean 0; 95% CIs ±20-30).
		2: {"heuristic": 0, "expert": 130, "random": -451},
		// ... -o players=3 ... -n 300: against heuristic, expert 50.75%,
		// random 32.33%.
		3: {"heuristic": 0, "expert": 5, "random": -128},
		// ... -o players=4 --bots random,heuristic,expert,expert:iterations=300
		// -n 100: against heuristic, expert 52.75%, random 39.21%.
		4: {"heuristic": 0, "expert": 19, "random": -76},
	},
	// cardtable arena war -o slap=5 --bots random,heuristic -n 2000:
	// heuristic +200 [+190, +209], random -200.
	SlapWar: {2: {"heuristic": 0, "random": -400}},
}

// Bot is the fixed rating of bot (a bot's name, default settings) in
// category at a table of players seats; ok is false for a bot without one.
func Bot(category, bot string, players int) (Rating, bool) {
	elo, ok := botElo[category][players][bot]
	if !ok {
		return Rating{}, false
	}
	return Rating{R: Start + elo, RD: BotRD, Vol: StartVol}, true
}
