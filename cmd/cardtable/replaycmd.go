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
	"cardtable/table"
)

type replayCmd struct {
	File string `arg:"" help:"Record file (JSON, see docs/records.md), or - for standard input."`
	JSON bool   `help:"Print a JSON summary instead of the transcript."`
}

func (replayCmd) Help() string {
	return `Re-runs a game record, checks it (every action must be legal, and a stored
result must match) and prints each action with the public view after it.

Examples:
  cardtable replay game.json
  cardtable sim war -n 10 --record-dir games --record-every 1 && cardtable replay games/war-3.json
  cat game.json | cardtable replay - --json`
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
	writeTranscript(a.stdout, g, rec, s, steps)
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

func writeTranscript(w io.Writer, g engine.Game, rec *record.Record, s engine.State, steps []record.Step) {
	fmt.Fprintf(w, "%s", g.Title())
	if rec.Seed != nil {
		fmt.Fprintf(w, ", seed %d", *rec.Seed)
	}
	if rec.Deal != nil {
		fmt.Fprintf(w, ", dealt from the record")
	}
	fmt.Fprintf(w, "\noptions: %s\n", s.Options())
	for i, seat := range rec.Seats {
		who := seat.Name
		if seat.Bot != "" {
			who += " (bot " + seat.Bot + ")"
		}
		fmt.Fprintf(w, "%s: %s\n", table.SeatName(i), who)
	}
	for i, st := range steps {
		fmt.Fprintf(w, "\n%s\n", table.ActionLine(i+1, st.Seat, st.Action))
		if !st.Hint.IsZero() {
			fmt.Fprintf(w, "   (%s)\n", i18n.English.Say(st.Hint))
		}
		fmt.Fprintf(w, "%s\n", indent(st.Public.String()))
	}
	fmt.Fprintf(w, "\nfinal:\n%s\n", indent(s.View(engine.Spectator).String()))
	res := rec.FinalResult(s)
	if !res.Over {
		fmt.Fprintf(w, "result: the game is not over after %d actions\n", len(steps))
		return
	}
	fmt.Fprintf(w, "result: %s; end: %s; length %d; returns %v\n", winners(res), res.End, res.Length, res.Returns)
	if res.Detail != "" {
		fmt.Fprintf(w, "%s\n", res.Detail)
	}
}

// winners says who won, seats counted from 1.
func winners(r engine.Result) string {
	switch len(r.Winners) {
	case 0:
		return "no winner"
	case 1:
		return engine.SeatList(r.Winners) + " wins"
	}
	return engine.SeatList(r.Winners) + " win"
}

func indent(text string) string {
	return "   " + strings.ReplaceAll(strings.TrimRight(text, "\n"), "\n", "\n   ")
}
