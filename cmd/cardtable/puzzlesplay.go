package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"cardtable/cmd/internal/servecmd"
	"cardtable/engine"
	"cardtable/puzzles"
	"cardtable/tui"
)

// play shows the puzzles on the terminal, from --puzzle (or the first with
// --theme).
func (c *puzzlesCmd) play(a *app, set *puzzles.Set) error {
	themes := append(slices.Clone(puzzles.Themes), puzzles.ThemeTwoTries)
	if c.Theme != "" && !slices.Contains(themes, c.Theme) {
		return servecmd.UsageSay(engine.Say("cli.usage.theme", engine.TextArg("theme", strconv.Quote(c.Theme)), engine.TextArg("themes", strings.Join(themes, ", "))), "--theme %q: the themes are %s", c.Theme, strings.Join(themes, ", "))
	}
	start := c.Puzzle
	if start == 0 {
		start = set.Next(0, c.Theme)
		if start == 0 {
			return servecmd.UsageSay(engine.Say("cli.usage.theme-absent", engine.TextArg("theme", c.Theme)), "--theme %s: no puzzle of this file has it", c.Theme)
		}
	}
	if _, err := set.Get(start); err != nil {
		return flagSaid(fmt.Sprintf("--puzzle %d", c.Puzzle), err)
	}
	w, err := a.words(c.Lang)
	if err != nil {
		return err
	}
	return tui.RunPuzzles(a.ctx, tui.PuzzlesConfig{Set: set, Start: start, Theme: c.Theme, In: a.stdin, Out: a.stdout, Lang: w.Language().Code})
}
