package table

import (
	"fmt"
	"strconv"
	"strings"

	"cardtable/bots"
	"cardtable/engine"
)

// SeatSpec says who sits in one seat, as written on a command line or in a
// room's settings: "human" or "human:NAME" (a person), a bot spec
// ("expert", "expert:iterations=64"), or "cmd:PROGRAM ARGS" (an outside
// program speaking the agent protocol on its standard input and output).
type SeatSpec struct {
	// Kind is KindHuman, KindBot or KindProgram.
	Kind string
	// Name is a person's name (empty: the seat's name, "seat 1").
	Name string
	// Bot is the bot of a bot seat.
	Bot bots.Spec
	// Command is a program seat's program and arguments.
	Command []string
}

// ProgramPrefix starts the spec of a program seat.
const ProgramPrefix = "cmd:"

// ParseSeat reads one seat spec. It checks the form only; Check checks
// that a bot exists for the game and accepts its settings.
func ParseSeat(text string) (SeatSpec, error) {
	text = strings.TrimSpace(text)
	switch {
	case text == "":
		return SeatSpec{}, engine.SayErr(nil, engine.Say("table.seat.empty"), "table: empty seat; write human, human:NAME, a bot (expert, expert:iterations=64) or cmd:PROGRAM ARGS")
	case strings.HasPrefix(text, ProgramPrefix):
		argv := strings.Fields(strings.TrimPrefix(text, ProgramPrefix))
		if len(argv) == 0 {
			return SeatSpec{}, engine.SayErr(nil, engine.Say("table.seat.no-program", engine.TextArg("spec", strconv.Quote(text))),
				"table: seat %q names no program; write cmd:PROGRAM ARGS, e.g. cmd:python3 examples/regicide_agent.py", text)
		}
		return SeatSpec{Kind: KindProgram, Command: argv}, nil
	case text == KindHuman || strings.HasPrefix(text, KindHuman+":"):
		name := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(text, KindHuman), ":"))
		if strings.HasPrefix(text, KindHuman+":") && name == "" {
			return SeatSpec{}, engine.SayErr(nil, engine.Say("table.seat.no-name", engine.TextArg("spec", strconv.Quote(text))),
				"table: seat %q: no name after human:; write human or human:NAME", text)
		}
		return SeatSpec{Kind: KindHuman, Name: name}, nil
	}
	spec, err := bots.ParseSpec(text)
	if err != nil {
		return SeatSpec{}, err
	}
	return SeatSpec{Kind: KindBot, Bot: spec}, nil
}

// ParseSeats reads a comma-separated list of seat specs
// ("human,expert,cmd:./agent"). A program's arguments cannot hold commas.
func ParseSeats(text string) ([]SeatSpec, error) {
	var out []SeatSpec
	for i, part := range strings.Split(text, ",") {
		s, err := ParseSeat(part)
		if err != nil {
			return nil, SeatRefused(i, err)
		}
		out = append(out, s)
	}
	return out, nil
}

// SeatRefused is err, a refusal of seat's spec (seat from 0), with the
// seat's name before it: said in the reader's language (table.seat-refused)
// when err carries a message, else err's English.
func SeatRefused(seat int, err error) error {
	if msg, ok := engine.SaidOf(err); ok {
		return engine.SayErr(nil, engine.Say("table.seat-refused", engine.SeatArg("seat", seat), engine.MsgArg("why", msg)), "%s: %v", SeatName(seat), err)
	}
	return fmt.Errorf("%s: %w", SeatName(seat), err)
}

// DefaultSeats is the seating of a game with n seats when none is given:
// one person in the first seat and the game's default bot in every other.
func DefaultSeats(game string, n int) []SeatSpec {
	out := []SeatSpec{{Kind: KindHuman}}
	for len(out) < n {
		out = append(out, SeatSpec{Kind: KindBot, Bot: bots.Spec{Name: bots.Default(game), Params: map[string]string{}}})
	}
	return out
}

// String writes the spec back in its text form.
func (s SeatSpec) String() string {
	switch s.Kind {
	case KindHuman:
		if s.Name != "" {
			return KindHuman + ":" + s.Name
		}
		return KindHuman
	case KindProgram:
		return ProgramPrefix + strings.Join(s.Command, " ")
	}
	return s.Bot.String()
}

// Check makes sure the seat can be played in g with opts: a bot must
// exist for the game and accept its settings.
func (s SeatSpec) Check(g engine.Game, opts engine.Options) error {
	if s.Kind != KindBot {
		return nil
	}
	_, err := bots.New(s.Bot.Name, g, opts, s.Bot.Params, 0)
	return err
}

// Info is how the seat is shown to everyone at the table, for seat i.
func (s SeatSpec) Info(seat int) SeatInfo {
	switch s.Kind {
	case KindHuman:
		name := s.Name
		if name == "" {
			name = SeatName(seat)
		}
		return SeatInfo{Name: name, Kind: KindHuman}
	case KindProgram:
		return SeatInfo{Name: SeatName(seat), Kind: KindProgram, Bot: s.String()}
	}
	return SeatInfo{Name: SeatName(seat), Kind: KindBot, Bot: s.Bot.String()}
}

// SeatsOfRecord reads back the seating a record keeps (record.Seat's bot
// field holds a bot spec, a program seat's "cmd:..." or nothing for a
// person), so a resumed game can be played by whoever played it. A record
// is a file from anywhere: never start a program it names without the
// user saying so (cardtable play asks for --seats).
func SeatsOfRecord(infos []SeatInfo) []SeatSpec {
	out := make([]SeatSpec, len(infos))
	for i, in := range infos {
		out[i] = SeatSpec{Kind: KindHuman, Name: in.Name}
		if in.Name == SeatName(i) {
			out[i].Name = ""
		}
		if in.Bot == "" || in.Bot == KindProgram {
			continue
		}
		if s, err := ParseSeat(in.Bot); err == nil && s.Kind != KindHuman {
			out[i] = s
		}
	}
	return out
}
