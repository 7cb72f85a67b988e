// Package pairing matches quick-pairing requests into tables: people (and
// bot accounts) who ask for the same game, preset, seats, clock and rated
// or casual, within each other's rating ranges, are seated together as soon
// as enough of them wait; a request that waited its chosen time is offered
// the server's bots for the seats nobody took; a request that waited the
// longest anyone may is dropped. It knows no server, store or clock: the
// server owns a Pool, adds and cancels requests, and calls Match with the
// time; docs/pairing.md states the rules.
package pairing

import (
	"errors"
	"fmt"
	"time"
)

// Bounds of a request, documented in docs/pairing.md.
const (
	// MinSeats and MaxSeats bound the seats of a paired table.
	MinSeats = 2
	MaxSeats = 4
	// MinBotAfter and MaxBotAfter bound the wait for people before the
	// bots are offered (0: never offer them).
	MinBotAfter = time.Second
	MaxBotAfter = 5 * time.Minute
	// MaxWait is the longest a request waits: then it is dropped.
	MaxWait = 10 * time.Minute
	// MaxKey bounds the length of Game, Preset and Clock.
	MaxKey = 32
	// MaxRating is above every rating a request may name.
	MaxRating = 4000
)

// Errors of Add, wrapped with a sentence naming what is wrong.
var (
	// ErrInvalid: the request breaks a bound or a rule (a guest asking for
	// a rated game, a range that excludes the player...).
	ErrInvalid = errors.New("pairing: invalid request")
	// ErrWaiting: the player has a request waiting already (from this or
	// another connection): cancel it first.
	ErrWaiting = errors.New("pairing: already waiting")
	// ErrFull: the pool holds as many requests as it takes.
	ErrFull = errors.New("pairing: the pool is full")
)

// Key is what two requests must share to be paired.
type Key struct {
	Game   string
	Preset string
	Seats  int
	Clock  string
	Rated  bool
}

func (k Key) String() string {
	mode := "casual"
	if k.Rated {
		mode = "rated"
	}
	return fmt.Sprintf("%s/%s/%d seats/%s/%s", k.Game, k.Preset, k.Seats, k.Clock, mode)
}

// Request is one player's ask for a game.
type Request struct {
	// ID names the request (unique in the pool); Player the person or bot
	// account asking ("guest:" and an id for a guest). One player has at
	// most one request waiting.
	ID, Player string
	Key
	// Account: the player is signed in (only accounts play rated games);
	// Bot: the player is a bot account.
	Account, Bot bool
	// Address stands for the client's network address: rated requests
	// from one address are never paired together.
	Address string
	// Rating is the player's rating in the game's category (rated only);
	// Min and Max bound the opponents' ratings (0, 0: any).
	Rating, Min, Max int
	// Bots: the player accepts bot accounts as opponents (a bot account's
	// request needs opponents who do, or other bot accounts).
	Bots bool
	// BotAfter is how long to wait for people before the server's bots
	// take the seats left (0: never; wait for people only).
	BotAfter time.Duration
	// At is when the request was made (set by Add).
	At time.Time
	// Owner is a bot account's owner (their Player): a bot never plays
	// its owner rated, wherever each asks from.
	Owner string
	// Opponent, when set, is the one player (an account's Player) this
	// request plays: a challenge, two seats only, never given the
	// server's bots; "" for anyone.
	Opponent string
}

// Match is a table to open: the requests seated together, oldest first,
// and the seats left to the server's bots (Bots > 0 only for requests
// whose BotAfter passed).
type Match struct {
	Key      Key
	Requests []Request
	Bots     int
}

// Dropped is a request that waited MaxWait without a table.
type Dropped struct {
	Request Request
}
