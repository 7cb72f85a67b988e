// Package cluster makes `cardtable serve` one node of several that share
// PostgreSQL and NATS. It implements server.Cluster: a table's owner is
// the node holding its lease (store.Leases, an epoch per tenure), every
// append is fenced by that epoch, leases are renewed in one write per
// node, and tables whose lease lapsed (a dead or paused node) are adopted
// by the first node to see them. NATS carries what nodes say to each
// other: requests to a table's owner (join, command, seat claims) and the
// owner's frames for each seat, each on a subject of its own.
//
// Subjects (table ids are lower-case base32): cardtable.t.ID.ctl for
// requests to the owner; cardtable.t.ID.s.N for seat N's frames (its
// hidden cards included) and cardtable.t.ID.pub for the spectators'.
package cluster

import (
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"cardtable/engine"
	"cardtable/server/room"
	"cardtable/store"
)

// Config is how a node runs.
type Config struct {
	// Name names the node in logs and leases ("": the host's name); a
	// random suffix makes each process's id unique.
	Name string
	// NATS is the servers' URLs, comma-separated.
	NATS string
	// Lease is how long a lease lasts unrenewed (0: 3 s): the longest a
	// table waits for a new owner after its node dies. Renewed every
	// Lease/3; tables without a live owner are looked for as often.
	Lease time.Duration
	// Logger receives the node's logs (nil: discard).
	Logger *slog.Logger
}

// Node is one process of the cluster.
type Node struct {
	id    string
	nc    *nats.Conn
	st    store.Cluster
	lease time.Duration
	log   *slog.Logger

	mu    sync.Mutex
	owned map[string]tenure
	// taking counts the Own calls under way for each table: a lease
	// they may have just taken is not a stray (renew).
	taking map[string]int
	// down holds, for tables just taken over from a node that died, since
	// when no node ran them (DownSince).
	down map[string]time.Time
	// seen is when each other node's heartbeat last came (Alive).
	seen    map[string]time.Time
	started time.Time
}

// tenure is a table this node holds: its epoch and when it was acquired.
type tenure struct {
	epoch int64
	at    time.Time
}

