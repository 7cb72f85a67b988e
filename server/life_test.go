package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"cardtable/record"
	"cardtable/server/api"
	"cardtable/server/room"
	"cardtable/server/testclock"
	"cardtable/store"
	"cardtable/table"
)

// lifeStart is where the tests' clocks stand at first.
var lifeStart = time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)

// lifeServer is a test server over st (nil: memory) on a clock moved by
// hand.
func lifeServer(t *testing.T, st store.Store, clk *testclock.Clock) *testServer {
	t.Helper()
	return newTestServer(t, st, Config{Clock: clk, BotDelay: 0, Limits: Limits{ConnRate: 1e6, ConnBurst: 1000}})
}

var peopleNames = []string{"ann", "bob", "cy", "dee"}

// people creates a table of game for n people (ann, bob, cy, dee) with
// the options and settings given, claims every seat and returns it with
// the tokens by seat.
func people(t *testing.T, ts *testServer, game string, n int, opts, settings map[string]string) (api.Created, []string) {
	t.Helper()
	seats := make([]api.SeatRequest, n)
	for i := range seats {
		seats[i] = api.SeatRequest{Kind: "human"}
	}
	tb := ts.create(api.CreateRequest{Game: game, Name: "ann", Options: opts, Seats: seats, Settings: settings})
	tokens := []string{tb.Token}
	for i := 1; i < n; i++ {
		var cl struct{ Token string }
		if code := ts.do("POST", fmt.Sprintf("/api/tables/%s/seats/%d/claim", tb.ID, i), map[string]string{"name": peopleNames[i]}, &cl); code != 200 {
			t.Fatalf("claim seat %d: %d", i, code)
		}
		tokens = append(tokens, cl.Token)
	}
	return tb, tokens
}

// as decodes a message's whole JSON into a T.
func as[T any](t *testing.T, m wireMsg) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(m.Raw, &v); err != nil {
		t.Fatalf("%s: %v", m.Raw, err)
	}
	return v
}

// joined dials table id with token and reads its snapshot (up to the chat
// history, which always comes last), returning the turn if it had one.
func joined(t *testing.T, ts *testServer, id, token string) (*wsClient, *wireMsg) {
	t.Helper()
	c := ts.dial(id, token)
	var turn *wireMsg
	for {
		m := c.next()
		if m.Type == "turn" {
			turn = &m
		}
		if m.Type == "chat" {
			return c, turn
		}
	}
}

// tableCmd sends a table command.
func tableCmd(c *wsClient, typ, id string) {
	c.send(map[string]string{"type": typ, "id": id})
}

// refused waits for the error answering command id and checks its code.
func refused(t *testing.T, c *wsClient, id, code string) wireMsg {
	t.Helper()
	e := c.until("error", func(m wireMsg) bool { return m.ID == id })
	if e.Code != code {
		t.Fatalf("command %s: %s; want code %s", id, e.Raw, code)
	}
	return e
}

// kindOf reads a notice's kind.
func notice(t *testing.T, c *wsClient, kind string) room.NoticeMessage {
	t.Helper()
	return as[room.NoticeMessage](t, c.until("notice", func(m wireMsg) bool { return as[room.NoticeMessage](t, m).Kind == kind }))
}

