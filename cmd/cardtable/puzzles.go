package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"cardtable/cmd/internal/servecmd"
	"cardtable/engine"
	"cardtable/puzzles"
)

type puzzlesCmd struct {
	Game     string `arg:"" help:"Game of the puzzles (only regicide has puzzles)."`
	Mine     int    `placeholder:"N" help:"Mine N puzzles from seeded games played by the bots and write them as a puzzle file (docs/puzzles.md)."`
	Seed     uint64 `default:"1" help:"With --mine: the run's seed (game i is dealt with the seed derived from it, as in cardtable sim)."`
	Workers  int    `default:"0" help:"With --mine or --check: games or puzzles worked on in parallel (0: one per CPU); the output does not depend on it."`
	Nodes    int64  `default:"100000" placeholder:"LIMIT" help:"With --mine or --check: the solver's node budget for one verdict."`
	Bot      string `default:"heuristic" help:"With --mine: the bot that plays the games (see cardtable bots regicide)."`
	MaxGames int    `placeholder:"G" help:"With --mine: the most games to play (default 100 per puzzle asked)."`
	Out      string `placeholder:"FILE" help:"With --mine: write the puzzle file there (default: standard output); with --prune: the file of the puzzles that pass."`
	Check    bool   `help:"Check puzzles against the solver: each has exactly one winning action and its line replays to a win."`
	Sample   int    `default:"0" help:"With --check: check every Nth puzzle only (0 or 1: all of them)."`
	Prune    bool   `help:"With --check: write the puzzles that pass to --out (their ids unchanged, with the line the check found and their themes); exit 0 even if some failed."`
	File     string `placeholder:"FILE" help:"A puzzle file to play or check instead of the puzzles built in."`
	Puzzle   int    `placeholder:"ID" help:"On the terminal: start at puzzle ID (default: the first)."`
	Theme    string `placeholder:"THEME" help:"On the terminal: only puzzles of THEME (jester-timing, yield, exact-damage, kill, combo, suit-power, discard-to-survive, or two-choices); t changes it."`
	Quiet    bool   `short:"q" help:"No progress line."`
	Lang     string `placeholder:"LANG" help:"On the terminal: the language it speaks, en, he, sk, cy or hy (default: LC_ALL, LC_MESSAGES or LANG)."`
}

func (puzzlesCmd) Help() string {
	return `Regicide puzzles: a position of a solo game where exactly one legal action
keeps the game winnable. The puzzle shows what the seat would see plus the
Tavern and the Castle in order (marked as revealed); the shuffles Hearts will
make stay hidden, and every puzzle's answer is proven to be the only winning
action whatever order they take. Play them on the terminal (a streak: one after another), check them
against the solver, or mine new ones. docs/puzzles.md has the details.

Examples:
  cardtable puzzles regicide
  cardtable puzzles regicide --puzzle 21
  cardtable puzzles regicide --theme discard-to-survive
  cardtable puzzles regicide --check --sample 50
  cardtable puzzles regicide --mine 20 --seed 7 --out my-puzzles.jsonl`
}

// Run mines, checks or plays puzzles.
func (c *puzzlesCmd) Run(a *app) error {
	if _, err := a.words(c.Lang); err != nil {
		return err
	}
	if !strings.EqualFold(c.Game, "regicide") {
		return servecmd.UsageSay(engine.Say("cli.usage.no-puzzles", engine.TextArg("game", strconv.Quote(c.Game))), "no puzzles for %q; only regicide has puzzles", c.Game)
	}
	switch {
	case c.Mine < 0:
		return servecmd.UsageSay(engine.Say("cli.usage.mine", engine.NumArg("n", c.Mine)), "--mine %d: ask for 1 or more puzzles", c.Mine)
	case c.Mine > 0 && c.Check:
		return servecmd.UsageSay(engine.Say("cli.usage.mine-and-check"), "--mine and --check: do one, then the other (check the file with --check --file FILE)")
	case c.Prune && (!c.Check || c.Out == ""):
		return servecmd.UsageSay(engine.Say("cli.usage.prune"), "--prune goes with --check and --out FILE (the file of the puzzles that pass)")
	case c.Sample < 0:
		return servecmd.UsageSay(engine.Say("cli.usage.sample", engine.NumArg("n", c.Sample)), "--sample %d: give 0 (all) or a step of 1 or more", c.Sample)
	case c.Mine > 0:
		return c.mine(a)
	}
	set, err := c.load()
	if err != nil {
		return err
	}
	if c.Check {
		return c.check(a, set)
	}
	return c.play(a, set)
}

