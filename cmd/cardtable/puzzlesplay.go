package main

import "cardtable/puzzles"

func (c *puzzlesCmd) play(a *app, set *puzzles.Set) error {
	return usageErrorf("the terminal puzzles are not built yet")
}
