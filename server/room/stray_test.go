package room_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/servertest"
	"cardtable/store"
	"cardtable/store/memstore"
)

// brokenActions is a store whose Actions fails while broken is set (the
// database out of reach, or a read that outlived its context).
type brokenActions struct {
	store.Store
	broken atomic.Bool
}

func (b *brokenActions) Actions(ctx context.Context, id string) ([]store.Action, error) {
	if b.broken.Load() {
		return nil, errors.New("the store did not answer")
	}
	return b.Store.Actions(ctx, id)
}

// disowningCluster is fencingCluster that records what is given up.
type disowningCluster struct {
	fencingCluster
	mu       sync.Mutex
	disowned []string
}

func (c *disowningCluster) Disown(id string, _ int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.disowned = append(c.disowned, id)
}

func (c *disowningCluster) gaveUp(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, d := range c.disowned {
		if d == id {
			return true
		}
	}
	return false
}

// A node that took a table's lease but could not build its room (the
// store failed while reading the table back) gives the lease up at once:
// kept, the node would renew it with no room running the table, and no
// other node could take the table over while this one lives.
func TestLeaseGivenUpWhenTheRoomIsNotBuilt(t *testing.T) {
	mem := memstore.New()
	creator := servertest.New(t, mem, server.Config{Cluster: &fencingCluster{st: mem}})
	tb := creator.Create(api.CreateRequest{Game: "watchtower", Name: "ann", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})

	st := &brokenActions{Store: mem}
	cl := &disowningCluster{fencingCluster: fencingCluster{st: st}}
	other := servertest.New(t, st, server.Config{Cluster: cl})
	st.broken.Store(true)
	var e servertest.APIError
	if code := other.Do("POST", "/api/tables/"+tb.ID+"/seats/1/claim", `{"name":"bob"}`, &e); code < 500 {
		t.Fatalf("claim while the store fails: %d %+v, want a 5xx", code, e)
	}
	if !cl.gaveUp(tb.ID) {
		t.Fatal("the node kept the lease of a table whose room it could not build")
	}
	if other.Loaded(tb.ID) {
		t.Fatal("a room runs the table the node could not read")
	}
	st.broken.Store(false)
	if code := other.Do("POST", "/api/tables/"+tb.ID+"/seats/1/claim", `{"name":"bob"}`, nil); code != 200 {
		t.Fatalf("claim once the store answers: %d, want 200", code)
	}
}
