package server

import (
	"strings"
	"testing"

	"cardtable/server/testclock"
)

// rematchOf waits for a rematch message that satisfies ok.
func rematchOf(t *testing.T, c *wsClient, ok func(rematchMessage) bool) rematchMessage {
	t.Helper()
	return as[rematchMessage](t, c.until("rematch", func(m wireMsg) bool { return ok(as[rematchMessage](t, m)) }))
}

// A rematch: asked for at the end, seen by everyone; a decline ends it;
// asked again and accepted, the new table is made with the seats rotated,
// the same options and settings, each person's old token taking their new
// seat; a spectator follows (your_seat -1); the new table links back.
func TestRematch(t *testing.T) {
	ts := lifeServer(t, nil, testclock.New(lifeStart))
	opts := map[string]string{"max-battles": "500"}
	set := map[string]string{"pace": "live", "move": "30s"}
	tb, tok := people(t, ts, "war", 2, opts, set)
	ann, bob, spec := ts.dial(tb.ID, tok[0]), ts.dial(tb.ID, tok[1]), ts.dial(tb.ID, "")
	tableCmd(ann, "rematch", "early")
	refused(t, ann, "early", CodeNotAllowed)
	tableCmd(bob, "resign", "r")
	spec.until("end")
	tableCmd(spec, "rematch", "s")
	refused(t, spec, "s", CodeSpectator)
	tableCmd(bob, "rematch", "m1")
	if m := rematchOf(t, spec, func(m rematchMessage) bool { return m.Open }); m.From != 1 || len(m.Waiting) != 1 || m.Waiting[0] != 0 {
		t.Errorf("asked: %+v", m)
	}
	tableCmd(ann, "rematch-decline", "d")
	if n := notice(t, bob, evRematchNo); !strings.Contains(n.Text, "ann declined") {
		t.Errorf("notice %+v", n)
	}
	rematchOf(t, bob, func(m rematchMessage) bool { return !m.Open })
	tableCmd(ann, "rematch", "m2")
	rematchOf(t, bob, func(m rematchMessage) bool { return m.Open && m.From == 0 })
	tableCmd(bob, "rematch", "m3")
	ready := func(c *wsClient) rematchMessage {
		return rematchOf(t, c, func(m rematchMessage) bool { return m.Table != "" })
	}
	ra, rb, rs := ready(ann), ready(bob), ready(spec)
	if ra.Table != rb.Table || rs.Table != ra.Table || ra.YourSeat != 1 || rb.YourSeat != 0 || rs.YourSeat != -1 {
		t.Fatalf("ready: ann %+v, bob %+v, spectator %+v", ra, rb, rs)
	}
	var info tableJSON
	ts.do("GET", "/api/tables/"+ra.Table, nil, &info)
	if info.Seats[0].Name != "bob" || info.Seats[1].Name != "ann" || len(info.Free) != 0 || info.Options["max-battles"] != "500" || info.Settings["move"] != "30s" {
		t.Errorf("the rematch's table: %+v", info)
	}
	na := ts.dial(ra.Table, tok[0])
	if h := na.until("hello"); h.Seat != 1 {
		t.Errorf("ann's old token takes seat %d of the rematch, want 1", h.Seat)
	}
	if m := rematchOf(t, na, func(m rematchMessage) bool { return m.Of != "" }); m.Of != tb.ID {
		t.Errorf("the rematch links to %q, want %q", m.Of, tb.ID)
	}
	tableCmd(ann, "rematch", "m4")
	refused(t, ann, "m4", CodeNotAllowed)
	if k := strings.Join(storedKinds(t, ts, tb.ID), ","); k != "clock-start,end,rematch-offer,rematch-decline,rematch-offer,rematch-accept,rematch" {
		t.Errorf("stored events: %s", k)
	}
}

// Bots follow to the rematch on their own; three declined rematches are
// the most a table takes.
func TestRematchBotsAndLimit(t *testing.T) {
	ts := lifeServer(t, nil, testclock.New(lifeStart))
	tb := ts.create(createReq{Game: "war", Name: "ann"})
	ann := ts.dial(tb.ID, tb.Token)
	tableCmd(ann, "resign", "r")
	ann.until("end")
	tableCmd(ann, "rematch", "m")
	m := rematchOf(t, ann, func(m rematchMessage) bool { return m.Table != "" })
	var info tableJSON
	ts.do("GET", "/api/tables/"+m.Table, nil, &info)
	if info.Seats[0].Kind != "bot" || info.Seats[0].Bot != "heuristic" || info.Seats[0].Name != "heuristic (seat 1)" || info.Seats[1].Name != "ann" {
		t.Errorf("the rematch against a bot: %+v", info.Seats)
	}

	tb2, tok := people(t, ts, "war", 2, nil, nil)
	a, b := ts.dial(tb2.ID, tok[0]), ts.dial(tb2.ID, tok[1])
	tableCmd(a, "resign", "r")
	a.until("end")
	for i := range maxRematchOffers {
		tableCmd(a, "rematch", "m")
		rematchOf(t, b, func(m rematchMessage) bool { return m.Open })
		tableCmd(b, "rematch-decline", "d")
		rematchOf(t, a, func(m rematchMessage) bool { return !m.Open })
		_ = i
	}
	tableCmd(a, "rematch", "again")
	refused(t, a, "again", CodeNotAllowed)
}