// stored lists table id's stored event kinds.
func storedKinds(t *testing.T, ts *testServer, id string) []string {
	t.Helper()
	evs, err := ts.st.Events(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range evs {
		out = append(out, e.Kind)
	}
	return out
}

// flipBoth plays one War battle for two connected seats.
func flipBoth(t *testing.T, a, b *wsClient) {
	t.Helper()
	// The flips are a simultaneous window: both answer, then both see them.
	turns := map[*wsClient]wireMsg{}
	for _, c := range []*wsClient{a, b} {
		turns[c] = c.until("turn")
		c.send(cmd("flip", turns[c].Version, ""))
	}
	for _, c := range []*wsClient{a, b} {
		c.until("event", func(m wireMsg) bool { return m.Version > turns[c].Version })
	}
}

// Resigning a two-seat game ends it: the other seat wins, everyone gets
// the end with end "resigned", the stored result and the record say so
// and the record replays; nothing more is taken. Spectators cannot resign;
// Regicide, played together, takes no resignation.
func TestResignTwoSeats(t *testing.T) {
	ts := lifeServer(t, nil, testclock.New(lifeStart))
	tb, tok := people(t, ts, "war", 2, nil, nil)
	ann, bob, spec := ts.dial(tb.ID, tok[0]), ts.dial(tb.ID, tok[1]), ts.dial(tb.ID, "")
	flipBoth(t, ann, bob)
	tableCmd(spec, "resign", "s1")
	refused(t, spec, "s1", room.CodeSpectator)
	tableCmd(bob, "resign", "r1")
	for _, c := range []*wsClient{ann, bob, spec} {
		end := c.until("end")
		if r := end.Result; r == nil || r.End != record.EndResigned || len(r.Winners) != 1 || r.Winners[0] != 0 || r.Detail != "bob resigned" {
			t.Fatalf("end after bob resigned: %s", end.Raw)
		}
	}
	tableCmd(ann, "resign", "r2")
	refused(t, ann, "r2", table.CodeGameOver)
	hdr, err := ts.st.Table(t.Context(), tb.ID)
	if err != nil || hdr.Result == nil || hdr.Result.End != record.EndResigned {
		t.Fatalf("stored result %+v, %v", hdr.Result, err)
	}
	resp, err := http.Get(ts.http.URL + "/api/tables/" + tb.ID + "/record")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if _, _, err := replayBody(resp); err != nil {
		t.Errorf("the resigned game's record does not replay: %v", err)
	}

	reg, rtok := people(t, ts, "regicide", 2, nil, nil)
	c := ts.dial(reg.ID, rtok[0])
	tableCmd(c, "resign", "r3")
	refused(t, c, "r3", room.CodeNotAllowed)
}

// Resigning a table of three or more hands the seat to the game's default
// bot for good (the others play on): the seats say a bot plays it, the
// person cannot take it back, and the event says why.
func TestResignThreeSeats(t *testing.T) {
	ts := lifeServer(t, nil, testclock.New(lifeStart))
	tb, tok := people(t, ts, "watchtower", 3, nil, nil)
	cy := ts.dial(tb.ID, tok[2])
	tableCmd(cy, "resign", "r")
	seats := cy.until("seats", func(m wireMsg) bool { return strings.Contains(string(m.Seats), `"taken_over":true`) })
	if !strings.Contains(string(seats.Seats), `"name":"cy","kind":"bot","bot":"heuristic"`) {
		t.Errorf("seats: %s", seats.Seats)
	}
	if n := notice(t, cy, room.EventTakeover); n.About != 2 || !strings.Contains(n.Text, "plays on for cy (resigned)") {
		t.Errorf("notice: %+v", n)
	}
	tableCmd(cy, "take-back", "b")
	refused(t, cy, "b", room.CodeNotAllowed)
	tableCmd(cy, "resign", "r2")
	refused(t, cy, "r2", room.CodeNotAllowed)
	if k := storedKinds(t, ts, tb.ID); len(k) != 1 || k[0] != room.EventTakeover {
		t.Errorf("stored events %v", k)
	}
}

// An abort is taken while only the first seat to move has moved: the game
// is void (nobody wins, returns 0, end "aborted"). Once a second seat has
// moved it is refused; so is an abort of a solo game after its first
// move.
func TestAbort(t *testing.T) {
	ts := lifeServer(t, nil, testclock.New(lifeStart))
	tb, tok := people(t, ts, "war", 2, nil, nil)
	ann := ts.dial(tb.ID, tok[0])
	turn := ann.until("turn")
	ann.send(cmd("flip", turn.Version, ""))
	ann.until("sealed")
	tableCmd(ann, "abort", "a")
	end := ann.until("end")
	if r := end.Result; r == nil || r.End != record.EndAborted || len(r.Winners) != 0 || r.Returns[0] != 0 || r.Returns[1] != 0 {
		t.Fatalf("aborted: %s", end.Raw)
	}

	tb2, tok2 := people(t, ts, "war", 2, nil, nil)
	a, b := ts.dial(tb2.ID, tok2[0]), ts.dial(tb2.ID, tok2[1])
	flipBoth(t, a, b)
	tableCmd(b, "abort", "a2")
	if e := refused(t, b, "a2", room.CodeNotAllowed); !strings.Contains(e.Text, "resign") {
		t.Errorf("refusal %s", e.Raw)
	}

	solo := ts.create(api.CreateRequest{Game: "regicide", Name: "ann"})
	s := ts.dial(solo.ID, solo.Token)
	turn = s.until("turn")
	s.send(cmd(turn.Legal[0], turn.Version, ""))
	s.until("event")
	tableCmd(s, "abort", "a3")
	refused(t, s, "a3", room.CodeNotAllowed)
}

// A person leaves the seat to a bot, which plays it; taking it back stops
// the bot and gives the person the turn.
func TestLeaveAndTakeBack(t *testing.T) {
	ts := lifeServer(t, nil, testclock.New(lifeStart))
	tb, tok := people(t, ts, "war", 2, nil, nil)
	ann, bob := ts.dial(tb.ID, tok[0]), ts.dial(tb.ID, tok[1])
	tableCmd(bob, "leave", "l")
	notice(t, bob, room.EventTakeover)
	for range 3 {
		turn := ann.until("turn")
		ann.send(cmd("flip", turn.Version, ""))
		ann.until("event", func(m wireMsg) bool { return *m.Actor == 1 })
	}
	tableCmd(bob, "leave", "l2")
	refused(t, bob, "l2", room.CodeNotAllowed)
	tableCmd(bob, "take-back", "b")
	bob.until("seats", func(m wireMsg) bool { return strings.Contains(string(m.Seats), `"name":"bob","kind":"human"`) })
	notice(t, bob, room.EventTakeback)
	turn := ann.until("turn")
	ann.send(cmd("flip", turn.Version, ""))
	// Bob flips for himself: in this window, or (had the bot flipped in it
	// before he took the seat back) in the next; a flip of his is taken as
	// his own, shown to him (sealed until the window closes).
	for taken := false; !taken; {
		bt := bob.until("turn", func(m wireMsg) bool { return m.Version >= turn.Version })
		bob.send(cmd("flip", bt.Version, "mine"))
		m := bob.next()
		for m.ID != "mine" {
			m = bob.next()
		}
		switch {
		case m.Type == "error":
		case (m.Type == "event" || m.Type == "sealed") && *m.Actor == 1:
			taken = true
		default:
			t.Fatalf("bob's own flip: %s", m.Raw)
		}
	}
	if k := storedKinds(t, ts, tb.ID); strings.Join(k, ",") != "takeover,takeback" {
		t.Errorf("stored events %v", k)
	}
}

// The creator may hand a claimed seat to a bot only once its person has
// been away (no connection) for the grace period; never at a
// correspondence table.
func TestCreatorHandsAwaySeat(t *testing.T) {
	clk := testclock.New(lifeStart)
	ts := lifeServer(t, nil, clk)
	tb, tok := people(t, ts, "war", 2, nil, nil)
	ann, bob := ts.dial(tb.ID, tok[0]), ts.dial(tb.ID, tok[1])
	ann.until("turn")
	bot := func() (int, apiErr) {
		var e apiErr
		code := ts.do("POST", "/api/tables/"+tb.ID+"/seats/1/bot", map[string]string{"creator_token": tb.CreatorToken}, &e)
		return code, e
	}
	if code, e := bot(); code != http.StatusConflict || e.Code != "not-away" {
		t.Fatalf("bob connected: %d %+v", code, e)
	}
	bob.conn.CloseNow()
	ann.until("seats", func(m wireMsg) bool {
		return strings.Contains(string(m.Seats), `"name":"bob","kind":"human","claimed":true,"connected":false`)
	})
	clk.Advance(59 * time.Second)
	if code, e := bot(); code != http.StatusConflict || e.Code != "not-away" {
		t.Fatalf("bob away 59 s: %d %+v", code, e)
	}
	clk.Advance(time.Second)
	if code, e := bot(); code != http.StatusOK {
		t.Fatalf("bob away a minute: %d %+v", code, e)
	}
	if n := notice(t, ann, room.EventTakeover); !strings.Contains(n.Text, "plays on for bob (away)") {
		t.Errorf("notice %+v", n)
	}
	// Bob comes back and takes his seat back.
	bob = ts.dial(tb.ID, tok[1])
	tableCmd(bob, "take-back", "b")
	notice(t, bob, room.EventTakeback)

	corr, ctok := people(t, ts, "war", 2, nil, map[string]string{"pace": "correspondence", "move": "1d"})
	_ = ctok
	clk.Advance(time.Hour)
	var e apiErr
	if code := ts.do("POST", "/api/tables/"+corr.ID+"/seats/1/bot", map[string]string{"creator_token": corr.CreatorToken}, &e); code != http.StatusConflict || e.Code != room.CodeNotAllowed {
		t.Errorf("a correspondence seat handed over: %d %+v", code, e)
	}
}

// Draw offers (Watchtower): an offer is seen by everyone; a decline ends
// it; the same seat may offer again only drawGap actions later; an offer
// lapses when another seat moves; an accepted offer ends the game drawn.
// War takes none, and bots agree to none.
func TestDrawOffers(t *testing.T) {
	ts := lifeServer(t, nil, testclock.New(lifeStart))
	tb, tok := people(t, ts, "watchtower", 2, nil, nil)
	ann, bob, spec := ts.dial(tb.ID, tok[0]), ts.dial(tb.ID, tok[1]), ts.dial(tb.ID, "")
	open := func(c *wsClient, want bool) room.DrawMessage {
		t.Helper()
		return as[room.DrawMessage](t, c.until("draw", func(m wireMsg) bool { return as[room.DrawMessage](t, m).Open == want }))
	}
	tableCmd(bob, "draw-decline", "d0")
	refused(t, bob, "d0", room.CodeNotAllowed)
	tableCmd(ann, "draw", "d1")
	if d := open(spec, true); d.From != 0 || len(d.Waiting) != 1 || d.Waiting[0] != 1 {
		t.Errorf("offer: %+v", d)
	}
	tableCmd(ann, "draw", "d2")
	refused(t, ann, "d2", room.CodeNotAllowed)
	tableCmd(bob, "draw-decline", "d3")
	open(ann, false)
	tableCmd(ann, "draw", "d4")
	if e := refused(t, ann, "d4", room.CodeNotAllowed); !strings.Contains(e.Text, "after 10 actions") {
		t.Errorf("a second offer at once: %s", e.Raw)
	}
	// Bob offers; whoever moves next, if it is ann, lets it lapse.
	tableCmd(bob, "draw", "d5")
	open(ann, true)
	tableCmd(ann, "draw", "d6")
	if end := spec.until("end"); end.Result == nil || end.Result.End != record.EndAgreedDraw || len(end.Result.Winners) != 0 {
		t.Fatalf("accepted draw: %s", end.Raw)
	}

	tb2, tok2 := people(t, ts, "watchtower", 2, nil, nil)
	a, at := joined(t, ts, tb2.ID, tok2[0])
	b, bt := joined(t, ts, tb2.ID, tok2[1])
	// The seat not to move offers; the mover's move lapses the offer.
	mover, asked, turn := a, b, at
	if bt != nil {
		mover, asked, turn = b, a, bt
	}
	tableCmd(asked, "draw", "o")
	open(mover, true)
	mover.send(cmd(turn.Legal[len(turn.Legal)-1], turn.Version, ""))
	open(mover, false)

	w, wtok := people(t, ts, "war", 2, nil, nil)
	wc := ts.dial(w.ID, wtok[0])
	tableCmd(wc, "draw", "w")
	refused(t, wc, "w", room.CodeNotAllowed)
	vb := ts.create(api.CreateRequest{Game: "watchtower", Name: "ann"})
	vc := ts.dial(vb.ID, vb.Token)
	tableCmd(vc, "draw", "v")
	if e := refused(t, vc, "v", room.CodeNotAllowed); !strings.Contains(e.Text, "bots do not agree") {
		t.Errorf("offer to a bot: %s", e.Raw)
	}
}

// The end says what happened at the table besides the game: who a bot
// played on for, and why — also to a page joining after the end, and
// after a restart (rebuilt from the events).
func TestEndNotes(t *testing.T) {
	ts := lifeServer(t, nil, testclock.New(lifeStart))
	tb, tok := people(t, ts, "war", 2, map[string]string{"max-battles": "6"}, nil)
	ann, bob := ts.dial(tb.ID, tok[0]), ts.dial(tb.ID, tok[1])
	tableCmd(bob, "leave", "l")
	var end wireMsg
	for end.Type == "" {
		m := ann.next()
		switch m.Type {
		case "turn":
			ann.send(cmd("flip", m.Version, ""))
		case "end":
			end = m
		}
	}
	want := "bob left the seat; heuristic played on for them"
	for _, m := range []wireMsg{end, ts.dial(tb.ID, "").until("end")} {
		if n := as[struct{ Notes []string }](t, m).Notes; len(n) != 1 || n[0] != want {
			t.Errorf("the end's notes %q, want %q", n, want)
		}
	}
	ts2 := lifeServer(t, ts.st, testclock.New(lifeStart))
	if n := as[struct{ Notes []string }](t, ts2.dial(tb.ID, "").until("end")).Notes; len(n) != 1 || n[0] != want {
		t.Errorf("after a restart the end's notes %q", n)
	}
}
