package room_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/room"
	"cardtable/server/servertest"
	"cardtable/store"
	"cardtable/store/memstore"
)

// fencingCluster is a one-node Cluster over a memory store whose lease can
// be taken away: every fenced write then fails with store.ErrFenced.
type fencingCluster struct {
	st   store.Store
	lost atomic.Bool
}

func (c *fencingCluster) Node() string { return "only" }
func (c *fencingCluster) Own(context.Context, string) (int64, bool, error) {
	return 1, true, nil
}
func (c *fencingCluster) fenced() error {
	if c.lost.Load() {
		return store.ErrFenced
	}
	return nil
}
func (c *fencingCluster) Append(ctx context.Context, id string, _ int64, a store.Action) error {
	if err := c.fenced(); err != nil {
		return err
	}
	return c.st.Append(ctx, id, a)
}
func (c *fencingCluster) UpdateSeat(ctx context.Context, id string, _ int64, i int, s store.Seat) error {
	if err := c.fenced(); err != nil {
		return err
	}
	return c.st.UpdateSeat(ctx, id, i, s)
}
func (c *fencingCluster) Finish(ctx context.Context, id string, _ int64, res engine.Result, at time.Time) error {
	if err := c.fenced(); err != nil {
		return err
	}
	return c.st.Finish(ctx, id, res, at)
}
func (c *fencingCluster) AppendEvent(ctx context.Context, id string, _ int64, e store.Event) error {
	if err := c.fenced(); err != nil {
		return err
	}
	return c.st.AppendEvent(ctx, id, e)
}
func (c *fencingCluster) Disown(string, int64)            {}
func (c *fencingCluster) Publish(string, int, room.Frame) {}
func (c *fencingCluster) Serve(string, func([]byte) []byte) (func(), error) {
	return func() {}, nil
}
func (c *fencingCluster) Request(context.Context, string, []byte) ([]byte, error) {
	return nil, errors.New("no other node")
}
func (c *fencingCluster) Subscribe(string, int, func(room.Frame)) (func(), error) {
	return func() {}, nil
}
func (c *fencingCluster) Alive(string) bool { return true }

// A node that lost a table's lease cannot change its seats: the claim is
// refused as unavailable, the store keeps the seat free, and the room
// stops.
func TestFencedSeatClaimRefused(t *testing.T) {
	st := memstore.New()
	cl := &fencingCluster{st: st}
	ts := servertest.New(t, st, server.Config{Cluster: cl})
	tb := ts.Create(api.CreateRequest{Game: "watchtower", Name: "ann", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	cl.lost.Store(true)
	var e servertest.APIError
	if code := ts.Do("POST", "/api/tables/"+tb.ID+"/seats/1/claim", `{"name":"bob"}`, &e); code != 503 || e.Code != room.CodeUnavailable {
		t.Fatalf("claim on a fenced node: %d %+v, want 503 %s", code, e, room.CodeUnavailable)
	}
	hdr, err := st.Table(t.Context(), tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	if s := hdr.Seats[1]; s.Token != "" || s.Name == "bob" {
		t.Fatalf("the fenced node's claim reached the store: %+v", s)
	}
	deadline := time.Now().Add(servertest.Hang)
	for ts.Loaded(tb.ID) {
		if time.Now().After(deadline) {
			t.Fatal("the fenced room did not stop")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// On a cluster an unfinished table nobody is connected to stays loaded:
// unloading it would only hand it to the next node's adoption.
func TestIdleTableKeptOnCluster(t *testing.T) {
	st := memstore.New()
	ts := servertest.New(t, st, server.Config{Cluster: &fencingCluster{st: st}, IdleUnload: 20 * time.Millisecond})
	tb := ts.Create(api.CreateRequest{Game: "regicide", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}, Options: map[string]string{"first": "0"}})
	c := ts.Dial(tb.ID, tb.Token)
	c.Until("turn")
	c.Conn.CloseNow()
	time.Sleep(300 * time.Millisecond)
	if !ts.Loaded(tb.ID) {
		t.Fatal("an unfinished table was unloaded on a cluster node")
	}
}
