package room

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/server/conn"
	"cardtable/server/httpjson"
	"cardtable/server/secret"
	"cardtable/store"
	"cardtable/store/phases"
	"cardtable/table"
)

// Room is one table's actor: only its goroutine (run) touches its fields
// after loadRoom returns. Everything else talks to it through inbox.
type Room struct {
	id    string
	rooms *Rooms
	game  engine.Game
	t     *table.Table
	hdr   store.Table
	inbox chan any
	done  chan struct{} // closed when run returns

	clients map[*conn.Conn]struct{}
	idle    *time.Timer

	// The table-level state, each feature's in its own type and file; the
	// facts that change it are table events (events.go), replayed when
	// the room is rebuilt (life.go).
	settings table.Settings
	// events counts the stored events (the next one's seq); movedAt is
	// the stored time of the last action.
	events  int
	movedAt time.Time
	clock   clockState   // clock.go
	chat    chatState    // chat.go
	draw    drawState    // draw.go
	rematch rematchState // rematch.go
	away    awayState    // leave.go
	sealed  sealState    // sealing.go
	bots    botState     // bots.go
	slap    slapState    // slap.go
	auto    *autoPlay    // autoplay.go: a seat's auto-play, if on
	remote  remoteState  // remote.go: on a cluster
	lesson  lessonState  // lesson.go: a lesson table's script and Tutor

	// The command under way's step times and the end of the room's work
	// before it, while a profiler records them (package phases).
	span   *phases.Span
	freeAt int64
}

// Requests a room's inbox takes.
type (
	joinReq struct {
		c     *conn.Conn
		token string // the seat token's hash ("" for a spectator)
		reply chan error
	}
	leaveReq struct{ c *conn.Conn }
	cmdReq   struct {
		c      *conn.Conn
		cmd    table.Command
		readAt time.Time
		// sent is when the connection was first written a message of a
		// version (nil: c.sentAt; a relay's clock for relayed commands).
		sent func(v int) (time.Time, bool)
	}
	botMove struct {
		seat, version int
		action        string
	}
	slapExpired struct{ version int }
	claimReq    struct {
		seat         int
		name, invite string
		reply        chan claimReply
	}
	claimReply struct {
		token string
		err   error
	}
	botSeatReq struct {
		seat    int
		creator string // the creator token's hash
		spec    string
		reply   chan error
	}
	stopReq  struct{}
	idleReq  struct{}
	sweepReq struct{}
	// syncReq is answered once everything queued before it is served.
	syncReq struct{ reply chan struct{} }
)

// loadRoom rebuilds table id from the store and starts its goroutine.
func (s *Rooms) loadRoom(ctx context.Context, id string) (*Room, error) {
	epoch, err := s.own(ctx, id)
	if err != nil {
		return nil, err
	}
	r, err := s.buildRoom(ctx, id, epoch)
	if err != nil {
		s.giveUp(id, epoch)
	}
	return r, err
}

// giveUp releases the lease of a table whose room could not be started
// here: a lease kept would keep the table from every node until this one
// dies.
func (s *Rooms) giveUp(id string, epoch int64) {
	if s.cfg.Cluster != nil {
		s.cfg.Cluster.Disown(id, epoch)
	}
}

// buildRoom reads table id from the store and starts its room under the
// lease epoch this node holds.
func (s *Rooms) buildRoom(ctx context.Context, id string, epoch int64) (*Room, error) {
	hdr, err := s.store.Table(ctx, id)
	if err != nil {
		return nil, err
	}
	acts, err := s.store.Actions(ctx, id)
	if err != nil {
		return nil, err
	}
	evs, err := s.store.Events(ctx, id)
	if err != nil {
		return nil, err
	}
	g, ok := s.games[hdr.Game]
	if !ok {
		return nil, fmt.Errorf("server: table %s: unknown game %q", id, hdr.Game)
	}
	hist := &history{acts: acts, events: evs}
	set, _ := table.ParseSettings(GameSettings(hdr.Settings), g, len(hdr.Seats))
	t, err := table.ResumeFunc(g, StoredRecord(hdr, acts, evs), SeatInfos(hdr.Seats), hist.follow(set.Clocked()))
	if err != nil {
		return nil, fmt.Errorf("server: table %s: %w", id, err)
	}
	s.cancelWake(id)
	return s.startRoom(hdr, g, t, epoch, hist)
}

