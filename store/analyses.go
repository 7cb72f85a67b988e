package store

import (
	"context"
	"time"
)

// Analyses keeps the analyses of finished tables (package analysis's JSON
// documents), one per table and depth, so that the second viewer of a
// replay gets the first one's analysis at once. Like Store, an error
// leaves everything as it was.
type Analyses interface {
	// SaveAnalysis stores table id's analysis at depth, made at at. The
	// table must be finished: ErrConflict for one still being played,
	// ErrNotFound for no such table. An analysis stored already for that
	// table and depth stays (the first one kept: the same record at the
	// same depth analyses the same) and SaveAnalysis returns nil.
	SaveAnalysis(ctx context.Context, id, depth, doc string, at time.Time) error
	// Analysis returns table id's analysis at depth (ErrNotFound when
	// there is none, or no such table).
	Analysis(ctx context.Context, id, depth string) (string, error)
}
