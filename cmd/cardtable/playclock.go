package main

import (
	"cardtable/cmd/internal/servecmd"
	"cardtable/engine"
	"cardtable/table"
)

// clockSettings reads --clock, --reserve and --on-timeout into c.settings,
// bounded as the server bounds a table's clock (table.ParseSettings). The
// runner times the seats over --protocol lines or json and programs; the
// terminal table its people and programs, counting down on screen.
func (c *playCmd) clockSettings(g engine.Game, seats int) error {
	if c.Clock == 0 {
		if c.Reserve != 0 || c.OnTimeout != "" {
			return servecmd.UsageSay(engine.Say("cli.usage.reserve-without-clock"), "--reserve and --on-timeout go with --clock; give the time per move, e.g. --clock 30s")
		}
		return nil
	}
	if c.Games > 1 {
		return servecmd.UsageSay(engine.Say("cli.usage.clock-many"), "--clock is for one game; drop -n, or play without a clock")
	}
	m := map[string]string{"pace": table.PaceLive, "move": c.Clock.String(), "reserve": c.Reserve.String()}
	if c.OnTimeout != "" {
		m["timeout"] = c.OnTimeout
	}
	set, err := table.ParseSettings(m, g, seats)
	if err != nil {
		return flagSaid("--clock", err)
	}
	c.settings = set
	return nil
}
