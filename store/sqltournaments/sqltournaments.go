// Package sqltournaments is store.Tournaments in SQL, shared by the SQLite
// and PostgreSQL stores over the portable schema of store/migrate
// (migration 0013): each store hands it a connection to read on and a way
// to run a write in one transaction. Every transition is one conditional
// statement on the tournament's row (its version, status or entrant
// count), so racing writers queue on that row and one wins.
package sqltournaments

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"cardtable/store"
	"cardtable/store/sqlaccounts"
	"cardtable/store/sqlrows"
)

// Querier is what both a connection pool and a transaction offer.
type Querier = sqlaccounts.Querier

// Tournaments implements store.Tournaments on a database with the schema.
type Tournaments struct {
	// Read runs reads outside a transaction.
	Read Querier
	// Write runs fn in one transaction, committed when fn returns nil.
	Write func(ctx context.Context, fn func(ctx context.Context, tx Querier) error) error
	// Wrap names the database in a driver's error; the store's own errors
	// pass unchanged.
	Wrap func(error) error
}

var _ store.Tournaments = (*Tournaments)(nil)

// micros and fromMicros store times as the accounts do (0: none).
var micros, fromMicros = sqlrows.Micros, sqlrows.FromMicrosOrZero

func (s *Tournaments) fail(err error) error {
	if err == nil || errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrLimit) {
		return err
	}
	if s.Wrap != nil {
		return s.Wrap(err)
	}
	return err
}

func (s *Tournaments) write(ctx context.Context, fn func(ctx context.Context, tx Querier) error) error {
	return s.fail(s.Write(ctx, fn))
}

// affected is the rows a statement changed.
var affected = sqlaccounts.Affected

func encode(m map[string]string) (string, error) {
	if m == nil {
		return "{}", nil
	}
	b, err := json.Marshal(m)
	return string(b), err
}

func decode(s string) (map[string]string, error) {
	m := map[string]string{}
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		return nil, err
	}
	if len(m) == 0 {
		return nil, nil
	}
	return m, nil
}

const tournamentColumns = `id, kind, game, options, settings, name, creator, schedule, rated, status, starts, ends,
	round, version, entrants, created, finished`

func scanTournament(row interface{ Scan(...any) error }) (store.Tournament, error) {
	var t store.Tournament
	var opts, sets string
	var rated int
	var starts, ends, created, finished int64
	err := row.Scan(&t.ID, &t.Kind, &t.Game, &opts, &sets, &t.Name, &t.Creator, &t.Schedule, &rated, &t.Status,
		&starts, &ends, &t.Round, &t.Version, &t.Entrants, &created, &finished)
	if err != nil {
		return t, err
	}
	t.Rated = rated != 0
	t.Starts, t.Ends, t.Created, t.Finished = fromMicros(starts), fromMicros(ends), fromMicros(created), fromMicros(finished)
	if t.Options, err = decode(opts); err != nil {
		return t, fmt.Errorf("store: tournament %q: options: %w", t.ID, err)
	}
	if t.Settings, err = decode(sets); err != nil {
		return t, fmt.Errorf("store: tournament %q: settings: %w", t.ID, err)
	}
	return t, nil
}

