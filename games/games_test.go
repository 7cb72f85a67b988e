package games

import (
	"strings"
	"testing"

	"cardtable/engine"
)

func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range All() {
		if seen[g.Name()] {
			t.Errorf("game %q registered twice", g.Name())
		}
		seen[g.Name()] = true
		got, err := Lookup(strings.ToUpper(g.Name()))
		if err != nil || got.Name() != g.Name() {
			t.Errorf("Lookup(%q) = %v, %v", strings.ToUpper(g.Name()), got, err)
		}
	}
	for _, name := range []string{"war", "regicide", "watchtower"} {
		if !seen[name] {
			t.Errorf("game %q is not registered", name)
		}
	}
	_, err := Lookup("poker")
	if err == nil || !strings.Contains(err.Error(), "war, regicide, watchtower") {
		t.Errorf("Lookup(poker) error = %v; want one listing the games", err)
	}
}

// Every game's options: the defaults are valid values of their own specs,
// "players" exists and spans the game's seat range, and the game starts and
// reports statistics with its defaults.
func TestEveryGameDescribesItself(t *testing.T) {
	for _, g := range All() {
		explicit := map[string]string{}
		var players *engine.Option
		for i, o := range g.Options() {
			explicit[o.Key] = o.Default
			if o.Key == "players" {
				players = &g.Options()[i]
			}
			if o.Help == "" {
				t.Errorf("%s: option %q has no help text", g.Name(), o.Key)
			}
		}
		if _, err := engine.ResolveOptions(g.Options(), explicit); err != nil {
			t.Errorf("%s: its own defaults are refused: %v", g.Name(), err)
		}
		lo, hi := g.Seats()
		if players == nil || players.Min != lo || players.Max != hi {
			t.Errorf("%s: players option %+v does not span Seats() = %d..%d", g.Name(), players, lo, hi)
		}
		s, err := g.New(engine.MustResolve(g, nil), engine.Setup{Seed: 1})
		if err != nil {
			t.Fatalf("%s: New with defaults: %v", g.Name(), err)
		}
		if s.Terminal() || s.Game().Name() != g.Name() {
			t.Errorf("%s: a new game is over or names another game", g.Name())
		}
		if r, ok := g.(engine.Reporter); !ok || len(r.Stats(s.Options()).EndReasons) == 0 {
			t.Errorf("%s: reports no statistics", g.Name())
		}
		if len(g.Rules()) < 500 {
			t.Errorf("%s: Rules() is %d bytes; players need the rules", g.Name(), len(g.Rules()))
		}
	}
}
