// Package room is the table actor of cardtable serve (docs/server.md,
// "Architecture"): each table runs as a Room, one goroutine that owns the
// game (a table.Table), its clients and its table-level state — clock,
// chat, draw offers, rematch, sealed windows, bots, auto-play, seats away,
// left and taken back, each feature's state a type of its own in its own
// file — and is reached only through its inbox. Every accepted action and
// table event is stored before anyone hears of it; each seat is told only
// what it may see. Rooms are a node's running rooms: loaded from the store
// on demand, unloaded when idle, woken at their clock's deadlines, given
// back the time no server ran them, adopted from and given up to other
// nodes, stopped at shutdown.
//
// The API the rest of the server calls:
//
//	NewRooms(Config), UseAccounts, Start(ctx)
//	                                  the node's rooms; rated and daily tables settled
//	                                  with the accounts; every unfinished table rebuilt
//	Open(ctx, hdr, game, table)       start the room of a table just stored
//	Join(ctx, id, conn, token)        seat a connection (a spectator without a token)
//	                                  and send it the snapshot; ErrRemote: another
//	                                  node owns the table
//	Room.Command, Room.Turn           a connection's command, its fresh turn (conn.Sink)
//	Room.Leave(conn)                  a connection that ended
//	Claim(ctx, id, seat, name, invite), HandToBot(ctx, id, seat, creator, spec)
//	                                  the lobby's seat requests; one that meets its room
//	                                  stopping as the node loses the table follows the
//	                                  table (ErrRemote: forward it to the owner)
//	Get(ctx, id), Room.Reseat(seat)   an account's seat moved to another screen
//	Status(ctx, table, seat)          whether a seat may act and its clock (my games)
//	FinishedRecord(ctx, id)           a finished table's record as its players saw it
//	CheckBot(game, opts, seat, spec)  a bot's settings held to the configured caps
//	Adopt(ctx, id), Lost(id)          a cluster's adoption and a lost lease
//	Shutdown(ctx)                     tell every client, stop every room
package room

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"cardtable/engine"
	"cardtable/server/conn"
	"cardtable/server/httpjson"
	"cardtable/server/metrics"
	"cardtable/server/ratelimit"
	"cardtable/server/thinkpool"
	"cardtable/store"
	"cardtable/table"
)

// Config is what the rooms of a node share. The zero value of a duration
// takes the default of server.Config.
type Config struct {
	Store   store.Store
	Log     *slog.Logger
	Metrics *metrics.Metrics
	// Pool is the thinking pool bots move in.
	Pool *thinkpool.Pool
	// Clock is the time table clocks count and actions are stamped with.
	Clock table.Time
	// Games are the games tables may be of, by name.
	Games map[string]engine.Game
	// Conn is what every connection shares (the relayed connections'
	// stand-ins too).
	Conn *conn.Config
	// Cluster shares the tables with other nodes (nil: this node runs
	// every table).
	Cluster Cluster
	// BotDelay, IdleUnload and AwayGrace: server.Config's.
	BotDelay, IdleUnload, AwayGrace time.Duration
	// BotCaps bound every bot's settings and move.
	BotCaps engine.BotCaps
	// DayOver reports whether a daily deal's day is over (its games may be
	// watched).
	DayOver func(day string) bool
}

// Rooms are the running rooms of a node.
type Rooms struct {
	cfg     Config
	store   store.Store
	log     *slog.Logger
	metrics *metrics.Metrics
	pool    *thinkpool.Pool
	clock   table.Time
	games   map[string]engine.Game
	// accounts keep the ratings and daily results a finished table
	// settles, and who sits where; rate computes a rated table's rating
	// changes (server/account). Nil while accounts are off.
	accounts store.Accounts
	rate     func(ctx context.Context, t store.Table, res engine.Result, at time.Time) ([]store.RatingChange, error)
	// tournamentGame, when set, is told a tournament game's result was
	// stored (the arena pairs its players again at once).
	tournamentGame func()
	// wakes holds the timers that load an unloaded clocked table back at
	// its next deadline (clock.go).
	wakes wakeups

	ctx    context.Context // cancelled at shutdown: bots stop thinking
	cancel context.CancelFunc

	// chatAddrs and chatUsers bound spectators' chat lines per address and
	// per account, across connections and tables (chat.go).
	chatAddrs *ratelimit.AddrBuckets
	chatUsers *ratelimit.AddrBuckets
	// down is the time the server was down, owed to its tables' clocks;
	// beats runs the heartbeat (downtime.go).
	down  downtime
	beats sync.WaitGroup

	mu       sync.Mutex
	slots    map[string]*roomSlot
	draining atomic.Bool
	roomsWG  sync.WaitGroup
}

