package bots

import (
	"cardtable/bots/regicidebot"
	"cardtable/bots/warbot"
	"cardtable/bots/watchtowerbot"
	"cardtable/engine"
	"strconv"
)

// heuristic adapts a game's rule-based player, which takes no settings.
func heuristic(game string, mk func(seed uint64) engine.Bot) Factory {
	return func(_ engine.Game, _ engine.Options, params map[string]string, seed uint64) (engine.Bot, error) {
		for k := range params {
			return nil, engine.SayErr(nil, engine.Say("bot.no-settings", engine.TextArg("key", strconv.Quote(k))), "bots: heuristic (%s) takes no settings (got %q)", game, k)
		}
		return mk(seed), nil
	}
}

// heuristics are the games' rule-based players, each in its game's bot
// package. War's is its default player, which the War fast path reproduces
// exactly.
var heuristics = []Entry{
	{Name: "heuristic", Help: "War's default player: flips at once and slaps after a seeded, human-like reaction time", Games: []string{"war"}, New: heuristic("war", warbot.New)},
	{Name: "heuristic", Help: "Regicide rule-based player: kills exactly when it can, shields against the coming attack, keeps the Jester for immunity", Games: []string{"regicide"}, New: heuristic("regicide", regicidebot.NewHeuristic)},
	{Name: "heuristic", Help: "Watchtower rule-based player: challenges where Monte Carlo odds favour it, builds towers, keeps assassins for attack", Games: []string{"watchtower"}, New: heuristic("watchtower", func(seed uint64) engine.Bot { return watchtowerbot.NewHeuristic(seed) })},
}
