package room_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/room"
	"cardtable/server/servertest"
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

func autoOf(t *testing.T, m servertest.Msg) autoWire {
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
	ts := servertest.New(t, nil, server.Config{BotDelay: 2 * time.Second})
	tb := ts.Create(api.CreateRequest{Game: "war", Name: "ann", Options: map[string]string{"max-battles": "60"}})
	c := ts.Dial(tb.ID, tb.Token)
	c.Until("turn")
	c.Send(autoCmd("flip", 0, "a1"))
	on := c.Until("auto")
	if a := autoOf(t, on); a.Action != "flip" || a.PerSecond != table.MaxAutoPerSecond {
		t.Fatalf("auto started as %s", on.Raw)
	}
	flips := 0
	var end servertest.Msg
	for end.Type == "" {
		m := c.Next()
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
	off := c.Until("auto")
	if a := autoOf(t, off); a.Action != "" || a.Reason != "the game is over" {
		t.Errorf("after the end auto-play says %s", off.Raw)
	}
}

// Auto-play is refused where it would act for a person among people, to a
// spectator, for a slap, and with a pace out of bounds; nothing changes.
func TestAutoRefused(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{BotDelay: time.Hour})
	two := ts.Create(api.CreateRequest{Game: "war", Name: "ann", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	c := ts.Dial(two.ID, two.Token)
	c.Until("turn")
	c.Send(autoCmd("flip", 3, "a1"))
	if m := c.Until("error"); m.Code != room.CodeNotAllowed || !strings.Contains(m.Text, "seat 2") || m.ID != "a1" {
		t.Errorf("auto with a free seat for a person: %s", m.Raw)
	}
	spec := ts.Dial(two.ID, "")
	spec.Until("seats")
	spec.Send(autoCmd("flip", 3, "s1"))
	if m := spec.Until("error"); m.Code != room.CodeSpectator {
		t.Errorf("auto by a spectator: %s", m.Raw)
	}

	slap := ts.Create(api.CreateRequest{Game: "war", Name: "ann", Options: map[string]string{"slap": "5"}})
	s := ts.Dial(slap.ID, slap.Token)
	s.Until("turn")
	s.Send(autoCmd("slap", 0, "a2"))
	if m := s.Until("error"); m.Code != table.CodeIllegal || m.ID != "a2" {
		t.Errorf("auto slap: %s", m.Raw)
	}
	s.Send(autoCmd("flip", table.MaxAutoPerSecond+1, "a3"))
	if m := s.Until("error"); m.Code != table.CodeBadMessage || !strings.Contains(m.Text, "per_second") {
		t.Errorf("auto at %d a second: %s", table.MaxAutoPerSecond+1, m.Raw)
	}
	s.Send(autoCmd("fly", 0, "a4"))
	if m := s.Until("error"); m.Code != table.CodeNotation {
		t.Errorf("auto fly: %s", m.Raw)
	}
	s.Send(servertest.Cmd("flip", 0, "f1"))
	if m := s.Until("sealed"); m.Version != 0 || m.ID != "f1" {
		t.Errorf("after the refusals the table is not where it was: %s", m.Raw)
	}
}

// In Slap War auto-play flips for the seat but leaves every slap window to
// the person: the window waits for their answer, and the flips go on after
// it. A command without an action stops it.
func TestAutoWaitsInSlapWindow(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{BotDelay: 2 * time.Second})
	tb := ts.Create(api.CreateRequest{Game: "war", Name: "ann", Options: map[string]string{"slap": "5", "slap-window": "1m"},
		Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "bot", Bot: "random"}}})
	c := ts.Dial(tb.ID, tb.Token)
	c.Until("turn")
	c.Send(autoCmd("flip", 0, "a1"))
	c.Until("auto")
	// The first window the seat must answer: the server played nothing
	// for it, so the turn offers the window's answers.
	win := c.Until("turn", func(m servertest.Msg) bool { return strings.Contains(string(m.Raw), `"pass"`) })
	c.Send(servertest.Cmd("pass", win.Version, "p1"))
	// The pass is acknowledged by its event when it closes the window (the
	// bot answered first), else sealed until the bot answers.
	for m := c.Next(); (m.Type != "event" && m.Type != "sealed") || m.ID != "p1"; m = c.Next() {
	}
	// Auto-play goes on after the window: a flip of seat 0 the server
	// played (no correlation id).
	c.Until("event", func(m servertest.Msg) bool {
		return m.Actor != nil && *m.Actor == 0 && m.Action == "flip" && m.ID == ""
	})
	c.Send(autoCmd("", 0, "off"))
	off := c.Until("auto")
	if a := autoOf(t, off); a.Action != "" || a.Reason != "you turned it off" {
		t.Errorf("stopping auto-play: %s", off.Raw)
	}
}
