package server

import (
	"strings"
	"testing"
	"time"

	"cardtable/server/api"
	"cardtable/server/room"
	"cardtable/server/testclock"
	"cardtable/store"
	"cardtable/store/memstore"
)

// rematchOf waits for a rematch message that satisfies ok.
func rematchOf(t *testing.T, c *wsClient, ok func(room.RematchMessage) bool) room.RematchMessage {
	t.Helper()
	return as[room.RematchMessage](t, c.until("rematch", func(m wireMsg) bool { return ok(as[room.RematchMessage](t, m)) }))
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
	refused(t, ann, "early", room.CodeNotAllowed)
	tableCmd(bob, "resign", "r")
	spec.until("end")
	tableCmd(spec, "rematch", "s")
	refused(t, spec, "s", room.CodeSpectator)
	tableCmd(bob, "rematch", "m1")
	if m := rematchOf(t, spec, func(m room.RematchMessage) bool { return m.Open }); m.From != 1 || len(m.Waiting) != 1 || m.Waiting[0] != 0 {
		t.Errorf("asked: %+v", m)
	}
	tableCmd(ann, "rematch-decline", "d")
	if n := notice(t, bob, room.EventRematchNo); !strings.Contains(n.Text, "ann declined") {
		t.Errorf("notice %+v", n)
	}
	rematchOf(t, bob, func(m room.RematchMessage) bool { return !m.Open })
	tableCmd(ann, "rematch", "m2")
	rematchOf(t, bob, func(m room.RematchMessage) bool { return m.Open && m.From == 0 })
	tableCmd(bob, "rematch", "m3")
	ready := func(c *wsClient) room.RematchMessage {
		return rematchOf(t, c, func(m room.RematchMessage) bool { return m.Table != "" })
	}
	ra, rb, rs := ready(ann), ready(bob), ready(spec)
	if ra.Table != rb.Table || rs.Table != ra.Table || ra.YourSeat != 1 || rb.YourSeat != 0 || rs.YourSeat != -1 {
		t.Fatalf("ready: ann %+v, bob %+v, spectator %+v", ra, rb, rs)
	}
	var info api.Table
	ts.do("GET", "/api/tables/"+ra.Table, nil, &info)
	if info.Seats[0].Name != "bob" || info.Seats[1].Name != "ann" || len(info.Free) != 0 || info.Options["max-battles"] != "500" || info.Settings["move"] != "30s" {
		t.Errorf("the rematch's table: %+v", info)
	}
	na := ts.dial(ra.Table, tok[0])
	if h := na.until("hello"); h.Seat != 1 {
		t.Errorf("ann's old token takes seat %d of the rematch, want 1", h.Seat)
	}
	if m := rematchOf(t, na, func(m room.RematchMessage) bool { return m.Of != "" }); m.Of != tb.ID {
		t.Errorf("the rematch links to %q, want %q", m.Of, tb.ID)
	}
	tableCmd(ann, "rematch", "m4")
	refused(t, ann, "m4", room.CodeNotAllowed)
	if k := strings.Join(storedKinds(t, ts, tb.ID), ","); k != "clock-start,end,rematch-offer,rematch-decline,rematch-offer,rematch-accept,rematch" {
		t.Errorf("stored events: %s", k)
	}
}

