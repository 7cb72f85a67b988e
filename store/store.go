// Package store keeps the server's tables as event logs: each table's game,
// options, seed and seats, and every accepted action with its sequence
// number and time, so a server rebuilds every unfinished table by replaying
// its actions after a restart. Beside the actions, each table keeps its
// own settings and table-level events (a clock started, a resignation, a
// seat handed to a bot, a chat line): facts about the table, not the
// game's rules, which a restart and a replay read too. Store is the interface the server's rooms
// use; store/sqlite and store/postgres implement it, and store/storetest
// is the one test suite every implementation passes. Leases (leases.go)
// give each live table to one node of several sharing a database, with
// appends fenced by the owner's epoch; store/postgres implements them.
package store

import (
	"context"
	"errors"
	"time"

	"cardtable/engine"
)

// Errors every implementation returns (wrapped), so callers use errors.Is.
var (
	// ErrNotFound: no table (or seat) with that id.
	ErrNotFound = errors.New("store: not found")
	// ErrConflict: an append whose sequence number is not the next one, or
	// a table id that exists already. Nothing was written.
	ErrConflict = errors.New("store: conflict")
)

// Table is one table's header: what it is and who sits where.
type Table struct {
	ID      string
	Game    string
	Options map[string]string
	Seed    uint64
	Seats   []Seat
	// Creator is the hash of the creator's secret token.
	Creator string
	Created time.Time
	// Result is set once the game is over.
	Result *engine.Result
	// Finished is when the game ended (zero while it goes on).
	Finished time.Time
	// Settings are the table's own settings by key (its clock, what a
	// timeout does, its chat): not the game's options. nil: none.
	Settings map[string]string
	// Rated marks a table whose result moves its players' ratings, and
	// Daily the day (YYYY-MM-DD) of the daily deal a table plays ("" for
	// none). Both are set when the table is created and never change.
	Rated bool
	Daily string
}

// Seat is one seat of a table.
type Seat struct {
	// Name is the display name ("" while unclaimed).
	Name string
	// Kind is "human", "bot" or "program" (table.Kind*).
	Kind string
	// Bot is the bot spec of a bot seat (expert:iterations=64).
	Bot string
	// Token is the hash of the seat's secret token ("" while unclaimed).
	Token string
	// Invite is the seat's invite code, shared in the invite link.
	Invite string
}

// Action is one accepted action of a table.
type Action struct {
	// Seq numbers the table's actions from 0 with no gaps: the state
	// version before the action.
	Seq    int
	Seat   int
	Action string
	At     time.Time
}

// Event is one table-level fact, not a game action: the clock started, a
// seat's time ran out, a seat resigned, a draw was offered, a seat went to
// a bot, a chat line, a rematch. Its meaning is the server's; the store
// keeps its kind and data as they are, in order beside the actions.
type Event struct {
	// Seq numbers the table's events from 0 with no gaps.
	Seq int
	// Version is how many actions the table had when it happened: it
	// comes after action Version-1 and before action Version.
	Version int
	Kind    string
	// Seat is the seat it is from or about (-1: none).
	Seat int
	// Data is a JSON object of the kind's own fields ("" is stored as {}).
	Data string
	At   time.Time
}

// Store is the server's persistence. Implementations are safe for
// concurrent use. An error leaves the store as it was. Times come back in
// UTC, kept to the microsecond; a table's seat count is fixed when it is
// created.
type Store interface {
	// CreateTable stores a new table (ErrConflict if its id exists). Its
	// Result and Finished are ignored: a table starts unfinished.
	CreateTable(ctx context.Context, t Table) error
	// Table returns one table's header (ErrNotFound).
	Table(ctx context.Context, id string) (Table, error)
	// Tables lists tables, newest first (by Created, then by id): the
	// unfinished ones only when open is true; at most limit of them, or
	// all when limit <= 0 (a restarting server rebuilds every open table).
	Tables(ctx context.Context, open bool, limit int) ([]Table, error)
	// UpdateSeat replaces seat i of a table (claiming it, naming it,
	// handing it to a bot); ErrNotFound for no such table or seat.
	UpdateSeat(ctx context.Context, id string, i int, s Seat) error
	// Append adds an action; a.Seq must equal the number of actions
	// stored for the table, and the table must be unfinished, else
	// ErrConflict and nothing is written (ErrNotFound for no such table).
	// It returns only once the action is durable.
	Append(ctx context.Context, id string, a Action) error
	// Actions returns a table's actions in order (ErrNotFound for no such
	// table; an empty list for a table without actions).
	Actions(ctx context.Context, id string) ([]Action, error)
	// Finish marks the table over with its result, once: ErrConflict if it
	// is finished already.
	Finish(ctx context.Context, id string, res engine.Result, at time.Time) error
	// AppendEvent adds a table event; e.Seq must equal the number of
	// events stored for the table, else ErrConflict and nothing is
	// written (ErrNotFound for no such table). A finished table takes
	// events too (a chat line after the end, a rematch). It returns only
	// once the event is durable.
	AppendEvent(ctx context.Context, id string, e Event) error
	// Events returns a table's events in order (ErrNotFound for no such
	// table; an empty list for a table without events).
	Events(ctx context.Context, id string) ([]Event, error)
	// Close releases the store.
	Close() error
}
