package room_test

import (
	"strings"
	"testing"
	"time"

	"cardtable/server/api"
	"cardtable/server/room"
	"cardtable/server/servertest"
	"cardtable/server/testclock"
	"cardtable/store"
	"cardtable/store/memstore"
)

// A rematch: asked for at the end, seen by everyone; a decline ends it;
// asked again and accepted, the new table is made with the seats rotated,
// the same options and settings, each person's old token taking their new
// seat; a spectator follows (your_seat -1); the new table links back.
func TestRematch(t *testing.T) {
	ts := servertest.LifeServer(t, nil, testclock.New(servertest.LifeStart))
	opts := map[string]string{"max-battles": "500"}
	set := map[string]string{"pace": "live", "move": "30s"}
	tb, tok := servertest.People(t, ts, "war", 2, opts, set)
	ann, bob, spec := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, tok[1]), ts.Dial(tb.ID, "")
	servertest.TableCmd(ann, "rematch", "early")
	servertest.Refused(t, ann, "early", room.CodeNotAllowed)
	servertest.TableCmd(bob, "resign", "r")
	spec.Until("end")
	servertest.TableCmd(spec, "rematch", "s")
	servertest.Refused(t, spec, "s", room.CodeSpectator)
	servertest.TableCmd(bob, "rematch", "m1")
	if m := servertest.RematchOf(t, spec, func(m room.RematchMessage) bool { return m.Open }); m.From != 1 || len(m.Waiting) != 1 || m.Waiting[0] != 0 {
		t.Errorf("asked: %+v", m)
	}
	servertest.TableCmd(ann, "rematch-decline", "d")
	if n := servertest.Notice(t, bob, room.EventRematchNo); !strings.Contains(n.Text, "ann declined") {
		t.Errorf("notice %+v", n)
	}
	servertest.RematchOf(t, bob, func(m room.RematchMessage) bool { return !m.Open })
	servertest.TableCmd(ann, "rematch", "m2")
	servertest.RematchOf(t, bob, func(m room.RematchMessage) bool { return m.Open && m.From == 0 })
	servertest.TableCmd(bob, "rematch", "m3")
	ready := func(c *servertest.Client) room.RematchMessage {
		return servertest.RematchOf(t, c, func(m room.RematchMessage) bool { return m.Table != "" })
	}
	ra, rb, rs := ready(ann), ready(bob), ready(spec)
	if ra.Table != rb.Table || rs.Table != ra.Table || ra.YourSeat != 1 || rb.YourSeat != 0 || rs.YourSeat != -1 {
		t.Fatalf("ready: ann %+v, bob %+v, spectator %+v", ra, rb, rs)
	}
	var info api.Table
	ts.Do("GET", "/api/tables/"+ra.Table, nil, &info)
	if info.Seats[0].Name != "bob" || info.Seats[1].Name != "ann" || len(info.Free) != 0 || info.Options["max-battles"] != "500" || info.Settings["move"] != "30s" {
		t.Errorf("the rematch's table: %+v", info)
	}
	na := ts.Dial(ra.Table, tok[0])
	if h := na.Until("hello"); h.Seat != 1 {
		t.Errorf("ann's old token takes seat %d of the rematch, want 1", h.Seat)
	}
	if m := servertest.RematchOf(t, na, func(m room.RematchMessage) bool { return m.Of != "" }); m.Of != tb.ID {
		t.Errorf("the rematch links to %q, want %q", m.Of, tb.ID)
	}
	servertest.TableCmd(ann, "rematch", "m4")
	servertest.Refused(t, ann, "m4", room.CodeNotAllowed)
	if k := strings.Join(servertest.StoredKinds(t, ts, tb.ID), ","); k != "clock-start,end,rematch-offer,rematch-decline,rematch-offer,rematch-accept,rematch" {
		t.Errorf("stored events: %s", k)
	}
}

