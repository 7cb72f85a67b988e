package web_test

import (
	"fmt"
	"testing"

	"cardtable/i18n"
)

// TestABotHasOneNameInEveryGame: a bot engine is called by the same name
// in each game's lobby and table (the Standard bot in War is the Standard
// bot in Watchtower), in every language — issue 29 §7. What it does in
// each game is its "about" line.
func TestABotHasOneNameInEveryGame(t *testing.T) {
	games := map[string][]string{
		"random":    {"war", "regicide", "watchtower"},
		"heuristic": {"war", "regicide", "watchtower"},
		"ismcts":    {"war", "regicide", "watchtower"},
		"expert":    {"regicide", "watchtower"},
	}
	for _, lang := range i18n.Languages() {
		p := i18n.For(lang.Code)
		seen := map[string]string{}
		for engine, gs := range games {
			for _, g := range gs {
				name := p.T(fmt.Sprintf("web.bot.%s.%s.level", g, engine))
				if first, ok := seen[engine]; ok && first != name {
					t.Errorf("%s: the %s bot is %q in one game and %q in %s", lang.Code, engine, first, name, g)
				}
				seen[engine] = name
			}
		}
	}
}
