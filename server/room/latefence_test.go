package room_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/room"
	"cardtable/server/servertest"
	"cardtable/store/memstore"
)

// movingCluster is a fencingCluster whose table, once lost, is owned by
// another node that answers every request with token.
type movingCluster struct {
	fencingCluster
	token string
}

func (c *movingCluster) Own(context.Context, string) (int64, bool, error) {
	return 1, !c.lost.Load(), nil
}

func (c *movingCluster) Request(context.Context, string, []byte) ([]byte, error) {
	return json.Marshal(room.Response{Seat: 1, Token: c.token})
}

// A claim that reaches a node just as it loses the table (a paused node
// resumed: its room stops, the claim queued behind the loss) follows the
// table to its new owner, whose answer it gets — not "the server is
// stopping"; and so does one its room answered fenced.
func TestLateClaimFollowsTheTable(t *testing.T) {
	for _, queued := range []bool{true, false} {
		st := memstore.New()
		cl := &movingCluster{fencingCluster: fencingCluster{st: st}, token: "from-the-new-owner"}
		ts := servertest.New(t, st, server.Config{Cluster: cl})
		tb := ts.Create(api.CreateRequest{Game: "watchtower", Name: "ann", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
		rm, err := ts.Srv.Rooms().Get(t.Context(), tb.ID)
		if err != nil {
			t.Fatal(err)
		}
		resume := rm.Pause() // the node is paused
		cl.lost.Store(true)
		if queued {
			ts.Srv.Lost(tb.ID) // the loss is seen before the claim
		}
		type answer struct {
			code int
			body map[string]any
		}
		got := make(chan answer, 1)
		go func() {
			var out map[string]any
			code := ts.Do("POST", "/api/tables/"+tb.ID+"/seats/1/claim", `{"name":"bob"}`, &out)
			got <- answer{code, out}
		}()
		want := 1
		if queued {
			want = 2
		}
		for deadline := time.Now().Add(servertest.Hang); rm.Queued() < want; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the claim did not reach the room")
			}
		}
		resume()
		a := <-got
		if a.code != http.StatusOK || a.body["token"] != cl.token {
			t.Errorf("a claim queued behind the loss (%v): %d %v; want the new owner's answer", queued, a.code, a.body)
		}
	}
}
