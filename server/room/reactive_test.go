package room_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/ratelimit"
	"cardtable/server/servertest"
	"cardtable/table"
)

// reactor is a seat's client that only reacts to messages: it never polls
// and never retries on a timer. On each turn it sends a burst of commands
// the server must refuse (garbage, notation, illegal, stale, a refused
// hint, now and then a flood past the rate limit) around its action, and
// sometimes its action itself is one the server refuses. It answers a turn
// once: a turn for the version its action is pending on is a duplicate (a
// fresh turn after a junk command's refusal) unless the action's own
// answer was a refusal (its error carries the action's id, dropped over
// the rate included).
type reactor struct {
	c   *servertest.Client
	rng *rand.Rand
	// latest is the latest version seen; pending the version of the
	// action in flight (-1: none, or refused); realID its id.
	latest, pending int
	realID          string
	n               int
	// refused counts the refusals (by code) it met on the way.
	refused map[string]int
	end     servertest.Msg
	last    []string
	sent    []string
}

// react handles one message; it reports whether the game is over.
func (r *reactor) react(m servertest.Msg) (bool, error) {
	r.last = append(r.last, string(m.Raw))
	if len(r.last) > 12 {
		r.last = r.last[1:]
	}
	switch m.Type {
	case "hello", "event", "sealed":
		r.latest = max(r.latest, m.Version)
		if m.ID != "" && m.ID == r.realID {
			r.pending = -1 // answered: a turn after it is a new one (a false slap's flip)
		}
	case "error":
		r.refused[m.Code]++
		if m.ID != "" && m.ID == r.realID {
			r.pending = -1 // refused: the fresh turn after it is answered
		}
	case "turn":
		if m.Version < r.latest || m.Version == r.pending {
			return false, nil
		}
		r.latest = m.Version
		r.burst(m)
	case "end":
		r.end = m
		return true, nil
	case "bye":
		return true, fmt.Errorf("closed after %d bursts at version %d: %s; refusals %v", r.n, r.latest, m.Raw, r.refused)
	}
	return false, nil
}

// burst answers a turn: junk, the action (sometimes one to be refused),
// more junk; now and then a flood past the rate.
func (r *reactor) burst(turn servertest.Msg) {
	r.n++
	junk := func() {
		switch r.rng.IntN(6) {
		case 0:
			r.send(`{"action":`)
		case 1:
			r.send(servertest.Cmd("dance", turn.Version, fmt.Sprintf("j%d", r.n)))
		case 2:
			r.send(servertest.Cmd(turn.Legal[0], turn.Version+3, fmt.Sprintf("j%d", r.n)))
		case 3:
			r.send(`{"type":"hint","action":"dance","id":"h"}`)
		case 4:
			r.send(servertest.Cmd("play 2C 2D 2H 2S", turn.Version, fmt.Sprintf("j%d", r.n)))
		default:
			r.send(`["not", "an", "object"]`)
		}
	}
	// Now and then a flood past the burst of 8: some commands are dropped
	// (never 16 in a row, which closes the connection).
	if r.rng.IntN(12) == 0 {
		for range 11 {
			junk()
		}
	}
	if r.rng.IntN(3) == 0 {
		junk()
	}
	r.realID = fmt.Sprintf("r%d", r.n)
	action, version := turn.Legal[r.rng.IntN(len(turn.Legal))], turn.Version
	if r.rng.IntN(5) == 0 {
		version = turn.Version + 1 + r.rng.IntN(3) // refused as stale
	}
	r.pending = turn.Version
	r.send(servertest.Cmd(action, version, r.realID))
	if r.rng.IntN(4) == 0 {
		junk()
	}
}

// send writes one command; a closed connection shows on the read side.
func (r *reactor) send(v any) {
	data, ok := v.(string)
	if !ok {
		b, _ := json.Marshal(v)
		data = string(b)
	}
	r.sent = append(r.sent, data)
	if len(r.sent) > 12 {
		r.sent = r.sent[1:]
	}
	ctx, cancel := context.WithTimeout(context.Background(), servertest.Hang)
	defer cancel()
	r.c.Conn.Write(ctx, websocket.MessageText, []byte(data))
}

// claimAll gives a test every human seat of a new table: the creator's
// token and the tokens of the other seats claimed from their invites.
func claimAll(ts *servertest.Server, tb api.Created) map[int]string {
	ts.T.Helper()
	tokens := map[int]string{*tb.Seat: tb.Token}
	for _, inv := range tb.Invites {
		u, err := url.Parse(inv.URL)
		if err != nil {
			ts.T.Fatal(err)
		}
		var got struct{ Token string }
		path := fmt.Sprintf("/api/tables/%s/seats/%d/claim", tb.ID, inv.Seat)
		if code := ts.Do("POST", path, map[string]string{"invite": u.Query().Get("invite"), "name": fmt.Sprintf("p%d", inv.Seat)}, &got); code != 200 {
			ts.T.Fatalf("claim seat %d: %d", inv.Seat, code)
		}
		tokens[inv.Seat] = got.Token
	}
	return tokens
}

