package room_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/record"
	"cardtable/server/api"
	"cardtable/server/room"
	"cardtable/server/servertest"
	"cardtable/server/testclock"
	"cardtable/table"
)

// flipBoth plays one War battle for two connected seats.
func flipBoth(t *testing.T, a, b *servertest.Client) {
	t.Helper()
	// The flips are a simultaneous window: both answer, then both see them.
	turns := map[*servertest.Client]servertest.Msg{}
	for _, c := range []*servertest.Client{a, b} {
		turns[c] = c.Until("turn")
		c.Send(servertest.Cmd("flip", turns[c].Version, ""))
	}
	for _, c := range []*servertest.Client{a, b} {
		c.Until("event", func(m servertest.Msg) bool { return m.Version > turns[c].Version })
	}
}

// Resigning a two-seat game ends it: the other seat wins, everyone gets
// the end with end "resigned", the stored result and the record say so
// and the record replays; nothing more is taken. Spectators cannot resign;
// Regicide, played together, takes no resignation.
func TestResignTwoSeats(t *testing.T) {
	ts := servertest.LifeServer(t, nil, testclock.New(servertest.LifeStart))
	tb, tok := servertest.People(t, ts, "war", 2, nil, nil)
	ann, bob, spec := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, tok[1]), ts.Dial(tb.ID, "")
	flipBoth(t, ann, bob)
	servertest.TableCmd(spec, "resign", "s1")
	servertest.Refused(t, spec, "s1", room.CodeSpectator)
	servertest.TableCmd(bob, "resign", "r1")
	for _, c := range []*servertest.Client{ann, bob, spec} {
		end := c.Until("end")
		if r := end.Result; r == nil || r.End != record.EndResigned || len(r.Winners) != 1 || r.Winners[0] != 0 || r.Detail != "bob resigned" {
			t.Fatalf("end after bob resigned: %s", end.Raw)
		}
	}
	servertest.TableCmd(ann, "resign", "r2")
	servertest.Refused(t, ann, "r2", table.CodeGameOver)
	hdr, err := ts.St.Table(t.Context(), tb.ID)
	if err != nil || hdr.Result == nil || hdr.Result.End != record.EndResigned {
		t.Fatalf("stored result %+v, %v", hdr.Result, err)
	}
	resp, err := http.Get(ts.HTTP.URL + "/api/tables/" + tb.ID + "/record")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if _, _, err := servertest.ReplayBody(resp); err != nil {
		t.Errorf("the resigned game's record does not replay: %v", err)
	}

	reg, rtok := servertest.People(t, ts, "regicide", 2, nil, nil)
	c := ts.Dial(reg.ID, rtok[0])
	servertest.TableCmd(c, "resign", "r3")
	servertest.Refused(t, c, "r3", room.CodeNotAllowed)
}

// Resigning a table of three or more hands the seat to the game's default
// bot for good (the others play on): the seats say a bot plays it, the
// person cannot take it back, and the event says why.
func TestResignThreeSeats(t *testing.T) {
	ts := servertest.LifeServer(t, nil, testclock.New(servertest.LifeStart))
	tb, tok := servertest.People(t, ts, "watchtower", 3, nil, nil)
	cy := ts.Dial(tb.ID, tok[2])
	servertest.TableCmd(cy, "resign", "r")
	seats := cy.Until("seats", func(m servertest.Msg) bool { return strings.Contains(string(m.Seats), `"taken_over":true`) })
	if !strings.Contains(string(seats.Seats), `"name":"cy","kind":"bot","bot":"heuristic"`) {
		t.Errorf("seats: %s", seats.Seats)
	}
	if n := servertest.Notice(t, cy, room.EventTakeover); n.About != 2 || !strings.Contains(n.Text, "plays on for cy (resigned)") {
		t.Errorf("notice: %+v", n)
	}
	servertest.TableCmd(cy, "take-back", "b")
	servertest.Refused(t, cy, "b", room.CodeNotAllowed)
	servertest.TableCmd(cy, "resign", "r2")
	servertest.Refused(t, cy, "r2", room.CodeNotAllowed)
	if k := servertest.StoredKinds(t, ts, tb.ID); len(k) != 1 || k[0] != room.EventTakeover {
		t.Errorf("stored events %v", k)
	}
}

