package room_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/servertest"
	"cardtable/store/memstore"
	"cardtable/table"
)

// A restarted server rebuilds the unfinished tables from the store: the
// same seats, the same position, bots moving again.
func TestRestartResumes(t *testing.T) {
	st := memstore.New()
	ts := servertest.New(t, st, server.Config{BotDelay: time.Hour})
	tb := ts.Create(api.CreateRequest{Game: "regicide", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "bot", Bot: "random"}}, Options: map[string]string{"first": "0"}})
	c := ts.Dial(tb.ID, tb.Token)
	for {
		m := c.Next()
		if m.Type == "turn" {
			c.Send(servertest.Cmd(m.Legal[len(m.Legal)-1], m.Version, ""))
		}
		if m.Type == "event" && m.Actor != nil && *m.Actor == 0 && version(t, ts, tb.ID) > 0 {
			if v := decodeView(t, m.View); int(v["current"].(float64)) == 1 {
				break // the bot's turn; it thinks for an hour
			}
		}
	}
	before := version(t, ts, tb.ID)
	ts.Stop()
	if status := c.Closed(); status != 1001 {
		t.Errorf("clients were closed with %d at shutdown, want 1001 going away", status)
	}

	kept, _ := st.Actions(t.Context(), tb.ID)
	ts2 := servertest.New(t, st, server.Config{})
	c2 := ts2.Dial(tb.ID, tb.Token)
	hello := c2.Next()
	if hello.Type != "hello" || hello.Version < before || hello.Seat != 0 {
		t.Fatalf("after restart: %s (version %d before)", hello.Raw, before)
	}
	if hello.Version == before {
		c2.Until("event")
	}
	acts, _ := st.Actions(t.Context(), tb.ID)
	if len(acts) <= before || acts[before].Seat != 1 {
		t.Fatalf("the bot did not move after the restart: %+v", acts)
	}
	for i := range kept {
		if acts[i] != kept[i] {
			t.Fatalf("action %d changed across the restart: %+v, was %+v", i, acts[i], kept[i])
		}
	}
}

// Many clients at many tables at once, seats and spectators: every game
// ends, every client hears the end, nothing is refused but stale races.
func TestManyClients(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{Limits: server.Limits{ConnRate: 1e6, ConnBurst: 1000, AddrRate: 1e6, AddrBurst: 1e6}})
	const tables = 12
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for i := range tables {
		game, opts := "war", map[string]string{"max-battles": "25"}
		if i%2 == 1 {
			game, opts = "regicide", map[string]string{"players": "2"}
		}
		tb, other := twoSeats(t, ts, game)
		_ = opts
		for _, tok := range []string{tb.Token, other, "", ""} {
			c := ts.Dial(tb.ID, tok)
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- playToEnd(c)
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

// playToEnd answers every turn with its first legal action until the end.
func playToEnd(c *servertest.Client) error {
	for {
		var m servertest.Msg
		select {
		case mm, ok := <-c.Msgs:
			if !ok {
				return fmt.Errorf("closed before the end: %v", <-c.Err)
			}
			m = mm
		case <-time.After(servertest.Hang):
			return errors.New("no end")
		}
		switch m.Type {
		case "turn":
			b := fmt.Sprintf(`{"action":%q,"version":%d}`, m.Legal[0], m.Version)
			if err := c.Conn.Write(context.Background(), 1, []byte(b)); err != nil {
				return err
			}
		case "error":
			if m.Code != table.CodeStale && m.Code != table.CodeNotYourTurn && m.Code != table.CodeGameOver {
				return fmt.Errorf("refused: %s", m.Raw)
			}
		case "end":
			return nil
		}
	}
}

// An unfinished table nobody is connected to, waiting for a person, is
// unloaded after IdleUnload and loaded again, the same game at the same
// version, when its player comes back by the same link.
func TestIdleTableUnloadedAndReloaded(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{IdleUnload: 50 * time.Millisecond})
	tb := ts.Create(api.CreateRequest{Game: "regicide", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}, Options: map[string]string{"first": "0"}})
	c := ts.Dial(tb.ID, tb.Token)
	turn := c.Until("turn")
	c.Send(servertest.Cmd(turn.Legal[0], turn.Version, ""))
	c.Until("event")
	before := version(t, ts, tb.ID)
	if before < 1 {
		t.Fatalf("version %d after a move", before)
	}
	loaded := func() bool { return ts.Loaded(tb.ID) }
	if !loaded() {
		t.Fatal("the table is not in memory while its player is connected")
	}
	c.Conn.CloseNow()
	deadline := time.Now().Add(servertest.Hang)
	for loaded() {
		if time.Now().After(deadline) {
			t.Fatal("the idle table waiting for people was not unloaded")
		}
		time.Sleep(10 * time.Millisecond)
	}
	c2 := ts.Dial(tb.ID, tb.Token)
	hello := c2.Until("hello")
	if hello.Version != before || hello.Seat != 0 {
		t.Fatalf("after reload: %s, want version %d at seat 0", hello.Raw, before)
	}
	if !loaded() {
		t.Fatal("the table was not loaded again for its player")
	}
}

// A table whose bot is to move keeps running with nobody connected: only
// tables waiting for people are unloaded.
func TestIdleTableWithBotToMoveStays(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{IdleUnload: 20 * time.Millisecond, BotDelay: time.Hour})
	tb := ts.Create(api.CreateRequest{Game: "regicide", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "bot", Bot: "random"}}, Options: map[string]string{"first": "1"}})
	time.Sleep(200 * time.Millisecond)
	if !ts.Loaded(tb.ID) {
		t.Fatal("a table whose bot is thinking was unloaded")
	}
}
