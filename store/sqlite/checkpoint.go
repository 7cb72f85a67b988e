package sqlite

import (
	"context"
	"database/sql"
	"time"
)

// The WAL's checkpoints run off the commit path. SQLite's default makes
// the connection whose commit takes the WAL past 1,000 pages copy them
// all into the database and sync it, inside that commit: every write
// waiting behind the batch waited for it too (the store's p99). The
// writer's connection never checkpoints (wal_autocheckpoint=0); a
// connection of its own does, passively (beside the writer's commits,
// never blocking them), at most every checkpointEvery and only after
// commits.

// checkpointEvery is the least time between two checkpoints.
const checkpointEvery = 250 * time.Millisecond

// checkpointer checkpoints the WAL through db after commits (the writer
// signals s.committed) until the store closes.
func (s *Store) checkpointer(db *sql.DB) {
	defer close(s.checkpointed)
	for {
		select {
		case <-s.committed:
		case <-s.quit:
			return
		}
		// A failure (a reader holding the WAL's end, the disk) is retried
		// after the next commit; the WAL only grows meanwhile.
		db.ExecContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`)
		select {
		case <-time.After(checkpointEvery):
		case <-s.quit:
			return
		}
	}
}

// noteCommit tells the checkpointer that the WAL grew.
func (s *Store) noteCommit() {
	select {
	case s.committed <- struct{}{}:
	default: // told already
	}
}
