package war

import (
	"testing"

	"cardtable/engine/enginetest"
)

// conformanceOptions cover every option and both false-slap modes.
var conformanceOptions = []map[string]string{
	nil,
	{"players": "3"},
	{"peace": "true"},
	{"auto-war": "2"},
	{"beats-faces": "3", "beats-ace": "2"},
	{"underdog": "6"},
	{"slap": "5"},
	{"slap": "5", "false-slap": "ignore", "players": "3"},
	{"pickup": "shuffle"},
	{"pickup": "seat"},
	{"pickup": "loser-first", "players": "3", "underdog": "6"},
	{"max-battles": "40", "slap": "Q", "slap-window": "100ms"},
}

func TestConformance(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 15
	}
	enginetest.Run(t, Game{}, enginetest.Config{Options: conformanceOptions, Games: games})
}

func FuzzWar(f *testing.F) {
	enginetest.Fuzz(f, Game{}, conformanceOptions)
}
