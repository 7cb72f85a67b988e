package bots

import (
	"fmt"

	"cardtable/engine"
	"cardtable/games/war"
)

// newWarHeuristic makes War's default player (war.NewBot), which the War
// fast path reproduces exactly.
func newWarHeuristic(_ engine.Game, _ engine.Options, params map[string]string, seed uint64) (engine.Bot, error) {
	for k := range params {
		return nil, fmt.Errorf("bots: heuristic (war) takes no settings (got %q)", k)
	}
	return war.NewBot(seed), nil
}
