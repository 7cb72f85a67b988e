package analysis

import (
	"context"
	"errors"
)

// pace waits at a safe point for Options.Pace, if set.
func (g *game) pace(ctx context.Context) error {
	if g.opt.Pace == nil {
		return ctx.Err()
	}
	return g.opt.Pace(ctx)
}

// pacedContext is the context a solver's search runs under: its Err, which
// the solver asks every few thousand nodes, also waits for the pace, so a
// pace that blocks holds the search there; a pace error reads as the
// search being cancelled.
type pacedContext struct {
	context.Context
	pace func(ctx context.Context) error
}

// Err is the parent's error, or the pace's once it has waited.
func (c pacedContext) Err() error {
	if err := c.Context.Err(); err != nil {
		return err
	}
	return c.pace(c.Context)
}

// cancelled is why a search stopped as cancelled: the context's error, or
// the pace's.
func cancelled(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return errors.New("analysis: stopped")
}
