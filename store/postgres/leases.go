package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"cardtable/engine"
	"cardtable/store"
	"cardtable/store/sqlrows"

	"github.com/jackc/pgx/v5"
)

// dbNow is the database's clock in unix microseconds: the start of the
// statement, the same at every use within it. Leases are timed by the
// database alone, so nodes' clocks never decide who owns a table.
// PostgreSQL-specific (statement_timestamp, EXTRACT EPOCH).
const dbNow = `(EXTRACT(EPOCH FROM statement_timestamp()) * 1000000)::BIGINT`

// ttlMicros checks a lease's length.
func ttlMicros(ttl time.Duration) (int64, error) {
	if ttl < time.Millisecond {
		return 0, fmt.Errorf("store: a lease's ttl is %v; give at least 1ms (a few seconds is usual)", ttl)
	}
	return ttl.Microseconds(), nil
}

func scanLease(row pgx.Row, table string) (store.Lease, error) {
	l := store.Lease{Table: table}
	var expires int64
	if err := row.Scan(&l.Node, &l.Epoch, &expires); err != nil {
		return l, err
	}
	l.Expires = sqlrows.FromMicros(expires)
	return l, nil
}

// acquireSQL takes a table's lease in one statement: a new row at epoch 1,
// or the row taken over (epoch + 1) when it is released or expired, or
// extended at the same epoch when node holds it live. A live lease of
// another node is left alone and no row comes back. Concurrent acquirers
// of one table queue on its row: exactly one wins.
const acquireSQL = `INSERT INTO leases AS l (table_id, node, epoch, expires)
VALUES ($1, $2, 1, ` + dbNow + ` + $3)
ON CONFLICT (table_id) DO UPDATE SET
	epoch = CASE WHEN l.node = EXCLUDED.node AND l.expires > ` + dbNow + ` THEN l.epoch ELSE l.epoch + 1 END,
	node = EXCLUDED.node,
	expires = EXCLUDED.expires
WHERE l.node = EXCLUDED.node OR l.node = '' OR l.expires <= ` + dbNow + `
RETURNING node, epoch, expires`

// Acquire makes node the owner of table for ttl unless another node holds
// a live lease of it.
func (s *Store) Acquire(ctx context.Context, table, node string, ttl time.Duration) (store.Lease, bool, error) {
	us, err := ttlMicros(ttl)
	if err != nil {
		return store.Lease{}, false, err
	}
	if node == "" {
		return store.Lease{}, false, errors.New("store: Acquire needs a node id")
	}
	l, err := scanLease(s.pool.QueryRow(ctx, acquireSQL, table, node, us), table)
	switch {
	case err == nil:
		return l, true, nil
	case foreignKey(err):
		return store.Lease{}, false, notFound(table)
	case !errors.Is(err, pgx.ErrNoRows):
		return store.Lease{}, false, s.fail(err)
	}
	held, err := s.Lease(ctx, table)
	return held, false, err
}

// Renew extends node's live lease of epoch.
func (s *Store) Renew(ctx context.Context, table, node string, epoch int64, ttl time.Duration) (store.Lease, error) {
	us, err := ttlMicros(ttl)
	if err != nil {
		return store.Lease{}, err
	}
	l, err := scanLease(s.pool.QueryRow(ctx, `UPDATE leases SET expires = `+dbNow+` + $4
		WHERE table_id = $1 AND node = $2 AND epoch = $3 AND expires > `+dbNow+`
		RETURNING node, epoch, expires`, table, node, epoch, us), table)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Lease{}, s.lost(ctx, table, node, epoch)
	}
	return l, s.fail(err)
}

// RenewAll extends every live lease of node.
func (s *Store) RenewAll(ctx context.Context, node string, ttl time.Duration) ([]store.Lease, error) {
	us, err := ttlMicros(ttl)
	if err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, `UPDATE leases SET expires = `+dbNow+` + $2
		WHERE node = $1 AND expires > `+dbNow+`
		RETURNING table_id, node, epoch, expires`, node, us)
	if err != nil {
		return nil, s.fail(err)
	}
	return s.leases(rows)
}

