// Package tui is the terminal table: a Bubble Tea program in which people
// play any cardtable game against bots, programs or each other (hot-seat).
package tui

import (
	"context"
	"errors"
	"io"
	"time"

	"cardtable/record"
	"cardtable/table"
)

// Config is one terminal game.
type Config struct {
	// Table is the game to play (new or resumed).
	Table *table.Table
	// Players drive the seats; a nil entry is a person at this terminal.
	Players []table.Player
	// Speed is the pause before each bot or program move lands (0: none).
	Speed time.Duration
	// Review, when set, is a finished record to step through instead of
	// playing.
	Review *record.Record
	// SavePath is where `s` saves the record (empty: ask, defaulting to
	// GAME-SEED.json).
	SavePath string
	// In and Out are the terminal.
	In  io.Reader
	Out io.Writer
}

// Run plays cfg's game in the terminal until it ends or the person quits.
func Run(ctx context.Context, cfg Config) error {
	return errors.New("tui: the terminal table is not built yet")
}
