package store

import (
	"context"
	"errors"
	"time"

	"cardtable/engine"
)

// ErrFenced: a write or renewal under a lease epoch that is no longer the
// table's live one (another node took the table over, or the lease
// expired or was released). Nothing was written; the node must stop
// writing for the table, and may Acquire it again (a new epoch) and
// rebuild it from its log.
var ErrFenced = errors.New("store: fenced")

// Lease is a table's ownership by one node for a while. Epochs of a table
// only grow: each new owner (or the same node after its lease lapsed)
// gets a greater one, so an epoch names one tenure of one node.
type Lease struct {
	Table string
	// Node is the owner's id; "" once the lease was released.
	Node  string
	Epoch int64
	// Expires is when the lease lapses unless renewed, by the database's
	// clock (nodes' clocks never decide a lease), in UTC.
	Expires time.Time
}

// Leases gives each live table to one node at a time, and fences appends
// by the owner's epoch, so a node that lost a table (paused, partitioned,
// slow to renew) can never write to it again. Times are the database's:
// a ttl counts from when the database does the statement.
//
// Node ids must be unique per process (a restarted node takes a new one):
// a node acquiring a table it holds keeps its epoch.
type Leases interface {
	// Acquire makes node the owner of table for ttl unless another node
	// holds a live lease. ok says it did; the lease returned is then node's
	// (a greater epoch than any before, or the same epoch extended when
	// node held a live lease already), else the current holder's, to
	// forward to. ErrNotFound for no such table.
	Acquire(ctx context.Context, table, node string, ttl time.Duration) (l Lease, ok bool, err error)
	// Renew extends node's live lease of epoch by ttl from now; ErrFenced
	// when that lease is not live (expired, released or taken over): the
	// node must Acquire again.
	Renew(ctx context.Context, table, node string, epoch int64, ttl time.Duration) (Lease, error)
	// RenewAll extends every live lease node holds by ttl in one write and
	// returns them (a node renews thousands of tables at once); a table
	// missing from the answer is lost.
	RenewAll(ctx context.Context, node string, ttl time.Duration) ([]Lease, error)
	// Release ends node's lease of epoch at once (a node shutting down hands
	// its tables on); ErrFenced when it was not node's any more. The epoch
	// stays, so the next owner's is greater.
	Release(ctx context.Context, table, node string, epoch int64) error
	// Lease returns table's lease (ErrNotFound for a table never leased).
	Lease(ctx context.Context, table string) (Lease, error)
	// Orphans lists unfinished tables without a live lease (never leased,
	// released or expired), oldest first, at most limit (all if limit <=
	// 0); a never-leased table's lease has epoch 0 and no node.
	Orphans(ctx context.Context, limit int) ([]Lease, error)
	// AppendFenced is Append on condition that epoch is the table's live
	// lease epoch, checked in the same transaction as the write: ErrFenced
	// (and nothing written) when it is not, else as Append (ErrConflict,
	// ErrNotFound). A takeover waits for fenced appends under way, so the
	// new owner reads every action the old one had stored.
	AppendFenced(ctx context.Context, id string, epoch int64, a Action) error
	// UpdateSeatFenced and FinishFenced are UpdateSeat and Finish on the
	// same condition, checked the same way: a node that lost the table
	// cannot change its seats or end it.
	UpdateSeatFenced(ctx context.Context, id string, epoch int64, i int, s Seat) error
	FinishFenced(ctx context.Context, id string, epoch int64, res engine.Result, at time.Time) error
	// AppendEventFenced is AppendEvent on the same condition.
	AppendEventFenced(ctx context.Context, id string, epoch int64, e Event) error
}

// Cluster is a store several nodes share: the log and the leases.
type Cluster interface {
	Store
	Leases
}