// NewRooms makes a node's rooms; none runs until Start, Open or a Join.
func NewRooms(cfg Config) *Rooms {
	ctx, cancel := context.WithCancel(context.Background())
	return &Rooms{cfg: cfg, store: cfg.Store, log: cfg.Log, metrics: cfg.Metrics, pool: cfg.Pool, clock: cfg.Clock, games: cfg.Games,
		ctx: ctx, cancel: cancel, slots: map[string]*roomSlot{},
		chatAddrs: ratelimit.NewAddrBuckets(SpectatorAddrRate, SpectatorAddrBurst),
		chatUsers: ratelimit.NewAddrBuckets(chatRate, ChatBurst)}
}

// UseAccounts settles rated and daily tables from now on: results,
// ratings (rate computes them) and daily attempts written to st in one
// transaction. Call it before Start.
func (s *Rooms) UseAccounts(st store.Accounts, rate func(ctx context.Context, t store.Table, res engine.Result, at time.Time) ([]store.RatingChange, error)) {
	s.accounts, s.rate = st, rate
}

// OnTournamentGame has f called each time a tournament game's result is
// stored on this node. Call it before Start.
func (s *Rooms) OnTournamentGame(f func()) { s.tournamentGame = f }

// Start rebuilds every unfinished table of the store as a running room,
// so games in progress go on (and their bots move) after a restart. On a
// cluster it rebuilds nothing: the cluster adopts the tables no node owns
// (Adopt).
func (s *Rooms) Start(ctx context.Context) error {
	if s.cfg.Cluster != nil {
		return nil
	}
	open, err := s.store.Tables(ctx, true, 0)
	if err != nil {
		return fmt.Errorf("server: listing the unfinished tables: %w", err)
	}
	s.startBeats(ctx, open)
	for _, t := range open {
		if _, err := s.room(ctx, t.ID); err != nil {
			// One table that cannot be rebuilt must not keep the others
			// down; it is logged and answers 500 until fixed.
			s.log.Error("table not rebuilt", "table", t.ID, "err", err)
		}
	}
	s.log.Info("tables rebuilt", "tables", len(open))
	return nil
}

// Shutdown stops the rooms: new joins are refused, every client is told
// the server is stopping and closed, bots stop, and the rooms finish what
// they were doing (an action being stored is stored). It returns when
// every room has stopped or ctx ends.
func (s *Rooms) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.draining.Store(true)
	var rooms []*Room
	for _, slot := range s.slots {
		select {
		case <-slot.ready:
			if slot.r != nil {
				rooms = append(rooms, slot.r)
			}
		default:
		}
	}
	s.mu.Unlock()
	s.cancel()
	for _, r := range rooms {
		r.stop()
	}
	s.beats.Wait()
	done := make(chan struct{})
	go func() { s.roomsWG.Wait(); close(done) }()
	select {
	case <-done:
		s.log.Info("rooms stopped", "rooms", len(rooms))
		return nil
	case <-ctx.Done():
		return fmt.Errorf("server: shutdown: %w", ctx.Err())
	}
}

// Draining reports whether Shutdown has begun.
func (s *Rooms) Draining() bool { return s.draining.Load() }

// Loaded reports whether table id's room is in memory (tests, metrics).
func (s *Rooms) Loaded(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.slots[id]
	return ok
}

// Get is table id's running room, loaded from the store when it is not
// running; ErrRemote when another node owns it.
func (s *Rooms) Get(ctx context.Context, id string) (*Room, error) { return s.room(ctx, id) }

// roomSlot is a room being loaded or running; ready closes once r or err
// is set.
type roomSlot struct {
	ready chan struct{}
	r     *Room
	err   error
}

// room returns the running room of table id, loading it from the store
// when it is not running (ErrNotFound wrapped for no such table).
func (s *Rooms) room(ctx context.Context, id string) (*Room, error) {
	for {
		s.mu.Lock()
		if s.draining.Load() {
			s.mu.Unlock()
			return nil, httpjson.ErrShuttingDown
		}
		slot, ok := s.slots[id]
		if !ok {
			slot = &roomSlot{ready: make(chan struct{})}
			s.slots[id] = slot
			s.mu.Unlock()
			slot.r, slot.err = s.loadRoom(ctx, id)
			if slot.err != nil {
				s.mu.Lock()
				delete(s.slots, id)
				s.mu.Unlock()
			}
			close(slot.ready)
			return slot.r, slot.err
		}
		s.mu.Unlock()
		select {
		case <-slot.ready:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if slot.err != nil {
			continue // the loader failed; try again (or find it gone)
		}
		select {
		case <-slot.r.done:
			continue // it just retired; load it again
		default:
			return slot.r, nil
		}
	}
}

// retire removes r from the running rooms if nothing waits on it; it
// reports whether it did.
func (s *Rooms) retire(r *Room) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(r.inbox) > 0 {
		return false
	}
	if slot, ok := s.slots[r.id]; ok && slot.r == r {
		delete(s.slots, r.id)
	}
	return true
}

