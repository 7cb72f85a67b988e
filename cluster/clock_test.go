package cluster_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"
)

// clockMsg is the part of a clock message this test reads.
type clockMsg struct {
	Type  string `json:"type"`
	Seats []struct {
		Running   bool       `json:"running"`
		ReserveMS int64      `json:"reserve_ms"`
		Deadline  *time.Time `json:"deadline"`
	} `json:"seats"`
}

// clockFrom reads w until a clock message (false: the connection ended).
func clockFrom(ctx context.Context, w *wsConn, ok func(clockMsg) bool) (clockMsg, bool) {
	for {
		select {
		case data, open := <-w.msgs:
			if !open {
				return clockMsg{}, false
			}
			var m clockMsg
			json.Unmarshal(data, &m)
			if m.Type == "clock" && ok(m) {
				return m, true
			}
		case <-ctx.Done():
			return clockMsg{}, false
		}
	}
}

// TestClockMovedToAnotherNode: a live table's owner is killed (kill -9)
// mid-move; the node that adopts the table rebuilds the clock from the
// stored times and gives back the time no node ran the table (from the
// dead owner's last renewal): the seat to move has its deadline moved on
// by at most the time since the kill and a lease, the other seat the
// reserve it had. Nothing waits for a clock to run out: the move time is
// ten minutes.
func TestClockMovedToAnotherNode(t *testing.T) {
	nodes, db := startNodes(t, 2)
	var c created
	if st := nodes[0].api("POST", "/api/tables", map[string]any{"game": "war", "name": "ann",
		"seats":    []map[string]string{{"kind": "human"}, {"kind": "human"}},
		"settings": map[string]string{"pace": "live", "move": "10m", "reserve": "5m"}}, &c); st != http.StatusCreated {
		t.Fatalf("create: status %d", st)
	}
	bob := claim(t, nodes[1], c.ID, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	// Ann on the table's owner (the node that created it, or the other one
	// if it adopted the new table first), which is then killed.
	owner, other := ownerOf(t, ctx, openStore(t, db), c.ID, nodes)
	ann, err := dial(ctx, owner.base, c.ID, c.Token)
	if err != nil {
		t.Fatal(err)
	}
	turn := waitFor(t, ctx, ann, func(m msg) bool { return m.Type == "turn" })
	if err := ann.send(map[string]any{"action": "flip", "version": turn.Version, "id": "f"}); err != nil {
		t.Fatal(err)
	}
	before, ok := clockFrom(ctx, ann, func(m clockMsg) bool { return !m.Seats[0].Running && m.Seats[1].Running })
	if !ok {
		t.Fatal("no clock after ann's flip")
	}
	killed := time.Now()
	owner.kill9()
	// Bob connects to the other node until it owns the table (a relay to
	// the dead owner is closed with moved, and he tries again).
	var after clockMsg
	for {
		w, err := dial(ctx, other.base, c.ID, bob)
		if err == nil { // 503 while the table is between nodes: again
			if after, ok = clockFrom(ctx, w, func(clockMsg) bool { return true }); ok {
				break
			}
		}
		if ctx.Err() != nil {
			t.Fatalf("the table was not adopted in time: %v", err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if !after.Seats[1].Running || after.Seats[0].ReserveMS != before.Seats[0].ReserveMS {
		t.Fatalf("on the node that adopted the table: %s\nbefore: %s", show(after), show(before))
	}
	// The lease is 1 s: the table waited at least most of it for a new
	// owner, and no more than the time since the kill and a lease.
	given, most := after.Seats[1].Deadline.Sub(*before.Seats[1].Deadline), time.Since(killed)+time.Second
	if given < 500*time.Millisecond || given > most {
		t.Fatalf("the adopting node gave bob %v back; want the time no node ran the table, between 0.5 s and %v\nafter: %s\nbefore: %s", given, most, show(after), show(before))
	}
}

func show(m clockMsg) string {
	b, _ := json.Marshal(m)
	return fmt.Sprint(string(b))
}