// CreateTournament stores t unless its creator has most under way.
func (s *Tournaments) CreateTournament(ctx context.Context, t store.Tournament, most int) error {
	if t.ID == "" || t.Kind == "" || t.Game == "" || t.Status == "" {
		return errors.New("store: a tournament needs an id, a kind, a game and a status")
	}
	opts, err := encode(t.Options)
	if err != nil {
		return fmt.Errorf("store: tournament %q: options: %w", t.ID, err)
	}
	sets, err := encode(t.Settings)
	if err != nil {
		return fmt.Errorf("store: tournament %q: settings: %w", t.ID, err)
	}
	return s.write(ctx, func(ctx context.Context, tx Querier) error {
		if most > 0 && t.Creator != "" {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM tournaments WHERE creator = $1 AND status IN ('open', 'running')`,
				t.Creator).Scan(&n); err != nil {
				return err
			}
			if n >= most {
				return fmt.Errorf("%w: account %q has %d tournaments under way (at most %d)", store.ErrLimit, t.Creator, n, most)
			}
		}
		n, err := affected(tx.ExecContext(ctx, `INSERT INTO tournaments (`+tournamentColumns+`, ended)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 0) ON CONFLICT DO NOTHING`,
			t.ID, t.Kind, t.Game, opts, sets, t.Name, t.Creator, t.Schedule, sqlrows.Bool(t.Rated), t.Status,
			micros(t.Starts), micros(t.Ends), t.Round, t.Version, t.Entrants, micros(t.Created), micros(t.Finished)))
		if err != nil {
			return err
		}
		if n != 1 {
			return fmt.Errorf("%w: a tournament with id %q or schedule %q exists already", store.ErrConflict, t.ID, t.Schedule)
		}
		return nil
	})
}

// Tournament returns one tournament.
func (s *Tournaments) Tournament(ctx context.Context, id string) (store.Tournament, error) {
	t, err := scanTournament(s.Read.QueryRowContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return t, fmt.Errorf("%w: no tournament %q", store.ErrNotFound, id)
	}
	return t, s.fail(err)
}

// ListTournaments lists tournaments by status.
func (s *Tournaments) ListTournaments(ctx context.Context, statuses []string, limit int) ([]store.Tournament, error) {
	if limit <= 0 {
		limit = 50
	}
	where, args := "", []any{}
	if len(statuses) > 0 {
		marks := make([]string, len(statuses))
		for i, st := range statuses {
			marks[i] = fmt.Sprintf("$%d", i+1)
			args = append(args, st)
		}
		where = ` WHERE status IN (` + strings.Join(marks, ", ") + `)`
	}
	// Those under way soonest first, the others latest first.
	order := ` ORDER BY CASE WHEN status IN ('open', 'running') THEN 0 ELSE 1 END,
		CASE WHEN status IN ('open', 'running') THEN starts ELSE -starts END, id`
	rows, err := s.Read.QueryContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments`+where+order+fmt.Sprintf(` LIMIT %d`, limit), args...)
	if err != nil {
		return nil, s.fail(err)
	}
	out, err := sqlrows.Collect(rows, scanTournament)
	return out, s.fail(err)
}

// SetTournamentStatus moves a tournament to status at version.
func (s *Tournaments) SetTournamentStatus(ctx context.Context, id string, version int, status string) error {
	return s.write(ctx, func(ctx context.Context, tx Querier) error {
		return bump(ctx, tx, id, version, status, 0)
	})
}

// bump moves tournament id from version to the next with status (and, when
// round > 0, that round), or says why it cannot.
func bump(ctx context.Context, tx Querier, id string, version int, status string, round int) error {
	n, err := affected(tx.ExecContext(ctx, `UPDATE tournaments SET version = version + 1, status = $3,
		round = CASE WHEN $4 > 0 THEN $4 ELSE round END
		WHERE id = $1 AND version = $2 AND status IN ('open', 'running')`, id, version, status, round))
	if err != nil {
		return err
	}
	if n == 1 {
		return nil
	}
	var v int
	var st string
	err = tx.QueryRowContext(ctx, `SELECT version, status FROM tournaments WHERE id = $1`, id).Scan(&v, &st)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: no tournament %q", store.ErrNotFound, id)
	}
	if err != nil {
		return err
	}
	return fmt.Errorf("%w: tournament %q is %s at version %d, not at %d", store.ErrConflict, id, st, v, version)
}

// EndTournament ends a tournament with its places.
func (s *Tournaments) EndTournament(ctx context.Context, id string, version int, status string, at time.Time, places map[string]int) error {
	if status != store.StatusFinished && status != store.StatusCancelled {
		return fmt.Errorf("store: a tournament ends finished or cancelled, not %q", status)
	}
	return s.write(ctx, func(ctx context.Context, tx Querier) error {
		if err := bump(ctx, tx, id, version, status, 0); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET finished = $2 WHERE id = $1`, id, micros(at)); err != nil {
			return err
		}
		for entrant, place := range places {
			if _, err := tx.ExecContext(ctx, `UPDATE tournament_entrants SET place = $3 WHERE tournament_id = $1 AND entrant = $2`,
				id, entrant, place); err != nil {
				return err
			}
		}
		return nil
	})
}