// startRoom starts the room of a built table.
func (s *Rooms) startRoom(hdr store.Table, g engine.Game, t *table.Table, epoch int64, hist *history) (*Room, error) {
	r := &Room{
		id: hdr.ID, rooms: s, game: g, t: t, hdr: hdr, inbox: make(chan any, 256), done: make(chan struct{}),
		clients: map[*conn.Conn]struct{}{},
		bots:    botState{seat: make([]engine.Bot, t.NumSeats()), thinking: make([]bool, t.NumSeats())},
		remote:  remoteState{epoch: epoch, frames: map[int]uint64{}},
	}
	if g.Name() == "war" {
		if opts, err := engine.ResolveOptions(g.Options(), hdr.Options); err == nil && opts.Get("slap") != "off" {
			r.slap.ms = int(opts.Duration("slap-window") / time.Millisecond)
		}
	}
	r.startLesson()
	for i, st := range hdr.Seats {
		if st.Kind == table.KindBot && r.bots.seat[i] == nil {
			if err := r.seatBot(i, st.Bot); err != nil {
				return nil, fmt.Errorf("server: table %s: %w", hdr.ID, err)
			}
		}
	}
	r.startLife(hist)
	if hist != nil {
		if from, to, ok := s.owedPause(hdr.ID); ok {
			r.pauseClock(from, to)
		}
	}
	if s.cfg.Cluster != nil {
		if epoch > 1 {
			r.moved() // taken over: the old owner's relays reconnect here
		}
		if err := r.serveCtl(); err != nil {
			return nil, fmt.Errorf("server: table %s: %w", hdr.ID, err) // its callers give the lease up
		}
	}
	s.roomsWG.Add(1)
	s.metrics.Rooms.Inc()
	go r.run()
	return r, nil
}

// send delivers m to the room, or reports that the room has stopped.
func (r *Room) send(m any) bool {
	select {
	case r.inbox <- m:
		return true
	case <-r.done:
		return false
	}
}

// stop asks the room to tell its clients goodbye and return.
func (r *Room) stop() { r.send(stopReq{}) }

// run is the room's goroutine.
func (r *Room) run() {
	defer r.rooms.roomsWG.Done()
	defer r.rooms.metrics.Rooms.Dec()
	defer close(r.done)
	defer r.disown()
	r.changed(nil)
	if len(r.clients) == 0 && len(r.remote.conns) == 0 {
		r.startIdle()
	}
	for m := range r.inbox {
		if !r.handle(m) {
			return
		}
		r.freeAt = phases.Now()
		if r.remote.fenced {
			r.fenceStop()
			return
		}
	}
}

// disown stops answering other nodes and gives the lease up.
func (r *Room) disown() {
	if r.remote.stopCtl != nil {
		r.remote.stopCtl()
	}
	if cl := r.rooms.cfg.Cluster; cl != nil && !r.remote.fenced {
		cl.Disown(r.id, r.remote.epoch)
	}
}

// handle serves one request; false ends the room.
func (r *Room) handle(m any) bool {
	switch m := m.(type) {
	case joinReq:
		m.reply <- r.join(m.c, m.token)
	case leaveReq:
		r.leave(m.c)
	case cmdReq:
		r.command(m)
	case botMove:
		r.botMoved(m)
	case slapExpired:
		r.slapExpired(m.version)
	case claimReq:
		token, err := r.claim(m.seat, m.name, m.invite)
		m.reply <- claimReply{token, err}
	case botSeatReq:
		m.reply <- r.handToBot(m.seat, m.creator, m.spec)
	case turnReq:
		r.turnAgain(m.c)
	case syncReq:
		close(m.reply)
	case func():
		m() // a look inside, run on the room's goroutine (tests)
	case ctlMsg:
		m.reply <- r.ctl(m.req)
	case lostReq:
		r.remote.fenced = true
	case stopReq:
		r.shutdown()
		return false
	case sweepReq:
		r.sweepRemote()
	case idleReq:
		r.idle = nil
		if len(r.clients) > 0 || len(r.remote.conns) > 0 {
			break
		}
		if (r.t.Over() || r.waitsForPeople()) && r.rooms.retire(r) {
			r.lifeRetired()
			return false
		}
		r.startIdle() // bots still playing, or a request waiting: later
	}
	return true
}

