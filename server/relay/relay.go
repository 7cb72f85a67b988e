// Package relay serves what reaches this node for a table another node
// owns (docs/server.md, "Several nodes"): a WebSocket relayed to the
// owner — commands sent as requests, the owner's frames for the seat
// received on the seat's subject — and the seat requests forwarded to it.
package relay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"cardtable/engine"
	"cardtable/server/conn"
	"cardtable/server/httpjson"
	"cardtable/server/metrics"
	"cardtable/server/room"
	"cardtable/server/secret"
	"cardtable/store"
	"cardtable/table"
)

// relayTimeout bounds one request to a table's owner.
const relayTimeout = 5 * time.Second

// relayConn is a connection to a table another node owns: its commands go
// to the owner as requests, and the owner's frames for its seat come on
// the seat's subject (hidden information only on the subject of the seat
// entitled to it; spectators on the public one).
type relayConn struct {
	srv  *Relays
	c    *conn.Conn
	id   string
	conn string
}

var relayIDs atomic.Uint64

// Config is what a node's relays need.
type Config struct {
	// Cluster is the bus to the other nodes.
	Cluster room.Cluster
	// Store finds a relayed connection's seat from its token.
	Store   store.Store
	Metrics *metrics.Metrics
	Log     *slog.Logger
	// SendQueue bounds the owner's frames waiting for one connection.
	SendQueue int
}

// Relays are a node's relays to the tables other nodes own.
type Relays struct{ cfg Config }

// New makes a node's relays.
func New(cfg Config) *Relays { return &Relays{cfg: cfg} }

// errMoving answers a connection whose table's owner cannot be reached.
var errMoving = httpjson.Sayf(http.StatusServiceUnavailable, room.CodeUnavailable, engine.Say("room.not-answering"), "the table's server did not answer (it may be moving to another server); try again in a few seconds")

// Serve serves c at table id (owned by another node): it finds c's seat
// from the stored table, listens on the seat's subject, joins through the
// owner (which checks the token again and answers the snapshot) and then
// relays both ways until the connection ends or the table moves.
func (s *Relays) Serve(w http.ResponseWriter, r *http.Request, c *conn.Conn, token string) {
	id := r.PathValue("id")
	hdr, err := s.cfg.Store.Table(r.Context(), id)
	if err != nil {
		httpjson.Refuse(w, r, s.cfg.Log, err)
		return
	}
	c.Seat = engine.Spectator
	if token != "" {
		c.Seat = -2
		for i, st := range hdr.Seats {
			if st.Token != "" && secret.Equal(st.Token, token) {
				c.Seat = i
			}
		}
		if c.Seat == -2 {
			httpjson.Refuse(w, r, s.cfg.Log, room.ErrForbidden)
			return
		}
	}
	frames := make(chan room.Frame, s.cfg.SendQueue)
	cancel, err := s.cfg.Cluster.Subscribe(id, c.Seat, func(f room.Frame) {
		select {
		case frames <- f:
		default:
			c.Kick(conn.ByeTooSlow, "you fell too far behind the table's messages; reconnect to get a fresh snapshot")
		}
	})
	if err != nil {
		httpjson.Refuse(w, r, s.cfg.Log, err)
		return
	}
	defer cancel()
	rl := s.newRelay(id)
	rl.c = c
	resp, err := rl.ask(room.Request{Op: "join", Token: token, Addr: c.Addr(), User: c.User})
	if err != nil {
		httpjson.Refuse(w, r, s.cfg.Log, err)
		return
	}
	defer rl.ask(room.Request{Op: "leave"})
	if resp.Seat != c.Seat {
		httpjson.Refuse(w, r, s.cfg.Log, errMoving) // the seat changed hands meanwhile
		return
	}
	ws, err := conn.Accept(w, r, s.cfg.Log)
	if err != nil {
		c.Kick("", "")
		return
	}
	s.cfg.Metrics.Relayed.Inc()
	defer s.cfg.Metrics.Relayed.Dec()
	c.Serve(ws, rl, func() {
		for _, m := range resp.Msgs {
			c.EnqueueOut(conn.Out{Data: m, Version: messageVersion(m)})
		}
		go rl.pump(frames, resp.N)
	})
}

// messageVersion is a table message's version for the slap clock (-1 for
// errors, hints and server messages).
func messageVersion(data []byte) int {
	var m struct {
		Type    string `json:"type"`
		Version int    `json:"version"`
	}
	if json.Unmarshal(data, &m) != nil {
		return -1
	}
	switch m.Type {
	case table.TypeHello, table.TypeTurn, table.TypeEvent, table.TypeEnd:
		return m.Version
	}
	return -1
}

