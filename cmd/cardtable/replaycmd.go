package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/record"
)

type replayCmd struct {
	File string `arg:"" help:"Record file (JSON, see docs/records.md), or - for standard input."`
	JSON bool   `help:"Print a JSON summary instead of the transcript."`
	Lang string `placeholder:"LANG" help:"The transcript's language: en, he, sk, cy or hy (default: LC_ALL, LC_MESSAGES or LANG; English otherwise). The positions are written as the games write them; --json is always English."`
}

func (replayCmd) Help() string {
	return `Re-runs a game record, checks it (every action must be legal, and a stored
result must match) and prints each action with the public view after it, its words in --lang.

Examples:
  cardtable replay game.json
  cardtable sim war -n 10 --record-dir games --record-every 1 && cardtable replay games/war-3.json
  cat game.json | cardtable replay - --json
  cardtable replay game.json --lang cy`
}

// replaySummary is the --json output of replay.
type replaySummary struct {
	Game    string         `json:"game"`
	Options engine.Options `json:"options"`
	Seed    *uint64        `json:"seed"`
	Actions int            `json:"actions"`
	Result  engine.Result  `json:"result"`
	Final   engine.View    `json:"final"`
}

// Run loads, replays and prints the record.
func (c *replayCmd) Run(a *app) error {
	p, err := a.words(c.Lang)
	if err != nil {
		return err
	}
	rec, err := c.load(a)
	if err != nil {
		return err
	}
	g, err := a.lookup(rec.Game)
	if err != nil {
		// A record naming an unknown game is a bad file, not a usage error.
		return fmt.Errorf("record: game: %s", err.Error())
	}
	s, steps, err := record.ReplayGame(g, rec)
	if err != nil {
		return err
	}
	if c.JSON {
		enc := json.NewEncoder(a.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(replaySummary{
			Game: g.Name(), Options: s.Options(), Seed: rec.Seed, Actions: len(steps),
			Result: rec.FinalResult(s), Final: s.View(engine.Spectator),
		})
	}
	writeTranscript(a.stdout, p, g, rec, s, steps)
	return nil
}

func (c *replayCmd) load(a *app) (*record.Record, error) {
	var in io.Reader = a.stdin
	if c.File != "-" {
		f, err := os.Open(c.File)
		if err != nil {
			return nil, fmt.Errorf("cannot read the record: %w", err)
		}
		defer f.Close()
		in = f
	}
	return record.Decode(in)
}

// writeTranscript writes the replayed record in p's language: its
// header, each action with the public view after it (as the game writes
// it), the final position and the result.
func writeTranscript(w io.Writer, p *i18n.Printer, g engine.Game, rec *record.Record, s engine.State, steps []record.Step) {
	fmt.Fprintln(w, transcriptHead(p, g, rec))
	fmt.Fprintln(w, p.T("replay.options", engine.TextArg("options", s.Options().String())))
	for i, seat := range rec.Seats {
		if seat.Bot != "" {
			fmt.Fprintln(w, p.T("replay.seat.bot", engine.SeatArg("seat", i), engine.TextArg("name", seat.Name), engine.TextArg("bot", seat.Bot)))
		} else {
			fmt.Fprintln(w, p.T("replay.seat", engine.SeatArg("seat", i), engine.TextArg("name", seat.Name)))
		}
	}
	for i, st := range steps {
		fmt.Fprintf(w, "\n%s\n", p.T("replay.action", engine.NumArg("n", i+1), engine.SeatArg("seat", st.Seat), engine.TextArg("action", st.Action)))
		if !st.Hint.IsZero() {
			fmt.Fprintf(w, "   (%s)\n", p.Say(st.Hint))
		}
		fmt.Fprintf(w, "%s\n", indent(st.Public.String()))
	}
	fmt.Fprintf(w, "\n%s\n%s\n", p.T("replay.final"), indent(s.View(engine.Spectator).String()))
	res := rec.FinalResult(s)
	if !res.Over {
		fmt.Fprintln(w, p.T("replay.not-over", engine.CountArg(len(steps))))
		return
	}
	fmt.Fprintln(w, p.T("replay.result", engine.MsgArg("winners", winners(res)), engine.TextArg("end", res.End),
		engine.NumArg("length", res.Length), engine.TextArg("returns", fmt.Sprint(res.Returns))))
	switch {
	case !res.DetailI18n.IsZero():
		fmt.Fprintln(w, p.Say(res.DetailI18n))
	case res.Detail != "":
		fmt.Fprintln(w, res.Detail)
	}
}

// transcriptHead is the transcript's first line: the game, its seed and
// whether the record holds its deal.
func transcriptHead(p *i18n.Printer, g engine.Game, rec *record.Record) string {
	title := p.Game(g.Name())
	if title == "game."+g.Name()+".title" { // a game without messages (a test's)
		title = g.Title()
	}
	game := engine.TextArg("game", title)
	switch {
	case rec.Seed != nil && rec.Deal != nil:
		return p.T("replay.head.seed-dealt", game, engine.TextArg("seed", fmt.Sprint(*rec.Seed)))
	case rec.Seed != nil:
		return p.T("replay.head.seed", game, engine.TextArg("seed", fmt.Sprint(*rec.Seed)))
	case rec.Deal != nil:
		return p.T("replay.head.dealt", game)
	}
	return p.T("replay.head", game)
}

// winners says who won, as a message.
func winners(r engine.Result) engine.Msg {
	if len(r.Winners) == 0 {
		return engine.Say("replay.winners.none")
	}
	return engine.Say("replay.winners", engine.SeatsArg("seats", r.Winners), engine.CountArg(len(r.Winners)))
}

func indent(text string) string {
	return "   " + strings.ReplaceAll(strings.TrimRight(text, "\n"), "\n", "\n   ")
}
