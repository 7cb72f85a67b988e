package room

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/server/conn"
	"cardtable/server/httpjson"
	"cardtable/server/secret"
	"cardtable/store"
	"cardtable/table"
)

// remoteState is the room's side of a cluster: the lease epoch every
// write is fenced by, set fenced once one fails; the connections other
// nodes relay, by id; frames[seat], the frames published on seat's
// subject; stopCtl stops answering other nodes, and sweep looks for
// relayed connections of nodes that died while any are listed.
type remoteState struct {
	epoch   int64
	fenced  bool
	conns   map[string]*conn.Conn
	frames  map[int]uint64
	stopCtl func()
	sweep   *time.Timer
}

// Cluster is how a server shares its tables with other nodes
// (Config.Cluster; nil: this one process runs every table). Package
// cluster implements it over PostgreSQL leases and NATS. The server asks
// it who owns a table, fences every append by the owner's epoch, and uses
// it as the bus to other nodes: requests to a table's owner and the
// owner's per-seat frames to the nodes relaying its clients.
type Cluster interface {
	// Node names this process (unique per process).
	Node() string
	// Own makes this node table id's owner: ok with the lease epoch every
	// append of the table is fenced by, or !ok while another node owns it.
	Own(ctx context.Context, id string) (epoch int64, ok bool, err error)
	// Append stores a on condition that epoch is still the table's live
	// lease (store.ErrFenced when it is not: nothing written).
	Append(ctx context.Context, id string, epoch int64, a store.Action) error
	// UpdateSeat and Finish store a seat's new occupant and the result on
	// the same condition.
	UpdateSeat(ctx context.Context, id string, epoch int64, i int, s store.Seat) error
	Finish(ctx context.Context, id string, epoch int64, res engine.Result, at time.Time) error
	// AppendEvent stores a table event on the same condition.
	AppendEvent(ctx context.Context, id string, epoch int64, e store.Event) error
	// Disown gives the table up (its room stopped), so another node may
	// take it at once.
	Disown(id string, epoch int64)
	// Publish sends one of table id's frames to the relays of seat
	// (engine.Spectator: the public subject).
	Publish(id string, seat int, f Frame)
	// Serve answers other nodes' requests about table id with h until stop.
	Serve(id string, h func(req []byte) []byte) (stop func(), err error)
	// Request asks table id's owner (errors when none answers in time).
	Request(ctx context.Context, id string, req []byte) ([]byte, error)
	// Subscribe hands f table id's frames for seat until cancel.
	Subscribe(id string, seat int, f func(Frame)) (cancel func(), err error)
	// Alive reports whether node (another node's Node()) is still up: an
	// owner drops the relayed connections of a node that is not, which
	// could not say they left.
	Alive(node string) bool
}

// Frame is one message of a table for one seat's subject. N counts the
// frames of that subject from 1, so a relay sees a gap; Moved (no data)
// says the table changed owner and its relays must reconnect their
// clients — or, with Bye, close them with that bye code (seat-moved: the
// seat has a new token, so reconnecting is no use).
type Frame struct {
	N       uint64
	Version int // the table message's version, for the slap clock (-1: none)
	Data    []byte
	Moved   bool
	Bye     string
}

// ErrRemote: another node owns the table; the request goes there.
var ErrRemote = errors.New("server: the table is owned by another node")

// Request is a request from another node to a table's owner (JSON on the
// table's control subject).
type Request struct {
	Op   string `json:"op"`   // join, leave, cmd, turn, claim, bot, reseat
	Conn string `json:"conn"` // the relay's connection id
	// join: the seat token's hash ("" for a spectator), and the client's
	// address and account (its chat's limits).
	Token string `json:"token,omitempty"`
	Addr  string `json:"addr,omitempty"`
	User  string `json:"user,omitempty"`
	// cmd: the command, when it was read and the relay's slap clock.
	Cmd    *table.Command `json:"cmd,omitempty"`
	ReadAt int64          `json:"read_at,omitempty"`
	Clock  []RequestStamp `json:"clock,omitempty"`
	// claim, bot and reseat.
	Seat    int    `json:"seat,omitempty"`
	Name    string `json:"name,omitempty"`
	Invite  string `json:"invite,omitempty"`
	Creator string `json:"creator,omitempty"`
	Spec    string `json:"spec,omitempty"`
}

type RequestStamp struct {
	V  int   `json:"v"`
	At int64 `json:"at"` // unix nanoseconds on the relay's clock
}

// Response is the owner's answer.
type Response struct {
	Seat  int               `json:"seat"`
	N     uint64            `json:"n"`              // join: frames of the seat's subject so far
	Msgs  []json.RawMessage `json:"msgs,omitempty"` // join: the snapshot; cmd: an error or hint
	Token string            `json:"token,omitempty"`
	Err   *httpjson.Error   `json:"err,omitempty"`
	// Gone: the owner does not know the connection (the table moved, or
	// the room stopped); the relay reconnects its client.
	Gone bool `json:"gone,omitempty"`
}

