package store

import (
	"context"
	"time"
)

// Pairing request statuses (docs/pairing.md).
const (
	PairingWaiting   = "waiting"
	PairingPaired    = "paired"
	PairingDropped   = "dropped"
	PairingCancelled = "cancelled"
)

// PairingRequest is a quick-pairing request kept where every node of a
// cluster sees it (Pairings).
type PairingRequest struct {
	// ID is the request's id; its player holds it, and it reads the seat.
	ID     string
	Choice string
	// Player is "guest:…" or the account's id; User the account ("" for a
	// guest); Name the name to sit under; Bot: a bot account asks.
	Player, User, Name string
	Bot                bool
	Address            string
	// Rated (once paired: the table is rated), the player's Rating and the
	// range [Min, Max] it accepts (0, 0: any).
	Rated            bool
	Rating, Min, Max int
	// Bots: accepts bot accounts; BotAfter: the wait for people before the
	// server's bots (0: never).
	Bots     bool
	BotAfter time.Duration
	// Owner is a bot account's owner (a bot never plays its owner rated).
	Owner string
	// Opponent is the one player this request plays (a challenge; "" for
	// anyone).
	Opponent string
	At       time.Time
	Status   string
	// Table, Seat and Token once paired; SeatBots counts the bots' seats.
	Table    string
	Seat     int
	Token    string
	SeatBots int
	Message  string
	Ended    time.Time
}

// PairedSeat is one request's seat at a paired table.
type PairedSeat struct {
	Request string
	Seat    int
	Token   string
}

// Pairing is a table made of waiting requests: the table (its people's
// seats taken already), the seats' accounts, and each request's seat.
type Pairing struct {
	Table Table
	Links []SeatAccount
	Seats []PairedSeat
	Bots  int
	At    time.Time
}

// Pairings keeps the quick-pairing requests a cluster shares. A request
// is paired at most once: Pair writes the table and every request's seat
// in one transaction on condition that each still waits.
type Pairings interface {
	// AddPairing stores a waiting request. ErrConflict: its player has a
	// request waiting already; ErrLimit: most requests wait (0: no bound).
	AddPairing(ctx context.Context, r PairingRequest, most int) error
	// PairingRequest returns one request (ErrNotFound).
	PairingRequest(ctx context.Context, id string) (PairingRequest, error)
	// WaitingPairings lists the waiting requests, oldest first, at most
	// limit (all if limit <= 0).
	WaitingPairings(ctx context.Context, limit int) ([]PairingRequest, error)
	// Pair stores p's table and links and marks its requests paired, on
	// condition that every one of them waits: ErrConflict (nothing
	// written) when one does not.
	Pair(ctx context.Context, p Pairing) error
	// EndPairing ends a waiting request with status (dropped, cancelled)
	// and a message; false when it was not waiting.
	EndPairing(ctx context.Context, id, status, message string, at time.Time) (bool, error)
	// PrunePairings deletes the requests that ended before; it returns how
	// many.
	PrunePairings(ctx context.Context, before time.Time) (int, error)
}
