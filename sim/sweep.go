package sim

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"cardtable/bots"
	"cardtable/engine"
)

// Axis is one swept option: its key and the values it takes, in order.
type Axis struct {
	Key    string   `json:"key"`
	Values []string `json:"values"`
}

// ParseAxis reads KEY=V1,V2,... (the --sweep flag). It checks the form
// only; Sweep.Plan checks the key and values against the game.
func ParseAxis(text string) (Axis, error) {
	k, vs, ok := strings.Cut(text, "=")
	a := Axis{Key: strings.TrimSpace(k)}
	if ok {
		for _, v := range strings.Split(vs, ",") {
			if v = strings.TrimSpace(v); v != "" {
				a.Values = append(a.Values, v)
			}
		}
	}
	if !ok || a.Key == "" || len(a.Values) == 0 {
		return Axis{}, fmt.Errorf("sim: sweep %q: write KEY=V1,V2,..., e.g. --sweep underdog=off,2,4", text)
	}
	return a, nil
}

// Sweep describes runs of one game over every combination of some
// options' values (a grid when there are several axes), all on the same
// seeds, so that the differences between settings are paired: game i of
// every setting is dealt from seed cards.SubSeed(Base.Seed, i).
type Sweep struct {
	// Base gives the game, number of games, seed, workers, rotation,
	// shard and progress of every run; its Options and Seats are made
	// per setting.
	Base Config
	// Given are the options fixed for every setting (-o), unresolved.
	Given map[string]string
	Axes  []Axis
	// Bots and BotParams seat every setting (SeatsFromSpecs).
	Bots      []bots.Spec
	BotParams map[string]string
}

// SweepPlan is a checked sweep: its axes with canonical values, and one
// setting and run configuration per row, the first axis varying slowest.
type SweepPlan struct {
	Sweep    Sweep
	Axes     []Axis
	Settings []map[string]string
	Configs  []Config
}

// Games is the number of games the plan plays in all.
func (p *SweepPlan) Games() int64 {
	var n int64
	for _, c := range p.Configs {
		n += c.GamesPlayed()
	}
	return n
}

// Plan checks every setting before anything runs. A key
// the game does not have, a value it does not accept, a key swept twice
// or also given with -o, a repeated value, or a setting the bots cannot
// be seated for is an error naming it; a bad option wraps
// engine.ErrBadOption with the engine's sentence.
func (sw Sweep) Plan() (*SweepPlan, error) {
	g := sw.Base.Game
	axes := make([]Axis, len(sw.Axes))
	for i, a := range sw.Axes {
		if _, fixed := sw.Given[a.Key]; fixed {
			return nil, fmt.Errorf("sim: --sweep %s and -o %s=%s: sweep the option or fix it, not both", a.Key, a.Key, sw.Given[a.Key])
		}
		if slices.ContainsFunc(sw.Axes[:i], func(b Axis) bool { return b.Key == a.Key }) {
			return nil, fmt.Errorf("sim: --sweep %s given twice; list every value in one --sweep %s=V1,V2 (as many as you like)", a.Key, a.Key)
		}
		axes[i] = Axis{Key: a.Key}
		for _, v := range a.Values {
			o, err := engine.ResolveOptions(g.Options(), map[string]string{a.Key: v})
			if err != nil {
				return nil, fmt.Errorf("sim: --sweep %s=%s: %w", a.Key, strings.Join(a.Values, ","), err)
			}
			c := o.Get(a.Key)
			if slices.Contains(axes[i].Values, c) {
				return nil, fmt.Errorf("sim: --sweep %s: value %s given twice", a.Key, c)
			}
			axes[i].Values = append(axes[i].Values, c)
		}
	}
	plan := &SweepPlan{Sweep: sw, Axes: axes}
	for _, setting := range grid(axes) {
		given := maps.Clone(sw.Given)
		if given == nil {
			given = map[string]string{}
		}
		maps.Copy(given, setting)
		opts, err := engine.ResolveOptions(g.Options(), given)
		if err != nil {
			return nil, fmt.Errorf("sim: setting %s: %w", settingText(axes, setting), err)
		}
		s, err := g.New(opts, engine.Setup{Seed: sw.Base.Seed})
		if err != nil {
			return nil, fmt.Errorf("sim: setting %s: %w", settingText(axes, setting), err)
		}
		seats, err := SeatsFromSpecs(g, opts, s.NumSeats(), sw.Bots, sw.BotParams)
		if err != nil {
			return nil, fmt.Errorf("sim: setting %s: %w", settingText(axes, setting), err)
		}
		cfg := sw.Base
		cfg.Options, cfg.Seats = opts, seats
		if err := cfg.Check(); err != nil {
			return nil, fmt.Errorf("setting %s: %w", settingText(axes, setting), err)
		}
		plan.Settings = append(plan.Settings, setting)
		plan.Configs = append(plan.Configs, cfg)
	}
	return plan, nil
}