// openTable starts the room of a new stored table (hist: its events so
// far, nil for none), unless another node adopted it first.
func (s *Rooms) openTable(ctx context.Context, hdr store.Table, g engine.Game, t *table.Table, hist *history) error {
	epoch, err := s.own(ctx, hdr.ID)
	switch {
	case errors.Is(err, ErrRemote):
		return nil // another node adopted the new table first; it runs there
	case err != nil:
		return err
	}
	err = s.addRoom(hdr, g, t, epoch, hist)
	if err != nil {
		s.giveUp(hdr.ID, epoch)
	}
	return err
}

// addRoom starts the room of a new table and makes it findable.
func (s *Rooms) addRoom(hdr store.Table, g engine.Game, t *table.Table, epoch int64, hist *history) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.draining.Load() {
		return httpjson.ErrShuttingDown
	}
	if _, ok := s.slots[hdr.ID]; ok {
		// This node's own adoption loaded the new table between its
		// creation and now (it was stored before it was leased): that
		// room runs it. A second one would answer the table's requests
		// too, each with its own seats.
		return nil
	}
	r, err := s.startRoom(hdr, g, t, epoch, hist)
	if err != nil {
		return err
	}
	slot := &roomSlot{ready: make(chan struct{}), r: r}
	close(slot.ready)
	s.slots[hdr.ID] = slot
	return nil
}

// join seats c at table id's room. A room that retires (a finished game
// nobody watched) as c arrives is loaded again.
func (s *Rooms) join(ctx context.Context, id string, c *conn.Conn, token string) (*Room, error) {
	for {
		rm, err := s.room(ctx, id)
		if err != nil {
			return nil, err
		}
		reply := make(chan error, 1)
		if rm.send(joinReq{c: c, token: token, reply: reply}) {
			select {
			case err := <-reply:
				return rm, err
			case <-rm.done:
			}
		}
		if s.draining.Load() {
			return nil, httpjson.ErrShuttingDown
		}
	}
}

// Adopt runs table id on this node if no node owns it (the cluster's
// takeover of an expired lease); it is a no-op when it runs here already.
func (s *Rooms) Adopt(ctx context.Context, id string) error {
	_, err := s.room(ctx, id)
	if errors.Is(err, ErrRemote) || errors.Is(err, httpjson.ErrShuttingDown) {
		return nil
	}
	return err
}

// Lost stops table id's room: this node's lease of it is gone.
func (s *Rooms) Lost(id string) {
	s.mu.Lock()
	slot, ok := s.slots[id]
	s.mu.Unlock()
	if !ok {
		return
	}
	select {
	case <-slot.ready:
		if slot.r != nil {
			slot.r.send(lostReq{})
		}
	default:
	}
}

// own takes table id's lease for this node before its room is built;
// ErrRemote when another node owns it.
func (s *Rooms) own(ctx context.Context, id string) (int64, error) {
	cl := s.cfg.Cluster
	if cl == nil {
		return 0, nil
	}
	epoch, ok, err := cl.Own(ctx, id)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, ErrRemote
	}
	return epoch, nil
}

// retireNow removes r from the running rooms.
func (s *Rooms) retireNow(r *Room) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if slot, ok := s.slots[r.id]; ok && slot.r == r {
		delete(s.slots, r.id)
	}
}

// Open starts the room of a table just stored, unless another node
// adopted it first.
func (s *Rooms) Open(ctx context.Context, hdr store.Table, g engine.Game, t *table.Table) error {
	return s.openTable(ctx, hdr, g, t, nil)
}

// Join seats c at table id's room (token: the seat token's hash; "": a
// spectator) and sends it the snapshot. A room that retires (a finished
// game nobody watched) as c arrives is loaded again; ErrRemote when
// another node owns the table.
func (s *Rooms) Join(ctx context.Context, id string, c *conn.Conn, token string) (*Room, error) {
	return s.join(ctx, id, c, token)
}
