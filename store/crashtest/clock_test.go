package crashtest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"testing"
	"time"
)

// A live table's clock and a server killed with SIGKILL: the seats' 5 s
// moves run out while the server is down (6 s), yet at the restart
// nobody loses on time: the time down is given back (from the server's
// last heartbeat), each running move has at least the time to reconnect,
// and both flips are played. (Before, the restarted server ended the game
// on time at once.)
func TestKilledServerDoesNotChargeTheClock(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cardtable and runs it as a process; not in -short")
	}
	bin := build(t)
	addr := fmt.Sprintf("127.0.0.1:%d", freePorts(t, 1)[0])
	db := filepath.Join(t.TempDir(), "clock.db")
	srv := start(t, bin, addr, db)
	var c created
	srv.api("POST", "/api/tables", map[string]any{"game": "war", "name": "ann",
		"seats":    []map[string]string{{"kind": "human"}, {"kind": "human"}},
		"settings": map[string]string{"pace": "live", "move": "5s", "reserve": "0s", "timeout": "lose"}}, &c, http.StatusCreated)
	tokens := []string{c.Token, srv.claim(c, 1, "bob")}
	srv.kill9()
	time.Sleep(6 * time.Second) // both 5 s moves run out while nothing runs
	srv = start(t, bin, addr, db)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out := make(chan seatMsg, 256)
	conns := []*conn{srv.dial(ctx, c.ID, 0, tokens[0], out), srv.dial(ctx, c.ID, 1, tokens[1], out)}
	turns := map[int]int{}
	for len(turns) < 2 {
		var sm seatMsg
		select {
		case sm = <-out:
		case <-ctx.Done():
			t.Fatal("no turns after the restart")
		}
		switch {
		case sm.closed != nil:
			t.Fatalf("seat %d's connection ended: %v", sm.seat, sm.closed)
		case sm.m.Type == "end":
			t.Fatalf("the restarted server ended the game: %+v", sm.m.Result)
		case sm.m.Type == "turn":
			turns[sm.seat] = sm.m.Version
		}
	}
	for seat, v := range turns {
		if err := conns[seat].send(ctx, "flip", v, fmt.Sprintf("f%d", seat)); err != nil {
			t.Fatal(err)
		}
	}
	for {
		var sm seatMsg
		select {
		case sm = <-out:
		case <-ctx.Done():
			t.Fatal("the flips after the restart were not played")
		}
		if sm.m.Type == "end" || sm.m.Type == "error" {
			b, _ := json.Marshal(sm.m)
			t.Fatalf("after the restart seat %d got %s", sm.seat, b)
		}
		if sm.m.Type == "event" && sm.m.Version == 2 {
			return
		}
	}
}