// Bots follow to the rematch on their own; three declined rematches are
// the most a table takes.
func TestRematchBotsAndLimit(t *testing.T) {
	ts := lifeServer(t, nil, testclock.New(lifeStart))
	tb := ts.create(api.CreateRequest{Game: "war", Name: "ann"})
	ann := ts.dial(tb.ID, tb.Token)
	tableCmd(ann, "resign", "r")
	ann.until("end")
	tableCmd(ann, "rematch", "m")
	m := rematchOf(t, ann, func(m room.RematchMessage) bool { return m.Table != "" })
	var info api.Table
	ts.do("GET", "/api/tables/"+m.Table, nil, &info)
	if info.Seats[0].Kind != "bot" || info.Seats[0].Bot != "heuristic" || info.Seats[0].Name != "heuristic (seat 1)" || info.Seats[1].Name != "ann" {
		t.Errorf("the rematch against a bot: %+v", info.Seats)
	}

	tb2, tok := people(t, ts, "war", 2, nil, nil)
	a, b := ts.dial(tb2.ID, tok[0]), ts.dial(tb2.ID, tok[1])
	tableCmd(a, "resign", "r")
	a.until("end")
	for i := range room.MaxRematchOffers {
		tableCmd(a, "rematch", "m")
		rematchOf(t, b, func(m room.RematchMessage) bool { return m.Open })
		tableCmd(b, "rematch-decline", "d")
		rematchOf(t, a, func(m room.RematchMessage) bool { return !m.Open })
		_ = i
	}
	tableCmd(a, "rematch", "again")
	refused(t, a, "again", room.CodeNotAllowed)
}

// A rematch offer does not wait forever: it lapses room.RematchLapse after it
// was asked (by the server's clock) when nobody but its maker has agreed —
// everyone is told, the event is stored at the lapse, and it may be asked
// again. At a correspondence table it waits the table's move time.
func TestRematchLapses(t *testing.T) {
	clk := testclock.New(lifeStart)
	ts := lifeServer(t, nil, clk)
	tb, tok := people(t, ts, "war", 2, nil, nil)
	ann, bob := ts.dial(tb.ID, tok[0]), ts.dial(tb.ID, tok[1])
	tableCmd(bob, "resign", "r")
	ann.until("end")
	tableCmd(ann, "rematch", "m")
	m := rematchOf(t, bob, func(m room.RematchMessage) bool { return m.Open })
	if want := lifeStart.Add(room.RematchLapse); m.Lapses == nil || !m.Lapses.Equal(want) || m.LapseMS != room.RematchLapse.Milliseconds() {
		t.Errorf("asked: lapses %v in %d ms; want %s in %d ms", m.Lapses, m.LapseMS, want, room.RematchLapse.Milliseconds())
	}
	clk.Advance(room.RematchLapse - time.Second)
	tableCmd(ann, "rematch", "again") // answered only once it is still open
	refused(t, ann, "again", room.CodeNotAllowed)
	if k := strings.Join(storedKinds(t, ts, tb.ID), ","); k != "end,rematch-offer" {
		t.Fatalf("a second before the lapse: %s", k)
	}
	clk.Advance(time.Second)
	if n := notice(t, ann, room.EventRematchLapse); n.Text != "the rematch lapsed: bob did not answer" || !n.At.Equal(lifeStart.Add(room.RematchLapse)) {
		t.Errorf("notice %+v", n)
	}
	if m := rematchOf(t, bob, func(m room.RematchMessage) bool { return !m.Open }); m.Table != "" || m.Lapses != nil {
		t.Errorf("after the lapse: %+v", m)
	}
	tableCmd(ann, "rematch", "m2")
	rematchOf(t, bob, func(m room.RematchMessage) bool { return m.Open })

	corr, ctok := people(t, ts, "war", 2, nil, map[string]string{"pace": "correspondence", "move": "1d"})
	a := ts.dial(corr.ID, ctok[0])
	tableCmd(a, "abort", "ab")
	a.until("end")
	tableCmd(a, "rematch", "m")
	if m := rematchOf(t, a, func(m room.RematchMessage) bool { return m.Open }); m.LapseMS != (24 * time.Hour).Milliseconds() {
		t.Errorf("a correspondence table's rematch waits %d ms, want a day", m.LapseMS)
	}
}

