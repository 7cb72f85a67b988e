package room_test

import (
	"strings"
	"testing"
	"time"

	"cardtable/record"
	"cardtable/server/room"
	"cardtable/server/servertest"
	"cardtable/server/testclock"
	"cardtable/table"
)

// handToBot sends a hand-to-bot command for seat.
func handToBot(c *servertest.Client, seat int, id string) {
	c.Send(map[string]any{"type": table.CommandHandToBot, "seat": seat, "id": id})
}

// Any seated person — not only the creator — may hand a seat whose person
// has been away for the grace to the game's default bot: before it, the
// refusal says how long is left; the seats message carries the grace and
// how long the seat has been away, for the page's countdown. A spectator
// may not, nor may anyone hand over their own seat.
func TestAnySeatHandsAwaySeat(t *testing.T) {
	clk := testclock.New(servertest.LifeStart)
	ts := servertest.LifeServer(t, nil, clk)
	tb, tok := servertest.People(t, ts, "watchtower", 3, nil, nil)
	ann, bob, cy, spec := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, tok[1]), ts.Dial(tb.ID, tok[2]), ts.Dial(tb.ID, "")
	bob.Until("seats")
	handToBot(bob, 2, "h0")
	servertest.Refused(t, bob, "h0", "not-away")
	cy.Conn.CloseNow()
	m := bob.Until("seats", func(m servertest.Msg) bool {
		return strings.Contains(string(m.Seats), `"name":"cy","kind":"human","claimed":true,"connected":false`)
	})
	sm := servertest.As[room.SeatsMessage](t, m)
	if sm.GraceMS != 60000 || sm.Seats[2].AwayMS < 1 || sm.Seats[0].AwayMS != 0 {
		t.Fatalf("the seats with cy away: grace %d, away %+v", sm.GraceMS, sm.Seats)
	}
	clk.Advance(59 * time.Second)
	handToBot(bob, 2, "h1")
	if e := servertest.Refused(t, bob, "h1", "not-away"); !strings.Contains(e.Text, "(in 1s)") {
		t.Errorf("the refusal within the grace: %s", e.Raw)
	}
	clk.Advance(time.Second)
	// The grace over, everyone is sent the seats again: the pages'
	// countdowns end with the server's.
	bob.Until("seats", func(m servertest.Msg) bool { return servertest.As[room.SeatsMessage](t, m).Seats[2].AwayMS >= 60000 })
	handToBot(spec, 2, "h2")
	servertest.Refused(t, spec, "h2", room.CodeSpectator)
	handToBot(bob, 1, "h3")
	servertest.Refused(t, bob, "h3", room.CodeNotAllowed)
	handToBot(bob, 2, "h4")
	if n := servertest.Notice(t, ann, room.EventTakeover); n.About != 2 || !strings.Contains(n.Text, "plays on for cy (away)") {
		t.Errorf("the takeover: %+v", n)
	}
	handToBot(ann, 2, "h5")
	servertest.Refused(t, ann, "h5", "seat-taken")
	if k := servertest.StoredKinds(t, ts, tb.ID); strings.Join(k, ",") != "takeover" {
		t.Errorf("stored %v", k)
	}
}

// At two seats, once the other person has been away for the grace, the
// one still there may claim the win: the game ends, they win, the other
// "left the game" (ending abandoned). Not before the grace, not at a
// co-operative table, not at a correspondence table (its clock decides).
func TestClaimWin(t *testing.T) {
	clk := testclock.New(servertest.LifeStart)
	ts := servertest.LifeServer(t, nil, clk)
	tb, tok := servertest.People(t, ts, "war", 2, nil, nil)
	ann, bob := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, tok[1])
	ann.Until("turn")
	servertest.TableCmd(ann, table.CommandClaimWin, "c0")
	servertest.Refused(t, ann, "c0", "not-away")
	bob.Conn.CloseNow()
	ann.Until("seats", func(m servertest.Msg) bool { return strings.Contains(string(m.Seats), `"connected":false`) })
	clk.Advance(30 * time.Second)
	servertest.TableCmd(ann, table.CommandClaimWin, "c1")
	servertest.Refused(t, ann, "c1", "not-away")
	clk.Advance(30 * time.Second)
	servertest.TableCmd(ann, table.CommandClaimWin, "c2")
	end := ann.Until("end")
	if r := end.Result; r == nil || r.End != record.EndAbandoned || len(r.Winners) != 1 || r.Winners[0] != 0 || r.Detail != "bob left the game" {
		t.Fatalf("the claimed win: %s", end.Raw)
	}
	hdr, _ := ts.St.Table(t.Context(), tb.ID)
	if hdr.Result == nil || hdr.Result.End != record.EndAbandoned || hdr.Result.Winners[0] != 0 {
		t.Errorf("stored result %+v", hdr.Result)
	}

	reg, rtok := servertest.People(t, ts, "regicide", 2, nil, nil)
	r0, r1 := ts.Dial(reg.ID, rtok[0]), ts.Dial(reg.ID, rtok[1])
	r0.Until("seats")
	r1.Conn.CloseNow()
	clk.Advance(time.Hour)
	servertest.TableCmd(r0, table.CommandClaimWin, "c3")
	servertest.Refused(t, r0, "c3", room.CodeNotAllowed)

	corr, ctok := servertest.People(t, ts, "war", 2, nil, map[string]string{"pace": "correspondence", "move": "1d"})
	c0, c1 := ts.Dial(corr.ID, ctok[0]), ts.Dial(corr.ID, ctok[1])
	c0.Until("seats")
	c1.Conn.CloseNow()
	clk.Advance(2 * time.Hour)
	servertest.TableCmd(c0, table.CommandClaimWin, "c4")
	servertest.Refused(t, c0, "c4", room.CodeNotAllowed)
}
