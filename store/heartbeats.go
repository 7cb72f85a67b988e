package store

import (
	"context"
	"time"
)

// Heartbeats keep when a server last said it was running, so the server
// that runs its tables next (the same one restarted after a crash) knows
// how long nothing ran them, and table clocks give that time back. A
// lone server beats under the name "".
type Heartbeats interface {
	// Beat records that server was running at at; a beat earlier than the
	// one stored changes nothing.
	Beat(ctx context.Context, server string, at time.Time) error
	// LastBeat is server's latest beat, in UTC (the zero time: none yet).
	LastBeat(ctx context.Context, server string) (time.Time, error)
}
