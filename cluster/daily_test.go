package cluster_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestDailyResumedThroughAnotherNode: Ann starts her daily attempt and
// plays it through the node that does not run it (a relay); she starts it
// again through that node, as a second screen would. The table's owner
// hands her seat a new token over the bus; the relayed connection is
// closed with seat-moved (not "moved": reconnecting with the old token is
// no use), the old token opens nothing, and the new one opens the game at
// the move it had reached.
func TestDailyResumedThroughAnotherNode(t *testing.T) {
	nodes, db := startNodes(t, 2)
	st := openStore(t, db)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	ann := signUp(t, nodes[0], "Ann")
	var first struct {
		ID, Token string
		Resumed   bool
	}
	if code := ann.call(nodes[0].base, "POST", "/api/daily/start", struct{}{}, &first); code != http.StatusCreated || first.Token == "" {
		t.Fatalf("Ann's daily start: status %d %+v", code, first)
	}
	// The relay is the node that does not hold the table's lease.
	relay := nodes[1]
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		l, err := st.Lease(ctx, first.ID)
		if err == nil && l.Node != "" {
			if strings.HasPrefix(l.Node, "node1-") {
				relay = nodes[0]
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the daily table has no owner after a minute")
		}
	}
	ws, err := dial(ctx, relay.base, first.ID, first.Token)
	if err != nil {
		t.Fatalf("Ann through %s: %v", relay.name, err)
	}
	defer ws.close()
	next := func(w *wsConn, what string) msg {
		t.Helper()
		select {
		case data, ok := <-w.msgs:
			if !ok {
				t.Fatalf("the connection ended waiting for %s", what)
			}
			var m msg
			json.Unmarshal(data, &m)
			return m
		case <-ctx.Done():
			t.Fatalf("no %s in time", what)
		}
		return msg{}
	}
	// Two moves through the relay.
	version := 0
	for moves := 0; moves < 2; {
		m := next(ws, "a turn")
		switch {
		case m.Type == "turn" && len(m.Legal) > 0:
			if err := ws.send(command{Action: m.Legal[0], Version: m.Version, ID: "m"}); err != nil {
				t.Fatal(err)
			}
		case m.Type == "event" && m.ID == "m":
			moves++
			version = m.Version
		case m.Type == "end":
			t.Fatal("the daily game ended in two moves")
		}
	}
	var again struct {
		ID, Token string
		Resumed   bool
	}
	if code := ann.call(relay.base, "POST", "/api/daily/start", struct{}{}, &again); code != http.StatusOK || !again.Resumed || again.ID != first.ID || again.Token == "" || again.Token == first.Token {
		t.Fatalf("Ann's second start through %s: status %d %+v; want her attempt resumed with a new token", relay.name, code, again)
	}
	for {
		m := next(ws, "the bye")
		if m.Type == "bye" {
			if m.Code != "seat-moved" {
				t.Errorf("the relayed connection was closed with %q (%s); want seat-moved", m.Code, m.Text)
			}
			break
		}
	}
	if old, err := dial(ctx, relay.base, first.ID, first.Token); err == nil {
		old.close()
		t.Error("the old token still opens the resumed attempt")
	}
	ws2, err := dial(ctx, relay.base, first.ID, again.Token)
	if err != nil {
		t.Fatalf("the new token through %s: %v", relay.name, err)
	}
	defer ws2.close()
	for {
		m := next(ws2, "the snapshot")
		if m.Type == "hello" {
			if m.Seat != 0 || m.Version < version {
				t.Errorf("the resumed attempt's snapshot: seat %d at version %d; want seat 0 at %d or later", m.Seat, m.Version, version)
			}
			break
		}
	}
}
