// Package games is the explicit registry of cardtable's games: the one place
// that lists them, with no init() side effects.
package games

import (
	"fmt"
	"strings"

	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/games/war"
	"cardtable/games/watchtower"
)

// All returns every game, in the order the CLI lists them.
func All() []engine.Game {
	return []engine.Game{
		war.Game{},
		regicide.Game{},
		watchtower.Game{},
	}
}

// Lookup returns the game called name, or an error listing the games.
func Lookup(name string) (engine.Game, error) {
	var names []string
	for _, g := range All() {
		if g.Name() == strings.ToLower(name) {
			return g, nil
		}
		names = append(names, g.Name())
	}
	return nil, fmt.Errorf("unknown game %q; games: %s", name, strings.Join(names, ", "))
}
