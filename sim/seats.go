package sim

import (
	"fmt"
	"slices"
	"strings"

	"cardtable/bots"
	"cardtable/engine"
)

// Seat says who plays one seat of every simulated game.
type Seat struct {
	// Bot names the bot (shown in reports and records).
	Bot string
	// Params are the bot's settings as given (--bot-opt).
	Params map[string]string
	// New makes the seat's bot for one game from its seed.
	New func(seed uint64) (engine.Bot, error)
}

// SeatsFromRegistry builds n seats from the bots registry. names holds one
// bot for every seat or one per seat; empty means the game's default bot.
// params are key=value bot settings: a plain key goes to every seat's bot,
// "NAME.key" only to the bots called NAME. Each bot is made once here so
// that an unknown bot or a bad setting is reported before any game runs.
func SeatsFromRegistry(g engine.Game, opts engine.Options, n int, names []string, params map[string]string) ([]Seat, error) {
	switch len(names) {
	case 0:
		names = []string{bots.Default(g.Name())}
	case 1, n:
	default:
		return nil, fmt.Errorf("sim: %d bots named for %d seats; name one bot for every seat or one per seat", len(names), n)
	}
	for k := range params {
		if prefix, _, scoped := strings.Cut(k, "."); scoped && !slices.Contains(names, prefix) {
			return nil, fmt.Errorf("sim: bot setting %q is for bot %s, which plays no seat; bots: %s", k, prefix, strings.Join(names, ", "))
		}
	}
	seats := make([]Seat, n)
	for i := range seats {
		name := names[0]
		if len(names) == n {
			name = names[i]
		}
		p := paramsFor(name, params)
		seats[i] = Seat{Bot: name, Params: p, New: func(seed uint64) (engine.Bot, error) {
			return bots.New(name, g, opts, p, seed)
		}}
		if _, err := seats[i].New(0); err != nil {
			return nil, fmt.Errorf("sim: seat %d: %w", i, err)
		}
	}
	return seats, nil
}

// paramsFor selects the settings that apply to the bot called name.
func paramsFor(name string, params map[string]string) map[string]string {
	p := map[string]string{}
	for k, v := range params {
		if prefix, key, scoped := strings.Cut(k, "."); scoped {
			if prefix == name {
				p[key] = v
			}
			continue
		}
		p[k] = v
	}
	return p
}

// usesDefaultBots reports whether every seat plays the game's default bot
// with no settings, which is what a FastSimulator reproduces.
func usesDefaultBots(g engine.Game, seats []Seat) bool {
	def := bots.Default(g.Name())
	for _, s := range seats {
		if s.Bot != def || len(s.Params) != 0 {
			return false
		}
	}
	return true
}