// Bots follow to the rematch on their own; three declined rematches are
// the most a table takes.
func TestRematchBotsAndLimit(t *testing.T) {
	ts := servertest.LifeServer(t, nil, testclock.New(servertest.LifeStart))
	tb := ts.Create(api.CreateRequest{Game: "war", Name: "ann"})
	ann := ts.Dial(tb.ID, tb.Token)
	servertest.TableCmd(ann, "resign", "r")
	ann.Until("end")
	servertest.TableCmd(ann, "rematch", "m")
	m := servertest.RematchOf(t, ann, func(m room.RematchMessage) bool { return m.Table != "" })
	var info api.Table
	ts.Do("GET", "/api/tables/"+m.Table, nil, &info)
	if info.Seats[0].Kind != "bot" || info.Seats[0].Bot != "heuristic" || info.Seats[0].Name != "heuristic (seat 1)" || info.Seats[1].Name != "ann" {
		t.Errorf("the rematch against a bot: %+v", info.Seats)
	}

	tb2, tok := servertest.People(t, ts, "war", 2, nil, nil)
	a, b := ts.Dial(tb2.ID, tok[0]), ts.Dial(tb2.ID, tok[1])
	servertest.TableCmd(a, "resign", "r")
	a.Until("end")
	for i := range room.MaxRematchOffers {
		servertest.TableCmd(a, "rematch", "m")
		servertest.RematchOf(t, b, func(m room.RematchMessage) bool { return m.Open })
		servertest.TableCmd(b, "rematch-decline", "d")
		servertest.RematchOf(t, a, func(m room.RematchMessage) bool { return !m.Open })
		_ = i
	}
	servertest.TableCmd(a, "rematch", "again")
	servertest.Refused(t, a, "again", room.CodeNotAllowed)
}

// A rematch offer does not wait forever: it lapses room.RematchLapse after it
// was asked (by the server's clock) when nobody but its maker has agreed —
// everyone is told, the event is stored at the lapse, and it may be asked
// again. At a correspondence table it waits the table's move time.
func TestRematchLapses(t *testing.T) {
	clk := testclock.New(servertest.LifeStart)
	ts := servertest.LifeServer(t, nil, clk)
	tb, tok := servertest.People(t, ts, "war", 2, nil, nil)
	ann, bob := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, tok[1])
	servertest.TableCmd(bob, "resign", "r")
	ann.Until("end")
	servertest.TableCmd(ann, "rematch", "m")
	m := servertest.RematchOf(t, bob, func(m room.RematchMessage) bool { return m.Open })
	if want := servertest.LifeStart.Add(room.RematchLapse); m.Lapses == nil || !m.Lapses.Equal(want) || m.LapseMS != room.RematchLapse.Milliseconds() {
		t.Errorf("asked: lapses %v in %d ms; want %s in %d ms", m.Lapses, m.LapseMS, want, room.RematchLapse.Milliseconds())
	}
	clk.Advance(room.RematchLapse - time.Second)
	servertest.TableCmd(ann, "rematch", "again") // answered only once it is still open
	servertest.Refused(t, ann, "again", room.CodeNotAllowed)
	if k := strings.Join(servertest.StoredKinds(t, ts, tb.ID), ","); k != "end,rematch-offer" {
		t.Fatalf("a second before the lapse: %s", k)
	}
	clk.Advance(time.Second)
	if n := servertest.Notice(t, ann, room.EventRematchLapse); n.Text != "the rematch lapsed: bob did not answer" || !n.At.Equal(servertest.LifeStart.Add(room.RematchLapse)) {
		t.Errorf("notice %+v", n)
	}
	if m := servertest.RematchOf(t, bob, func(m room.RematchMessage) bool { return !m.Open }); m.Table != "" || m.Lapses != nil {
		t.Errorf("after the lapse: %+v", m)
	}
	servertest.TableCmd(ann, "rematch", "m2")
	servertest.RematchOf(t, bob, func(m room.RematchMessage) bool { return m.Open })

	corr, ctok := servertest.People(t, ts, "war", 2, nil, map[string]string{"pace": "correspondence", "move": "1d"})
	a := ts.Dial(corr.ID, ctok[0])
	servertest.TableCmd(a, "abort", "ab")
	a.Until("end")
	servertest.TableCmd(a, "rematch", "m")
	if m := servertest.RematchOf(t, a, func(m room.RematchMessage) bool { return m.Open }); m.LapseMS != (24 * time.Hour).Milliseconds() {
		t.Errorf("a correspondence table's rematch waits %d ms, want a day", m.LapseMS)
	}
}

