package room_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"

	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/secret"
	"cardtable/server/servertest"
	"cardtable/store/memstore"
)

// adoptingCluster is a fencingCluster whose first Own runs this node's
// adoption of the table first, as the cluster's adoption loop can between
// a new table's creation (stored, not yet leased) and its opening. It
// counts the rooms answering each table's requests.
type adoptingCluster struct {
	fencingCluster
	srv     *server.Server
	adopted atomic.Bool

	mu      sync.Mutex
	serving map[string]int
}

func (c *adoptingCluster) Own(ctx context.Context, id string) (int64, bool, error) {
	if c.adopted.CompareAndSwap(false, true) {
		if err := c.srv.Adopt(ctx, id); err != nil {
			return 0, false, err
		}
	}
	return 1, true, nil
}

func (c *adoptingCluster) Serve(id string, _ func([]byte) []byte) (func(), error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.serving[id]++
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.serving[id]--
	}, nil
}

// A new table its own node adopted before opening it runs in one room:
// the one the adoption loaded. (Two rooms answered the table's requests,
// each with its own seats, so a seat claimed through another node got a
// token the table did not keep; seen in the cluster's rated-game test.)
func TestNewTableAdoptedFirstRunsOnce(t *testing.T) {
	st := memstore.New()
	cl := &adoptingCluster{fencingCluster: fencingCluster{st: st}, serving: map[string]int{}}
	ts := servertest.New(t, st, server.Config{Cluster: cl})
	cl.srv = ts.Srv
	tb := ts.Create(api.CreateRequest{Game: "watchtower", Name: "ann", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	if !cl.adopted.Load() {
		t.Fatal("the test's adoption did not run")
	}
	cl.mu.Lock()
	rooms := cl.serving[tb.ID]
	cl.mu.Unlock()
	if rooms != 1 {
		t.Fatalf("%d rooms answer table %s; want 1", rooms, tb.ID)
	}
	var claimed struct {
		Token string `json:"token"`
	}
	if code := ts.Do("POST", "/api/tables/"+tb.ID+"/seats/1/claim", `{"name":"bob"}`, &claimed); code != 200 {
		t.Fatalf("claim: %d", code)
	}
	hdr, err := st.Table(t.Context(), tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	if hdr.Seats[1].Token != secret.Hash(claimed.Token) {
		t.Fatal("the claimed seat's token is not the one stored")
	}
	ts.Dial(tb.ID, claimed.Token).Until("hello")
}
