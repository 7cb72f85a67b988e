// Package bottest helps test that searching bots stop when told to: a
// position that ends a context in the middle of a search.
package bottest

import (
	"context"
	"math/rand/v2"
	"sync/atomic"

	"cardtable/engine"
)

// CancelAfter is a position that cancels its context on its n-th
// determinization, that is, as the n-th iteration of a search from it
// starts; n = 0 gives a context cancelled from the start. A bot honouring
// the context returns after at most one iteration more per worker.
type CancelAfter struct {
	engine.State
	ctx    context.Context
	cancel context.CancelFunc
	at     int64
	calls  *atomic.Int64
}

// NewCancelAfter wraps s.
func NewCancelAfter(s engine.State, n int) *CancelAfter {
	ctx, cancel := context.WithCancel(context.Background())
	if n == 0 {
		cancel()
	}
	return &CancelAfter{State: s, ctx: ctx, cancel: cancel, at: int64(n), calls: new(atomic.Int64)}
}

// Context is the context to search under.
func (c *CancelAfter) Context() context.Context { return c.ctx }

// Determinizations is how many iterations started.
func (c *CancelAfter) Determinizations() int { return int(c.calls.Load()) }

// Determinize counts the call, cancels the context on the n-th, and
// returns the wrapped position's determinization.
func (c *CancelAfter) Determinize(seat int, rng *rand.Rand) engine.State {
	if c.calls.Add(1) == c.at {
		c.cancel()
	}
	return c.State.Determinize(seat, rng)
}

// Clone keeps the wrapper, so a bot that clones the root before searching
// still counts.
func (c *CancelAfter) Clone() engine.State {
	return &CancelAfter{State: c.State.Clone(), ctx: c.ctx, cancel: c.cancel, at: c.at, calls: c.calls}
}
