package room_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"cardtable/record"
	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/room"
	"cardtable/server/servertest"
	"cardtable/server/testclock"
	"cardtable/store/sqlite"
)

// A live Regicide clock: it starts once both seats are taken; the seat to
// move runs; its time runs out at its deadline (timed out once the lag has
// passed too, not a moment before) and the game's default bot plays on
// for it, named in the seats; the game goes on. Stored: the clock's
// start, the timeout, the takeover.
func TestClockTimeoutBotTakesOver(t *testing.T) {
	clk := testclock.New(servertest.LifeStart)
	ts := servertest.LifeServer(t, nil, clk)
	tb := ts.Create(api.CreateRequest{Game: "regicide", Name: "ann", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}},
		Settings: map[string]string{"pace": "live", "move": "20s"}})
	ann := ts.Dial(tb.ID, tb.Token)
	if m := servertest.ClockOf(t, ann, func(room.ClockMessage) bool { return true }); m.Started || m.MoveMS != 20000 || m.Pace != "live" {
		t.Fatalf("before bob sits down: %+v", m)
	}
	clk.Advance(time.Hour) // no clock runs while a seat is free
	var cl struct{ Token string }
	ts.Do("POST", "/api/tables/"+tb.ID+"/seats/1/claim", map[string]string{"name": "bob"}, &cl)
	m := servertest.ClockOf(t, ann, func(m room.ClockMessage) bool { return m.Started })
	mover := servertest.Running(m)
	if mover < 0 || m.Seats[mover].LeftMS != 20000 || !m.Seats[mover].Deadline.Equal(servertest.LifeStart.Add(time.Hour+20*time.Second)) {
		t.Fatalf("started: %+v", m)
	}
	clk.Advance(19 * time.Second)
	clk.Advance(999 * time.Millisecond)
	if k := servertest.StoredKinds(t, ts, tb.ID); strings.Join(k, ",") != room.EventClockStart {
		t.Fatalf("before the deadline: %v", k)
	}
	clk.Advance(time.Millisecond)
	clk.Advance(room.ClockLag - time.Millisecond)
	if k := servertest.StoredKinds(t, ts, tb.ID); strings.Join(k, ",") != room.EventClockStart {
		t.Fatalf("at the deadline, within the lag: %v", k)
	}
	clk.Advance(time.Millisecond)
	n := servertest.Notice(t, ann, room.EventTimeout)
	if n.About != mover || !n.At.Equal(servertest.LifeStart.Add(time.Hour+20*time.Second)) {
		t.Errorf("timeout notice %+v", n)
	}
	said(t, "the timeout notice", n.Text, &n.TextI18n, "ann", "bob")
	if n := servertest.Notice(t, ann, room.EventTakeover); !strings.Contains(n.Text, "plays on for") || !strings.Contains(n.Text, "(time ran out)") {
		t.Errorf("takeover notice %+v", n)
	} else {
		said(t, "the takeover notice", n.Text, &n.TextI18n, "ann", "bob")
	}
	ann.Until("event", func(m servertest.Msg) bool { return *m.Actor == mover }) // the bot moves for the seat
	if k := servertest.StoredKinds(t, ts, tb.ID); strings.Join(k, ",") != "clock-start,timeout,takeover" {
		t.Errorf("stored %v", k)
	}
}

// timeout lose at a two-seat War table: the seat loses when its time runs
// out, and the game is over with end "timeout".
func TestClockTimeoutLoses(t *testing.T) {
	clk := testclock.New(servertest.LifeStart)
	ts := servertest.LifeServer(t, nil, clk)
	tb, tok := servertest.People(t, ts, "war", 2, nil, map[string]string{"pace": "live", "move": "10s", "timeout": "lose"})
	ann, bob := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, tok[1])
	turn := ann.Until("turn")
	clk.Advance(3 * time.Second)
	ann.Send(servertest.Cmd("flip", turn.Version, "f"))
	ann.Until("sealed", func(m servertest.Msg) bool { return m.ID == "f" })
	clk.Advance(10*time.Second + room.ClockLag) // bob's 10 s ran from the start
	end := bob.Until("end")
	if r := end.Result; r == nil || r.End != record.EndTimeout || len(r.Winners) != 1 || r.Winners[0] != 0 || r.Detail != "bob's time ran out" {
		t.Fatalf("end: %s", end.Raw)
	}
}

// The reserve: a move over its time spends reserve, and the seat's next
// move has its time plus the reserve left.
func TestClockReserve(t *testing.T) {
	clk := testclock.New(servertest.LifeStart)
	ts := servertest.LifeServer(t, nil, clk)
	tb, tok := servertest.People(t, ts, "war", 2, nil, map[string]string{"pace": "live", "move": "10s", "reserve": "30s"})
	ann, bob := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, tok[1])
	clk.Advance(25 * time.Second) // both took 25 s
	for _, c := range []*servertest.Client{ann, bob} {
		turn := c.Until("turn")
		c.Send(servertest.Cmd("flip", turn.Version, "f"))
	}
	// The flips are a simultaneous window: shown together once both are in.
	ann.Until("event", func(m servertest.Msg) bool { return m.Version == 2 })
	m := servertest.ClockOf(t, ann, func(m room.ClockMessage) bool { return m.Seats[0].Running && m.Seats[1].Running && m.Version == 2 })
	for s, sc := range m.Seats {
		if sc.ReserveMS != 15000 || sc.LeftMS != 25000 {
			t.Errorf("seat %d after a 25 s move: %+v; want 15 s of reserve, 25 s left", s, sc)
		}
	}
}