// New connects to NATS; the node takes tables once Run starts.
func New(st store.Cluster, cfg Config) (*Node, error) {
	if cfg.Lease <= 0 {
		cfg.Lease = 3 * time.Second
	}
	if cfg.Lease < 300*time.Millisecond {
		return nil, fmt.Errorf("--lease %v: give at least 300ms (a few seconds is usual)", cfg.Lease)
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	suffix := make([]byte, 4)
	if _, err := crand.Read(suffix); err != nil {
		return nil, err
	}
	id := cfg.Name + "-" + hex.EncodeToString(suffix)
	nc, err := nats.Connect(cfg.NATS, nats.Name("cardtable "+id), nats.MaxReconnects(-1),
		nats.ReconnectWait(250*time.Millisecond), nats.Timeout(5*time.Second))
	if err != nil {
		return nil, fmt.Errorf("--nats %s: %w (is nats-server running there?)", cfg.NATS, err)
	}
	n := &Node{id: id, nc: nc, st: st, lease: cfg.Lease, log: cfg.Logger, owned: map[string]tenure{}, taking: map[string]int{}, down: map[string]time.Time{},
		seen: map[string]time.Time{}, started: time.Now()}
	if _, err := nc.Subscribe(aliveSubject, func(m *nats.Msg) {
		n.mu.Lock()
		n.seen[string(m.Data)] = time.Now()
		n.mu.Unlock()
	}); err != nil {
		nc.Close()
		return nil, fmt.Errorf("--nats %s: %w", cfg.NATS, err)
	}
	return n, nil
}

// aliveSubject carries every node's heartbeat: its id, every Lease/3.
const aliveSubject = "cardtable.nodes.alive"

// Hear checks that this node talks to the nodes already on its database
// (peers: their ids, as the database names them, perhaps cut short): it
// waits for a heartbeat of one of them for up to two leases and a second,
// and otherwise refuses with a sentence: a node on another NATS than the
// others would own tables none of them can reach, and reach none of
// theirs. No peers: nothing to check.
func (n *Node) Hear(ctx context.Context, peers []string, natsURL string) error {
	if len(peers) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 2*n.lease+time.Second)
	defer cancel()
	for {
		n.mu.Lock()
		for id := range n.seen {
			for _, p := range peers {
				if strings.HasPrefix(id, p) {
					n.mu.Unlock()
					return nil
				}
			}
		}
		n.mu.Unlock()
		select {
		case <-ctx.Done():
			return fmt.Errorf("--nats %s: the nodes already on this database (%s) are not heard there: they talk through another NATS, so this node and they could not reach each other's tables. Give this node the --nats they use", natsURL, strings.Join(peers, ", "))
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// Alive reports whether node (a node id) was heard from within two
// leases: this node always; a node never heard from while this one has
// been up less than that too, so a node just started does not count the
// others dead before their first heartbeat.
func (n *Node) Alive(node string) bool {
	if node == n.id {
		return true
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	at, ok := n.seen[node]
	if !ok {
		at = n.started
	}
	return time.Since(at) < 2*n.lease
}

// Close disconnects from NATS (after the server's rooms have stopped).
func (n *Node) Close() {
	n.nc.Drain()
}

// Node is the node's unique id.
func (n *Node) Node() string { return n.id }

// Own takes table id's lease for this node unless another node holds it.
// Taking it over from a node whose lease lapsed (it died, or froze), it
// notes since when no node ran the table: that lease's last renewal, one
// lease before it lapsed (DownSince).
func (n *Node) Own(ctx context.Context, id string) (int64, bool, error) {
	n.mu.Lock()
	n.taking[id]++
	n.mu.Unlock()
	defer func() {
		n.mu.Lock()
		if n.taking[id]--; n.taking[id] == 0 {
			delete(n.taking, id)
		}
		n.mu.Unlock()
	}()
	old, oldErr := n.st.Lease(ctx, id)
	l, ok, err := n.st.Acquire(ctx, id, n.id, n.lease)
	if err != nil || !ok {
		// An error may come after the database took the lease for this
		// node (ctx ended while the answer was on its way): renew gives
		// such a lease back rather than keep a table nobody runs.
		return 0, false, err
	}
	n.mu.Lock()
	n.owned[id] = tenure{epoch: l.Epoch, at: time.Now()}
	if oldErr == nil && old.Node != "" && old.Node != n.id && old.Epoch < l.Epoch {
		n.down[id] = old.Expires.Add(-n.lease)
	}
	n.mu.Unlock()
	if l.Epoch > 1 {
		n.log.Info("table taken over", "table", id, "epoch", l.Epoch)
	}
	return l.Epoch, true, nil
}

// DownSince is, once, since when no node ran table id before this node
// took it over from a node that died (the zero time: it was handed on, or
// new); the server gives that time back to the table's clock.
func (n *Node) DownSince(id string) time.Time {
	n.mu.Lock()
	defer n.mu.Unlock()
	at := n.down[id]
	delete(n.down, id)
	return at
}

// Append stores a fenced by epoch.
func (n *Node) Append(ctx context.Context, id string, epoch int64, a store.Action) error {
	return n.st.AppendFenced(ctx, id, epoch, a)
}

// UpdateSeat stores seat i of table id fenced by epoch.
func (n *Node) UpdateSeat(ctx context.Context, id string, epoch int64, i int, s store.Seat) error {
	return n.st.UpdateSeatFenced(ctx, id, epoch, i, s)
}

// Finish stores table id's result fenced by epoch.
func (n *Node) Finish(ctx context.Context, id string, epoch int64, res engine.Result, at time.Time) error {
	return n.st.FinishFenced(ctx, id, epoch, res, at)
}

// AppendEvent stores table id's event e fenced by epoch.
func (n *Node) AppendEvent(ctx context.Context, id string, epoch int64, e store.Event) error {
	return n.st.AppendEventFenced(ctx, id, epoch, e)
}

// Disown releases table id's lease of epoch.
func (n *Node) Disown(id string, epoch int64) {
	n.mu.Lock()
	if t, ok := n.owned[id]; ok && t.epoch == epoch {
		delete(n.owned, id)
	}
	n.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := n.st.Release(ctx, id, n.id, epoch); err != nil && !errors.Is(err, store.ErrFenced) {
		n.log.Warn("lease not released (it will expire)", "table", id, "err", err)
	}
}

func ctlSubject(id string) string { return "cardtable.t." + id + ".ctl" }

func seatSubject(id string, seat int) string {
	if seat == engine.Spectator {
		return "cardtable.t." + id + ".pub"
	}
	return "cardtable.t." + id + ".s." + strconv.Itoa(seat)
}

// Publish sends one frame on seat's subject of table id.
func (n *Node) Publish(id string, seat int, f room.Frame) {
	m := nats.NewMsg(seatSubject(id, seat))
	if f.Moved {
		m.Header.Set("moved", "1")
		if f.Bye != "" {
			m.Header.Set("bye", f.Bye)
		}
	} else {
		m.Header.Set("n", strconv.FormatUint(f.N, 10))
		m.Header.Set("v", strconv.Itoa(f.Version))
		m.Data = f.Data
	}
	if err := n.nc.PublishMsg(m); err != nil {
		n.log.Warn("frame not published", "table", id, "seat", seat, "err", err)
	}
}

// Serve answers requests about table id with h until stop.
func (n *Node) Serve(id string, h func([]byte) []byte) (func(), error) {
	sub, err := n.nc.Subscribe(ctlSubject(id), func(m *nats.Msg) {
		if err := m.Respond(h(m.Data)); err != nil {
			n.log.Warn("request not answered", "table", id, "err", err)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("nats: serving table %s: %w", id, err)
	}
	// Answering before the room is found: a request right after the
	// table's creation or adoption must not meet "no responders".
	if err := n.nc.Flush(); err != nil {
		sub.Unsubscribe()
		return nil, fmt.Errorf("nats: serving table %s: %w", id, err)
	}
	return func() { sub.Unsubscribe() }, nil
}

// Request asks table id's owner.
func (n *Node) Request(ctx context.Context, id string, req []byte) ([]byte, error) {
	for try := 0; ; try++ {
		m, err := n.nc.RequestWithContext(ctx, ctlSubject(id), req)
		if err == nil {
			return m.Data, nil
		}
		// Nobody serves the table for a moment while it moves.
		if !errors.Is(err, nats.ErrNoResponders) || try == 2 {
			return nil, err
		}
		select {
		case <-time.After(150 * time.Millisecond):
		case <-ctx.Done():
			return nil, err
		}
	}
}

// Subscribe hands f table id's frames for seat until cancel.
func (n *Node) Subscribe(id string, seat int, f func(room.Frame)) (func(), error) {
	sub, err := n.nc.Subscribe(seatSubject(id, seat), func(m *nats.Msg) {
		if m.Header.Get("moved") != "" {
			f(room.Frame{Moved: true, Bye: m.Header.Get("bye")})
			return
		}
		num, _ := strconv.ParseUint(m.Header.Get("n"), 10, 64)
		v, err := strconv.Atoi(m.Header.Get("v"))
		if err != nil {
			v = -1
		}
		f(room.Frame{N: num, Version: v, Data: m.Data})
	})
	if err != nil {
		return nil, fmt.Errorf("nats: following table %s: %w", id, err)
	}
	// The subscription is known to the server before the caller joins, so
	// no frame after the join's snapshot is missed.
	if err := n.nc.Flush(); err != nil {
		sub.Unsubscribe()
		return nil, fmt.Errorf("nats: following table %s: %w", id, err)
	}
	return func() { sub.Unsubscribe() }, nil
}

// Tables is what Run drives: the server's rooms.
type Tables interface {
	// Adopt runs a table nobody owns on this node.
	Adopt(ctx context.Context, id string) error
	// Lost stops a table whose lease this node lost.
	Lost(id string)
}

// Run sends the node's heartbeat (Alive, on its own goroutine), renews its leases and adopts
// tables without a live owner, every Lease/3 until ctx ends.
func (n *Node) Run(ctx context.Context, tables Tables) {
	every := n.lease / 3
	tick := time.NewTicker(every)
	defer tick.Stop()
	renewed := time.Now()
	go n.heartbeat(ctx, every)
	for {
		if n.renew(ctx, tables) {
			renewed = time.Now()
		} else if time.Since(renewed) > n.lease {
			n.dropAll(tables) // the leases have lapsed by now
		}
		n.adopt(ctx, tables)
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// heartbeat publishes the node's id every period until ctx ends, on its
// own so that a slow renewal or adoption never makes the node look dead.
func (n *Node) heartbeat(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		if err := n.nc.Publish(aliveSubject, []byte(n.id)); err != nil && ctx.Err() == nil {
			n.log.Warn("heartbeat not sent", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// renew extends every lease of the node; a table missing from the
// answer (taken over while this node was paused or cut off) is stopped.
func (n *Node) renew(ctx context.Context, tables Tables) bool {
	start := time.Now()
	rctx, cancel := context.WithTimeout(ctx, n.lease/2)
	live, err := n.st.RenewAll(rctx, n.id, n.lease)
	cancel()
	if err != nil {
		if ctx.Err() == nil {
			n.log.Warn("leases not renewed", "err", err)
		}
		return false
	}
	held := map[string]int64{}
	for _, l := range live {
		held[l.Table] = l.Epoch
	}
	var lost []string
	var strays []store.Lease
	n.mu.Lock()
	for id, t := range n.owned {
		if t.at.Before(start) && held[id] != t.epoch {
			lost = append(lost, id)
			delete(n.owned, id)
		}
	}
	for _, l := range live {
		if _, ok := n.owned[l.Table]; !ok && n.taking[l.Table] == 0 {
			strays = append(strays, l)
		}
	}
	n.mu.Unlock()
	for _, id := range lost {
		n.log.Warn("lease lost", "table", id)
		tables.Lost(id)
	}
	n.release(ctx, strays)
	return true
}

// release gives back leases the database holds for this node but no room
// of it runs (an Acquire whose answer was lost): renewing them would keep
// their tables from every node for as long as this one lives.
func (n *Node) release(ctx context.Context, strays []store.Lease) {
	for _, l := range strays {
		rctx, cancel := context.WithTimeout(ctx, n.lease/2)
		err := n.st.Release(rctx, l.Table, n.id, l.Epoch)
		cancel()
		switch {
		case err == nil:
			n.log.Warn("stray lease given back", "table", l.Table, "epoch", l.Epoch)
		case !errors.Is(err, store.ErrFenced) && ctx.Err() == nil:
			n.log.Warn("stray lease not given back (it is tried again)", "table", l.Table, "err", err)
		}
	}
}

// dropAll stops every table of the node.
func (n *Node) dropAll(tables Tables) {
	n.mu.Lock()
	var ids []string
	for id := range n.owned {
		ids = append(ids, id)
	}
	n.owned = map[string]tenure{}
	n.mu.Unlock()
	for _, id := range ids {
		tables.Lost(id)
	}
}

// adoptBatch bounds the tables one node adopts per round, so the nodes
// left share a dead node's tables.
const adoptBatch = 64

// adopt takes tables without a live owner, in a random order so nodes
// adopting at once spread over them.
func (n *Node) adopt(ctx context.Context, tables Tables) {
	octx, cancel := context.WithTimeout(ctx, n.lease)
	defer cancel()
	orphans, err := n.st.Orphans(octx, 4*adoptBatch)
	if err != nil {
		if ctx.Err() == nil {
			n.log.Warn("orphaned tables not listed", "err", err)
		}
		return
	}
	rand.Shuffle(len(orphans), func(i, j int) { orphans[i], orphans[j] = orphans[j], orphans[i] })
	for i, l := range orphans {
		if i == adoptBatch || octx.Err() != nil {
			return
		}
		if err := tables.Adopt(octx, l.Table); err != nil {
			n.log.Error("table not adopted", "table", l.Table, "err", err)
		}
	}
}
