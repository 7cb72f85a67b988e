package table

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"cardtable/engine"
	"cardtable/i18n"
)

// Protocol is the version of the message vocabulary (docs/protocol-agent.md).
// Fields are added, never renamed; a change that breaks a reader raises it.
const Protocol = 1

// Message types sent to a seat.
const (
	TypeHello = "hello" // the game starts (or is joined): game, options, seats, the seat's view
	TypeTurn  = "turn"  // the seat must act: its view and its legal actions
	TypeEvent = "event" // an action was applied: who, what (as the seat may know it), the view after
	TypeEnd   = "end"   // the game is over: the result and the final view
	TypeError = "error" // a command was refused: a code and a sentence; nothing changed
	TypeHint  = "hint"  // the answer to a hint command: what the action would do
	// TypeSealed answers the seat's own action in a simultaneous window:
	// taken and kept from everyone else until the window closes.
	TypeSealed = "sealed"
)

// Message is one message to a seat (Seat) or to a spectator (Seat is
// engine.Spectator). Every field a seat receives is what that seat may know.
type Message struct {
	Type string `json:"type"`
	// Protocol is the vocabulary's version, on hello.
	Protocol int `json:"protocol,omitempty"`
	// Seat is the recipient, counted from 0; -1 for a spectator.
	Seat int `json:"seat"`
	// Version counts the actions applied so far; a command names the version
	// it was computed against.
	Version int `json:"version"`
	// Game, Options and Seats describe the table, on hello.
	Game    string            `json:"game,omitempty"`
	Options map[string]string `json:"options,omitempty"`
	Seats   []SeatInfo        `json:"seats,omitempty"`
	// View is the recipient's view (the game's own JSON, docs/GAME.md).
	View engine.View `json:"view,omitempty"`
	// Legal lists the recipient's legal actions in the game's notation, on
	// turn.
	Legal []string `json:"legal,omitempty"`
	// Clock is the recipient's time, on turn at a clocked table
	// (runnerclock.go).
	Clock *TurnClock `json:"clock,omitempty"`
	// Actor and Action say who did what, on event. Action is written as the
	// recipient may know it (Watchtower's given card is named to its giver
	// only).
	Actor  *int   `json:"actor,omitempty"`
	Action string `json:"action,omitempty"`
	// Hint is a forecast: on hint, of the asked action; on event, of the
	// applied action, to its actor only. In English; HintI18n says it as a
	// message, for the reader's language (set both with SetHint).
	Hint     string     `json:"hint,omitempty"`
	HintI18n engine.Msg `json:"hint_i18n,omitzero"`
	// Result is the outcome, on end.
	Result *engine.Result `json:"result,omitempty"`
	// Notes say, on end, what happened at the table besides the game
	// (a server's: "bob's time ran out; heuristic played on for him").
	Notes []string `json:"notes,omitempty"`
	// NotesI18n say Notes as messages, in the same order.
	NotesI18n []engine.Msg `json:"notes_i18n,omitempty"`
	// Code and Text are the error's code and sentence, on error: the
	// sentence in English; TextI18n says it as a message, written in each
	// reader's language at the edge (absent for a refusal without one).
	Code     string     `json:"code,omitempty"`
	Text     string     `json:"message,omitempty"`
	TextI18n engine.Msg `json:"message_i18n,omitzero"`
	// RetryAfterMs is, on a rate-limited error, how long to wait before
	// the next command is taken (server only).
	RetryAfterMs int `json:"retry_after_ms,omitempty"`
	// ID echoes the correlation id of the command answered.
	ID string `json:"id,omitempty"`
}

// SeatInfo says who sits in a seat: a display name and what drives it.
type SeatInfo struct {
	Name string `json:"name"`
	// Kind is "human", "bot" or "program".
	Kind string `json:"kind"`
	// Bot is the bot spec (expert:iterations=64) of a bot seat.
	Bot string `json:"bot,omitempty"`
}

// Seat kinds.
const (
	KindHuman   = "human"
	KindBot     = "bot"
	KindProgram = "program"
)

