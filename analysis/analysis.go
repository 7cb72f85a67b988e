// Package analysis analyses finished games: for every decision of the
// seats it is asked about, what a strong player who saw only that seat's
// view would have expected after the move played and after its own best
// move (the game's expert bot, searching from the seat's view), and in
// Regicide what the clairvoyant solver, who sees every card, says about
// each position: still winnable or already lost, and which move lost it,
// with a line that wins from the position before. War's only decisions
// are Slap War's windows: how fast each slap came, which windows were
// missed and which slaps were false.
//
// The result is a Document (docs/analysis.md), the same for the command
// line, the server and the terminal. Analysis is hindsight: it reads the
// whole record, hidden cards included, so it is only ever made of a
// finished game. The expert's part reads no hidden card (it searches from
// determinizations of the seat's view); the solver's part reads them all.
//
// The Oracle's questions ("is this position winnable", "which actions keep
// it winnable") are the building blocks of Regicide puzzles too.
package analysis

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"cardtable/engine"
	"cardtable/record"
)

// ErrUnfinished is returned for a game that is not over: analysis reads
// every hidden card, so a game in progress is never analysed.
var ErrUnfinished = errors.New("analysis: the game is not over")

// Options say how to analyse a game.
type Options struct {
	// Depth sets the budgets (the zero value is DefaultDepth).
	Depth Depth
	// Seats are the seats whose decisions are analysed; nil means the
	// record's people (seats with no bot), or every seat when no seat is
	// a person's.
	Seats []int
	// Progress, when set, is called after each analysed decision with
	// how many are done out of how many.
	Progress func(done, total int)
	// Pace, when set, is called at safe points of the work (between
	// searches, and every few thousand nodes of a solver's search: a few
	// milliseconds apart); it may block to hold the analysis back, as a
	// server does to run it only in its thinking pool's turns (pace.go).
	// An error stops the analysis with that error.
	Pace func(ctx context.Context) error
	// settings, when set, replace the depth's budgets (tests).
	settings *Settings
}

// game is the state of one analysis run.
type game struct {
	rec *record.Record
	// start is the deal; positions, for the games whose every decision
	// is searched, the position before each action and the last one.
	start     engine.State
	positions []engine.State
	doc       *Document
	opt       Options
}

// Analyze analyses the finished game of rec: over by its rules, or ended
// at the table (the record's Ending: an abort, a resignation, a loss on
// time, an agreed draw). A record that does not replay returns the
// record's error; a game not over returns ErrUnfinished.
func Analyze(ctx context.Context, rec *record.Record, opt Options) (*Document, error) {
	began := time.Now()
	if opt.Depth == "" {
		opt.Depth = DefaultDepth
	}
	if _, err := ParseDepth(string(opt.Depth)); err != nil {
		return nil, err
	}
	start, final, err := replayEnds(rec)
	if err != nil {
		return nil, err
	}
	result := final.Result()
	if !final.Terminal() && rec.Ending != nil {
		var names []string
		for _, st := range rec.Seats {
			names = append(names, st.Name)
		}
		result = rec.Ending.Result(final, names)
	}
	if !result.Over {
		return nil, fmt.Errorf("%w after %d actions: only a finished game is analysed (analysis sees every hidden card)", ErrUnfinished, len(rec.Actions))
	}
	seats, err := analysedSeats(rec, final.NumSeats(), opt.Seats)
	if err != nil {
		return nil, err
	}
	settings := opt.Depth.settings(rec.Game)
	if opt.settings != nil {
		settings = *opt.settings
	}
	g := &game{rec: rec, start: start, opt: opt, doc: &Document{
		Version: Version, Game: rec.Game, Depth: opt.Depth, Settings: settings,
		Options: final.Options().Map(), Seats: seatsOf(rec, final.NumSeats()), Seed: rec.Seed,
		Result: result, Ending: rec.Ending, Steps: len(rec.Actions), Analysed: seats, Decisions: []Decision{},
	}}
	switch rec.Game {
	case "regicide":
		g.positions, err = positionsOf(start, rec)
		if err == nil {
			err = g.regicide(ctx)
		}
	case "watchtower":
		g.positions, err = positionsOf(start, rec)
		if err == nil {
			err = g.watchtower(ctx)
		}
	case "war":
		err = g.war()
	default:
		err = fmt.Errorf("analysis: %w: no analysis of %s", engine.ErrBadOption, rec.Game)
	}
	if err != nil {
		return nil, err
	}
	g.doc.finish()
	g.doc.Seconds.Total = time.Since(began).Seconds()
	return g.doc, nil
}