// A restart mid-clock (SQLite): the clock is rebuilt from the stored
// times, and the time the server was down (from its last heartbeat, here
// its stop) is given back: the deadline moves on by it, the seat has the
// time it had when the server stopped, everyone is told, and its time
// runs out on the new server at the new deadline.
func TestClockSurvivesRestartSQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "clock.db")
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	clk := testclock.New(servertest.LifeStart)
	ts := servertest.LifeServer(t, st, clk)
	tb, tok := servertest.People(t, ts, "war", 2, nil, map[string]string{"pace": "live", "move": "30s", "reserve": "1m", "timeout": "lose"})
	ann := ts.Dial(tb.ID, tok[0])
	turn := ann.Until("turn")
	clk.Advance(40 * time.Second) // ann spends 10 s of reserve
	ann.Send(servertest.Cmd("flip", turn.Version, "f"))
	// Her flip is sealed in the window: her own clock shows it stopped.
	before := servertest.ClockOf(t, ann, func(m room.ClockMessage) bool { return !m.Seats[0].Running })
	if !before.Seats[1].Running || before.Seats[0].Running || before.Seats[0].ReserveMS != 50000 {
		t.Fatalf("after ann's flip: %+v", before)
	}
	ts.Stop()
	st.Close()

	clk.Advance(20 * time.Second) // down for 20 s
	st2, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st2.Close() })
	ts2 := servertest.LifeServer(t, st2, clk)
	bob := ts2.Dial(tb.ID, tok[1])
	after := servertest.ClockOf(t, bob, func(room.ClockMessage) bool { return true })
	if !after.Seats[1].Deadline.Equal(before.Seats[1].Deadline.Add(20*time.Second)) || after.Seats[0].ReserveMS != 50000 {
		t.Fatalf("after the restart: %+v\nbefore: %+v", after, before)
	}
	if after.Seats[1].LeftMS != before.Seats[1].LeftMS {
		t.Errorf("bob has %d ms after 20 s down, want the %d he had", after.Seats[1].LeftMS, before.Seats[1].LeftMS)
	}
	if k := servertest.StoredKinds(t, ts2, tb.ID); strings.Join(k, ",") != "clock-start,clock-pause" {
		t.Errorf("stored %v, want the pause after the clock's start", k)
	}
	clk.Advance(time.Duration(after.Seats[1].LeftMS)*time.Millisecond + room.ClockLag)
	if end := bob.Until("end"); end.Result == nil || end.Result.End != record.EndTimeout || end.Result.Winners[0] != 0 {
		t.Fatalf("end: %s", end.Raw)
	}
}

// A correspondence table nobody is connected to is unloaded while it waits
// for people, and loaded back at the deadline, when the seat to move
// times out and a bot plays on.
func TestClockWakesUnloadedTable(t *testing.T) {
	clk := testclock.New(servertest.LifeStart)
	ts := servertest.New(t, nil, server.Config{Clock: clk, IdleUnload: time.Millisecond})
	tb, tok := servertest.People(t, ts, "regicide", 2, nil, map[string]string{"pace": "correspondence", "move": "2d"})
	c := ts.Dial(tb.ID, tok[0])
	m := servertest.ClockOf(t, c, func(m room.ClockMessage) bool { return m.Started })
	mover := servertest.Running(m)
	c.Conn.CloseNow()
	for ts.Loaded(tb.ID) {
		time.Sleep(time.Millisecond)
	}
	clk.Advance(47 * time.Hour)
	if ts.Loaded(tb.ID) {
		t.Fatal("loaded before its deadline")
	}
	clk.Advance(time.Hour + room.ClockLag)
	deadline := time.Now().Add(servertest.Hang)
	for {
		k := servertest.StoredKinds(t, ts, tb.ID)
		if strings.Join(k, ",") == "clock-start,timeout,takeover" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("stored events %v; want the timeout and a takeover", k)
		}
		time.Sleep(time.Millisecond)
	}
	hdr, _ := ts.St.Table(t.Context(), tb.ID)
	if hdr.Seats[mover].Kind != "bot" || hdr.Seats[mover].Token == "" {
		t.Errorf("seat %d after the timeout: %+v", mover, hdr.Seats[mover])
	}
}

// The lag: a move read after the deadline but within room.ClockLag counts (a
// loaded server, or the network, read it late); the seat is not timed
// out, and its reserve is spent to nothing.
func TestClockMoveWithinTheLagCounts(t *testing.T) {
	clk := testclock.New(servertest.LifeStart)
	ts := servertest.LifeServer(t, nil, clk)
	tb, tok := servertest.People(t, ts, "war", 2, nil, map[string]string{"pace": "live", "move": "10s", "timeout": "lose"})
	ann, bob := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, tok[1])
	turns := []servertest.Msg{ann.Until("turn"), bob.Until("turn")}
	clk.Advance(10*time.Second + room.ClockLag/2)
	ann.Send(servertest.Cmd("flip", turns[0].Version, "a"))
	bob.Send(servertest.Cmd("flip", turns[1].Version, "b"))
	ev := bob.Until("event", func(m servertest.Msg) bool { return m.Version == 2 })
	if ev.Result != nil {
		t.Fatalf("the flips within the lag ended the game: %s", ev.Raw)
	}
	clk.Advance(room.ClockLag)
	if k := servertest.StoredKinds(t, ts, tb.ID); strings.Join(k, ",") != room.EventClockStart {
		t.Errorf("stored %v: a seat that moved within the lag was timed out", k)
	}
}
