package room_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/games"
	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/servertest"
	"cardtable/store"
	"cardtable/store/sqlite"
	"cardtable/table"
)

// follower plays one table over every seat and watches it as a spectator:
// what each connection heard last, and the command in flight.
type follower struct {
	t       *testing.T
	clients map[int]*servertest.Client // by seat; engine.Spectator watches
	in      chan seatWire
	cur     int
	views   map[int]json.RawMessage
	at      map[int]int
	turns   map[int]servertest.Msg
	hello   map[int]servertest.Msg
	sent    bool
	over    bool
}

type seatWire struct {
	seat int
	m    servertest.Msg
	ok   bool
}

// follow connects every seat of tokens and a spectator to table id and
// waits for their snapshots.
func follow(t *testing.T, ts *servertest.Server, id string, tokens map[int]string) *follower {
	t.Helper()
	f := &follower{t: t, clients: map[int]*servertest.Client{}, in: make(chan seatWire, 4096),
		views: map[int]json.RawMessage{}, at: map[int]int{}, turns: map[int]servertest.Msg{}, hello: map[int]servertest.Msg{}}
	all := map[int]string{engine.Spectator: ""}
	for seat, tok := range tokens {
		all[seat] = tok
	}
	for seat, tok := range all {
		c := ts.Dial(id, tok)
		f.clients[seat] = c
		go func() {
			for m := range c.Msgs {
				f.in <- seatWire{seat: seat, m: m, ok: true}
			}
			f.in <- seatWire{seat: seat}
		}()
	}
	for len(f.hello) < len(all) {
		f.step()
	}
	f.cur = f.hello[engine.Spectator].Version
	return f
}

func (f *follower) step() {
	f.t.Helper()
	var sw seatWire
	select {
	case sw = <-f.in:
	case <-time.After(servertest.Hang):
		f.t.Fatalf("no message at version %d", f.cur)
	}
	if !sw.ok {
		f.t.Fatalf("seat %d: the connection closed", sw.seat)
	}
	m := sw.m
	switch m.Type {
	case "hello":
		f.hello[sw.seat] = m
		f.views[sw.seat], f.at[sw.seat] = m.View, m.Version
	case "event", "end":
		f.views[sw.seat], f.at[sw.seat] = m.View, m.Version
		if sw.seat == engine.Spectator && m.Type == "event" {
			f.cur = m.Version
			f.sent = false
		}
		f.over = f.over || (sw.seat == engine.Spectator && m.Type == "end")
	case "turn":
		f.turns[sw.seat] = m
	case "sealed":
		// The seat's answer in a simultaneous window: its turn is over,
		// its view has its answer; the next seat of the window moves.
		delete(f.turns, sw.seat)
		f.views[sw.seat] = m.View
		f.sent = false
	case "error":
		f.t.Fatalf("seat %d: refused: %s", sw.seat, m.Raw)
	}
}

// mover is the lowest seat whose turn is at the current version, or -1.
func (f *follower) mover() int {
	for seat := 0; seat < len(f.clients); seat++ {
		if tm, ok := f.turns[seat]; ok && tm.Version == f.cur && len(tm.Legal) > 0 {
			return seat
		}
	}
	return -1
}

// playTo plays first legal actions until version v, then waits until
// every connection heard it and a seat may move (or the game is over).
func (f *follower) playTo(v int) {
	f.t.Helper()
	for f.cur < v && !f.over {
		if s := f.mover(); s >= 0 && !f.sent {
			f.clients[s].Send(servertest.Cmd(f.turns[s].Legal[0], f.cur, fmt.Sprint("r", f.cur)))
			f.sent = true
			continue
		}
		f.step()
	}
	for (f.mover() < 0 || !f.heardAll()) && !f.over {
		f.step()
	}
}

// heardAll reports whether every connection heard the current version.
func (f *follower) heardAll() bool {
	for seat := range f.clients {
		if f.at[seat] != f.cur {
			return false
		}
	}
	return true
}

