package room_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/room"
	"cardtable/server/servertest"
	"cardtable/table"
)

// twoSeats makes a Regicide table for two people and returns it with the
// second seat's token.
func twoSeats(t *testing.T, ts *servertest.Server, game string) (api.Created, string) {
	t.Helper()
	resp := ts.Create(api.CreateRequest{Game: game, Name: "ann", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	var claim struct{ Token string }
	if code := ts.Do("POST", "/api/tables/"+resp.ID+"/seats/1/claim", `{"name":"bob"}`, &claim); code != 200 {
		t.Fatalf("claim: %d", code)
	}
	return resp, claim.Token
}

// A seat connects to hello, seats and its turn; legal, illegal, stale,
// malformed, other-seat and spectator commands are answered with events
// or errors with codes, and a refused command changes nothing.
func TestCommands(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	tb, bob := twoSeats(t, ts, "regicide")
	ann := ts.Dial(tb.ID, tb.Token)
	hello := ann.Next()
	if hello.Type != "hello" || hello.Seat != 0 || hello.Version != 0 || hello.Game != "regicide" {
		t.Fatalf("first message: %s", hello.Raw)
	}
	seats := ann.Until("seats")
	if !strings.Contains(string(seats.Seats), `"name":"bob"`) || !strings.Contains(string(seats.Seats), `"connected":true`) {
		t.Errorf("seats: %s", seats.Raw)
	}
	b := ts.Dial(tb.ID, bob)
	b.Until("hello")
	spec := ts.Dial(tb.ID, "")
	if m := spec.Until("hello"); m.Seat != -1 || strings.Contains(string(m.View), `"hand"`) {
		t.Fatalf("spectator hello: %s", m.Raw)
	}
	// Whoever is to move; the game picks the first player.
	var mover, other *servertest.Client
	var turn servertest.Msg
	first := decodeView(t, hello.View)["current"].(float64)
	if first == 0 {
		mover, other = ann, b
	} else {
		mover, other = b, ann
	}
	turn = mover.Until("turn")
	before := turn.Version
	refusals(t, mover, other, spec, turn)
	mover.Send(map[string]any{"type": "hint", "action": turn.Legal[0], "id": "h"})
	if h := mover.Until("hint"); h.Hint == "" || h.ID != "h" {
		t.Errorf("hint: %s", h.Raw)
	}
	if version(t, ts, tb.ID) != before {
		t.Fatal("refused commands changed the table")
	}
	mover.Send(servertest.Cmd(turn.Legal[0], 0, "go"))
	ev := mover.Until("event")
	if ev.Version != 1 || ev.ID != "go" || ev.Action != turn.Legal[0] || *ev.Actor != turn.Seat {
		t.Errorf("actor's event: %s", ev.Raw)
	}
	if ev := other.Until("event"); ev.Version != 1 || ev.ID != "" || strings.Contains(string(ev.View), `"hand":`) && decodeView(t, ev.View)["seat"].(float64) != float64(ev.Seat) {
		t.Errorf("other's event: %s", ev.Raw)
	}
	if ev := spec.Until("event"); ev.Seat != -1 || strings.Contains(string(ev.View), `"hand":`) {
		t.Errorf("spectator's event: %s", ev.Raw)
	}
	// A double click: the same command again is stale.
	mover.Send(servertest.Cmd(turn.Legal[0], 0, "again"))
	if e := mover.Until("error"); e.Code != table.CodeStale {
		t.Errorf("repeated command: %s", e.Raw)
	}
	if acts, _ := ts.St.Actions(t.Context(), tb.ID); len(acts) != 1 {
		t.Errorf("stored actions: %+v", acts)
	}
}

// refusals sends commands that must be refused and checks their codes.
func refusals(t *testing.T, mover, other, spec *servertest.Client, turn servertest.Msg) {
	for _, tc := range []struct {
		c    *servertest.Client
		send any
		code string
	}{
		{mover, `{"action":`, table.CodeBadMessage},
		{mover, `{"action":"yield"}`, table.CodeBadMessage},
		{mover, `{"action":"yield","version":0,"seat":1}`, table.CodeBadMessage},
		{mover, `{"type":"undo","action":"x","version":0}`, table.CodeBadMessage},
		{mover, servertest.Cmd("dance", 0, "n1"), table.CodeNotation},
		{mover, servertest.Cmd("play 2C 2D 2H 2S", 0, "n2"), table.CodeIllegal},
		{mover, servertest.Cmd(turn.Legal[0], 7, "n3"), table.CodeStale},
		{other, servertest.Cmd(turn.Legal[0], 0, "n4"), table.CodeNotYourTurn},
		{spec, servertest.Cmd(turn.Legal[0], 0, "n5"), room.CodeSpectator},
		{spec, `{"type":"hint","action":"yield"}`, room.CodeSpectator},
		{mover, `{"action":"yield","version":0,"id":"` + strings.Repeat("x", 65) + `"}`, table.CodeBadMessage},
	} {
		tc.c.Send(tc.send)
		e := tc.c.Until("error")
		if e.Code != tc.code || e.Text == "" {
			t.Errorf("%v: %s; want code %s", tc.send, e.Raw, tc.code)
		}
		if id := idOf(tc.send); id != "" && e.ID != id {
			t.Errorf("%v: error id %q", tc.send, e.ID)
		}
	}
}

func idOf(v any) string {
	if c, ok := v.(table.Command); ok {
		return c.ID
	}
	return ""
}

func decodeView(t *testing.T, raw json.RawMessage) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("view %s: %v", raw, err)
	}
	return v
}

