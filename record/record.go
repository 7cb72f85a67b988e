// Package record reads, validates, writes and replays game records: JSON
// documents that hold a game's name, options, seats, seed or deal and every
// action in the game's notation, so that any game can be re-run exactly,
// checked against its stored result and shown move by move.
//
// The format is an interface (docs/records.md): a version field, stable
// names, and unknown fields rejected.
package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"cardtable/cards"
	"cardtable/engine"
)

// Version is the record format version this package reads and writes.
const Version = 1

// Record is one game: everything needed to replay it.
type Record struct {
	// Version is the format version (1).
	Version int `json:"version"`
	// Game is the game's name ("war").
	Game string `json:"game"`
	// Options are option values by key; missing keys take their defaults.
	Options map[string]string `json:"options,omitempty"`
	// Seats names who sat where (optional; one entry per seat when given).
	Seats []Seat `json:"seats,omitempty"`
	// Seed seeds the game's generator: the shuffle when Deal is absent,
	// and every later chance event.
	Seed *uint64 `json:"seed,omitempty"`
	// Deal is the card order in notation, top first, used instead of the
	// shuffle.
	Deal []string `json:"deal,omitempty"`
	// Actions are the moves in the order they were applied.
	Actions []Action `json:"actions"`
	// Result, when present, is checked against the replay.
	Result *engine.Result `json:"result,omitempty"`
	// Ending, when present, says the table ended the game after the last
	// action, before its rules did: a resignation, a loss on time, an abort
	// or an agreed draw (ending.go).
	Ending *Ending `json:"ending,omitempty"`
}

// Seat is one player: a person's name, or the bot that played the seat.
type Seat struct {
	Name string `json:"name"`
	Bot  string `json:"bot"`
}

// Action is one applied move in the game's notation.
type Action struct {
	Seat   int    `json:"seat"`
	Action string `json:"action"`
}

// fieldNames lists the top-level fields for the unknown-field error.
const fieldNames = "version, game, options, seats, seed, deal, actions, result, ending"

// Decode reads one record from r and checks its shape (version, game, seed
// or deal). Errors name the field and the problem and wrap
// engine.ErrCorrupt.
func Decode(r io.Reader) (*Record, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var rec Record
	if err := dec.Decode(&rec); err != nil {
		return nil, decodeError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, invalid(engine.ErrCorrupt, "record: extra data after the record's closing brace; a file holds one record")
	}
	if err := rec.check(); err != nil {
		return nil, err
	}
	return &rec, nil
}

// decodeError turns a JSON decoding error into a record error.
func decodeError(err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return invalid(engine.ErrCorrupt, "record: empty input; a record is a JSON object such as {\"version\":1,\"game\":\"war\",...}")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return invalid(engine.ErrCorrupt, "record: truncated JSON: the input ends before the record does")
	case errors.As(err, &syntax):
		return invalid(engine.ErrCorrupt, "record: bad JSON at byte %d: %s", syntax.Offset, strings.TrimPrefix(syntax.Error(), "json: "))
	case errors.As(err, &typ):
		return invalid(engine.ErrCorrupt, "record: %s: want a %s, not a JSON %s", typ.Field, typ.Type, typ.Value)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return invalid(engine.ErrCorrupt, "record: %s; the fields are %s", strings.TrimPrefix(err.Error(), "json: "), fieldNames)
	}
	return invalid(engine.ErrCorrupt, "record: %s", strings.TrimPrefix(err.Error(), "json: "))
}

func (r *Record) check() error {
	switch {
	case r.Version != Version:
		return invalid(engine.ErrCorrupt, "record: version: %d is not a version this program reads (want %d)", r.Version, Version)
	case r.Game == "":
		return invalid(engine.ErrCorrupt, "record: game: missing; name the game, e.g. \"game\":\"war\"")
	case r.Seed == nil && r.Deal == nil:
		return invalid(engine.ErrCorrupt, "record: seed and deal both missing; give the seed, the deal, or both")
	}
	return nil
}

