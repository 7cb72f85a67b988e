package table

import (
	"fmt"
	"strings"
	"time"
)

// A Slap War reaction is measured by the table, from when the seat was
// asked to when its answer came back, never taken from what the player
// claims: a program answering "slap@0" after a second slaps a second late
// (docs/war.md; the server measures the same way, docs/protocol.md "Slap
// War and the server's clock"). Bots are the exception: an in-process
// bot answers at once with the reaction time it drew, which stands for
// its speed.

// SlapWindowMS is the length of the Slap War window seat is asked in now
// (0: none: not War, no slaps, or not a slap window for that seat).
func (t *Table) SlapWindowMS(seat int) int {
	if t.game.Name() != "war" {
		return 0
	}
	opts := t.state.Options()
	if opts.Get("slap") == "off" {
		return 0
	}
	for _, a := range t.Legal(seat) {
		if a == "pass" {
			return int(opts.Duration("slap-window") / time.Millisecond)
		}
	}
	return 0
}

// TimedSlap is text with a slap's time replaced by took, the time the
// table measured from the turn to the answer: slap@MS, or pass once the
// window (windowMS, 0: none) has gone by. Anything but a slap is left as
// it is.
func TimedSlap(text string, took time.Duration, windowMS int) string {
	t := strings.ToLower(strings.TrimSpace(text))
	if windowMS <= 0 || (t != "slap" && !strings.HasPrefix(t, "slap@")) {
		return text
	}
	ms := max(0, int(took/time.Millisecond))
	if ms >= windowMS {
		return "pass"
	}
	return fmt.Sprintf("slap@%d", ms)
}