// version is the table's version as the room has it: the version of the
// hello a spectator joining now gets.
func version(t *testing.T, ts *servertest.Server, id string) int {
	t.Helper()
	c := ts.Dial(id, "")
	defer c.Conn.CloseNow()
	return c.Until("hello").Version
}

// A wrong token is refused before the upgrade; a reload returns to the
// same seat with a fresh snapshot (and its turn).
func TestReconnect(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	tb := ts.Create(api.CreateRequest{Game: "war", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	if _, err := ts.TryDial(tb.ID, "not-a-token"); err == nil || !strings.Contains(err.Error(), "403") {
		t.Fatalf("dial with a wrong token: %v", err)
	}
	if _, err := ts.TryDial("nosuchtable", ""); err == nil || !strings.Contains(err.Error(), "404") {
		t.Fatalf("dial to no table: %v", err)
	}
	c := ts.Dial(tb.ID, tb.Token)
	turn := c.Until("turn")
	c.Send(servertest.Cmd("flip", turn.Version, "f"))
	c.Until("sealed")
	c.Conn.CloseNow()
	c2 := ts.Dial(tb.ID, tb.Token)
	hello := c2.Next()
	if hello.Type != "hello" || hello.Seat != 0 || hello.Version != 0 {
		t.Fatalf("snapshot after reconnect: %s", hello.Raw)
	}
	// The flip is sealed until seat 2 flips too, but not from its own
	// seat: its view has it.
	if v := decodeView(t, hello.View); len(v["to_flip"].([]any)) != 1 {
		t.Errorf("the snapshot lost the flip: %s", hello.View)
	}
	c2.Send(servertest.Cmd("flip", 0, "f2"))
	if e := c2.Until("error"); e.Code != table.CodeNotYourTurn {
		t.Errorf("flipping twice: %s", e.Raw)
	}
}

// A person plays War against a bot to the end; the record and the replay
// open only then, and the record replays.
func TestBotGame(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{Limits: server.Limits{ConnRate: 1e6, ConnBurst: 1000, AddrRate: 1e6, AddrBurst: 1000}})
	tb := ts.Create(api.CreateRequest{Game: "war", Name: "ann", Options: map[string]string{"max-battles": "40"}})
	var e servertest.APIError
	if code := ts.Do("GET", "/api/tables/"+tb.ID+"/record", nil, &e); code != http.StatusConflict || e.Code != "not-finished" {
		t.Fatalf("record of a game in progress: %d %+v", code, e)
	}
	if code := ts.Do("GET", "/api/tables/"+tb.ID+"/replay/0", nil, &e); code != http.StatusConflict {
		t.Fatalf("replay of a game in progress: %d", code)
	}
	c := ts.Dial(tb.ID, tb.Token)
	var end servertest.Msg
	for end.Type == "" {
		m := c.Next()
		switch m.Type {
		case "turn":
			c.Send(servertest.Cmd(m.Legal[0], m.Version, ""))
		case "end":
			end = m
		case "error":
			if m.Code != table.CodeStale && m.Code != table.CodeNotYourTurn {
				t.Fatalf("error: %s", m.Raw)
			}
		}
	}
	if end.Result == nil || !end.Result.Over {
		t.Fatalf("end: %s", end.Raw)
	}
	var rep api.Replay
	if code := ts.Do("GET", "/api/tables/"+tb.ID+"/replay", nil, &rep); code != 200 || rep.Steps != end.Version || rep.Result == nil {
		t.Fatalf("replay: %d %+v", code, rep)
	}
	var step api.Step
	if code := ts.Do("GET", "/api/tables/"+tb.ID+"/replay/3", nil, &struct{ Step *int }{&step.Step}); code != 200 || step.Step != 3 {
		t.Errorf("replay step: %d", code)
	}
	req, _ := http.NewRequest("GET", ts.HTTP.URL+"/api/tables/"+tb.ID+"/record", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") {
		t.Errorf("record served as %q", resp.Header.Get("Content-Disposition"))
	}
	if _, _, err := servertest.ReplayBody(resp); err != nil {
		t.Errorf("the record does not replay: %v", err)
	}
}

// A seat the creator hands to a bot is played by the bot from then on.
func TestHandedSeatIsPlayed(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	tb := ts.Create(api.CreateRequest{Game: "war", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	c := ts.Dial(tb.ID, tb.Token)
	turn := c.Until("turn")
	if code := ts.Do("POST", "/api/tables/"+tb.ID+"/seats/1/bot", map[string]string{"creator_token": tb.CreatorToken, "bot": "random"}, nil); code != 200 {
		t.Fatalf("bot seat: %d", code)
	}
	if m := c.Until("seats"); !strings.Contains(string(m.Seats), `"name":"random (seat 2)","kind":"bot"`) {
		t.Errorf("seats after the handover: %s", m.Raw)
	}
	c.Send(servertest.Cmd("flip", turn.Version, ""))
	if ev := c.Until("event", func(m servertest.Msg) bool { return *m.Actor == 1 }); ev.Action != "flip" {
		t.Fatalf("the bot's move: %s", ev.Raw)
	}
}