// An abort is taken while only the first seat to move has moved: the game
// is void (nobody wins, returns 0, end "aborted"). Once a second seat has
// moved it is refused; so is an abort of a solo game after its first
// move.
func TestAbort(t *testing.T) {
	ts := servertest.LifeServer(t, nil, testclock.New(servertest.LifeStart))
	tb, tok := servertest.People(t, ts, "war", 2, nil, nil)
	ann := ts.Dial(tb.ID, tok[0])
	turn := ann.Until("turn")
	ann.Send(servertest.Cmd("flip", turn.Version, ""))
	ann.Until("sealed")
	servertest.TableCmd(ann, "abort", "a")
	end := ann.Until("end")
	if r := end.Result; r == nil || r.End != record.EndAborted || len(r.Winners) != 0 || r.Returns[0] != 0 || r.Returns[1] != 0 {
		t.Fatalf("aborted: %s", end.Raw)
	}

	tb2, tok2 := servertest.People(t, ts, "war", 2, nil, nil)
	a, b := ts.Dial(tb2.ID, tok2[0]), ts.Dial(tb2.ID, tok2[1])
	flipBoth(t, a, b)
	servertest.TableCmd(b, "abort", "a2")
	if e := servertest.Refused(t, b, "a2", room.CodeNotAllowed); !strings.Contains(e.Text, "resign") {
		t.Errorf("refusal %s", e.Raw)
	}

	solo := ts.Create(api.CreateRequest{Game: "regicide", Name: "ann"})
	s := ts.Dial(solo.ID, solo.Token)
	turn = s.Until("turn")
	s.Send(servertest.Cmd(turn.Legal[0], turn.Version, ""))
	s.Until("event")
	servertest.TableCmd(s, "abort", "a3")
	servertest.Refused(t, s, "a3", room.CodeNotAllowed)
}

// A person leaves the seat to a bot, which plays it; taking it back stops
// the bot and gives the person the turn.
func TestLeaveAndTakeBack(t *testing.T) {
	ts := servertest.LifeServer(t, nil, testclock.New(servertest.LifeStart))
	tb, tok := servertest.People(t, ts, "war", 2, nil, nil)
	ann, bob := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, tok[1])
	servertest.TableCmd(bob, "leave", "l")
	servertest.Notice(t, bob, room.EventTakeover)
	for range 3 {
		turn := ann.Until("turn")
		ann.Send(servertest.Cmd("flip", turn.Version, ""))
		ann.Until("event", func(m servertest.Msg) bool { return *m.Actor == 1 })
	}
	servertest.TableCmd(bob, "leave", "l2")
	servertest.Refused(t, bob, "l2", room.CodeNotAllowed)
	servertest.TableCmd(bob, "take-back", "b")
	bob.Until("seats", func(m servertest.Msg) bool { return strings.Contains(string(m.Seats), `"name":"bob","kind":"human"`) })
	servertest.Notice(t, bob, room.EventTakeback)
	turn := ann.Until("turn")
	ann.Send(servertest.Cmd("flip", turn.Version, ""))
	// Bob flips for himself: in this window, or (had the bot flipped in it
	// before he took the seat back) in the next; a flip of his is taken as
	// his own, shown to him (sealed until the window closes).
	for taken := false; !taken; {
		bt := bob.Until("turn", func(m servertest.Msg) bool { return m.Version >= turn.Version })
		bob.Send(servertest.Cmd("flip", bt.Version, "mine"))
		m := bob.Next()
		for m.ID != "mine" {
			m = bob.Next()
		}
		switch {
		case m.Type == "error":
		case (m.Type == "event" || m.Type == "sealed") && *m.Actor == 1:
			taken = true
		default:
			t.Fatalf("bob's own flip: %s", m.Raw)
		}
	}
	if k := servertest.StoredKinds(t, ts, tb.ID); strings.Join(k, ",") != "takeover,takeback" {
		t.Errorf("stored events %v", k)
	}
}

