package war

import (
	"fmt"
	"strconv"
	"strings"

	"cardtable/engine"
)

// Action encoding: the kind in the low byte, a slap's milliseconds above.
const (
	kindFlip = 1
	kindPass = 2
	kindSlap = 3
	// maxSlapMS bounds the milliseconds of a slap (the longest window).
	maxSlapMS = 60000
)

// Flip is the action "flip".
const Flip = engine.Action(kindFlip)

// Pass is the action "pass".
const Pass = engine.Action(kindPass)

// Slap returns the action "slap@ms": a slap ms milliseconds after the
// reveal.
func Slap(ms int) engine.Action { return engine.Action(kindSlap | uint64(ms)<<8) }

// decode splits an action into its kind and a slap's milliseconds; ok is
// false for a value that is no War action.
func decode(a engine.Action) (kind int, ms int, ok bool) {
	kind = int(a & 0xff)
	rest := uint64(a >> 8)
	switch {
	case kind == kindSlap && rest < maxSlapMS:
		return kind, int(rest), true
	case (kind == kindFlip || kind == kindPass) && rest == 0:
		return kind, 0, true
	}
	return 0, 0, false
}

// ActionString writes a in War's notation: flip, pass or slap@MS.
func (s *State) ActionString(a engine.Action) string {
	kind, ms, ok := decode(a)
	switch {
	case !ok:
		return fmt.Sprintf("Action(%d)", uint64(a))
	case kind == kindFlip:
		return "flip"
	case kind == kindPass:
		return "pass"
	}
	return "slap@" + strconv.Itoa(ms)
}

const notationHelp = "write flip, pass, slap (same as slap@0) or slap@MS with MS the milliseconds after the reveal, 0 to 59999"

// ParseAction reads flip, pass, slap or slap@MS (case-insensitive).
func (s *State) ParseAction(seat int, text string) (engine.Action, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	switch t {
	case "flip":
		return Flip, nil
	case "pass":
		return Pass, nil
	case "slap":
		return Slap(0), nil
	}
	if rest, ok := strings.CutPrefix(t, "slap@"); ok {
		ms, err := strconv.Atoi(rest)
		if err == nil && rest[0] >= '0' && rest[0] <= '9' && ms < maxSlapMS {
			return Slap(ms), nil
		}
		return 0, notationErr(engine.Say("war.notation.slap-ms", engine.TextArg("text", strconv.Quote(text)), engine.MsgArg("forms", notationForms)),
			"%q: the milliseconds after slap@ must be a whole number from 0 to 59999; %s", text, notationHelp)
	}
	return 0, notationErr(engine.Say("war.notation.unknown", engine.TextArg("text", strconv.Quote(text)), engine.MsgArg("forms", notationForms)),
		"%q is not a War action; %s", text, notationHelp)
}

// notationForms is notationHelp for people.
var notationForms = engine.Say("war.notation.forms")

// notationErr is a notation refusal: msg for people, "war: " and the
// error's English for programs.
func notationErr(msg engine.Msg, format string, args ...any) error {
	return fmt.Errorf("war: %w", engine.SayErr(engine.ErrNotation, msg, format, args...))
}
