package pairing

import (
	"maps"

	"cardtable/pairing"

	"cardtable/table"
)

// Choice is one cell of the lobby's quick-pairing grid: a game with a set
// of its options, a number of seats and a clock.
type Choice struct {
	// ID names the choice in requests ("watchtower-2-1m").
	ID   string `json:"id"`
	Game string `json:"game"`
	// Preset names the options ("standard", "slap").
	Preset  string            `json:"preset"`
	Options map[string]string `json:"options"`
	Seats   int               `json:"seats"`
	// Clock is the time per move ("20s", "1m").
	Clock string `json:"clock"`
	// Rateable: a signed-in player may ask for it rated.
	Rateable bool `json:"rateable"`
}

// settings are the table settings of the choice's clock: live, the move's
// time, a reserve of the same, and a timeout that loses at two seats and
// hands the seat to a bot at more (the rules of table.ParseSettings).
func (c Choice) settings() map[string]string {
	timeout := table.TimeoutBot
	if c.Seats == 2 && c.Game != "regicide" {
		timeout = table.TimeoutLose
	}
	return map[string]string{"pace": table.PaceLive, "move": c.Clock, "reserve": c.Clock, "timeout": timeout}
}

// Grid is the lobby's grid (docs/pairing.md lists it): the common ways to
// play each game now.
var Grid = []Choice{
	{ID: "war-2-slap-20s", Game: "war", Preset: "slap", Options: map[string]string{"players": "2", "slap": "5"}, Seats: 2, Clock: "20s", Rateable: true},
	{ID: "war-2-classic-20s", Game: "war", Preset: "classic", Options: map[string]string{"players": "2"}, Seats: 2, Clock: "20s"},
	{ID: "watchtower-2-20s", Game: "watchtower", Preset: "standard", Options: map[string]string{"players": "2"}, Seats: 2, Clock: "20s", Rateable: true},
	{ID: "watchtower-2-1m", Game: "watchtower", Preset: "standard", Options: map[string]string{"players": "2"}, Seats: 2, Clock: "1m", Rateable: true},
	{ID: "watchtower-2-3m", Game: "watchtower", Preset: "standard", Options: map[string]string{"players": "2"}, Seats: 2, Clock: "3m", Rateable: true},
	{ID: "watchtower-3-1m", Game: "watchtower", Preset: "standard", Options: map[string]string{"players": "3"}, Seats: 3, Clock: "1m", Rateable: true},
	{ID: "watchtower-4-1m", Game: "watchtower", Preset: "standard", Options: map[string]string{"players": "4"}, Seats: 4, Clock: "1m", Rateable: true},
	{ID: "regicide-2-1m", Game: "regicide", Preset: "standard", Options: map[string]string{"players": "2"}, Seats: 2, Clock: "1m"},
	{ID: "regicide-3-1m", Game: "regicide", Preset: "standard", Options: map[string]string{"players": "3"}, Seats: 3, Clock: "1m"},
	{ID: "regicide-4-1m", Game: "regicide", Preset: "standard", Options: map[string]string{"players": "4"}, Seats: 4, Clock: "1m"},
}

// key is the pool's key of the choice, rated or casual.
func (c Choice) key(rated bool) pairing.Key {
	return pairing.Key{Game: c.Game, Preset: c.Preset, Seats: c.Seats, Clock: c.Clock, Rated: rated}
}

// choice finds a grid cell by id.
func choice(id string) (Choice, bool) {
	for _, c := range Grid {
		if c.ID == id {
			c.Options = maps.Clone(c.Options)
			return c, true
		}
	}
	return Choice{}, false
}
