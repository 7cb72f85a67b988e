package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/record"
	"cardtable/sim"
	"cardtable/table"
)

// playMany plays c.Games games between bots and programs through sim, so
// the report is sim's: game i is dealt from a seed derived from --seed
// (default 1) as in cardtable sim, and every program is started afresh for
// each game.
func (c *playCmd) playMany(a *app, g engine.Game, opts engine.Options, specs []table.SeatSpec) error {
	var seed uint64 = 1
	if c.Seed != "" {
		s, err := c.seed()
		if err != nil {
			return err
		}
		seed = s
	}
	seats := make([]sim.Seat, len(specs))
	infos := make([]table.SeatInfo, len(specs))
	for i, s := range specs {
		seats[i] = sim.Seat{Bot: s.String(), Params: s.Bot.Params}
		infos[i] = s.Info(i)
	}
	cfg := sim.Config{Game: g, Options: opts, Games: c.Games, Seed: seed, Workers: c.Workers, Seats: seats,
		Play: func(ctx context.Context, seed uint64, _ []int, decided func(int, time.Duration)) (engine.State, *record.Record, error) {
			return c.playOne(ctx, g, opts, specs, infos, seed, decided)
		}}
	bar := newProgress(a, !c.Quiet, fmt.Sprintf("%s ×%d", g.Name(), c.Games), c.Games)
	cfg.Progress = bar.add
	rep, err := sim.Run(a.ctx, cfg)
	bar.finish(err == nil)
	if err != nil {
		return err
	}
	if c.JSON {
		enc := json.NewEncoder(a.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	writeReport(a.stdout, i18n.For(c.Lang), g, rep)
	return nil
}

// playOne plays one game of a run; a game a program stopped keeps its
// record in a temporary file named in the error.
func (c *playCmd) playOne(ctx context.Context, g engine.Game, opts engine.Options, specs []table.SeatSpec, infos []table.SeatInfo, seed uint64, decided func(int, time.Duration)) (engine.State, *record.Record, error) {
	t, err := table.New(g, opts, engine.Setup{Seed: seed}, infos)
	if err != nil {
		return nil, nil, err
	}
	ps, stop, err := players(t, specs, seed, c.Timeout)
	if err != nil {
		return nil, nil, err
	}
	for i, p := range ps {
		ps[i] = timed{Player: p, seat: i, decided: decided}
	}
	err = (&table.Runner{Table: t, Players: ps}).Run(ctx)
	stop()
	if err != nil {
		if kept, kerr := keepRecord(t, ""); kerr == nil {
			return nil, nil, withRecord(err, t, kept)
		}
		return nil, nil, err
	}
	return t.State(), t.Record(), nil
}

// timed reports how long its player takes over each move: for a program,
// the time from its turn being sent to its answer, pipes included.
type timed struct {
	table.Player
	seat    int
	decided func(seat int, took time.Duration)
}

func (p timed) Act(ctx context.Context, turn table.Turn) (table.Move, error) {
	start := time.Now()
	m, err := p.Player.Act(ctx, turn)
	p.decided(p.seat, time.Since(start))
	return m, err
}