// pump queues the owner's frames after the snapshot's (those numbered
// above after) for the client, in order; a gap or a move closes the
// connection so the client reconnects to a fresh snapshot.
func (rl *relayConn) pump(frames <-chan room.Frame, after uint64) {
	c := rl.c
	last := after
	for {
		select {
		case <-c.Gone():
			return
		case f := <-frames:
			switch {
			case f.Moved && f.Bye == conn.ByeSeatMoved:
				rl.c.Kick(conn.ByeSeatMoved, conn.SeatMovedText)
				time.AfterFunc(2*time.Second, func() { rl.c.CloseNow() })
				return
			case f.Moved:
				rl.drop("the table moved to another server; reconnect to carry on")
				return
			case f.N <= last:
				continue // in the snapshot already
			case f.N != last+1:
				rl.drop("messages from the table's server went missing; reconnect for a fresh snapshot")
				return
			}
			last = f.N
			if !c.EnqueueOut(conn.Out{Data: f.Data, Version: f.Version}) {
				return
			}
		}
	}
}

// drop closes the connection with bye moved, and for certain a moment
// later (the read loop may be waiting on the owner meanwhile).
func (rl *relayConn) drop(text string) {
	rl.c.Kick(conn.ByeMoved, text)
	time.AfterFunc(2*time.Second, func() { rl.c.CloseNow() })
}

// newRelay is a relay to table id's owner under a connection id unique
// in the cluster (this node's name and a counter).
func (s *Relays) newRelay(id string) *relayConn {
	return &relayConn{srv: s, id: id, conn: fmt.Sprintf("%s/%d", s.cfg.Cluster.Node(), relayIDs.Add(1))}
}

// Ask sends one request to table id's owner.
func (s *Relays) Ask(id string, req room.Request) (room.Response, error) {
	return s.newRelay(id).ask(req)
}

// ask sends one request to the table's owner.
func (rl *relayConn) ask(req room.Request) (room.Response, error) {
	req.Conn = rl.conn
	data, err := json.Marshal(req)
	if err != nil {
		return room.Response{}, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), relayTimeout)
	defer cancel()
	out, err := rl.srv.cfg.Cluster.Request(ctx, rl.id, data)
	if err != nil {
		rl.srv.cfg.Log.Warn("owner did not answer", "table", rl.id, "op", req.Op, "err", err)
		return room.Response{}, errMoving
	}
	var resp room.Response
	if err := json.Unmarshal(out, &resp); err != nil {
		return room.Response{}, fmt.Errorf("server: the owner of table %s answered garbage: %w", rl.id, err)
	}
	if resp.Gone {
		return resp, errMoving
	}
	if resp.Err != nil {
		return resp, resp.Err
	}
	return resp, nil
}

// Command forwards one command from the read loop to the owner and
// queues what only this connection hears (an error, a hint); the event
// comes on the seat's subject. The table unreachable or moved, the client
// is told and closed, so it reconnects (conn.Sink).
func (rl *relayConn) Command(c *conn.Conn, cmd table.Command, readAt time.Time) bool {
	req := room.Request{Op: "cmd", Cmd: &cmd, ReadAt: readAt.UnixNano()}
	for _, st := range c.Stamps() {
		req.Clock = append(req.Clock, room.RequestStamp{V: st.Version, At: st.At.UnixNano()})
	}
	resp, err := rl.ask(req)
	if err != nil {
		var e *httpjson.Error
		if errors.As(err, &e) && e != errMoving {
			c.Refuse(cmd.ID, table.Sayf(e.Code, e.Said, "%s", e.Message))
			return true
		}
		c.Refuse(cmd.ID, table.Sayf(room.CodeUnavailable, engine.Say("room.action-not-answered"), "the table's server did not answer, so the action was not played; reconnect and try again"))
		rl.drop("the table is moving to another server; reconnect to carry on")
		return false
	}
	msgs := resp.Msgs
	if n := len(msgs); n > 0 && messageType(msgs[n-1]) == table.TypeTurn {
		// The fresh turn after a refusal: paced here, where the
		// connection's rate is kept (refusal.go).
		if wait := c.Wait(time.Now()); wait > 0 {
			msgs = msgs[:n-1]
			c.OweTurn(wait)
		}
	}
	for _, data := range msgs {
		if !c.EnqueueOut(conn.Out{Data: data, Version: -1}) {
			return false
		}
	}
	return true
}

// messageType is a message's type.
func messageType(data []byte) string {
	var m struct {
		Type string `json:"type"`
	}
	json.Unmarshal(data, &m)
	return m.Type
}

// Turn asks the owner for the connection's fresh turn (after a refusal
// here); an owner that does not answer is left to the next command
// (conn.Sink).
func (rl *relayConn) Turn(c *conn.Conn) bool {
	resp, err := rl.ask(room.Request{Op: "turn"})
	if err != nil {
		return true
	}
	for _, data := range resp.Msgs {
		if !c.EnqueueOut(conn.Out{Data: data, Version: -1}) {
			return true
		}
	}
	return true
}