// Write encodes the record as JSON for people as well as programs: one
// field per line and one action per line.
func (r *Record) Write(w io.Writer) error {
	var b bytes.Buffer
	b.WriteString("{\n")
	field := func(key string, v any) {
		enc, _ := json.Marshal(v)
		fmt.Fprintf(&b, "  %q: %s,\n", key, enc)
	}
	field("version", r.Version)
	field("game", r.Game)
	if len(r.Options) > 0 {
		field("options", r.Options)
	}
	if len(r.Seats) > 0 {
		field("seats", r.Seats)
	}
	if r.Seed != nil {
		field("seed", *r.Seed)
	}
	if r.Deal != nil {
		field("deal", r.Deal)
	}
	b.WriteString("  \"actions\": [")
	for i, a := range r.Actions {
		enc, _ := json.Marshal(a)
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		b.Write(enc)
	}
	b.WriteString("\n  ]")
	if r.Result != nil {
		enc, err := json.Marshal(r.Result)
		if err != nil {
			return fmt.Errorf("record: result: %w", err)
		}
		fmt.Fprintf(&b, ",\n  \"result\": %s", enc)
	}
	if r.Ending != nil {
		enc, _ := json.Marshal(r.Ending)
		fmt.Fprintf(&b, ",\n  \"ending\": %s", enc)
	}
	b.WriteString("\n}\n")
	_, err := w.Write(b.Bytes())
	return err
}

// FromGame starts a record of a game being played from setup with opts;
// seats may be nil. Call Add before applying each action and Finish at the
// end (or whenever the record is saved mid-game).
func FromGame(g engine.Game, opts engine.Options, setup engine.Setup, seats []Seat) *Record {
	seed := setup.Seed
	r := &Record{Version: Version, Game: g.Name(), Options: opts.Map(), Seats: seats, Seed: &seed, Actions: []Action{}}
	if setup.Deck != nil {
		r.Deal = make([]string, len(setup.Deck))
		for i, c := range setup.Deck {
			r.Deal[i] = c.String()
		}
	}
	return r
}

// Add appends seat's action a, written in s's notation. Call it before
// s.Apply(seat, a).
func (r *Record) Add(s engine.State, seat int, a engine.Action) {
	r.Actions = append(r.Actions, Action{Seat: seat, Action: s.ActionString(a)})
}

// Finish stores s's result in the record if the game is over: by its
// rules, or by the record's Ending.
func (r *Record) Finish(s engine.State) {
	res := s.Result()
	if !res.Over && r.Ending != nil {
		res = r.Ending.Result(s, r.seatNames())
	}
	if res.Over {
		r.Result = &res
	}
}

// deck parses the deal.
func (r *Record) deck() ([]cards.Card, error) {
	if r.Deal == nil {
		return nil, nil
	}
	deck := make([]cards.Card, len(r.Deal))
	for i, text := range r.Deal {
		c, err := cards.Parse(text)
		if err != nil {
			reason := err.Error()
			var pe *cards.ParseError
			if errors.As(err, &pe) {
				reason = pe.Reason
			}
			return nil, invalid(engine.ErrBadSetup, "record: deal[%d]: %q: %s (write cards like 10H, QS, JK1)", i, text, reason)
		}
		deck[i] = c
	}
	return deck, nil
}

// Error is a record problem: a sentence naming the field and what is wrong,
// wrapping the engine sentinel that classifies it (ErrCorrupt for the
// document itself, ErrBadOption, ErrBadSetup, ErrIllegal, ErrNotation,
// ErrNotYourTurn for what the game refuses).
type Error struct {
	Msg string
	Err error
}

func (e *Error) Error() string { return e.Msg }

// Unwrap returns the engine sentinel or the game's own error.
func (e *Error) Unwrap() error { return e.Err }

// invalid returns an *Error wrapping sentinel.
func invalid(sentinel error, format string, args ...any) error {
	return &Error{Msg: fmt.Sprintf(format, args...), Err: sentinel}
}

// wrapped returns an *Error whose message is prefix followed by err's text
// without the leading sentinel text, wrapping err.
func wrapped(prefix string, err error) error {
	msg := err.Error()
	for _, s := range []error{engine.ErrBadOption, engine.ErrBadSetup, engine.ErrCorrupt} {
		msg = strings.TrimPrefix(msg, s.Error()+": ")
	}
	return &Error{Msg: prefix + msg, Err: err}
}
