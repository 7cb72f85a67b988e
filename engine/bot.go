package engine

import (
	"context"
	"time"

	"cardtable/cards"
)

// Bot chooses actions for one seat. A bot may read only what its seat may
// know: s.View(seat), s.Legal(seat, …), public Result and Determinize(seat,
// …) — never another seat's hidden cards, even though s holds them.
type Bot interface {
	// Act returns one of s.Legal(seat) for a seat in s.ToMove.
	Act(s State, seat int) Action
}

// ContextBot is a Bot whose decision can be cut short: a search. It is an
// interface of its own, not a parameter of Act, so that the bots that
// decide in microseconds (War's, the heuristics) and the simulator's hot
// loop pay nothing for it.
type ContextBot interface {
	Bot
	// ActContext is Act that stops searching when ctx ends (checked
	// between iterations) and returns the best action found so far: one of
	// s.Legal(seat) always, the bot's policy move when it had no time to
	// search. Act(s, seat) is ActContext(context.Background(), s, seat).
	ActContext(ctx context.Context, s State, seat int) Action
}

// ActContext asks b for seat's action in s, cut short when ctx ends if b
// is a ContextBot; other bots decide at once and ignore ctx.
func ActContext(ctx context.Context, b Bot, s State, seat int) Action {
	if cb, ok := b.(ContextBot); ok {
		return cb.ActContext(ctx, s, seat)
	}
	return b.Act(s, seat)
}

// BotCaps bound what one decision of a bot may cost: the caps a server
// puts on the bot settings that buy time or memory. A zero field is no cap.
type BotCaps struct {
	// Think bounds a time setting (a decision's wall-clock budget).
	Think time.Duration
	// Iterations bounds a search's iterations per decision; a search with
	// a time budget alone runs at most this many too.
	Iterations int
	// Workers bounds a search's parallel trees (goroutines, CPUs).
	Workers int
	// Candidates bounds the actions a search considers at one decision
	// (Watchtower's candidates, Regicide's plays and covers).
	Candidates int
}

// Capper is a bot with settings that cost time or memory.
type Capper interface {
	// Cap lowers every setting over caps (defaults included) to its cap:
	// the bot then decides under caps whatever it was made with.
	Cap(caps BotCaps)
}

// CapBot lowers b's settings to caps if it has any that cost.
func CapBot(b Bot, caps BotCaps) {
	if c, ok := b.(Capper); ok {
		c.Cap(caps)
	}
}

// BotSeed derives the seed of the bot in seat from the game's seed, so that
// a simulated game (bots included) is reproduced by its seed alone.
func BotSeed(gameSeed uint64, seat int) uint64 {
	return cards.SubSeed(gameSeed, 1000+uint64(seat))
}
