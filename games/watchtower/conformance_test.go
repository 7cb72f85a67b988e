package watchtower_test

import (
	"testing"

	"cardtable/engine/enginetest"
	"cardtable/games/watchtower"
)

// conformanceRuns are the option sets checked, each with its number of
// seeded games (more players make longer, slower games).
var conformanceRuns = []struct {
	opts  map[string]string
	games int
}{
	{map[string]string{"players": "2"}, 40},
	{map[string]string{"players": "3"}, 12},
	{map[string]string{"players": "4"}, 8},
	{map[string]string{"players": "3", "tries-per": "card"}, 8},
	{map[string]string{"players": "2", "refill-pick": "owner"}, 20},
	{map[string]string{"players": "4", "refill-pick": "owner", "tries-per": "card"}, 6},
	{map[string]string{"players": "3", "max-rounds": "3"}, 20},
}

func TestConformance(t *testing.T) {
	for i, run := range conformanceRuns {
		games := run.games
		if testing.Short() {
			games = max(2, games/4)
		}
		enginetest.Run(t, watchtower.New(), enginetest.Config{
			Options: []map[string]string{run.opts}, Games: games, Seed: uint64(i + 1)})
	}
}

func FuzzWatchtower(f *testing.F) {
	var sets []map[string]string
	for _, run := range conformanceRuns {
		sets = append(sets, run.opts)
	}
	enginetest.Fuzz(f, watchtower.New(), sets)
}