// ctlMsg is a Request handed to the room's goroutine.
type ctlMsg struct {
	req   Request
	reply chan Response
}

// lostReq: the node lost the table's lease; the room stops.
type lostReq struct{}

// serveCtl starts answering other nodes for r.
func (r *Room) serveCtl() error {
	cl := r.rooms.cfg.Cluster
	stop, err := cl.Serve(r.id, func(data []byte) []byte {
		var req Request
		resp := Response{Gone: true}
		if err := json.Unmarshal(data, &req); err == nil {
			reply := make(chan Response, 1)
			if r.send(ctlMsg{req: req, reply: reply}) {
				select {
				case resp = <-reply:
				case <-r.done:
				case <-time.After(storeTimeout):
					resp = Response{Err: httpjson.Sayf(http.StatusServiceUnavailable, CodeUnavailable, engine.Say("room.busy"), "the table's server is busy; try again")}
				}
			}
		}
		out, _ := json.Marshal(resp)
		return out
	})
	r.remote.stopCtl = stop
	return err
}

// ctl serves one request of another node on the room's goroutine.
func (r *Room) ctl(req Request) Response {
	switch req.Op {
	case "join":
		return r.remoteJoin(req)
	case "leave":
		if c, ok := r.remote.conns[req.Conn]; ok {
			r.forgetChatRate(c)
			delete(r.remote.conns, req.Conn)
			r.sendSeats()
			if len(r.clients) == 0 && len(r.remote.conns) == 0 {
				r.startIdle()
			}
		}
		return Response{}
	case "cmd":
		return r.remoteCmd(req)
	case "turn":
		return r.remoteTurn(req)
	case "claim":
		token, err := r.claim(req.Seat, req.Name, req.Invite)
		return Response{Token: token, Err: asAPIError(err)}
	case "reseat":
		token, err := r.reseat(req.Seat)
		return Response{Token: token, Err: asAPIError(err)}
	case "bot":
		if req.Spec == "" {
			req.Spec = bots.Default(r.game.Name())
		}
		return Response{Token: req.Spec, Err: asAPIError(r.handToBot(req.Seat, req.Creator, req.Spec))}
	}
	// Only another node of the cluster reads it.
	return Response{Err: httpjson.Errorf(http.StatusBadRequest, "bad-request", "unknown op %q", req.Op)}
}

// asAPIError is err for the bus (nil for nil).
func asAPIError(err error) *httpjson.Error {
	if err == nil {
		return nil
	}
	var e *httpjson.Error
	if errors.As(err, &e) {
		return e
	}
	return httpjson.ErrorOf(http.StatusInternalServerError, "internal", err)
}

// remoteJoin seats a relayed connection: the snapshot comes back in the
// answer, every later message on its seat's subject.
func (r *Room) remoteJoin(req Request) Response {
	c := conn.NewStandIn(r.rooms.cfg.Conn, engine.Spectator, req.Addr, req.User)
	if req.Token != "" {
		c.Seat = -2
		for i, st := range r.hdr.Seats {
			if st.Token != "" && secret.Equal(st.Token, req.Token) {
				c.Seat = i
			}
		}
		if c.Seat == -2 {
			return Response{Err: ErrForbidden}
		}
	}
	if r.remote.conns == nil {
		r.remote.conns = map[string]*conn.Conn{}
	}
	r.stopIdle()
	resp := Response{Seat: c.Seat, N: r.remote.frames[c.Seat]}
	add := func(m any) {
		if b, err := json.Marshal(m); err == nil {
			resp.Msgs = append(resp.Msgs, b)
		}
	}
	add(r.t.Hello(c.Seat))
	if r.t.Over() {
		add(r.endMessage(c.Seat))
	} else if c.Seat >= 0 && r.mayAct(c.Seat) {
		add(r.t.Turn(c.Seat))
	}
	for _, m := range r.lifeSnapshot(c.Seat) {
		add(m)
	}
	r.remote.conns[req.Conn] = c
	r.sendSeats()
	r.startSweep()
	return resp
}

// sweepEvery is how often an owner checks that the nodes relaying its
// table's connections are alive.
const sweepEvery = 2 * time.Second

// startSweep arms the check for dead relays, unless it is armed.
func (r *Room) startSweep() {
	if r.remote.sweep == nil {
		r.remote.sweep = time.AfterFunc(sweepEvery, func() { r.send(sweepReq{}) })
	}
}

func (r *Room) stopSweep() {
	if r.remote.sweep != nil {
		r.remote.sweep.Stop()
		r.remote.sweep = nil
	}
}

