package main

import (
	"encoding/json"
	"fmt"
	"os"

	"cardtable/arena"
	"cardtable/cmd/internal/servecmd"
	"cardtable/engine"
	"cardtable/sim"
)

type mergeCmd struct {
	Files []string `arg:"" placeholder:"FILE" help:"The --json outputs of every shard (--shard I/N) of one run, sweep or arena."`
}

func (mergeCmd) Help() string {
	return `Combines the --json outputs of the N shards of one sim run, sweep or arena
(each run with --shard I/N, 0 <= I < N) into exactly the document the run
would have printed unsharded: counts and sums are added and every share,
interval, percentile and fit is recomputed from them. Only elapsed_s (the
shards' total), games_per_s, workers (the shards' total) and the seconds
per decision differ, as they do between any two runs. Shards of different
runs (game, options, bots, seed, number of games or slices), a missing
slice or a repeated one are refused.

Examples:
  cardtable sim war -n 1000000 --shard 0/2 --json > part0.json
  cardtable sim war -n 1000000 --shard 1/2 --json > part1.json
  cardtable merge part0.json part1.json`
}

// shardDoc is what merge reads first from each file: the kind of
// document (empty for a sim run) and its game.
type shardDoc struct {
	Kind string `json:"kind"`
	Game string `json:"game"`
}

// Run reads every file, checks that they are shards of one study and
// prints the merged document.
func (c *mergeCmd) Run(a *app) error {
	var raws [][]byte
	var kind, game string
	for i, path := range c.Files {
		b, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("merge: %w", err)
		}
		var d shardDoc
		if err := json.Unmarshal(b, &d); err != nil {
			return fmt.Errorf("merge: %s is not a --json output: %v", path, err)
		}
		if i > 0 && (d.Kind != kind || d.Game != game) {
			return servecmd.UsageErrorf("merge: %s is a %s of %s, %s a %s of %s: merge the shards of one study", c.Files[0], kindName(kind), game, path, kindName(d.Kind), d.Game)
		}
		kind, game = d.Kind, d.Game
		raws = append(raws, b)
	}
	g, err := a.lookup(game)
	if err != nil {
		return err
	}
	var merged any
	switch kind {
	case "":
		merged, err = mergeRuns(g, c.Files, raws)
	case "sweep":
		merged, err = mergeSweeps(g, c.Files, raws)
	case "arena":
		merged, err = mergeArenas(g, c.Files, raws)
	default:
		return servecmd.UsageErrorf("merge: %s is a document of kind %q, which merge does not know", c.Files[0], kind)
	}
	if err != nil {
		return servecmd.UsageError{Err: err}
	}
	return writeJSON(a.stdout, merged)
}

func kindName(kind string) string {
	if kind == "" {
		return "sim run"
	}
	return kind
}

// runDoc reads a sim report as merge needs it: with its options as given
// in the document, resolved again.
type runDoc struct {
	*sim.Report
	Options map[string]string `json:"options"`
}

func (d *runDoc) resolve(g engine.Game, path string) error {
	opts, err := engine.ResolveOptions(g.Options(), d.Options)
	if err != nil {
		return fmt.Errorf("merge: %s: %w", path, err)
	}
	d.Report.Options = opts
	return nil
}

func mergeRuns(g engine.Game, paths []string, raws [][]byte) (*sim.Report, error) {
	var parts []*sim.Report
	for i, b := range raws {
		d := runDoc{Report: &sim.Report{}}
		if err := json.Unmarshal(b, &d); err != nil {
			return nil, fmt.Errorf("merge: %s: %v", paths[i], err)
		}
		if err := d.resolve(g, paths[i]); err != nil {
			return nil, err
		}
		parts = append(parts, d.Report)
	}
	return sim.Merge(g, parts[0].Options, parts)
}

// sweepDoc is a sweep document with each row's options resolved again.
type sweepDoc struct {
	*sim.SweepReport
	Rows []*rowDoc `json:"rows"`
}

type rowDoc struct {
	Setting map[string]string `json:"setting"`
	runDoc
}

func mergeSweeps(g engine.Game, paths []string, raws [][]byte) (*sim.SweepReport, error) {
	var parts []*sim.SweepReport
	for i, b := range raws {
		d := sweepDoc{SweepReport: &sim.SweepReport{}}
		if err := json.Unmarshal(b, &d); err != nil {
			return nil, fmt.Errorf("merge: %s: %v", paths[i], err)
		}
		for _, row := range d.Rows {
			if row.Report == nil {
				return nil, fmt.Errorf("merge: %s: a row without a report", paths[i])
			}
			if err := row.resolve(g, paths[i]); err != nil {
				return nil, err
			}
			d.SweepReport.Rows = append(d.SweepReport.Rows, &sim.SweepRow{Setting: row.Setting, Report: row.Report})
		}
		parts = append(parts, d.SweepReport)
	}
	return sim.MergeSweep(g, parts)
}

// arenaDoc reads an arena report with its options resolved again.
type arenaDoc struct {
	*arena.Report
	Options map[string]string `json:"options"`
}

func mergeArenas(g engine.Game, paths []string, raws [][]byte) (*arena.Report, error) {
	var parts []*arena.Report
	for i, b := range raws {
		d := arenaDoc{Report: &arena.Report{}}
		if err := json.Unmarshal(b, &d); err != nil {
			return nil, fmt.Errorf("merge: %s: %v", paths[i], err)
		}
		opts, err := engine.ResolveOptions(g.Options(), d.Options)
		if err != nil {
			return nil, fmt.Errorf("merge: %s: %w", paths[i], err)
		}
		d.Report.Options = opts
		parts = append(parts, d.Report)
	}
	return arena.Merge(parts)
}