func sameView(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xs, _ := json.Marshal(x)
	ys, _ := json.Marshal(y)
	return bytes.Equal(xs, ys)
}

// TestRestartRebuildsTables plays a table of each game part way on a
// SQLite file, stops the server, starts a new one on the reopened file, and
// checks that every seat and a spectator get back the same version and
// views, the seat to move the same legal actions, and that play goes on.
func TestRestartRebuildsTables(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{Limits: server.Limits{ConnRate: 1e6, ConnBurst: 1000}}
	ts := servertest.New(t, st, cfg)
	var tables []partWay
	for _, g := range []struct {
		game  string
		steps int
	}{{"war", 21}, {"regicide", 5}, {"watchtower", 17}} {
		tables = append(tables, playPartWay(t, ts, g.game, g.steps))
	}
	ts.Stop()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	st2, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st2.Close() })
	ts2 := servertest.New(t, st2, cfg)
	for _, p := range tables {
		checkRebuilt(t, ts2, p)
	}
}

// partWay is a table played part way: its seats' tokens and what they
// heard.
type partWay struct {
	id     string
	tokens map[int]string
	f      *follower
}

// playPartWay creates a two-person table of game, claims both seats and
// plays steps actions.
func playPartWay(t *testing.T, ts *servertest.Server, game string, steps int) partWay {
	t.Helper()
	tb := ts.Create(api.CreateRequest{Game: game, Name: "ann", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	tokens := map[int]string{0: tb.Token}
	for _, inv := range tb.Invites {
		u, _ := url.Parse(inv.URL)
		var cl struct {
			Token string `json:"token"`
		}
		if code := ts.Do("POST", fmt.Sprintf("/api/tables/%s/seats/%d/claim", tb.ID, inv.Seat),
			map[string]string{"invite": u.Query().Get("invite"), "name": "bob"}, &cl); code != http.StatusOK {
			t.Fatalf("%s: claim seat %d: status %d", game, inv.Seat, code)
		}
		tokens[inv.Seat] = cl.Token
	}
	f := follow(t, ts, tb.ID, tokens)
	f.playTo(steps)
	return partWay{tb.ID, tokens, f}
}

// checkRebuilt reconnects p's seats and a spectator to the restarted
// server: the same version, views and legal actions, and play goes on.
func checkRebuilt(t *testing.T, ts *servertest.Server, p partWay) {
	t.Helper()
	before := p.f
	after := follow(t, ts, p.id, p.tokens)
	if after.cur != before.cur {
		t.Errorf("table %s: version %d after the restart, %d before", p.id, after.cur, before.cur)
		return
	}
	for seat, h := range after.hello {
		if !sameView(h.View, before.views[seat]) {
			t.Errorf("table %s, seat %d: the view after the restart differs:\nbefore %s\nafter  %s", p.id, seat, before.views[seat], h.View)
		}
	}
	if before.over {
		t.Logf("table %s ended at version %d before the restart", p.id, before.cur)
		return
	}
	// The seat that was to move gets its turn again (other seats' turns
	// may come in any order: the lowest mover is not waited for).
	mover := before.mover()
	for tm, ok := after.turns[mover]; !ok || tm.Version != after.cur; tm, ok = after.turns[mover] {
		after.step()
	}
	if got, want := after.turns[mover].Legal, before.turns[mover].Legal; !slices.Equal(got, want) {
		t.Errorf("table %s, seat %d: legal actions %v after the restart, %v before", p.id, mover, got, want)
	}
	t.Logf("table %s (%s): version %d, seat %d to move, %d views compared", p.id, after.hello[0].Game, after.cur, mover, len(after.hello))
	after.playTo(after.cur + 1)
}

// TestRestartWithBrokenLog: a table whose stored log no longer replays (an
// action the game refuses) does not keep the server or the other tables
// down; it is refused by name.
func TestRestartWithBrokenLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{Limits: server.Limits{ConnRate: 1e6, ConnBurst: 1000}}
	ts := servertest.New(t, st, cfg)
	good := ts.Create(api.CreateRequest{Game: "war", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	bad := ts.Create(api.CreateRequest{Game: "war", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	ts.Stop()
	if err := st.Append(t.Context(), bad.ID, store.Action{Seq: 0, Seat: 0, Action: "fly away", At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	st.Close()

	st2, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st2.Close() })
	ts2 := servertest.New(t, st2, cfg)
	c := ts2.Dial(good.ID, good.Token)
	if h := c.Next(); h.Type != "hello" || h.Version != 0 {
		t.Fatalf("the good table after the restart: %s", h.Raw)
	}
	c.Send(servertest.Cmd("flip", 0, "f"))
	if ack := c.Until("sealed"); ack.ID != "f" {
		t.Errorf("the good table does not play after the restart: %s", ack.Raw)
	}
	for range 2 { // refused each time, the same way
		req, _ := http.NewRequest("GET", ts2.HTTP.URL+"/ws/"+bad.ID+"?token="+bad.Token, nil)
		for k, v := range map[string]string{"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="} {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var e servertest.APIError
		json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if resp.StatusCode != http.StatusInternalServerError || e.Code != "internal" || strings.Contains(e.Message, "fly") {
			t.Errorf("joining the broken table: %d %+v; want 500, code internal, and no detail of the log", resp.StatusCode, e)
		}
	}
}

// TestRestartFinishesEndedGame: a crash after a game's last action was
// stored but before its result was leaves an unfinished table whose log
// ends the game; the restarted server stores the result, and the record
// opens.
func TestRestartFinishesEndedGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{Limits: server.Limits{ConnRate: 1e6, ConnBurst: 1000}}
	ts := servertest.New(t, st, cfg)
	tb := ts.Create(api.CreateRequest{Game: "war", Options: map[string]string{"max-battles": "30"}, Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	ts.Stop()
	res := logToEnd(t, st, tb.ID)
	st.Close()

	st2, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st2.Close() })
	ts2 := servertest.New(t, st2, cfg)
	// The room settles its table before it serves anyone: once a
	// spectator is seated, the result is stored.
	if m := ts2.Dial(tb.ID, "").Next(); m.Type != "hello" {
		t.Fatalf("a spectator of the ended table: %s", m.Raw)
	}
	hdr, err := st2.Table(t.Context(), tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	if hdr.Result == nil || !reflect.DeepEqual(*hdr.Result, res) || hdr.Finished.IsZero() {
		t.Fatalf("after the restart the table's stored result is %+v (finished %v), want %+v", hdr.Result, hdr.Finished, res)
	}
	resp, err := http.Get(ts2.HTTP.URL + "/api/tables/" + tb.ID + "/record")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	final, _, err := servertest.ReplayBody(resp)
	if err != nil || resp.StatusCode != http.StatusOK || !reflect.DeepEqual(final.Result(), res) {
		t.Errorf("the record after the restart: status %d, %v, result %+v, want %+v", resp.StatusCode, err, final, res)
	}
}

// logToEnd plays table id's game to its end with first legal actions,
// appending each to st as a room would, and returns the result; it stores
// no result, as after a crash just before.
func logToEnd(t *testing.T, st store.Store, id string) engine.Result {
	t.Helper()
	hdr, err := st.Table(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	g, err := games.Lookup(hdr.Game)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := engine.ResolveOptions(g.Options(), hdr.Options)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := table.New(g, opts, engine.Setup{Seed: hdr.Seed}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for !tab.Over() {
		seat := tab.ToMove()[0]
		ap, err := tab.Play(seat, tab.Legal(seat)[0], tab.Version())
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Append(t.Context(), id, store.Action{Seq: tab.Accepted() - 1, Seat: seat, Action: ap.Action, At: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	return tab.Result()
}
