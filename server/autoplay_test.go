package server

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"cardtable/server/api"
	"cardtable/server/room"
	"cardtable/table"
)

// autoCmd is an auto table command.
func autoCmd(action string, perSecond int, id string) map[string]any {
	return map[string]any{"type": "auto", "action": action, "per_second": perSecond, "id": id}
}

type autoWire struct {
	Action    string `json:"action"`
	PerSecond int    `json:"per_second"`
	Reason    string `json:"reason"`
}

func autoOf(t *testing.T, m wireMsg) autoWire {
	t.Helper()
	var a autoWire
	if err := json.Unmarshal(m.Raw, &a); err != nil {
		t.Fatal(err)
	}
	return a
}

// One auto command plays a whole War game against a bot: the person sends
// one command, the seat's flips come from the server, and auto-play says
// it stopped at the end. The bot delay is 2 s: only the bot's first move,
// decided before auto-play started, waits for it; the others are at once
// (60 battles at the delay would outlast the test's guard of 20 s).
func TestAutoPlaysWarToTheEnd(t *testing.T) {
	ts := newTestServer(t, nil, Config{BotDelay: 2 * time.Second})
	tb := ts.create(api.CreateRequest{Game: "war", Name: "ann", Options: map[string]string{"max-battles": "60"}})
	c := ts.dial(tb.ID, tb.Token)
	c.until("turn")
	c.send(autoCmd("flip", 0, "a1"))
	on := c.until("auto")
	if a := autoOf(t, on); a.Action != "flip" || a.PerSecond != table.MaxAutoPerSecond {
		t.Fatalf("auto started as %s", on.Raw)
	}
	flips := 0
	var end wireMsg
	for end.Type == "" {
		m := c.next()
		switch m.Type {
		case "event":
			if m.Actor != nil && *m.Actor == 0 {
				flips++
			}
		case "end":
			end = m
		case "error":
			t.Fatalf("error: %s", m.Raw)
		}
	}
	if flips < 2 || end.Result == nil || !end.Result.Over {
		t.Fatalf("auto-play flipped %d times and ended %s", flips, end.Raw)
	}
	off := c.until("auto")
	if a := autoOf(t, off); a.Action != "" || a.Reason != "the game is over" {
		t.Errorf("after the end auto-play says %s", off.Raw)
	}
}

// Auto-play is refused where it would act for a person among people, to a
// spectator, for a slap, and with a pace out of bounds; nothing changes.
func TestAutoRefused(t *testing.T) {
	ts := newTestServer(t, nil, Config{BotDelay: time.Hour})
	two := ts.create(api.CreateRequest{Game: "war", Name: "ann", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	c := ts.dial(two.ID, two.Token)
	c.until("turn")
	c.send(autoCmd("flip", 3, "a1"))
	if m := c.until("error"); m.Code != room.CodeNotAllowed || !strings.Contains(m.Text, "seat 2") || m.ID != "a1" {
		t.Errorf("auto with a free seat for a person: %s", m.Raw)
	}
	spec := ts.dial(two.ID, "")
	spec.until("seats")
	spec.send(autoCmd("flip", 3, "s1"))
	if m := spec.until("error"); m.Code != room.CodeSpectator {
		t.Errorf("auto by a spectator: %s", m.Raw)
	}

	slap := ts.create(api.CreateRequest{Game: "war", Name: "ann", Options: map[string]string{"slap": "5"}})
	s := ts.dial(slap.ID, slap.Token)
	s.until("turn")
	s.send(autoCmd("slap", 0, "a2"))
	if m := s.until("error"); m.Code != table.CodeIllegal || m.ID != "a2" {
		t.Errorf("auto slap: %s", m.Raw)
	}
	s.send(autoCmd("flip", table.MaxAutoPerSecond+1, "a3"))
	if m := s.until("error"); m.Code != table.CodeBadMessage || !strings.Contains(m.Text, "per_second") {
		t.Errorf("auto at %d a second: %s", table.MaxAutoPerSecond+1, m.Raw)
	}
	s.send(autoCmd("fly", 0, "a4"))
	if m := s.until("error"); m.Code != table.CodeNotation {
		t.Errorf("auto fly: %s", m.Raw)
	}
	s.send(cmd("flip", 0, "f1"))
	if m := s.until("sealed"); m.Version != 0 || m.ID != "f1" {
		t.Errorf("after the refusals the table is not where it was: %s", m.Raw)
	}
}

// In Slap War auto-play flips for the seat but leaves every slap window to
// the person: the window waits for their answer, and the flips go on after
// it. A command without an action stops it.
func TestAutoWaitsInSlapWindow(t *testing.T) {
	ts := newTestServer(t, nil, Config{BotDelay: 2 * time.Second})
	tb := ts.create(api.CreateRequest{Game: "war", Name: "ann", Options: map[string]string{"slap": "5", "slap-window": "1m"},
		Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "bot", Bot: "random"}}})
	c := ts.dial(tb.ID, tb.Token)
	c.until("turn")
	c.send(autoCmd("flip", 0, "a1"))
	c.until("auto")
	// The first window the seat must answer: the server played nothing
	// for it, so the turn offers the window's answers.
	win := c.until("turn", func(m wireMsg) bool { return strings.Contains(string(m.Raw), `"pass"`) })
	c.send(cmd("pass", win.Version, "p1"))
	// The pass is acknowledged by its event when it closes the window (the
	// bot answered first), else sealed until the bot answers.
	for m := c.next(); (m.Type != "event" && m.Type != "sealed") || m.ID != "p1"; m = c.next() {
	}
	// Auto-play goes on after the window: a flip of seat 0 the server
	// played (no correlation id).
	c.until("event", func(m wireMsg) bool { return m.Actor != nil && *m.Actor == 0 && m.Action == "flip" && m.ID == "" })
	c.send(autoCmd("", 0, "off"))
	off := c.until("auto")
	if a := autoOf(t, off); a.Action != "" || a.Reason != "you turned it off" {
		t.Errorf("stopping auto-play: %s", off.Raw)
	}
}
