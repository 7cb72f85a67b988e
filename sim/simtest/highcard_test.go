package simtest

import (
	"testing"

	"cardtable/engine/enginetest"
)

func TestHighCardConformance(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 40
	}
	enginetest.Run(t, HighCard{}, enginetest.Config{
		Options: []map[string]string{nil, {"players": "3", "target": "1"}, {"players": "4", "target": "5"}},
		Games:   games,
	})
}

func TestRiggedConformance(t *testing.T) {
	enginetest.Run(t, Rigged{}, enginetest.Config{
		Options: []map[string]string{nil, {"players": "4", "target": "5"}},
		Games:   40,
	})
}