func (c *puzzlesCmd) load() (*puzzles.Set, error) {
	if c.File == "" {
		return puzzles.Shipped()
	}
	f, err := os.Open(c.File)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return puzzles.Read(f)
}

// mineCommand is the command line that makes the file c makes.
func (c *puzzlesCmd) mineCommand() string {
	parts := []string{"cardtable puzzles regicide", fmt.Sprintf("--mine %d --seed %d --nodes %d --bot %s", c.Mine, c.Seed, c.Nodes, c.Bot)}
	if c.MaxGames > 0 {
		parts = append(parts, fmt.Sprintf("--max-games %d", c.MaxGames))
	}
	return strings.Join(parts, " ")
}

func (c *puzzlesCmd) mine(a *app) error {
	start := time.Now()
	last := time.Time{}
	cfg := puzzles.MineConfig{
		Header: puzzles.Header{
			Format: puzzles.Format, Version: puzzles.Version, Game: "regicide",
			Options: map[string]string{"players": "1"}, Seed: c.Seed, Count: c.Mine,
			Bot: c.Bot, Panel: puzzles.DefaultPanel, Nodes: c.Nodes, Rule: puzzles.RuleEveryOrder,
			Command: c.mineCommand(),
		},
		Workers: c.Workers, MaxGames: c.MaxGames,
		Progress: func(games, found int) {
			if c.Quiet || time.Since(last) < 10*time.Second {
				return
			}
			last = time.Now()
			fmt.Fprintf(a.stderr, "puzzles: %d games, %d puzzles, %s\n", games, found, time.Since(start).Round(time.Second))
		},
	}
	set, err := puzzles.Mine(a.ctx, cfg)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := set.Write(&buf); err != nil {
		return err
	}
	if !c.Quiet {
		fmt.Fprintf(a.stderr, "puzzles: %d puzzles from %d games in %s\n", len(set.Puzzles), set.Header.Games, time.Since(start).Round(time.Second))
	}
	if c.Out == "" {
		_, err := a.stdout.Write(buf.Bytes())
		return err
	}
	return writeFileAtomic(c.Out, buf.Bytes())
}

// writeFileAtomic writes data to path through a temporary file in the same
// directory, so a failed run leaves no partial file.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".puzzles-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil { // CreateTemp makes it private
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func (c *puzzlesCmd) check(a *app, set *puzzles.Set) error {
	start := time.Now()
	rep, err := puzzles.CheckSet(a.ctx, set, puzzles.CheckConfig{Nodes: c.Nodes, Every: c.Sample, Workers: c.Workers})
	if err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "checked %d of %d puzzles in %s: %d with exactly one action that wins under every order of the Hearts shuffles to come and a line that replays to a win, %d failed\n",
		rep.Checked, len(set.Puzzles), time.Since(start).Round(time.Second), rep.Checked-len(rep.Failures), len(rep.Failures))
	for _, f := range rep.Failures {
		fmt.Fprintf(a.stdout, "  %s\n", f)
	}
	if c.Prune {
		return c.writePruned(a, set, rep)
	}
	if len(rep.Failures) > 0 {
		return fmt.Errorf("%d puzzles failed the check", len(rep.Failures))
	}
	return nil
}

// writePruned writes the puzzles that passed the check to c.Out.
func (c *puzzlesCmd) writePruned(a *app, set *puzzles.Set, rep *puzzles.CheckReport) error {
	cmd := fmt.Sprintf("cardtable puzzles regicide --check --prune --nodes %d", c.Nodes)
	if c.File != "" {
		cmd += " --file " + c.File
	}
	if c.Sample > 1 {
		cmd += fmt.Sprintf(" --sample %d", c.Sample)
	}
	var buf bytes.Buffer
	if err := set.Prune(rep, cmd+" --out "+c.Out).Write(&buf); err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "kept %d puzzles in %s\n", len(rep.Passed), c.Out)
	return writeFileAtomic(c.Out, buf.Bytes())
}
