package room

import (
	"fmt"
	"strings"
	"time"

	"cardtable/table"
)

// slapState is Slap War's: the window open (nil: none) and the game's
// window in milliseconds (0: not Slap War).
type slapState struct {
	open *slapWindow
	ms   int
}

// slapWindow is an open Slap War window: the version it opened at and when
// the room sent the reveal.
type slapWindow struct {
	version int
	at      time.Time
	timer   *time.Timer
}

// isSlap reports whether text is a slap in War's notation (slap, slap@MS).
func isSlap(text string) bool {
	t := strings.ToLower(strings.TrimSpace(text))
	return t == "slap" || strings.HasPrefix(t, "slap@")
}

// slapText is the slap measured d after the reveal: slap@MS, or pass once
// the window has gone by.
func (r *Room) slapText(d time.Duration) string {
	ms := int(d / time.Millisecond)
	if ms < 0 {
		ms = 0
	}
	if ms >= r.slap.ms {
		return "pass"
	}
	return fmt.Sprintf("slap@%d", ms)
}

// watchSlap opens the slap window the table is in (timing it from now),
// or forgets a closed one.
func (r *Room) watchSlap() {
	open := r.slap.ms > 0 && slapPhase(r.t)
	if !open {
		if r.slap.open != nil {
			r.slap.open.timer.Stop()
			r.slap.open = nil
		}
		return
	}
	if r.slap.open != nil {
		return // still the same window
	}
	v := r.t.Version()
	// A grace beyond the window lets a slap measured just inside it
	// arrive before the window is closed for the seats still silent.
	grace := r.slap.ms + 250
	r.slap.open = &slapWindow{version: v, at: time.Now(), timer: time.AfterFunc(time.Duration(grace)*time.Millisecond, func() { r.send(slapExpired{version: v}) })}
}

// slapPhase reports whether a Slap War window is open: a seat to move
// may pass.
func slapPhase(t *table.Table) bool {
	for _, s := range t.ToMove() {
		for _, a := range t.Legal(s) {
			if a == "pass" {
				return true
			}
		}
	}
	return false
}

// slapExpired answers pass for every seat still silent in the window that
// opened at version.
func (r *Room) slapExpired(version int) {
	if r.slap.open == nil || r.slap.open.version != version {
		return
	}
	for r.slap.open != nil && r.slap.open.version == version {
		seat := r.t.ToMove()[0]
		if _, err := r.play(seat, "pass", r.t.Version(), ""); err != nil {
			r.rooms.log.Error("slap window not closed", "table", r.id, "seat", seat, "err", err)
			return
		}
	}
}
