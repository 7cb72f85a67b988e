package regicide

import (
	"testing"

	"cardtable/engine/enginetest"
)

// conformanceOptions covers every player count and every option value.
var conformanceOptions = []map[string]string{
	{"players": "1"},
	{"players": "2"},
	{"players": "3"},
	{"players": "4"},
	{"players": "1", "immunity": "false", "exact-kill": "optional", "solo-yield": "true", "first": "0"},
	{"players": "2", "exact-kill": "optional", "first": "1"},
	{"players": "3", "immunity": "false", "first": "2"},
	{"players": "4", "exact-kill": "optional", "immunity": "false", "first": "3"},
}

func TestConformance(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 40
	}
	enginetest.Run(t, Game{}, enginetest.Config{Options: conformanceOptions, Games: games})
}

func FuzzRegicide(f *testing.F) {
	enginetest.Fuzz(f, Game{}, conformanceOptions)
}
