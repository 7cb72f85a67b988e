package room

import (
	"time"

	"cardtable/server/conn"
	"cardtable/table"
)

// After a refusal the seat gets what it needs to go on (docs/protocol-agent.md,
// "Refusals"): every refused command but a hint is answered by an error
// and then, when the seat may act, by a fresh turn, so a client that only
// reacts to messages never waits for a turn that is not coming. The fresh
// turn comes when the connection may send its next command: at once when
// its rate bucket holds a token, else when it refills (one turn owed at a
// time), so a client that answers every turn at once is never pushed over
// the rate, and a client flooding past it earns no more than one turn per
// command it may send. A command refused outside the room (garbage, over
// the rate) asks the room for the turn with a turnReq.

// turnReq asks a room to send c a fresh turn if c's seat may act.
type turnReq struct{ c *conn.Conn }

// refuse answers c's command id with err (nothing changed), then gives a
// seat that may act a fresh turn.
func (r *Room) refuse(c *conn.Conn, id string, err error) {
	r.refuseOnly(c, id, err)
	r.freshTurn(c)
}

// refuseOnly answers c's command id with err alone: a refused hint leaves
// the turn it was asked on standing.
func (r *Room) refuseOnly(c *conn.Conn, id string, err error) {
	m := table.ErrorMessage(c.Seat, r.t.Version(), id, err)
	r.rooms.metrics.Rejected.WithLabelValues(m.Code).Inc()
	r.deliver(c, m)
}

// freshTurn sends c its seat's turn after a refusal, if the seat may act:
// now, or when c may next send (oweTurn).
func (r *Room) freshTurn(c *conn.Conn) {
	if c.Seat < 0 || !r.mayAct(c.Seat) {
		return
	}
	if wait := c.Wait(time.Now()); wait > 0 {
		c.OweTurn(wait)
		return
	}
	r.deliver(c, r.t.Turn(c.Seat))
}

// turnIfMoving sends c its seat's turn if the seat may act (a snapshot).
func (r *Room) turnIfMoving(c *conn.Conn) {
	if c.Seat >= 0 && r.mayAct(c.Seat) {
		r.deliver(c, r.t.Turn(c.Seat))
	}
}

// turnAgain serves a turnReq of a connection still at the table.
func (r *Room) turnAgain(c *conn.Conn) {
	if _, ok := r.clients[c]; ok {
		r.freshTurn(c)
	}
}

// remoteTurn serves a relayed connection's turnReq: the turn, if any,
// comes back in the answer (the relay paces it).
func (r *Room) remoteTurn(req Request) Response {
	c, ok := r.remote.conns[req.Conn]
	if !ok {
		return Response{Gone: true}
	}
	r.turnIfMoving(c)
	resp := Response{Seat: c.Seat}
	for it, ok := c.Take(); ok; it, ok = c.Take() {
		resp.Msgs = append(resp.Msgs, it.Data)
	}
	return resp
}

// mayAct reports whether seat may act now.
func (r *Room) mayAct(seat int) bool {
	return seat >= 0 && r.t.MayAct(seat)
}