// sweepRemote drops the relayed connections of nodes that are no longer
// alive (a node killed cannot say its connections left), tells everyone
// the seats, and looks again later while any remain.
func (r *Room) sweepRemote() {
	r.remote.sweep = nil
	cl := r.rooms.cfg.Cluster
	if cl == nil {
		return
	}
	dropped := 0
	for conn := range r.remote.conns {
		node := conn
		if i := strings.LastIndexByte(conn, '/'); i >= 0 {
			node = conn[:i]
		}
		if !cl.Alive(node) {
			delete(r.remote.conns, conn)
			dropped++
		}
	}
	if dropped > 0 {
		r.rooms.log.Info("relayed connections dropped: their node is gone", "table", r.id, "connections", dropped)
		r.sendSeats()
		if len(r.clients) == 0 && len(r.remote.conns) == 0 {
			r.startIdle()
		}
	}
	if len(r.remote.conns) > 0 {
		r.startSweep()
	}
}

// remoteCmd plays a relayed connection's command; what only that
// connection hears (an error, a hint) comes back in the answer.
func (r *Room) remoteCmd(req Request) Response {
	c, ok := r.remote.conns[req.Conn]
	if !ok || req.Cmd == nil {
		return Response{Gone: true}
	}
	clock := req.Clock
	sent := func(v int) (time.Time, bool) {
		for _, s := range clock {
			if s.V == v {
				return time.Unix(0, s.At), true
			}
		}
		return time.Time{}, false
	}
	r.command(cmdReq{c: c, cmd: *req.Cmd, readAt: time.Unix(0, req.ReadAt), sent: sent})
	resp := Response{Seat: c.Seat}
	for it, ok := c.Take(); ok; it, ok = c.Take() {
		resp.Msgs = append(resp.Msgs, it.Data)
	}
	return resp
}

// publish sends msg(seat) to the other nodes relaying seat's clients.
func (r *Room) publish(to func(seat int) bool, msg func(seat int) any, memo map[int]conn.Out) {
	seats := map[int]bool{}
	for _, c := range r.remote.conns {
		seats[c.Seat] = true
	}
	for seat := range seats {
		if to != nil && !to(seat) {
			continue
		}
		it, ok := memo[seat]
		if !ok {
			var err error
			if it, err = conn.Encode(msg(seat)); err != nil {
				r.rooms.log.Error("message not encoded", "table", r.id, "err", err)
				return
			}
			memo[seat] = it
		}
		r.remote.frames[seat]++
		r.rooms.cfg.Cluster.Publish(r.id, seat, Frame{N: r.remote.frames[seat], Version: it.Version, Data: it.Data})
	}
}

// moved tells every client the table moves (this node lost it, or it
// just came here): local ones are closed, relays told to reconnect.
func (r *Room) moved() {
	for c := range r.clients {
		c.Kick(conn.ByeMoved, "the table moved to another server; reconnect to carry on")
	}
	r.clients = map[*conn.Conn]struct{}{}
	r.remote.conns = nil
	if cl := r.rooms.cfg.Cluster; cl != nil {
		for seat := engine.Spectator; seat < r.t.NumSeats(); seat++ {
			cl.Publish(r.id, seat, Frame{Moved: true})
		}
	}
}

// append stores a, fenced by the room's epoch on a cluster.
func (r *Room) append(ctx context.Context, a store.Action) error {
	if cl := r.rooms.cfg.Cluster; cl != nil {
		return r.fence(cl.Append(ctx, r.id, r.remote.epoch, a))
	}
	return r.rooms.store.Append(ctx, r.id, a)
}

// updateSeatStored stores seat i's occupant, fenced like append.
func (r *Room) updateSeatStored(ctx context.Context, i int, st store.Seat) error {
	if cl := r.rooms.cfg.Cluster; cl != nil {
		return r.fence(cl.UpdateSeat(ctx, r.id, r.remote.epoch, i, st))
	}
	return r.rooms.store.UpdateSeat(ctx, r.id, i, st)
}

// finishStored stores the result, fenced like append.
func (r *Room) finishStored(ctx context.Context, res engine.Result, at time.Time) error {
	if cl := r.rooms.cfg.Cluster; cl != nil {
		return r.fence(cl.Finish(ctx, r.id, r.remote.epoch, res, at))
	}
	return r.rooms.store.Finish(ctx, r.id, res, at)
}

// fence marks the room fenced (it stops after this request) when err says
// its lease is gone, and returns err.
func (r *Room) fence(err error) error {
	if errors.Is(err, store.ErrFenced) {
		r.remote.fenced = true
	}
	return err
}

// fenceStop ends a room whose lease is gone.
func (r *Room) fenceStop() {
	r.rooms.log.Warn("table lost: lease fenced or expired; its clients reconnect to the new owner", "table", r.id, "epoch", r.remote.epoch)
	r.rooms.metrics.Fenced.Inc()
	r.stopIdle()
	r.stopSweep()
	r.lifeStop()
	if r.slap.open != nil {
		r.slap.open.timer.Stop()
	}
	r.moved()
	r.rooms.retireNow(r)
}
