package engine

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors. Every error a game returns wraps one of these, so callers
// (the server, the CLI) can map them with errors.Is.
var (
	// ErrIllegal: the action is not legal in this state.
	ErrIllegal = errors.New("illegal action")
	// ErrNotYourTurn: the seat may not act now.
	ErrNotYourTurn = errors.New("not this seat's turn")
	// ErrGameOver: the game has ended.
	ErrGameOver = errors.New("game is over")
	// ErrNotation: the text is not an action of this game.
	ErrNotation = errors.New("malformed action")
	// ErrBadOption: an option key or value is not valid.
	ErrBadOption = errors.New("invalid option")
	// ErrBadSetup: an explicit deal is not a legal deal for the game.
	ErrBadSetup = errors.New("invalid setup")
	// ErrCorrupt: serialized data is not a state of this game.
	ErrCorrupt = errors.New("corrupt state")
)

// Illegal returns an error wrapping ErrIllegal that explains why.
func Illegal(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrIllegal}, args...)...)
}

// Notation returns an error wrapping ErrNotation that explains why.
func Notation(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrNotation}, args...)...)
}

// Corrupt returns an error wrapping ErrCorrupt that explains why.
func Corrupt(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrCorrupt}, args...)...)
}

// BadSetup returns an error wrapping ErrBadSetup that explains why.
func BadSetup(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrBadSetup}, args...)...)
}

// CheckSeat returns an error wrapping ErrNotYourTurn unless seat is in
// toMove, or ErrGameOver if toMove is empty.
func CheckSeat(seat int, toMove []int) error {
	if len(toMove) == 0 {
		return ErrGameOver
	}
	for _, s := range toMove {
		if s == seat {
			return nil
		}
	}
	return fmt.Errorf("%w: seat %d may not act now (to move: %s)", ErrNotYourTurn, seat+1, SeatList(toMove))
}

// SeatList writes seats (counted from 0) as people read them, from 1:
// "seat 1" or "seats 1, 3". Sentences that reach people name seats this
// way; programs read indices from the JSON.
func SeatList(seats []int) string {
	if len(seats) == 0 {
		return "no seat"
	}
	parts := make([]string, len(seats))
	for i, s := range seats {
		parts[i] = fmt.Sprint(s + 1)
	}
	if len(seats) == 1 {
		return "seat " + parts[0]
	}
	return "seats " + strings.Join(parts, ", ")
}

// Said is a refusal that says its reason to people as a message: Msg,
// written at the edge in the reader's language (package i18n). Its
// Error() is Kind's text and Text, the English sentence programs have
// always read (the protocols' "message", --json), kept as it was.
type Said struct {
	// Kind is the sentinel it wraps (ErrIllegal…), nil for none.
	Kind error
	Msg  Msg
	Text string
}

func (e *Said) Error() string {
	if e.Kind == nil {
		return e.Text
	}
	return e.Kind.Error() + ": " + e.Text
}

// Unwrap returns Kind.
func (e *Said) Unwrap() error { return e.Kind }

// SayErr returns an error wrapping kind (ErrNotation, ErrBadOption…)
// whose reason is msg for people and the English format for programs:
// its Error() reads as fmt.Errorf("%w: "+format, kind, args...) would.
func SayErr(kind error, msg Msg, format string, args ...any) error {
	return &Said{Kind: kind, Msg: msg, Text: fmt.Sprintf(format, args...)}
}

// IllegalSay returns an error wrapping ErrIllegal whose reason is msg for
// people and the English format for programs (what Illegal would say).
func IllegalSay(msg Msg, format string, args ...any) error {
	return &Said{Kind: ErrIllegal, Msg: msg, Text: fmt.Sprintf(format, args...)}
}

// SaidOf returns the message err says to people (the first Said in its
// chain), and whether it has one.
func SaidOf(err error) (Msg, bool) {
	var s *Said
	if errors.As(err, &s) && !s.Msg.IsZero() {
		return s.Msg, true
	}
	return Msg{}, false
}