// Command types sent by a seat. CommandAction and CommandHint are the
// game's commands, spoken by both protocols; the others are table commands
// (about the table, not the game: docs/protocol.md, "Adding a message"),
// which only the server's WebSocket takes.
const (
	CommandAction = "action" // play Action (the default when type is absent)
	CommandHint   = "hint"   // ask what Action would do, changing nothing
)

// commandSpec says what a command type needs besides its type and id.
type commandSpec struct {
	// action: Action must be given; version: Version must be given.
	action, version bool
	// table: a table command (the server's WebSocket only).
	table bool
	// check, if set, checks the command's own fields.
	check func(c Command) error
}

// commands lists every command type. A new table command adds its line
// here, its fields to Command and a case to the server's tableCommand.
var commands = map[string]commandSpec{
	CommandAction: {action: true, version: true},
	CommandHint:   {action: true},
	// The table's life (issue 20; docs/protocol.md, "Leaving, offers,
	// rematch, chat").
	CommandResign:         {table: true},
	CommandAbort:          {table: true},
	CommandDraw:           {table: true},
	CommandDrawDecline:    {table: true},
	CommandLeave:          {table: true},
	CommandTakeBack:       {table: true},
	CommandRematch:        {table: true},
	CommandRematchDecline: {table: true},
	CommandChat:           {table: true, check: checkChat},
	// An away seat (docs/protocol.md, "Away seats").
	CommandHandToBot: {table: true, check: checkSeat},
	CommandClaimWin:  {table: true},
	// Auto-play (docs/protocol.md, "Auto-play").
	CommandAuto: {table: true, check: checkAuto},
}

// Table commands of the table's life: resign, abort, offer or accept a
// draw, leave the seat to a bot and take it back, ask for or accept a
// rematch, say a chat line.
const (
	CommandResign         = "resign"
	CommandAbort          = "abort"
	CommandDraw           = "draw"
	CommandDrawDecline    = "draw-decline"
	CommandLeave          = "leave"
	CommandTakeBack       = "take-back"
	CommandRematch        = "rematch"
	CommandRematchDecline = "rematch-decline"
	CommandChat           = "chat"
	// CommandHandToBot hands Seat, whose person has been away past the
	// server's grace, to the game's default bot; CommandClaimWin, at two
	// seats, ends the game won for the one seat there when the other's
	// person has been away past it.
	CommandHandToBot = "hand-to-bot"
	CommandClaimWin  = "claim-win"
)

// checkSeat refuses a command without the seat it is about.
func checkSeat(c Command) error {
	if c.Seat == nil {
		return Errorf(CodeBadMessage, "seat: missing; say which seat (from 0), e.g. {\"type\":\"hand-to-bot\",\"seat\":1}")
	}
	return nil
}

// checkChat refuses a chat command without text; the server cleans the
// text and bounds its length.
func checkChat(c Command) error {
	if strings.TrimSpace(c.Text) == "" {
		return Errorf(CodeBadMessage, "text: missing; a chat command says something, e.g. {\"type\":\"chat\",\"text\":\"good luck\"}")
	}
	return nil
}

// CommandAuto asks the server to play Action for the seat whenever it is
// legal, PerSecond times a second at most, while every other seat is a bot
// (War's auto-flip and "finish the game"); without Action it stops. The
// server's side is server/autoplay.go.
const CommandAuto = "auto"

// MaxAutoPerSecond bounds an auto command's pace; 0 asks for it.
const MaxAutoPerSecond = 100

func checkAuto(c Command) error {
	if c.PerSecond < 0 || c.PerSecond > MaxAutoPerSecond {
		return Errorf(CodeBadMessage, "per_second: %d; want 1 to %d, or 0 for the fastest", c.PerSecond, MaxAutoPerSecond)
	}
	return nil
}

// IsTableCommand reports whether typ is a table command rather than one of
// the game's (action, hint).
func IsTableCommand(typ string) bool { return commands[typ].table }

// Command is one message from a seat: an action (or a hint request) in the
// game's notation, computed against Version; or a table command, whose
// fields are below.
type Command struct {
	Type    string `json:"type,omitempty"`
	Action  string `json:"action,omitempty"`
	Version *int   `json:"version,omitempty"`
	ID      string `json:"id,omitempty"`
	// Text is a chat command's line.
	Text string `json:"text,omitempty"`
	// PerSecond is an auto command's pace (0: the fastest).
	PerSecond int `json:"per_second,omitempty"`
	// Seat is the seat a hand-to-bot command is about (from 0).
	Seat *int `json:"seat,omitempty"`
}