// join seats c (at the seat whose token hashes to token, or as a
// spectator) and sends it the snapshot.
func (r *Room) join(c *conn.Conn, token string) error {
	c.Seat = engine.Spectator
	if token != "" {
		c.Seat = -2
		for i, st := range r.hdr.Seats {
			if st.Token != "" && secret.Equal(st.Token, token) {
				c.Seat = i
			}
		}
		if c.Seat == -2 {
			return ErrForbidden
		}
	} else if r.hdr.Daily != "" && !r.rooms.cfg.DayOver(r.hdr.Daily) {
		return ErrDailyHidden(r.hdr.Daily) // watching would show the deal
	}
	r.clients[c] = struct{}{}
	r.stopIdle()
	r.deliver(c, r.t.Hello(c.Seat))
	r.sendSeats()
	if r.t.Over() {
		r.deliver(c, r.endMessage(c.Seat))
	} else {
		r.turnIfMoving(c)
	}
	r.lifeJoined(c)
	r.autoJoined(c)
	r.lessonJoined(c)
	return nil
}

func (r *Room) leave(c *conn.Conn) {
	if _, ok := r.clients[c]; !ok {
		return
	}
	delete(r.clients, c)
	r.forgetChatRate(c)
	r.sendSeats()
	if len(r.clients) == 0 && len(r.remote.conns) == 0 {
		r.startIdle()
	}
}

// startIdle retires a room nobody is connected to: a finished one after a
// minute, an unfinished one after the server's IdleUnload if it is then
// waiting for people (it is loaded again from the store on the next join).
func (r *Room) startIdle() {
	r.stopIdle()
	wait := time.Minute
	if !r.t.Over() {
		if r.rooms.cfg.Cluster != nil {
			return // kept owned on a cluster (waitsForPeople)
		}
		wait = r.rooms.cfg.IdleUnload
	}
	r.idle = time.AfterFunc(wait, func() { r.send(idleReq{}) })
}

// waitsForPeople reports whether the game can only go on when a person
// moves: no slap window open, no bot thinking or to move. On a cluster it
// is false: a table a node let go would be adopted again at once (every
// unfinished table is kept owned, cluster.Node.Run), so it stays.
func (r *Room) waitsForPeople() bool {
	if r.slap.open != nil || r.rooms.cfg.Cluster != nil {
		return false
	}
	for _, thinking := range r.bots.thinking {
		if thinking {
			return false
		}
	}
	for _, seat := range r.t.ToMove() {
		if r.bots.seat[seat] != nil {
			return false
		}
	}
	return true
}

func (r *Room) stopIdle() {
	if r.idle != nil {
		r.idle.Stop()
		r.idle = nil
	}
}

// shutdown tells every client the server is stopping and closes them.
func (r *Room) shutdown() {
	r.stopIdle()
	r.lifeStop()
	r.stopSweep()
	if r.slap.open != nil {
		r.slap.open.timer.Stop()
	}
	for c := range r.clients {
		c.Kick(conn.ByeShutdown, "the server is stopping; reconnect in a few seconds")
	}
	r.clients = nil
	if r.rooms.cfg.Cluster != nil {
		r.moved() // relayed clients reconnect to the table's next owner
	}
}

