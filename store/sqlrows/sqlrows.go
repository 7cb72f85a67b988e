// Package sqlrows holds what the SQL stores (store/sqlite, store/postgres)
// share over the one schema of store/migrate: the queries that read tables
// with their seats, and the assembly of their rows into store.Table values.
// Each store runs the queries on its own driver and wraps the errors with
// its own name.
package sqlrows

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"cardtable/engine"
	"cardtable/store"
)

// Bool is b as stored: 1 or 0 in an INTEGER column.
func Bool(b bool) int {
	if b {
		return 1
	}
	return 0
}

// FromMicros reads a time stored as unix microseconds, in UTC.
func FromMicros(us int64) time.Time { return time.UnixMicro(us).UTC() }

// Micros is t as stored where 0 means none: unix microseconds, 0 for the
// zero time.
func Micros(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMicro()
}

// FromMicrosOrZero reads a time stored by Micros (0: the zero time).
func FromMicrosOrZero(us int64) time.Time {
	if us == 0 {
		return time.Time{}
	}
	return FromMicros(us)
}

const tableColumns = `t.id, t.game, t.options, t.seed, t.creator, t.created, t.seats, t.finished, t.result, t.settings, t.rated, t.daily,
	s.seat, s.name, s.kind, s.bot, s.token, s.invite`

// TableQuery reads one table ($1 is its id) for ReadTables.
const TableQuery = `SELECT ` + tableColumns + ` FROM game_tables t JOIN seats s ON s.table_id = t.id
	WHERE t.id = $1 ORDER BY s.seat`

// TablesQuery lists tables newest first for ReadTables: the unfinished ones
// only when open is true, at most limit when limit > 0.
func TablesQuery(open bool, limit int) string {
	inner := `SELECT id FROM game_tables`
	if open {
		inner += ` WHERE finished IS NULL`
	}
	inner += ` ORDER BY created DESC, id DESC`
	if limit > 0 {
		inner += ` LIMIT ` + strconv.Itoa(limit)
	}
	return TablesIn(inner)
}

// TablesIn reads the tables whose ids the query inner selects, newest
// first, for ReadTables.
func TablesIn(inner string) string {
	return `SELECT ` + tableColumns + ` FROM game_tables t JOIN seats s ON s.table_id = t.id
		WHERE t.id IN (` + inner + `) ORDER BY t.created DESC, t.id DESC, s.seat`
}

// EncodeSettings is a table's settings as stored: a JSON object, "{}" for
// none.
func EncodeSettings(t store.Table) (string, error) {
	if len(t.Settings) == 0 {
		return "{}", nil
	}
	b, err := json.Marshal(t.Settings)
	if err != nil {
		return "", fmt.Errorf("store: table %q: settings: %w", t.ID, err)
	}
	return string(b), nil
}

// EventsQuery reads a table's events ($1 is its id) for ReadEvents.
const EventsQuery = `SELECT seq, version, kind, seat, data, at FROM table_events WHERE table_id = $1 ORDER BY seq`

// ReadEvents reads the rows of EventsQuery (never nil).
func ReadEvents(rows Rows) ([]store.Event, error) {
	out := []store.Event{}
	for rows.Next() {
		var e store.Event
		var at int64
		if err := rows.Scan(&e.Seq, &e.Version, &e.Kind, &e.Seat, &e.Data, &at); err != nil {
			return nil, &RowError{err}
		}
		e.At = FromMicros(at)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, &RowError{err}
	}
	return out, nil
}

// EventData is an event's data as stored: "{}" for none.
func EventData(e store.Event) string {
	if e.Data == "" {
		return "{}"
	}
	return e.Data
}

// Rows is what both drivers' query results offer.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// RowError is a failure of the driver (scanning or iterating), for the
// store to wrap as its own; other errors from ReadTables are stored data
// that does not decode.
type RowError struct{ Err error }

func (e *RowError) Error() string { return e.Err.Error() }

// Unwrap returns the driver's error.
func (e *RowError) Unwrap() error { return e.Err }

// ReadTables assembles the rows of TableQuery or TablesQuery, one row per
// seat in order, into tables.
func ReadTables(rows Rows) ([]store.Table, error) {
	var out []store.Table
	for rows.Next() {
		var (
			t             store.Table
			opts, sets    string
			seed, created int64
			seats, i      int
			rated         int
			finished      *int64
			result        *string
			seat          store.Seat
		)
		if err := rows.Scan(&t.ID, &t.Game, &opts, &seed, &t.Creator, &created, &seats, &finished, &result, &sets, &rated, &t.Daily,
			&i, &seat.Name, &seat.Kind, &seat.Bot, &seat.Token, &seat.Invite); err != nil {
			return nil, &RowError{err}
		}
		if n := len(out); n > 0 && out[n-1].ID == t.ID {
			out[n-1].Seats = append(out[n-1].Seats, seat)
			continue
		}
		if err := decodeHeader(&t, opts, sets, seed, created, finished, result); err != nil {
			return nil, fmt.Errorf("table %q: %w", t.ID, err)
		}
		t.Rated = rated != 0
		t.Seats = make([]store.Seat, 0, seats)
		t.Seats = append(t.Seats, seat)
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, &RowError{err}
	}
	return out, nil
}

func decodeHeader(t *store.Table, opts, sets string, seed, created int64, finished *int64, result *string) error {
	if err := json.Unmarshal([]byte(opts), &t.Options); err != nil {
		return fmt.Errorf("options: %w", err)
	}
	if len(t.Options) == 0 {
		t.Options = nil
	}
	if err := json.Unmarshal([]byte(sets), &t.Settings); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	if len(t.Settings) == 0 {
		t.Settings = nil
	}
	t.Seed = uint64(seed)
	t.Created = FromMicros(created)
	if finished != nil {
		t.Finished = FromMicros(*finished)
	}
	if result != nil {
		var res engine.Result
		if err := json.Unmarshal([]byte(*result), &res); err != nil {
			return fmt.Errorf("result: %w", err)
		}
		t.Result = &res
	}
	return nil
}

// The statements of store.Analyses, the same text on SQLite and
// PostgreSQL: the insert writes a row only for a finished table and keeps
// an analysis stored before; TableStatusQuery then tells a missing table
// from an unfinished one.
const (
	SaveAnalysisSQL = `INSERT INTO table_analyses (table_id, depth, document, created)
	SELECT id, $2, $3, $4 FROM game_tables WHERE id = $1 AND finished IS NOT NULL
	ON CONFLICT (table_id, depth) DO NOTHING`
	AnalysisQuery    = `SELECT document FROM table_analyses WHERE table_id = $1 AND depth = $2`
	TableStatusQuery = `SELECT finished IS NOT NULL FROM game_tables WHERE id = $1`
)

// Heartbeats (store.Heartbeats): a later beat moves the stored one on.
const (
	BeatSQL = `INSERT INTO heartbeats (server, alive) VALUES ($1, $2)
	ON CONFLICT (server) DO UPDATE SET alive = excluded.alive WHERE heartbeats.alive < excluded.alive`
	LastBeatQuery = `SELECT alive FROM heartbeats WHERE server = $1`
)

// Collect reads every row of rows with scan, oldest to newest as the
// query ordered them, and closes rows; never nil without an error. Errors
// come back as they are, for the caller's store to wrap.
func Collect[T any](rows interface {
	Rows
	Close() error
}, scan func(interface{ Scan(...any) error }) (T, error)) ([]T, error) {
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