// Release ends node's lease of epoch now, keeping the epoch.
func (s *Store) Release(ctx context.Context, table, node string, epoch int64) error {
	tag, err := s.pool.Exec(ctx, `UPDATE leases SET node = '', expires = 0
		WHERE table_id = $1 AND node = $2 AND epoch = $3`, table, node, epoch)
	if err != nil {
		return s.fail(err)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	return s.lost(ctx, table, node, epoch)
}

// lost says why node's lease of epoch is not there (ErrFenced), or that
// the table is not (ErrNotFound).
func (s *Store) lost(ctx context.Context, table, node string, epoch int64) error {
	l, err := s.Lease(ctx, table)
	switch {
	case errors.Is(err, store.ErrNotFound):
		if _, terr := s.Table(ctx, table); terr != nil {
			return terr
		}
		return fmt.Errorf("%w: table %q was never leased, so node %q holds no epoch %d of it", store.ErrFenced, table, node, epoch)
	case err != nil:
		return err
	case l.Epoch != epoch:
		return fmt.Errorf("%w: table %q is at lease epoch %d (node %q), not %d", store.ErrFenced, table, l.Epoch, l.Node, epoch)
	case l.Node == "":
		return fmt.Errorf("%w: node %q released table %q's lease epoch %d", store.ErrFenced, node, table, epoch)
	}
	return fmt.Errorf("%w: table %q's lease epoch %d expired at %s", store.ErrFenced, table, epoch, l.Expires.Format(time.RFC3339Nano))
}

// Lease returns table's lease.
func (s *Store) Lease(ctx context.Context, table string) (store.Lease, error) {
	l, err := scanLease(s.pool.QueryRow(ctx, `SELECT node, epoch, expires FROM leases WHERE table_id = $1`, table), table)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Lease{}, fmt.Errorf("%w: table %q has no lease", store.ErrNotFound, table)
	}
	return l, s.fail(err)
}

// Orphans lists unfinished tables without a live lease, oldest first.
func (s *Store) Orphans(ctx context.Context, limit int) ([]store.Lease, error) {
	q := `SELECT t.id, COALESCE(l.node, ''), COALESCE(l.epoch, 0), COALESCE(l.expires, 0)
		FROM game_tables t LEFT JOIN leases l ON l.table_id = t.id
		WHERE t.finished IS NULL AND (l.table_id IS NULL OR l.node = '' OR l.expires <= ` + dbNow + `)
		ORDER BY t.created, t.id`
	args := []any{}
	if limit > 0 {
		q += ` LIMIT $1`
		args = append(args, limit)
	}
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, s.fail(err)
	}
	return s.leases(rows)
}

// leases reads rows of (table_id, node, epoch, expires).
func (s *Store) leases(rows pgx.Rows) ([]store.Lease, error) {
	defer rows.Close()
	out := []store.Lease{}
	for rows.Next() {
		var l store.Lease
		var expires int64
		if err := rows.Scan(&l.Table, &l.Node, &l.Epoch, &expires); err != nil {
			return nil, s.fail(err)
		}
		l.Expires = sqlrows.FromMicros(expires)
		out = append(out, l)
	}
	return out, s.fail(rows.Err())
}

// appendFencedSQL is appendSQL on condition that $6 is the table's live
// lease epoch, in the same statement. FOR SHARE locks the lease row until
// the append commits: a takeover (which updates the row) waits for appends
// under way, and an append after a takeover sees the new epoch (PostgreSQL
// re-reads a row locked by a committed update), so the new owner reads
// every action stored under the old epoch and none comes after.
const appendFencedSQL = `WITH l AS (
	SELECT epoch FROM leases
	WHERE table_id = $1 AND epoch = $6 AND node <> '' AND expires > ` + dbNow + `
	FOR SHARE),
t AS (
	UPDATE game_tables SET actions = actions + 1
	WHERE id = $1 AND actions = $2 AND finished IS NULL AND EXISTS (SELECT 1 FROM l)
	RETURNING id)
INSERT INTO actions (table_id, seq, seat, action, at) SELECT id, $2, $3, $4, $5 FROM t`