// When two people or more have agreed by the lapse, the rematch is made
// without waiting longer: a bot sits in for the person who did not answer,
// at the seat their old token holds, and they take it back from there.
func TestRematchBotSitsIn(t *testing.T) {
	clk := testclock.New(servertest.LifeStart)
	ts := servertest.LifeServer(t, nil, clk)
	tb, tok := servertest.People(t, ts, "war", 3, nil, map[string]string{"pace": "live", "move": "30s"})
	ann, bob, cy := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, tok[1]), ts.Dial(tb.ID, tok[2])
	servertest.TableCmd(ann, "abort", "ab")
	ann.Until("end")
	servertest.TableCmd(ann, "rematch", "m")
	servertest.RematchOf(t, bob, func(m room.RematchMessage) bool { return m.Open })
	servertest.TableCmd(bob, "rematch", "yes")
	servertest.RematchOf(t, ann, func(m room.RematchMessage) bool { return m.Open && len(m.Agreed) == 2 })
	clk.Advance(room.RematchLapse)
	if n := servertest.Notice(t, ann, room.EventRematch); n.Text != "the rematch is ready; heuristic sits in for cy, who did not answer" {
		t.Errorf("notice %+v", n)
	}
	m := servertest.RematchOf(t, cy, func(m room.RematchMessage) bool { return m.Table != "" })
	if m.YourSeat != 0 {
		t.Errorf("cy's seat at the rematch: %d, want 0", m.YourSeat)
	}
	hdr, err := ts.St.Table(t.Context(), m.Table)
	if err != nil {
		t.Fatal(err)
	}
	if s := hdr.Seats[0]; s.Kind != "bot" || s.Bot != "heuristic" || s.Name != "cy" || s.Token == "" {
		t.Errorf("cy's seat at the rematch: %+v", s)
	}
	if s := hdr.Seats[1]; s.Kind != "human" || s.Name != "ann" {
		t.Errorf("ann's seat at the rematch: %+v", s)
	}
	nc := ts.Dial(m.Table, tok[2])
	seats := servertest.As[room.SeatsMessage](t, nc.Until("seats"))
	// The clock starts as the rematch's room opens (everyone seated):
	// once the joiner is told, the start is stored.
	servertest.ClockOf(t, nc, func(c room.ClockMessage) bool { return c.Started })
	if k := strings.Join(servertest.StoredKinds(t, ts, m.Table), ","); k != "rematch-of,takeover,clock-start" {
		t.Errorf("the rematch's events: %s", k)
	}
	if !seats.Seats[0].TakenOver || seats.Seats[0].Kind != "bot" {
		t.Errorf("cy's seat as the rematch shows it: %+v", seats.Seats[0])
	}
	servertest.TableCmd(nc, "take-back", "tb")
	if n := servertest.Notice(t, nc, room.EventTakeback); n.About != 0 {
		t.Errorf("take-back: %+v", n)
	}
	servertest.ClockOf(t, nc, func(c room.ClockMessage) bool { return c.Started })
}

// An open rematch offer survives a restart with its time: the server that
// rebuilds the finished table lapses it at the same moment (here, at once:
// the lapse passed while the server was down).
func TestRematchLapseAfterRestart(t *testing.T) {
	clk := testclock.New(servertest.LifeStart)
	st := memstore.New()
	ts := servertest.LifeServer(t, st, clk)
	tb, tok := servertest.People(t, ts, "war", 2, nil, nil)
	ann := ts.Dial(tb.ID, tok[0])
	servertest.TableCmd(ann, "resign", "r")
	ann.Until("end")
	clk.Advance(time.Minute)
	servertest.TableCmd(ann, "rematch", "m")
	servertest.RematchOf(t, ann, func(m room.RematchMessage) bool { return m.Open })
	ts.Stop()

	clk.Advance(5 * time.Minute)
	ts2 := servertest.LifeServer(t, st, clk)
	ts2.Dial(tb.ID, tok[1]) // the table is rebuilt; its lapse is due at once
	// Bob may join before the lapse (then told the offer closed) or after
	// it (then told nothing of it): the stored lapse is what to wait for.
	var last store.Event
	for deadline := time.Now().Add(servertest.Hang); last.Kind != room.EventRematchLapse && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		evs, err := st.Events(t.Context(), tb.ID)
		if err != nil {
			t.Fatal(err)
		}
		last = evs[len(evs)-1]
	}
	if want := servertest.LifeStart.Add(time.Minute + room.RematchLapse); last.Kind != room.EventRematchLapse || !last.At.Equal(want) {
		t.Errorf("the last event: %+v; want the lapse at %s", last, want)
	}
}
