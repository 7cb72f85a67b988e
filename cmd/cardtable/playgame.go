package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"cardtable/bots"
	"cardtable/cmd/internal/servecmd"
	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/table"
	"cardtable/tui"
)

// players makes the player of every seat that is not a person at this
// terminal (those stay nil): bots, and programs, which are started here.
// The returned stop ends every program started, even after an error.
func players(t *table.Table, specs []table.SeatSpec, seed uint64, timeout time.Duration) ([]table.Player, func(), error) {
	ps := make([]table.Player, len(specs))
	var programs []*table.ProgramPlayer
	stop := func() {
		for _, p := range programs {
			p.Close()
		}
	}
	for i, s := range specs {
		switch s.Kind {
		case table.KindBot:
			p, err := table.NewBot(t, bots.Spec{Name: s.Bot.Name, Params: s.Bot.Params}, seed, i)
			if err != nil {
				stop()
				return nil, nil, seatSaid(i, err)
			}
			ps[i] = p
		case table.KindProgram:
			p, err := table.StartProgram(s.Command, timeout)
			if err != nil {
				stop()
				return nil, nil, fmt.Errorf("%s: %w", table.SeatName(i), err)
			}
			programs = append(programs, p)
			ps[i] = p
		}
	}
	return ps, stop, nil
}

// play plays t to its end (or until a player stops it) in the mode the
// streams and flags ask for, then saves the record when asked to, or when
// a program stopped the game.
func (c *playCmd) play(a *app, t *table.Table, specs []table.SeatSpec, seed uint64, save string) error {
	humans := 0
	for _, s := range specs {
		if s.Kind == table.KindHuman {
			humans++
		}
	}
	terminal := c.onTerminal(a)
	if err := c.clockSettings(t.Game(), t.NumSeats()); err != nil {
		return err
	}
	if humans > 1 && !terminal {
		return servecmd.UsageSay(engine.Say("cli.usage.people-off-terminal", engine.NumArg("n", humans)), "--seats: %d people seated; plain text and the JSON protocol seat one person (for hot-seat play, use a terminal)", humans)
	}
	ps, stop, err := players(t, specs, seed, c.Timeout)
	if err != nil {
		return err
	}
	defer stop()
	if terminal {
		err = tui.Run(a.ctx, tui.Config{Table: t, Players: ps, Speed: c.Speed, SavePath: save, KeepsOnQuit: save != "", KeepsStopped: true,
			Settings: c.settings, Seed: seed, In: a.stdin, Out: a.stdout, Lang: c.Lang, Bell: c.Bell, Title: c.title})
		stop()
		fmt.Fprintln(a.stderr, i18n.For(c.Lang).T("cli.play.seed", engine.NumArg("seed", int(seed))))
		return c.finish(a, t, save, err)
	}
	err = c.playStreams(a, t, ps, humans)
	stop()
	if c.Protocol == protocolJSON && humans > 0 {
		fmt.Fprintln(a.stderr, i18n.For(c.Lang).T("cli.play.seed", engine.NumArg("seed", int(seed))))
	} else {
		writeFinal(a.stdout, t, seed)
	}
	return c.finish(a, t, save, err)
}

// playStreams runs t with the person's seat (if any) on the app's standard
// input and output, in plain text or JSON; with nobody seated it prints a
// spectator's transcript.
func (c *playCmd) playStreams(a *app, t *table.Table, ps []table.Player, humans int) error {
	var watchers []table.Player
	var closers []func()
	out := a.stdout
	switch {
	case humans == 0:
		writeHeader(out, t, -1)
		watchers = append(watchers, table.Watch(out))
	case c.Protocol == protocolJSON:
		for i, p := range ps {
			if p == nil {
				jp := table.NewJSONPlayer(a.stdin, out)
				ps[i], closers = jp, append(closers, jp.Close)
			}
		}
	default:
		for i, p := range ps {
			if p == nil {
				writeHeader(out, t, i)
				lp := table.NewLinesPlayer(a.stdin, out)
				ps[i], closers = lp, append(closers, lp.Close)
			}
		}
	}
	defer func() {
		for _, close := range closers {
			close()
		}
	}()
	r := &table.Runner{Table: t, Players: ps, Watchers: watchers, Settings: c.settings}
	if seed := t.Record().Seed; seed != nil {
		r.Seed = *seed
	}
	return r.Run(a.ctx)
}

// finish saves the record (to save, or, when a program stopped the game,
// to a temporary file) and reports how the game stopped.
func (c *playCmd) finish(a *app, t *table.Table, save string, err error) error {
	p := i18n.For(c.Lang)
	if errors.Is(err, table.ErrQuit) {
		// The person typed quit (plain text): a stop they asked for.
		fmt.Fprintln(a.stderr, p.T("cli.play.quit", engine.NounArg("actions", t.Version(), "noun.actions")))
		err = nil
		if save == "" {
			fmt.Fprintln(a.stderr, p.T("cli.play.not-saved"))
			return nil
		}
	}
	var se *table.SeatError
	programFailed := errors.As(err, &se) && c.seatIsProgram(t, se.Seat)
	if save == "" && !programFailed {
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("%w; the game was not saved (--save FILE keeps a game to go on with later)", errInterrupted)
		}
		if se != nil && !t.Over() {
			return fmt.Errorf("%w; the game was not saved (--save FILE keeps a game to go on with later: cardtable play --record FILE)", err)
		}
		return err
	}
	if errors.Is(err, context.Canceled) {
		err = errInterrupted
	}
	kept, serr := keepRecord(t, save)
	if serr != nil {
		return errors.Join(err, serr)
	}
	if err != nil {
		return withRecord(err, t, kept)
	}
	fmt.Fprintln(a.stderr, p.T("cli.play.record-in", engine.TextArg("path", kept)))
	if !t.Over() {
		// The command alone on its line: a triple-click copies it whole.
		fmt.Fprintf(a.stderr, "%s\n%s\n", p.T("cli.play.go-on"), tui.ResumeCommand(kept, t.Seats()))
	}
	return nil
}

func (c *playCmd) seatIsProgram(t *table.Table, seat int) bool {
	seats := t.Seats()
	return seat >= 0 && seat < len(seats) && seats[seat].Kind == table.KindProgram
}

// writeHeader prints who plays what, as a transcript's header does; you
// is the seat of the person reading it (-1: a spectator).
func writeHeader(w io.Writer, t *table.Table, you int) {
	fmt.Fprintf(w, "%s\noptions: %s\n", t.Game().Title(), t.State().Options())
	for i, s := range t.Seats() {
		who := s.Name
		switch {
		case i == you && who == table.SeatName(i):
			who = "you"
		case i == you:
			who += " (you)"
		case s.Kind == table.KindBot:
			who += " (bot " + s.Bot + ")"
		case s.Kind == table.KindProgram:
			who += " (program " + s.Bot + ")"
		}
		fmt.Fprintf(w, "%s: %s\n", table.SeatName(i), who)
	}
	if you >= 0 {
		fmt.Fprintln(w, "type an action in the game's notation, hint ACTION, legal (the actions again) or quit (stop the game here)")
	}
}