// The creator may hand a claimed seat to a bot only once its person has
// been away (no connection) for the grace period; never at a
// correspondence table.
func TestCreatorHandsAwaySeat(t *testing.T) {
	clk := testclock.New(servertest.LifeStart)
	ts := servertest.LifeServer(t, nil, clk)
	tb, tok := servertest.People(t, ts, "war", 2, nil, nil)
	ann, bob := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, tok[1])
	ann.Until("turn")
	bot := func() (int, servertest.APIError) {
		var e servertest.APIError
		code := ts.Do("POST", "/api/tables/"+tb.ID+"/seats/1/bot", map[string]string{"creator_token": tb.CreatorToken}, &e)
		return code, e
	}
	if code, e := bot(); code != http.StatusConflict || e.Code != "not-away" {
		t.Fatalf("bob connected: %d %+v", code, e)
	}
	bob.Conn.CloseNow()
	ann.Until("seats", func(m servertest.Msg) bool {
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
	if n := servertest.Notice(t, ann, room.EventTakeover); !strings.Contains(n.Text, "plays on for bob (away)") {
		t.Errorf("notice %+v", n)
	}
	// Bob comes back and takes his seat back.
	bob = ts.Dial(tb.ID, tok[1])
	servertest.TableCmd(bob, "take-back", "b")
	servertest.Notice(t, bob, room.EventTakeback)

	corr, ctok := servertest.People(t, ts, "war", 2, nil, map[string]string{"pace": "correspondence", "move": "1d"})
	_ = ctok
	clk.Advance(time.Hour)
	var e servertest.APIError
	if code := ts.Do("POST", "/api/tables/"+corr.ID+"/seats/1/bot", map[string]string{"creator_token": corr.CreatorToken}, &e); code != http.StatusConflict || e.Code != room.CodeNotAllowed {
		t.Errorf("a correspondence seat handed over: %d %+v", code, e)
	}
}

// Draw offers (Watchtower): an offer is seen by everyone; a decline ends
// it; the same seat may offer again only drawGap actions later; an offer
// lapses when another seat moves; an accepted offer ends the game drawn.
// War takes none, and bots agree to none.
func TestDrawOffers(t *testing.T) {
	ts := servertest.LifeServer(t, nil, testclock.New(servertest.LifeStart))
	tb, tok := servertest.People(t, ts, "watchtower", 2, nil, nil)
	ann, bob, spec := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, tok[1]), ts.Dial(tb.ID, "")
	open := func(c *servertest.Client, want bool) room.DrawMessage {
		t.Helper()
		return servertest.As[room.DrawMessage](t, c.Until("draw", func(m servertest.Msg) bool { return servertest.As[room.DrawMessage](t, m).Open == want }))
	}
	servertest.TableCmd(bob, "draw-decline", "d0")
	servertest.Refused(t, bob, "d0", room.CodeNotAllowed)
	servertest.TableCmd(ann, "draw", "d1")
	if d := open(spec, true); d.From != 0 || len(d.Waiting) != 1 || d.Waiting[0] != 1 {
		t.Errorf("offer: %+v", d)
	}
	servertest.TableCmd(ann, "draw", "d2")
	servertest.Refused(t, ann, "d2", room.CodeNotAllowed)
	servertest.TableCmd(bob, "draw-decline", "d3")
	open(ann, false)
	servertest.TableCmd(ann, "draw", "d4")
	if e := servertest.Refused(t, ann, "d4", room.CodeNotAllowed); !strings.Contains(e.Text, "after 10 actions") {
		t.Errorf("a second offer at once: %s", e.Raw)
	}
	// Bob offers; whoever moves next, if it is ann, lets it lapse.
	servertest.TableCmd(bob, "draw", "d5")
	open(ann, true)
	servertest.TableCmd(ann, "draw", "d6")
	if end := spec.Until("end"); end.Result == nil || end.Result.End != record.EndAgreedDraw || len(end.Result.Winners) != 0 {
		t.Fatalf("accepted draw: %s", end.Raw)
	}

	tb2, tok2 := servertest.People(t, ts, "watchtower", 2, nil, nil)
	a, at := servertest.Joined(t, ts, tb2.ID, tok2[0])
	b, bt := servertest.Joined(t, ts, tb2.ID, tok2[1])
	// The seat not to move offers; the mover's move lapses the offer.
	mover, asked, turn := a, b, at
	if bt != nil {
		mover, asked, turn = b, a, bt
	}
	servertest.TableCmd(asked, "draw", "o")
	open(mover, true)
	mover.Send(servertest.Cmd(turn.Legal[len(turn.Legal)-1], turn.Version, ""))
	open(mover, false)

	w, wtok := servertest.People(t, ts, "war", 2, nil, nil)
	wc := ts.Dial(w.ID, wtok[0])
	servertest.TableCmd(wc, "draw", "w")
	servertest.Refused(t, wc, "w", room.CodeNotAllowed)
	vb := ts.Create(api.CreateRequest{Game: "watchtower", Name: "ann"})
	vc := ts.Dial(vb.ID, vb.Token)
	servertest.TableCmd(vc, "draw", "v")
	if e := servertest.Refused(t, vc, "v", room.CodeNotAllowed); !strings.Contains(e.Text, "bots do not agree") {
		t.Errorf("offer to a bot: %s", e.Raw)
	}
}

// The end says what happened at the table besides the game: who a bot
// played on for, and why — also to a page joining after the end, and
// after a restart (rebuilt from the events).
func TestEndNotes(t *testing.T) {
	ts := servertest.LifeServer(t, nil, testclock.New(servertest.LifeStart))
	tb, tok := servertest.People(t, ts, "war", 2, map[string]string{"max-battles": "6"}, nil)
	ann, bob := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, tok[1])
	servertest.TableCmd(bob, "leave", "l")
	var end servertest.Msg
	for end.Type == "" {
		m := ann.Next()
		switch m.Type {
		case "turn":
			ann.Send(servertest.Cmd("flip", m.Version, ""))
		case "end":
			end = m
		}
	}
	want := "bob left the seat; heuristic played on for them"
	type notes struct {
		Notes     []string
		NotesI18n []engine.Msg `json:"notes_i18n"`
	}
	for _, m := range []servertest.Msg{end, ts.Dial(tb.ID, "").Until("end")} {
		n := servertest.As[notes](t, m)
		if len(n.Notes) != 1 || n.Notes[0] != want {
			t.Errorf("the end's notes %q, want %q", n.Notes, want)
		}
		// Each reader reads the note in their language.
		if len(n.NotesI18n) != 1 || i18n.English.Say(n.NotesI18n[0]) != want ||
			i18n.For("cy").Say(n.NotesI18n[0]) != "gadawodd bob y sedd; chwaraeodd heuristic yn eu lle" {
			t.Errorf("the end's notes as messages %+v", n.NotesI18n)
		}
	}
	ts2 := servertest.LifeServer(t, ts.St, testclock.New(servertest.LifeStart))
	if n := servertest.As[struct{ Notes []string }](t, ts2.Dial(tb.ID, "").Until("end")).Notes; len(n) != 1 || n[0] != want {
		t.Errorf("after a restart the end's notes %q", n)
	}
}
