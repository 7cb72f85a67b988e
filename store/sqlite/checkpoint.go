package sqlite

import (
	"context"
	"database/sql"
	"time"

	"cardtable/store/phases"
)

// The WAL's checkpoints run off the commit path. SQLite's default makes
// the commit that takes the WAL past 1,000 pages copy them into the
// database file and sync it, inside that commit: every write queued
// behind the batch waited for it too (at 10,000 clients that was four
// times a second, 5–13 ms each, the store's p99).
//
// Here the writer's connection never checkpoints by itself
// (wal_autocheckpoint=0). A connection of its own, the checkpointer,
// copies the WAL into the database passively (beside the writer's
// commits, never blocking them), at most every checkpointEvery and only
// after commits. A passive checkpoint cannot start the WAL over while
// commits keep coming (the WAL restarts only when a write transaction
// begins with every frame copied), so once the WAL holds restartFrames
// the checkpointer asks the writer to finish: between two batches the
// writer copies the few frames committed since the checkpointer's pass
// (a short checkpoint of its own, but with a sync of the database file:
// 1–3 ms on a busy disk), and its next transaction writes the WAL from its
// start again. The WAL's file stays about restartFrames pages long
// (32 MB) instead of growing with every commit, and the writer pays for a
// checkpoint once every 8,000 pages written instead of every 1,000.

// Tuned by tests (export_test.go).
var (
	// checkpointEvery is the least time between two checkpointer passes.
	checkpointEvery = 250 * time.Millisecond
	// restartFrames is the WAL's length (in frames, a page each) from
	// which the writer finishes a checkpoint so the WAL starts over.
	restartFrames = 8000
)

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
		var busy, frames, copied int
		err := db.QueryRowContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &frames, &copied)
		// A failure (the disk, a reader holding the WAL's end) leaves the
		// checkpoint to the writer, so the WAL cannot grow without end.
		if err != nil || frames >= restartFrames {
			s.finish.Store(true)
		}
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

// finishCheckpoint runs in the writer between batches when the
// checkpointer asked: it copies what the checkpointer's pass left, so the
// writer's next transaction starts the WAL over. A failure is retried at
// the checkpointer's next request.
func (s *Store) finishCheckpoint() {
	s.ckptAt = 0
	if s.finish.CompareAndSwap(true, false) {
		s.ckptAt = phases.Now()
		s.writer.ExecContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`)
	}
}