// ParseCommand reads one command line. Anything else is an *Error with code
// bad-message naming what is wrong.
func ParseCommand(line []byte) (Command, error) {
	var c Command
	dec := json.NewDecoder(strings.NewReader(string(line)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Command{}, Errorf(CodeBadMessage, "not a command: %s; send one JSON object per line, e.g. {\"action\":\"play AD\",\"version\":3}", strings.TrimPrefix(err.Error(), "json: "))
	}
	if dec.More() {
		return Command{}, Errorf(CodeBadMessage, "more than one JSON value on the line; send one command per line")
	}
	if c.Type == "" {
		c.Type = CommandAction
	}
	spec, ok := commands[c.Type]
	if !ok {
		return Command{}, Errorf(CodeBadMessage, "type %q is not a command; commands are %s", c.Type, commandList())
	}
	if c.Seat != nil && c.Type != CommandHandToBot {
		return Command{}, Errorf(CodeBadMessage, "seat: a %q command names no seat (only %q does); a seat acts for itself", c.Type, CommandHandToBot)
	}
	if spec.action && strings.TrimSpace(c.Action) == "" {
		return Command{}, Errorf(CodeBadMessage, "action: missing; name the action in the game's notation, one of the turn's legal list")
	}
	if spec.version && c.Version == nil {
		return Command{}, Errorf(CodeBadMessage, "version: missing; send the version of the turn message the action answers")
	}
	if spec.check != nil {
		if err := spec.check(c); err != nil {
			return Command{}, err
		}
	}
	return c, nil
}

// commandList names the command types, sorted, for error sentences.
func commandList() string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, strconv.Quote(n))
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// Error codes.
const (
	CodeBadMessage  = "bad-message"   // not a command of the protocol
	CodeStale       = "stale"         // computed against an older (or newer) version
	CodeNotation    = "notation"      // not an action of the game
	CodeIllegal     = "illegal"       // an action of the game, not legal now
	CodeNotYourTurn = "not-your-turn" // the seat may not act now
	CodeGameOver    = "game-over"     // the game has ended
	CodeTimeout     = "timeout"       // no answer in the time allowed
)

// Error is a refused command: a code for programs and a sentence for
// people. A refused command changes nothing.
type Error struct {
	Code string
	Msg  string
	Err  error
	// Said is Msg as a message (zero when it has none).
	Said engine.Msg
}

func (e *Error) Error() string { return e.Msg }

// Unwrap returns the engine sentinel behind the refusal, if any.
func (e *Error) Unwrap() error { return e.Err }

// Errorf makes an *Error with code.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// Sayf makes an *Error with code that says msg to people, format its
// English sentence.
func Sayf(code string, msg engine.Msg, format string, args ...any) *Error {
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...), Said: msg}
}

// refusal turns an engine error into an *Error with the code of its
// sentinel and the engine's sentence.
func refusal(err error) *Error {
	code := CodeIllegal
	switch {
	case errors.Is(err, engine.ErrNotation):
		code = CodeNotation
	case errors.Is(err, engine.ErrNotYourTurn):
		code = CodeNotYourTurn
	case errors.Is(err, engine.ErrGameOver):
		code = CodeGameOver
	}
	said, _ := engine.SaidOf(err)
	return &Error{Code: code, Msg: err.Error(), Err: err, Said: said}
}

// ErrorMessage is the message that tells seat of err (an *Error, or any
// error, sent as illegal), answering the command with correlation id id.
func ErrorMessage(seat, version int, id string, err error) Message {
	var e *Error
	if !errors.As(err, &e) {
		e = refusal(err)
	}
	return Message{Type: TypeError, Seat: seat, Version: version, Code: e.Code, Text: e.Msg, TextI18n: e.Said, ID: id}
}

// SetHint puts forecast h on m: its English text and its message.
func (m *Message) SetHint(h engine.Msg) {
	m.Hint, m.HintI18n = i18n.English.Say(h), h
}