// When two people or more have agreed by the lapse, the rematch is made
// without waiting longer: a bot sits in for the person who did not answer,
// at the seat their old token holds, and they take it back from there.
func TestRematchBotSitsIn(t *testing.T) {
	clk := testclock.New(lifeStart)
	ts := lifeServer(t, nil, clk)
	tb, tok := people(t, ts, "war", 3, nil, map[string]string{"pace": "live", "move": "30s"})
	ann, bob, cy := ts.dial(tb.ID, tok[0]), ts.dial(tb.ID, tok[1]), ts.dial(tb.ID, tok[2])
	tableCmd(ann, "abort", "ab")
	ann.until("end")
	tableCmd(ann, "rematch", "m")
	rematchOf(t, bob, func(m room.RematchMessage) bool { return m.Open })
	tableCmd(bob, "rematch", "yes")
	rematchOf(t, ann, func(m room.RematchMessage) bool { return m.Open && len(m.Agreed) == 2 })
	clk.Advance(room.RematchLapse)
	if n := notice(t, ann, room.EventRematch); n.Text != "the rematch is ready; heuristic sits in for cy, who did not answer" {
		t.Errorf("notice %+v", n)
	}
	m := rematchOf(t, cy, func(m room.RematchMessage) bool { return m.Table != "" })
	if m.YourSeat != 0 {
		t.Errorf("cy's seat at the rematch: %d, want 0", m.YourSeat)
	}
	hdr, err := ts.st.Table(t.Context(), m.Table)
	if err != nil {
		t.Fatal(err)
	}
	if s := hdr.Seats[0]; s.Kind != "bot" || s.Bot != "heuristic" || s.Name != "cy" || s.Token == "" {
		t.Errorf("cy's seat at the rematch: %+v", s)
	}
	if s := hdr.Seats[1]; s.Kind != "human" || s.Name != "ann" {
		t.Errorf("ann's seat at the rematch: %+v", s)
	}
	nc := ts.dial(m.Table, tok[2])
	seats := as[room.SeatsMessage](t, nc.until("seats"))
	// The clock starts as the rematch's room opens (everyone seated):
	// once the joiner is told, the start is stored.
	clockOf(t, nc, func(c room.ClockMessage) bool { return c.Started })
	if k := strings.Join(storedKinds(t, ts, m.Table), ","); k != "rematch-of,takeover,clock-start" {
		t.Errorf("the rematch's events: %s", k)
	}
	if !seats.Seats[0].TakenOver || seats.Seats[0].Kind != "bot" {
		t.Errorf("cy's seat as the rematch shows it: %+v", seats.Seats[0])
	}
	tableCmd(nc, "take-back", "tb")
	if n := notice(t, nc, room.EventTakeback); n.About != 0 {
		t.Errorf("take-back: %+v", n)
	}
	clockOf(t, nc, func(c room.ClockMessage) bool { return c.Started })
}

// An open rematch offer survives a restart with its time: the server that
// rebuilds the finished table lapses it at the same moment (here, at once:
// the lapse passed while the server was down).
func TestRematchLapseAfterRestart(t *testing.T) {
	clk := testclock.New(lifeStart)
	st := memstore.New()
	ts := lifeServer(t, st, clk)
	tb, tok := people(t, ts, "war", 2, nil, nil)
	ann := ts.dial(tb.ID, tok[0])
	tableCmd(ann, "resign", "r")
	ann.until("end")
	clk.Advance(time.Minute)
	tableCmd(ann, "rematch", "m")
	rematchOf(t, ann, func(m room.RematchMessage) bool { return m.Open })
	ts.stop()

	clk.Advance(5 * time.Minute)
	ts2 := lifeServer(t, st, clk)
	ts2.dial(tb.ID, tok[1]) // the table is rebuilt; its lapse is due at once
	// Bob may join before the lapse (then told the offer closed) or after
	// it (then told nothing of it): the stored lapse is what to wait for.
	var last store.Event
	for deadline := time.Now().Add(hang); last.Kind != room.EventRematchLapse && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		evs, err := st.Events(t.Context(), tb.ID)
		if err != nil {
			t.Fatal(err)
		}
		last = evs[len(evs)-1]
	}
	if want := lifeStart.Add(time.Minute + room.RematchLapse); last.Kind != room.EventRematchLapse || !last.At.Equal(want) {
		t.Errorf("the last event: %+v; want the lapse at %s", last, want)
	}
}