// AppendFenced appends a on condition that epoch is table id's live lease
// epoch.
func (s *Store) AppendFenced(ctx context.Context, id string, epoch int64, a store.Action) error {
	tag, err := s.pool.Exec(ctx, appendFencedSQL, id, a.Seq, a.Seat, a.Action, micros(a.At), epoch)
	if err != nil {
		return s.fail(err)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	if err := s.fenced(ctx, id, epoch, "append"); err != nil {
		return err
	}
	return s.appendConflict(ctx, id, a.Seq)
}

// liveLeaseSQL is the fence of the other fenced writes: the table's lease
// row at epoch $2, live, locked FOR SHARE until the write commits (as in
// appendFencedSQL).
const liveLeaseSQL = `WITH l AS (
	SELECT epoch FROM leases
	WHERE table_id = $1 AND epoch = $2 AND node <> '' AND expires > ` + dbNow + `
	FOR SHARE)
`

// UpdateSeatFenced replaces seat i of table id on condition that epoch is
// its live lease epoch.
func (s *Store) UpdateSeatFenced(ctx context.Context, id string, epoch int64, i int, seat store.Seat) error {
	tag, err := s.pool.Exec(ctx, liveLeaseSQL+`UPDATE seats SET name = $4, kind = $5, bot = $6, token = $7, invite = $8
		WHERE table_id = $1 AND seat = $3 AND EXISTS (SELECT 1 FROM l)`,
		id, epoch, i, seat.Name, seat.Kind, seat.Bot, seat.Token, seat.Invite)
	if err != nil {
		return s.fail(err)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	if err := s.fenced(ctx, id, epoch, "seat change"); err != nil {
		return err
	}
	return s.noSeat(ctx, id, i) // the lease is live: no seat i
}

// FinishFenced records table id's result on condition that epoch is its
// live lease epoch.
func (s *Store) FinishFenced(ctx context.Context, id string, epoch int64, res engine.Result, at time.Time) error {
	enc, err := json.Marshal(res)
	if err != nil {
		return fmt.Errorf("store: table %q: result: %w", id, err)
	}
	tag, err := s.pool.Exec(ctx, liveLeaseSQL+`UPDATE game_tables SET finished = $3, result = $4
		WHERE id = $1 AND finished IS NULL AND EXISTS (SELECT 1 FROM l)`, id, epoch, micros(at), string(enc))
	if err != nil {
		return s.fail(err)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	if err := s.fenced(ctx, id, epoch, "result"); err != nil {
		return err
	}
	return s.notFinishable(ctx, id) // the lease is live: finished already
}

// fenced returns ErrFenced (with why) when epoch is not table id's live
// lease epoch, ErrNotFound for no such table, nil when the lease is live.
func (s *Store) fenced(ctx context.Context, id string, epoch int64, what string) error {
	l, err := s.Lease(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		if _, terr := s.Table(ctx, id); terr != nil {
			return terr
		}
		return fmt.Errorf("%w: table %q has no lease, so no %s under epoch %d", store.ErrFenced, id, what, epoch)
	case err != nil:
		return err
	case l.Epoch != epoch || l.Node == "" || !l.Expires.After(s.now(ctx)):
		return s.lost(ctx, id, l.Node, epoch)
	}
	return nil
}

// now is the database's clock (the local one if it cannot be read).
func (s *Store) now(ctx context.Context) time.Time {
	var us int64
	if err := s.pool.QueryRow(ctx, `SELECT `+dbNow).Scan(&us); err != nil {
		return time.Now()
	}
	return sqlrows.FromMicros(us)
}
