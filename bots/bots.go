// Package bots is the registry of cardtable's computer players: each entry
// names a bot, the games it plays and how to make one for a seat. Bots see
// only what their seat may know (engine.Bot).
package bots

import (
	"sort"
	"strconv"
	"strings"

	"cardtable/bots/degenerate"
	"cardtable/bots/ismcts"
	"cardtable/bots/regicidebot"
	"cardtable/bots/watchtowerbot"
	"cardtable/engine"
)

// Factory makes a bot for one seat. params are the bot's own settings
// (--bot-opt key=value), seed its private generator's seed.
type Factory func(g engine.Game, opts engine.Options, params map[string]string, seed uint64) (engine.Bot, error)

// Entry is one registered bot.
type Entry struct {
	Name string
	Help string
	// Games lists the games the bot plays; empty means every game.
	Games []string
	New   Factory
	// Reference marks a player kept for studying the bots (the degenerate
	// strategies `cardtable arena --against` plays): it plays anywhere a
	// bot is named, but the lobby does not offer it as an opponent.
	Reference bool
}

// Plays reports whether the entry plays game g.
func (e Entry) Plays(game string) bool {
	if len(e.Games) == 0 {
		return true
	}
	for _, g := range e.Games {
		if g == game {
			return true
		}
	}
	return false
}

// All returns every registered bot.
func All() []Entry {
	all := []Entry{
		{Name: "random", Help: "uniform over the legal actions", New: newRandom},
		{Name: "ismcts", Help: "information-set Monte Carlo tree search (settings: iterations, time, c, workers, rollout-depth)", New: ismcts.Factory},
		{Name: "expert", Help: "Regicide's strongest: ISMCTS with rule-based rollouts over minimal covers (settings: iterations (0: the rollout policy alone), time, c, workers, covers, loss)", Games: []string{"regicide"}, New: regicidebot.Factory},
		{Name: "expert", Help: "Watchtower's strongest: a showdown-aware policy that completes towers only into showdowns it expects to win and waits for them with its cards in hand; with candidates above 1, ISMCTS over its best candidates with policy rollouts cut short and scored by an evaluation fitted to outcomes, keeping the policy's choice unless the search finds a better one by a margin (settings: iterations, time, c, workers, rollout-depth, candidates (default 1: the policy alone), margin, complete-odds)", Games: []string{"watchtower"}, New: watchtowerbot.Factory},
	}
	all = append(all, heuristics...)
	for _, s := range degenerate.Strategies {
		all = append(all, Entry{Name: s.Name(), Help: s.Help(), Games: []string{"watchtower"}, New: degenerate.Factory(s), Reference: true})
	}
	return all
}

// For returns the bots that play game, sorted by name.
func For(game string) []Entry {
	var out []Entry
	for _, e := range All() {
		if e.Plays(game) {
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Default is the bot that fills a seat when none is named: the game's
// heuristic player if it has one, else random.
func Default(game string) string {
	for _, e := range For(game) {
		if e.Name == "heuristic" {
			return e.Name
		}
	}
	return "random"
}

// New makes the bot called name for game g, or explains which bots exist.
func New(name string, g engine.Game, opts engine.Options, params map[string]string, seed uint64) (engine.Bot, error) {
	var names []string
	for _, e := range For(g.Name()) {
		if e.Name == name {
			return e.New(g, opts, params, seed)
		}
		names = append(names, e.Name)
	}
	list := strings.Join(names, ", ")
	return nil, engine.SayErr(nil, engine.Say("bot.unknown", engine.TextArg("name", strconv.Quote(name)), engine.TextArg("game", g.Name()), engine.TextArg("bots", list)),
		"bots: no bot %q for %s; bots for %s: %s", name, g.Name(), g.Name(), list)
}
