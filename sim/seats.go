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
	// Bot names the seat's player in reports and records: the bot's spec
	// as given, "NAME" or "NAME:key=value" with the settings the seat
	// was given itself (bots.Spec.String), so two settings of one bot are
	// two players.
	Bot string
	// Name is the registered bot's name (bots.New).
	Name string
	// Params are every setting the bot gets: its own and --bot-opt's.
	Params map[string]string
	// New makes the seat's bot for one game from its seed.
	New func(seed uint64) (engine.Bot, error)
}

// SeatsFromRegistry builds n seats from the bots registry. names holds one
// bot spec (bots.ParseSpec: "NAME" or "NAME:key=value:...") for every seat
// or one per seat; empty means the game's default bot. params are
// key=value settings shared by the seats (bots.Spec.Over): a plain key goes
// to every seat's bot, "NAME.key" only to the bots called NAME, and a
// seat's own setting wins. Each bot is made once here so that an unknown
// bot or a bad setting is reported before any game runs.
func SeatsFromRegistry(g engine.Game, opts engine.Options, n int, names []string, params map[string]string) ([]Seat, error) {
	specs, err := bots.ParseSpecs(names)
	if err != nil {
		return nil, fmt.Errorf("sim: %w", err)
	}
	return SeatsFromSpecs(g, opts, n, specs, params)
}

// SeatsFromSpecs is SeatsFromRegistry for specs already parsed.
func SeatsFromSpecs(g engine.Game, opts engine.Options, n int, specs []bots.Spec, params map[string]string) ([]Seat, error) {
	switch len(specs) {
	case 0:
		specs = []bots.Spec{{Name: bots.Default(g.Name())}}
	case 1, n:
	default:
		return nil, fmt.Errorf("sim: %d bots named for %d seats; name one bot for every seat or one per seat", len(specs), n)
	}
	var names []string
	for _, s := range specs {
		names = append(names, s.Name)
	}
	for k := range params {
		if prefix, _, scoped := strings.Cut(k, "."); scoped && !slices.Contains(names, prefix) {
			return nil, fmt.Errorf("sim: bot setting %q is for bot %s, which plays no seat; bots: %s", k, prefix, strings.Join(names, ", "))
		}
	}
	seats := make([]Seat, n)
	for i := range seats {
		own := specs[0]
		if len(specs) == n {
			own = specs[i]
		}
		spec := own.Over(params)
		seats[i] = Seat{Bot: own.String(), Name: own.Name, Params: spec.Params, New: func(seed uint64) (engine.Bot, error) {
			return spec.Bot(g, opts, seed)
		}}
		if _, err := seats[i].New(0); err != nil {
			return nil, fmt.Errorf("sim: seat %d (%s): %w", i+1, seats[i].Bot, err)
		}
	}
	return seats, nil
}

// usesDefaultBots reports whether every seat plays the game's default bot
// with no settings, which is what a FastSimulator reproduces.
func usesDefaultBots(g engine.Game, seats []Seat) bool {
	def := bots.Default(g.Name())
	for _, s := range seats {
		if s.name() != def || len(s.Params) != 0 {
			return false
		}
	}
	return true
}

// name is the registered bot's name, read from Bot when a caller built
// the seat by hand without Name.
func (s Seat) name() string {
	if s.Name != "" {
		return s.Name
	}
	name, _, _ := strings.Cut(s.Bot, ":")
	return name
}