// replayEnds replays rec, checking it as record.Replay does, and returns
// the deal and the last position.
func replayEnds(rec *record.Record) (start, final engine.State, err error) {
	if final, _, err = record.Replay(rec); err != nil {
		return nil, nil, err
	}
	deal := *rec
	deal.Actions, deal.Result, deal.Ending = nil, nil, nil
	if start, _, err = record.Replay(&deal); err != nil {
		return nil, nil, err
	}
	return start, final, nil
}

// positionsOf replays rec's actions from start (a copy) and returns the
// position before each action and the last one: a Regicide or Watchtower
// game has at most a few hundred.
func positionsOf(start engine.State, rec *record.Record) ([]engine.State, error) {
	s := start.Clone()
	positions := make([]engine.State, 0, len(rec.Actions)+1)
	for i, a := range rec.Actions {
		positions = append(positions, s.Clone())
		if err := engine.ApplyText(s, a.Seat, a.Action); err != nil {
			return nil, fmt.Errorf("analysis: actions[%d]: %w", i, err)
		}
	}
	return append(positions, s), nil
}

// analysedSeats returns the seats to analyse: want when given (each
// checked), else the people's seats, else every seat.
func analysedSeats(rec *record.Record, n int, want []int) ([]int, error) {
	if want != nil {
		out := slices.Clone(want)
		slices.Sort(out)
		out = slices.Compact(out)
		for _, s := range out {
			if s < 0 || s >= n {
				msg := engine.Say("analysis.seat-out-of-range", engine.NumArg("seat", s+1), engine.NumArg("n", n))
				return nil, fmt.Errorf("analysis: %w", engine.SayErr(engine.ErrBadOption, msg, "seat %d: this game has seats 1 to %d", s+1, n))
			}
		}
		return out, nil
	}
	var people []int
	for i, s := range rec.Seats {
		if s.Bot == "" {
			people = append(people, i)
		}
	}
	if len(people) > 0 {
		return people, nil
	}
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out, nil
}

// seatsOf returns the record's seats, or unnamed people's seats.
func seatsOf(rec *record.Record, n int) []record.Seat {
	if len(rec.Seats) == n {
		return slices.Clone(rec.Seats)
	}
	out := make([]record.Seat, n)
	for i := range out {
		out[i].Name = fmt.Sprintf("seat %d", i+1)
	}
	return out
}

// decisions lists the analysed seats' actions with their number of
// choices; keep filters them further.
func (g *game) decisions(keep func(step int, s engine.State, a record.Action) bool) []Decision {
	var out []Decision
	var legal []engine.Action
	for i, a := range g.rec.Actions {
		if !slices.Contains(g.doc.Analysed, a.Seat) {
			continue
		}
		s := g.positions[i]
		if keep != nil && !keep(i+1, s, a) {
			continue
		}
		legal = s.Legal(a.Seat, legal[:0])
		out = append(out, Decision{Step: i + 1, Seat: a.Seat, Action: a.Action, Choices: len(legal)})
	}
	return out
}

// appraiseAll runs the expert over every decision with a choice.
func (g *game) appraiseAll(ctx context.Context, x *expert) error {
	start := time.Now()
	total := 0
	for _, d := range g.doc.Decisions {
		if d.Choices > 1 {
			total++
		}
	}
	done := 0
	x.pace = g.pace
	for i := range g.doc.Decisions {
		d := &g.doc.Decisions[i]
		if d.Choices < 2 {
			continue
		}
		if err := x.appraise(ctx, g.positions[d.Step-1], d); err != nil {
			return err
		}
		d.Mark = markOf(d)
		acc := math.Round(10*moveAccuracy(d.Loss)) / 10
		d.Accuracy = &acc
		done++
		if g.opt.Progress != nil {
			g.opt.Progress(done, total)
		}
	}
	g.doc.Seconds.Expert = time.Since(start).Seconds()
	return nil
}