// SeatsMessage is the server-only message of who sits where and who is
// connected.
type SeatsMessage struct {
	Type       string      `json:"type"`
	Seat       int         `json:"seat"`
	Version    int         `json:"version"`
	Seats      []SeatState `json:"seats"`
	Spectators int         `json:"spectators"`
	// GraceMS is how long a person's seat must have been away before
	// anyone seated may hand it to a bot (or, at two seats, claim the
	// win): absent where nobody hands seats over (a correspondence table,
	// a game over).
	GraceMS int64 `json:"grace_ms,omitempty"`
}

type SeatState struct {
	Name      string `json:"name"`
	Kind      string `json:"kind"`
	Bot       string `json:"bot,omitempty"`
	Claimed   bool   `json:"claimed"`
	Connected bool   `json:"connected"`
	// Open: free, and anyone may take it (invites.go).
	Open bool `json:"open"`
	// TakenOver: a bot plays a person's seat (the person may take it
	// back, unless they resigned).
	TakenOver bool `json:"taken_over,omitempty"`
	// AwayMS: how long the seat's person had been away when this was
	// sent (a claimed person's seat with no connection; absent otherwise).
	AwayMS int64 `json:"away_ms,omitempty"`
}

// sendSeats tells every client who sits where.
func (r *Room) sendSeats() {
	infos := r.t.Seats()
	status := make([]SeatState, len(infos))
	spectators := 0
	for _, cs := range []map[*conn.Conn]struct{}{r.clients, r.remoteSet()} {
		for c := range cs {
			if c.Seat >= 0 {
				status[c.Seat].Connected = true
			} else {
				spectators++
			}
		}
	}
	r.noteAway(func(seat int) bool { return status[seat].Connected })
	for i, in := range infos {
		st := r.hdr.Seats[i]
		status[i].Name, status[i].Kind, status[i].Bot = in.Name, in.Kind, in.Bot
		status[i].Claimed = st.Kind == table.KindBot || st.Token != ""
		status[i].Open = !status[i].Claimed && st.Kind == table.KindHuman && SeatOpen(r.hdr, st)
		status[i].TakenOver = st.Kind == table.KindBot && st.Token != ""
		if st.Kind == table.KindBot {
			status[i].Connected = true
		}
		if _, ok := r.awayLeft(i); ok {
			status[i].AwayMS = max(1, r.rooms.Now().Sub(r.away.since[i]).Milliseconds())
		}
	}
	var grace int64
	if !r.t.Over() && r.settings.Pace != table.PaceCorrespondence {
		grace = r.rooms.cfg.AwayGrace.Milliseconds()
	}
	r.broadcast(nil, func(seat int) any {
		return SeatsMessage{Type: "seats", Seat: seat, Version: r.t.Version(), Seats: status, Spectators: spectators, GraceMS: grace}
	})
	r.armAway()
}

// remoteSet is the relayed connections as a set.
func (r *Room) remoteSet() map[*conn.Conn]struct{} {
	out := make(map[*conn.Conn]struct{}, len(r.remote.conns))
	for _, c := range r.remote.conns {
		out[c] = struct{}{}
	}
	return out
}

// deliver queues m for c; a client too far behind is dropped, never
// waited for.
func (r *Room) deliver(c *conn.Conn, m any) {
	if !c.Enqueue(m) {
		delete(r.clients, c)
	}
}

// broadcast queues for every client the message msg makes for its seat,
// encoding each seat's (and the spectators') message once.
func (r *Room) broadcast(to func(seat int) bool, msg func(seat int) any) {
	memo := map[int]conn.Out{}
	if len(r.remote.conns) > 0 {
		r.publish(to, msg, memo)
	}
	for c := range r.clients {
		if to != nil && !to(c.Seat) {
			continue
		}
		it, ok := memo[c.Seat]
		if !ok {
			var err error
			if it, err = conn.Encode(msg(c.Seat)); err != nil {
				r.rooms.log.Error("message not encoded", "table", r.id, "err", err)
				return
			}
			memo[c.Seat] = it
		}
		if !c.EnqueueOut(it) {
			delete(r.clients, c)
		}
	}
}

