package main

import (
	"errors"
	"fmt"
	"os"

	"cardtable/analysis"
	"cardtable/cmd/internal/servecmd"
	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/record"
)

type analyzeCmd struct {
	File  string `arg:"" help:"Record of a finished game (JSON, see docs/records.md), or - for standard input."`
	JSON  bool   `help:"Print the analysis as one JSON document (fields in docs/analysis.md)."`
	Depth string `default:"quick" enum:"quick,deep" help:"How hard to look: quick (the default, seconds) or deep (about eight times the budgets)."`
	Seat  []int  `placeholder:"N" help:"Analyse seat N's decisions (from 1; repeatable). Default: the people's seats, or every seat when bots played them all."`
	Line  string `placeholder:"FILE" help:"Regicide: write the record of the game up to the losing move followed by the solver's winning line (cardtable replay reads it)."`
	Lang  string `placeholder:"LANG" help:"The text's language, en, he, sk, cy or hy (default: LC_ALL, LC_MESSAGES or LANG; English otherwise); actions stay in the game's notation. --json stays English."`
}

func (analyzeCmd) Help() string {
	return `Analyses a finished game: for each decision of the seats analysed, the
expert's estimated chance to win after the move played and after its own
best move, from that seat's view only, with marks (inaccuracy, mistake,
blunder) where the move lost much of it. Regicide adds hindsight: the
clairvoyant solver's verdict on every position (winnable, lost, or unknown
when its budget ran out), the move that turned a winnable game into a lost
one and a winning line from the position before it. War analyses Slap War's
windows: reaction times, missed windows and false slaps.

Examples:
  cardtable analyze game.json
  cardtable analyze game.json --json > analysis.json
  cardtable analyze game.json --depth deep --line won.json && cardtable replay won.json`
}

// Run reads the record, analyses it and prints the analysis.
func (c *analyzeCmd) Run(a *app) error {
	p, err := a.words(c.Lang)
	if err != nil {
		return err
	}
	rec, err := (&replayCmd{File: c.File}).load(a)
	if err != nil {
		return err
	}
	if _, err := a.lookup(rec.Game); err != nil {
		return fmt.Errorf("record: game: %s", err.Error())
	}
	opt := analysis.Options{Depth: analysis.Depth(c.Depth)}
	for _, s := range c.Seat {
		opt.Seats = append(opt.Seats, s-1)
	}
	label := p.T("cli.analyze.progress", engine.TextArg("game", p.Game(rec.Game)))
	bar := newNamedProgress(a, true, func() string { return label }, 1)
	opt.Progress = func(done, total int) {
		if bar.bar != nil {
			bar.bar.SetTotal(int64(total), false)
			bar.bar.SetCurrent(int64(done))
		}
	}
	doc, err := analysis.Analyze(a.ctx, rec, opt)
	bar.finish(err == nil)
	switch {
	case errors.Is(err, analysis.ErrUnfinished):
		return servecmd.UsageSay(engine.Say("cli.usage.analyze-unfinished", engine.NumArg("n", len(rec.Actions))), "%v", err)
	case errors.Is(err, engine.ErrBadOption) && opt.Seats != nil:
		return flagSaid("--seat", err)
	case err != nil:
		return err
	}
	if c.Line != "" {
		if err := c.writeLine(a, p, rec, doc); err != nil {
			return err
		}
	}
	if c.JSON {
		return doc.Write(a.stdout)
	}
	doc.WriteTextIn(a.stdout, p)
	return nil
}

// writeLine saves the game up to the last winnable position followed by
// the solver's winning line, as a record that replays to a win.
func (c *analyzeCmd) writeLine(a *app, p *i18n.Printer, rec *record.Record, doc *analysis.Document) error {
	h := doc.Hindsight
	if h == nil || len(h.Line) == 0 {
		fmt.Fprintln(a.stderr, p.T("cli.analyze.no-line", engine.MsgArg("why", engine.Say(noLineReason(doc)))))
		return nil
	}
	won, err := analysis.WinningRecord(rec, doc)
	if err != nil {
		return err
	}
	f, err := os.Create(c.Line)
	if err != nil {
		return fmt.Errorf("cannot write the line: %w", err)
	}
	if err := won.Write(f); err != nil {
		f.Close()
		return fmt.Errorf("cannot write the line: %w", err)
	}
	return f.Close()
}

// noLineReason is the id of the message saying why no line was written.
func noLineReason(doc *analysis.Document) string {
	switch h := doc.Hindsight; {
	case h == nil:
		return "cli.analyze.no-line.regicide-only"
	case h.FirstLost < 0 && len(doc.Result.Winners) > 0:
		return "cli.analyze.no-line.won"
	case h.FirstLost == 0:
		return "cli.analyze.no-line.never"
	}
	return "cli.analyze.no-line.budget"
}
