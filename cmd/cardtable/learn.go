package main

import (
	"fmt"
	"os"
	"text/tabwriter"
	"time"

	"cardtable/cmd/internal/servecmd"
	"cardtable/engine"
	"cardtable/table"
	"cardtable/tui"
	"cardtable/tutorial"
)

type learnCmd struct {
	Lesson string        `arg:"" optional:"" help:"The lesson: watchtower, regicide, war or slap-war (none: list them)."`
	Speed  time.Duration `default:"800ms" help:"The pause before each of the Tutor's moves lands (0: none)."`
	Lang   string        `placeholder:"LANG" help:"The language the lesson speaks, en, he, sk, cy or hy (default: LC_ALL, LC_MESSAGES or LANG; English otherwise)."`
}

func (learnCmd) Help() string {
	return `Teaches a game by playing it (docs/tutorials.md): a fixed deal on the
real table against the Tutor, who follows the lesson. Each step is
explained as it comes; you make the moves, and a move the lesson does not
take is explained and not played. Once the lesson is over the game goes on
(or ends) as any game, and you know enough to play a real one.

Examples:
  cardtable learn                  list the lessons
  cardtable learn watchtower       learn Watchtower
  cardtable learn slap-war --lang cy`
}

// Run lists the lessons, or plays one on the terminal table.
func (c *learnCmd) Run(a *app) error {
	w, err := a.words(c.Lang)
	if err != nil {
		return err
	}
	if c.Speed < 0 {
		return servecmd.UsageSay(engine.Say("cli.usage.speed", engine.TextArg("value", c.Speed.String())), "--speed %v: give a pause of 0 or more, e.g. 800ms", c.Speed)
	}
	if c.Lesson == "" {
		tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
		for _, l := range tutorial.All() {
			fmt.Fprintf(tw, "%s\t%s\n", l.Name, w.T(l.Title))
		}
		tw.Flush()
		fmt.Fprintln(a.stdout, "\nPlay one with: cardtable learn LESSON")
		return nil
	}
	l, err := tutorial.Lookup(c.Lesson)
	if err != nil {
		return servecmd.UsageError{Err: err}
	}
	in, ok := a.stdin.(*os.File)
	if !ok || !isTerminal(in) || !isTerminal(a.stdout) {
		return servecmd.UsageSay(engine.Say("cli.usage.learn-off-terminal", engine.TextArg("game", l.Game)), "cardtable learn plays on a terminal; run it there (cardtable play %s --protocol lines plays the game itself in plain text)", l.Game)
	}
	t, err := l.NewTable("")
	if err != nil {
		return err
	}
	ps := make([]table.Player, t.NumSeats())
	for i := range ps {
		if i != l.Learner {
			if ps[i], err = l.NewSeat(i); err != nil {
				return err
			}
		}
	}
	err = tui.Run(a.ctx, tui.Config{Table: t, Players: ps, Speed: c.Speed, Seed: l.Seed, In: a.stdin, Out: a.stdout,
		Lang: w.Language().Code, Lesson: l})
	if err != nil {
		return err
	}
	fmt.Fprintf(a.stderr, "cardtable: play a real game with: cardtable play %s\n", l.Game)
	return nil
}
