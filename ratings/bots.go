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

// botElo holds each bot's strength measured by cardtable arena on the Elo
// scale, relative to the game's default bot, which is anchored at Start
// (1500): a new player is assumed as strong as the bot the lobby seats by
// default. Only bots at their default settings carry a rating; a table
// with a bot at other settings cannot be rated. The figures and the
// commands that measured them are in docs/accounts.md.
var botElo = map[string]map[string]float64{
	// cardtable arena watchtower --bots random,heuristic,expert -n 300:
	// expert +237, heuristic +107, random -344 (mean 0; 95% CIs ±20-30).
	Watchtower: {"heuristic": 0, "expert": 130, "random": -451},
	// cardtable arena war -o slap=5 --bots random,heuristic -n 2000:
	// heuristic +200 [+190, +209], random -200.
	SlapWar: {"heuristic": 0, "random": -400},
}

// Bot is the fixed rating of bot (a bot's name, default settings) in
// category; ok is false for a bot without one.
func Bot(category, bot string) (Rating, bool) {
	elo, ok := botElo[category][bot]
	if !ok {
		return Rating{}, false
	}
	return Rating{R: Start + elo, RD: BotRD, Vol: StartVol}, true
}