// grid returns every combination of the axes' values, the first axis
// varying slowest.
func grid(axes []Axis) []map[string]string {
	out := []map[string]string{{}}
	for _, a := range axes {
		var next []map[string]string
		for _, prefix := range out {
			for _, v := range a.Values {
				m := maps.Clone(prefix)
				m[a.Key] = v
				next = append(next, m)
			}
		}
		out = next
	}
	return out
}

// settingText writes a setting as key=value pairs in axis order.
func settingText(axes []Axis, setting map[string]string) string {
	parts := make([]string, len(axes))
	for i, a := range axes {
		parts[i] = a.Key + "=" + setting[a.Key]
	}
	return strings.Join(parts, ",")
}

// SweepReport is the result of a sweep: one row per setting. Its JSON is
// what `cardtable sim --sweep --json` prints (docs/cli.md).
type SweepReport struct {
	// Kind is "sweep", telling a sweep's document from a run's.
	Kind  string `json:"kind"`
	Game  string `json:"game"`
	Games int64  `json:"games"`
	Seed  uint64 `json:"seed"`
	// Fixed are the options given with -o, as given after resolution.
	Fixed map[string]string `json:"fixed"`
	// Sweep lists the axes with their values, canonical.
	Sweep []Axis      `json:"sweep"`
	Rows  []*SweepRow `json:"rows"`
	// ElapsedS is the wall time of the whole sweep.
	ElapsedS float64 `json:"elapsed_s"`
	Version  string  `json:"version"`
}

// SweepRow is one setting's report: the setting, then every field of the
// run's report.
type SweepRow struct {
	Setting map[string]string `json:"setting"`
	*Report
}

// Label writes the row's setting as key=value pairs in axis order.
func (r *SweepReport) Label(row *SweepRow) string { return settingText(r.Sweep, row.Setting) }

// Run plays every setting in turn on the same seeds. Progress, when set
// in the sweep's Base, counts the games of the whole sweep; started, when
// not nil, is called as each setting starts.
func (p *SweepPlan) Run(ctx context.Context, started func(row int)) (*SweepReport, error) {
	start := time.Now()
	base := p.Sweep.Base
	rep := &SweepReport{Kind: "sweep", Game: base.Game.Name(), Seed: base.Seed, Sweep: p.Axes, Version: Version(), Fixed: map[string]string{}}
	for k := range p.Sweep.Given {
		rep.Fixed[k] = p.Configs[0].Options.Get(k)
	}
	for i, cfg := range p.Configs {
		if started != nil {
			started(i)
		}
		r, err := Run(ctx, cfg)
		if err != nil {
			return nil, fmt.Errorf("setting %s: %w", settingText(p.Axes, p.Settings[i]), err)
		}
		rep.Rows = append(rep.Rows, &SweepRow{Setting: p.Settings[i], Report: r})
	}
	rep.Games = rep.Rows[0].Games
	rep.ElapsedS = time.Since(start).Seconds()
	return rep, nil
}

// MergeSweep combines the documents of every shard of one sweep into the
// document the sweep would have printed unsharded, row by row (Merge),
// refusing shards of different sweeps. g is the sweep's game; each row's
// Options must be resolved.
func MergeSweep(g engine.Game, parts []*SweepReport) (*SweepReport, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("sim: no shards to merge")
	}
	first := parts[0]
	out := &SweepReport{Kind: "sweep", Game: first.Game, Seed: first.Seed, Fixed: first.Fixed, Sweep: first.Sweep, Version: first.Version}
	for _, p := range parts[1:] {
		if !slices.EqualFunc(p.Sweep, first.Sweep, func(a, b Axis) bool { return a.Key == b.Key && slices.Equal(a.Values, b.Values) }) || !maps.Equal(p.Fixed, first.Fixed) || len(p.Rows) != len(first.Rows) {
			return nil, fmt.Errorf("sim: the shards are not slices of one sweep: their settings or fixed options differ")
		}
	}
	for i, row := range first.Rows {
		var reports []*Report
		for _, p := range parts {
			if !maps.Equal(p.Rows[i].Setting, row.Setting) {
				return nil, fmt.Errorf("sim: the shards are not slices of one sweep: row %d is %s in one and %s in another", i, first.Label(row), first.Label(p.Rows[i]))
			}
			reports = append(reports, p.Rows[i].Report)
		}
		merged, err := Merge(g, row.Options, reports)
		if err != nil {
			return nil, fmt.Errorf("setting %s: %w", first.Label(row), err)
		}
		out.Rows = append(out.Rows, &SweepRow{Setting: row.Setting, Report: merged})
	}
	for _, p := range parts {
		out.ElapsedS += p.ElapsedS
	}
	out.Games = out.Rows[0].Games
	return out, nil
}