// Command hands the room a connection's command read at readAt
// (conn.Sink).
func (r *Room) Command(c *conn.Conn, cmd table.Command, readAt time.Time) bool {
	return r.send(cmdReq{c: c, cmd: cmd, readAt: readAt})
}

// Turn asks the room for c's fresh turn after a refusal made outside it
// (conn.Sink).
func (r *Room) Turn(c *conn.Conn) bool { return r.send(turnReq{c: c}) }

// ErrForbidden refuses a token that opens no seat of the table.
var ErrForbidden = httpjson.Sayf(http.StatusForbidden, "forbidden", engine.Say("room.not-a-seat-token"), "that token is not a seat's of this table; open your invite link again, or watch without one")

// Leave tells the room that connection c ended.
func (r *Room) Leave(c *conn.Conn) { r.send(leaveReq{c: c}) }

// Game is the room's game.
func (r *Room) Game() engine.Game { return r.game }

// Claim gives seat of table id to a person named name if invite opens it,
// and answers the seat's new token. ErrRemote: another node owns the
// table (forward the request there).
func (s *Rooms) Claim(ctx context.Context, id string, seat int, name, invite string) (string, error) {
	var token string
	err := s.onRoom(ctx, id, func(rm *Room) (bool, error) {
		reply := make(chan claimReply, 1)
		if !rm.send(claimReq{seat: seat, name: name, invite: invite, reply: reply}) {
			return false, nil
		}
		select {
		case res := <-reply:
			token = res.token
			return true, res.err
		case <-rm.done:
			return false, nil
		}
	})
	return token, err
}

// HandToBot gives seat of table id to the bot of spec ("": the game's
// default), for the table's creator (the hash of its creator token), and
// answers the spec. ErrRemote: another node owns the table.
func (s *Rooms) HandToBot(ctx context.Context, id string, seat int, creator, spec string) (string, error) {
	err := s.onRoom(ctx, id, func(rm *Room) (bool, error) {
		if spec == "" {
			spec = bots.Default(rm.game.Name())
		}
		reply := make(chan error, 1)
		if !rm.send(botSeatReq{seat: seat, creator: creator, spec: spec, reply: reply}) {
			return false, nil
		}
		select {
		case err := <-reply:
			return true, err
		case <-rm.done:
			return false, nil
		}
	})
	return spec, err
}

// errTableMoved: the table went to another node (this one lost its lease)
// while a request waited on this one, and it could not be followed there.
var errTableMoved = httpjson.Sayf(http.StatusServiceUnavailable, CodeUnavailable, engine.Say("room.table-moved"), "the table moved to another server as you asked; try again")

// onRoom runs ask on table id's room until a room answers: one that
// stopped first, or answered errTableMoved (its node lost the table), is
// looked up again, so the request follows the table to its new owner
// (ErrRemote: the caller forwards it there). ask reports whether the room
// answered, and its answer.
func (s *Rooms) onRoom(ctx context.Context, id string, ask func(rm *Room) (answered bool, err error)) error {
	for try := 0; ; try++ {
		rm, err := s.room(ctx, id)
		if err != nil {
			return err
		}
		answered, err := ask(rm)
		if answered && !errors.Is(err, errTableMoved) {
			return err
		}
		if s.draining.Load() {
			return httpjson.ErrShuttingDown
		}
		if try == 3 {
			return errTableMoved
		}
		select {
		case <-rm.done:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Reseat gives seat a new token (the old one no longer opens it) and
// answers it: for the account the seat belongs to, which the caller has
// checked.
func (r *Room) Reseat(seat int) (string, error) {
	reply := make(chan Response, 1)
	if !r.send(ctlMsg{req: Request{Op: "reseat", Seat: seat}, reply: reply}) {
		return "", httpjson.ErrShuttingDown
	}
	select {
	case resp := <-reply:
		if resp.Err != nil {
			return "", resp.Err
		}
		return resp.Token, nil
	case <-r.done:
		return "", httpjson.ErrShuttingDown
	}
}
