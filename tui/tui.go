// Package tui is the terminal table: a Bubble Tea program in which people
// play any cardtable game against bots, programs or each other (hot-seat),
// and step through finished records.
package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	tea "charm.land/bubbletea/v2"

	"cardtable/analysis"
	"cardtable/engine"
	"cardtable/record"
	"cardtable/table"
	"cardtable/tutorial"
)

// Config is one terminal game.
type Config struct {
	// Table is the game to play (new or resumed).
	Table *table.Table
	// Players drive the seats; a nil entry is a person at this terminal
	// (several nil entries: hot-seat). Empty: every seat is a person.
	Players []table.Player
	// Speed is the pause before each bot or program move lands (0: none).
	Speed time.Duration
	// Review, when set (and Table is nil), is a finished record to step
	// through instead of playing.
	Review *record.Record
	// Analysis, with Review, is the record's analysis as saved by
	// `cardtable analyze --json` (checked against it with Document.Of):
	// the review shows it without analysing again.
	Analysis *analysis.Document
	// SavePath is where `s` saves the record (empty: ask, defaulting to
	// GAME-SEED.json).
	SavePath string
	// KeepsOnQuit says that the caller writes the record to SavePath when
	// Run returns (cardtable play with --save or --record), so the quit
	// dialog can say the game is kept.
	KeepsOnQuit bool
	// KeepsStopped says that the caller keeps the record of a game a
	// program seat stopped (in SavePath, or in a new file it names).
	KeepsStopped bool
	// Settings, when clocked (cardtable play --clock), time every seat
	// that is not a bot by Time (nil: the machine's); Seed seeds the bot
	// that plays on for a seat whose time ran out (clock.go).
	Settings table.Settings
	Time     table.Time
	Seed     uint64
	// In and Out are the terminal (nil: the process's own).
	In  io.Reader
	Out io.Writer
	// Lang is the language the table speaks (a code of i18n.Languages;
	// empty or unknown: English).
	Lang string
	// Bell rings the terminal's bell when it is a person's move after
	// they waited for it (cardtable play --bell; bell.go).
	Bell bool
	// Title, when set, names the deal after the game on the table's top
	// line ("daily deal of 2026-12-06, offline, never counted").
	Title string
	// Lesson, when set, is the tutorial Table plays (made by the script's
	// NewTable, its scripted seats in Players): the learner's moves are
	// judged against it and its words shown under the board (lesson.go).
	Lesson *tutorial.Script
}

// Run plays cfg's game in the terminal until it ends and the person quits
// (or quits early; the record can be saved first). It returns a
// *table.SeatError when a bot or program seat failed and stopped the game,
// nil otherwise.
func Run(ctx context.Context, cfg Config) error {
	if cfg.Table == nil && cfg.Review == nil {
		return errors.New("tui: nothing to show: give a table to play or a record to review")
	}
	if cfg.Table != nil && len(cfg.Players) != 0 && len(cfg.Players) != cfg.Table.NumSeats() {
		return fmt.Errorf("tui: %d players for %d seats", len(cfg.Players), cfg.Table.NumSeats())
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	m := newModel(ctx, cfg)
	if m.mode == modeReview {
		if err := m.startReview(cfg.Review, false); err != nil {
			return err
		}
	}
	opts := []tea.ProgramOption{tea.WithContext(ctx)}
	if cfg.In != nil {
		opts = append(opts, tea.WithInput(cfg.In))
	}
	if cfg.Out != nil {
		opts = append(opts, tea.WithOutput(cfg.Out))
	}
	_, err := tea.NewProgram(m, opts...).Run()
	cancel()
	if m.failure != nil {
		return m.failure
	}
	if errors.Is(err, tea.ErrProgramKilled) && m.quit {
		return nil
	}
	return err
}

// game is the game on screen (played or reviewed).
func (m *Model) game() engine.Game {
	if m.t != nil {
		return m.t.Game()
	}
	if m.review != nil {
		return m.review.game
	}
	return nil
}
