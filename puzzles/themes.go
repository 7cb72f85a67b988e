package puzzles

import (
	"slices"
	"strings"

	"cardtable/games/regicide"
)

// The themes a puzzle's answer can have (Puzzle.Themes, docs/puzzles.md).
const (
	ThemeJester   = "jester-timing"      // the answer flips the solo Jester power
	ThemeYield    = "yield"              // the answer yields
	ThemeExact    = "exact-damage"       // the answer kills the enemy exactly, onto the Tavern
	ThemeKill     = "kill"               // the answer kills the enemy with more than its health left
	ThemeSuit     = "suit-power"         // the answer is one card that does not kill: which suit's power
	ThemeCombo    = "combo"              // the answer plays two or more cards together
	ThemeDiscard  = "discard-to-survive" // the answer is which cards to discard to survive the attack
	ThemeTwoTries = "two-choices"        // not a theme: only two legal actions (a label players can leave out)
)

// Themes lists the themes in the order the pickers show them.
var Themes = []string{ThemeJester, ThemeYield, ThemeExact, ThemeKill, ThemeCombo, ThemeSuit, ThemeDiscard}

// themesOf tags the answer at s by what it does, in Themes' order.
func themesOf(s *regicide.State, answer string) []string {
	out := []string{}
	switch {
	case answer == "power":
		out = append(out, ThemeJester)
	case answer == "yield":
		out = append(out, ThemeYield)
	case strings.HasPrefix(answer, "discard"):
		out = append(out, ThemeDiscard)
	case strings.HasPrefix(answer, "play "):
		kills := false
		if a, err := s.ParseAction(0, answer); err == nil {
			if f, err := s.Forecast(a); err == nil && f.Kills {
				kills = true
				out = append(out, map[bool]string{true: ThemeExact, false: ThemeKill}[f.Exact])
			}
		}
		if len(strings.Fields(answer)) > 2 {
			out = append(out, ThemeCombo)
		} else if !kills {
			out = append(out, ThemeSuit)
		}
	}
	slices.SortStableFunc(out, func(a, b string) int { return slices.Index(Themes, a) - slices.Index(Themes, b) })
	return out
}

// HasTheme reports whether p carries theme (ThemeTwoTries: p has only two
// legal actions).
func (p *Puzzle) HasTheme(theme string) bool {
	if theme == ThemeTwoTries {
		return p.Legal == 2
	}
	return slices.Contains(p.Themes, theme)
}