// Clients that only react to messages play whole games over the WebSocket
// through bursts of refused commands — garbage, bad notation, illegal and
// stale actions, refused hints, floods past the rate limit, and actions of
// their own refused — because every refusal is followed by a fresh turn
// when the seat may still act. A client left without its turn would wait
// until the test's guard fails it.
func TestReactiveClientsFinishThroughRefusals(t *testing.T) {
	total := map[string]int{}
	for _, tc := range []struct {
		game string
		opts map[string]string
		n    int
	}{
		{"war", map[string]string{"slap": "7", "max-battles": "40"}, 2},
		{"war", map[string]string{"players": "3", "slap": "Q", "max-battles": "25"}, 3},
		{"regicide", map[string]string{"players": "2"}, 2},
		{"regicide", map[string]string{"players": "3"}, 3},
		{"watchtower", map[string]string{"players": "2", "max-rounds": "6"}, 2},
	} {
		for seed := range uint64(3) {
			t.Run(fmt.Sprintf("%s-%dp-%d", tc.game, tc.n, seed), func(t *testing.T) {
				end := reactiveGame(t, tc.game, tc.opts, tc.n, seed, total)
				t.Logf("%d actions", end.Version)
			})
		}
	}
	for _, code := range []string{table.CodeBadMessage, table.CodeNotation, table.CodeStale, ratelimit.CodeRateLimited} {
		if total[code] == 0 {
			t.Errorf("no %s refusal met on the way: %v", code, total)
		}
	}
}

// reactiveGame plays one game of reactors on a new server and returns
// the end they got; it adds the refusals they met to total.
func reactiveGame(t *testing.T, game string, opts map[string]string, n int, seed uint64, total map[string]int) servertest.Msg {
	// A small burst and a quick refill: floods are cut, and the turn owed
	// after them comes within a millisecond.
	ts := servertest.New(t, nil, server.Config{Limits: server.Limits{ConnRate: 2000, ConnBurst: 8, AddrRate: 1e6, AddrBurst: 1e6}})
	seats := make([]api.SeatRequest, n)
	for i := range seats {
		seats[i] = api.SeatRequest{Kind: "human"}
	}
	tb := ts.Create(api.CreateRequest{Game: game, Options: opts, Seats: seats})
	tokens := claimAll(ts, tb)
	reactors := make([]*reactor, n)
	for seat := range n {
		reactors[seat] = &reactor{c: ts.Dial(tb.ID, tokens[seat]), rng: rand.New(rand.NewPCG(seed, uint64(seat))), pending: -1, refused: map[string]int{}}
	}
	var wg sync.WaitGroup
	errs := make([]error, n)
	for seat, r := range reactors {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[seat] = r.play()
		}()
	}
	wg.Wait()
	for seat, r := range reactors {
		if errs[seat] != nil {
			t.Fatalf("seat %d: %v", seat, errs[seat])
		}
		if r.end.Result == nil || !r.end.Result.Over {
			t.Fatalf("seat %d: end %s", seat, r.end.Raw)
		}
		for code, k := range r.refused {
			total[code] += k
		}
	}
	return reactors[0].end
}

// play reacts to messages until the end; a reactor left without a message
// for the test's guard is stuck.
func (r *reactor) play() error {
	for {
		select {
		case m, ok := <-r.c.Msgs:
			if !ok {
				return fmt.Errorf("connection closed before the end: %v", <-r.c.Err)
			}
			if over, err := r.react(m); err != nil || over {
				return err
			}
		case <-time.After(servertest.Hang):
			return fmt.Errorf("stuck at version %d (action pending at %d): no message for %v; last got:\n%s\nlast sent:\n%s",
				r.latest, r.pending, servertest.Hang, strings.Join(r.last, "\n"), strings.Join(r.sent, "\n"))
		}
	}
}

// A flood past the rate gets one error per command, and a fresh turn
// after the last error; the fresh turns never outnumber the commands the
// rate let through (plus the one owed when the bucket is empty): dropped
// commands earn none.
func TestFloodEarnsNoTurnPerDroppedCommand(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{Limits: server.Limits{ConnRate: 50, ConnBurst: 4, AddrRate: 1e6, AddrBurst: 1e6}})
	tb := ts.Create(api.CreateRequest{Game: "regicide", Options: map[string]string{"players": "1"}})
	c := ts.Dial(tb.ID, tb.Token)
	turn := c.Until("turn")
	const flood = 8
	for i := range flood {
		c.Send(servertest.Cmd("dance", turn.Version, fmt.Sprintf("f%d", i)))
	}
	errs, limited, turns, turnAfterLast := map[string]bool{}, 0, 0, false
	for len(errs) < flood || !turnAfterLast {
		switch m := c.Next(); m.Type {
		case "error":
			errs[m.ID] = true
			turnAfterLast = false
			if m.Code == ratelimit.CodeRateLimited {
				limited++
			}
		case "turn":
			turns++
			turnAfterLast = len(errs) == flood
			if m.Version != turn.Version {
				t.Fatalf("fresh turn %s", m.Raw)
			}
		}
	}
	// A command now is taken (the owed turn came when a token did), and
	// any turn still owed arrives before its answer or not at all.
	c.Send(`{"type":"hint","action":"yield","id":"h"}`)
	for m := c.Next(); m.ID != "h"; m = c.Next() {
		if m.Type == "turn" {
			turns++
		}
	}
	if limited < 3 {
		t.Errorf("%d of %d commands were dropped over a burst of 4", limited, flood)
	}
	if passed := flood - limited; turns > passed+1 {
		t.Errorf("%d fresh turns for %d commands refused in the room and %d dropped", turns, passed, limited)
	}
}
