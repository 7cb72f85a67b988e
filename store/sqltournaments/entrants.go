package sqltournaments

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"cardtable/store"
	"cardtable/store/sqlrows"
)

const entrantColumns = `tournament_id, entrant, name, user_id, bot, rating, entry, joined, withdrawn, place`

func scanEntrant(row interface{ Scan(...any) error }) (store.Entrant, error) {
	var e store.Entrant
	var joined, withdrawn int64
	err := row.Scan(&e.Tournament, &e.ID, &e.Name, &e.User, &e.Bot, &e.Rating, &e.Entry, &joined, &withdrawn, &e.Place)
	e.Joined, e.Withdrawn = fromMicros(joined), fromMicros(withdrawn)
	return e, err
}

// lock takes tournament id's row for the transaction, bumping its version,
// and returns its status and entries: every change of its entrants queues
// on the row, and a round paired from the entrants as they were is refused.
func lock(ctx context.Context, tx Querier, id string) (status string, entrants int, err error) {
	n, err := affected(tx.ExecContext(ctx, `UPDATE tournaments SET version = version + 1 WHERE id = $1`, id))
	if err != nil {
		return "", 0, err
	}
	if n != 1 {
		return "", 0, fmt.Errorf("%w: no tournament %q", store.ErrNotFound, id)
	}
	err = tx.QueryRowContext(ctx, `SELECT status, entrants FROM tournaments WHERE id = $1`, id).Scan(&status, &entrants)
	return status, entrants, err
}

// JoinTournament enters e, or brings back an entrant who withdrew.
func (s *Tournaments) JoinTournament(ctx context.Context, e store.Entrant, most int, late bool) (store.Entrant, error) {
	if e.Tournament == "" || e.ID == "" {
		return e, errors.New("store: an entrant needs a tournament and an id")
	}
	err := s.write(ctx, func(ctx context.Context, tx Querier) error {
		status, entries, err := lock(ctx, tx, e.Tournament)
		if err != nil {
			return err
		}
		if status != store.StatusOpen && (status != store.StatusRunning || !late) {
			return fmt.Errorf("%w: tournament %q is %s and takes no entrant now", store.ErrConflict, e.Tournament, status)
		}
		was, err := scanEntrant(tx.QueryRowContext(ctx, `SELECT `+entrantColumns+` FROM tournament_entrants
			WHERE tournament_id = $1 AND entrant = $2`, e.Tournament, e.ID))
		switch {
		case err == nil && was.Withdrawn.IsZero():
			return fmt.Errorf("%w: %q is in tournament %q already", store.ErrConflict, e.ID, e.Tournament)
		case err == nil:
			if _, err := tx.ExecContext(ctx, `UPDATE tournament_entrants SET withdrawn = 0 WHERE tournament_id = $1 AND entrant = $2`,
				e.Tournament, e.ID); err != nil {
				return err
			}
			was.Withdrawn = time.Time{}
			e = was
			return nil
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		if most > 0 && entries >= most {
			return fmt.Errorf("%w: tournament %q has had %d entrants, the most it takes", store.ErrLimit, e.Tournament, entries)
		}
		e.Entry, e.Withdrawn, e.Place = entries+1, time.Time{}, 0
		e.Joined = e.Joined.UTC().Truncate(time.Microsecond)
		if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET entrants = $2 WHERE id = $1`, e.Tournament, e.Entry); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO tournament_entrants (`+entrantColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 0)`,
			e.Tournament, e.ID, e.Name, e.User, e.Bot, e.Rating, e.Entry, micros(e.Joined))
		return err
	})
	return e, err
}

// WithdrawEntrant marks an entrant withdrawn.
func (s *Tournaments) WithdrawEntrant(ctx context.Context, tournament, entrant string, at time.Time) error {
	return s.write(ctx, func(ctx context.Context, tx Querier) error {
		status, _, err := lock(ctx, tx, tournament)
		if err != nil {
			return err
		}
		if status != store.StatusOpen && status != store.StatusRunning {
			return fmt.Errorf("%w: tournament %q is %s", store.ErrConflict, tournament, status)
		}
		var withdrawn int64
		err = tx.QueryRowContext(ctx, `SELECT withdrawn FROM tournament_entrants WHERE tournament_id = $1 AND entrant = $2`,
			tournament, entrant).Scan(&withdrawn)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %q is not in tournament %q", store.ErrNotFound, entrant, tournament)
		}
		if err != nil {
			return err
		}
		if withdrawn != 0 {
			return fmt.Errorf("%w: %q withdrew from tournament %q already", store.ErrConflict, entrant, tournament)
		}
		_, err = tx.ExecContext(ctx, `UPDATE tournament_entrants SET withdrawn = $3 WHERE tournament_id = $1 AND entrant = $2`,
			tournament, entrant, micros(at))
		return err
	})
}

// Entrants lists a tournament's entrants by entry.
func (s *Tournaments) Entrants(ctx context.Context, tournament string) ([]store.Entrant, error) {
	rows, err := s.Read.QueryContext(ctx, `SELECT `+entrantColumns+` FROM tournament_entrants
		WHERE tournament_id = $1 ORDER BY entry`, tournament)
	if err != nil {
		return nil, s.fail(err)
	}
	out, err := sqlrows.Collect(rows, scanEntrant)
	return out, s.fail(err)
}

// UserTournaments lists the tournaments user entered, latest start first.
func (s *Tournaments) UserTournaments(ctx context.Context, user string, limit int) ([]store.UserTournament, error) {
	if limit <= 0 {
		limit = 50
	}
	rows, err := s.Read.QueryContext(ctx, `SELECT `+prefixed("t.", tournamentColumns)+`, `+prefixed("e.", entrantColumns)+`
		FROM tournament_entrants e JOIN tournaments t ON t.id = e.tournament_id
		WHERE e.user_id = $1 AND e.user_id <> '' ORDER BY t.starts DESC, t.id LIMIT `+fmt.Sprint(limit), user)
	if err != nil {
		return nil, s.fail(err)
	}
	defer rows.Close()
	out := []store.UserTournament{}
	for rows.Next() {
		var u store.UserTournament
		var joined, withdrawn int64
		e := &u.Entrant
		u.Tournament, err = scanTournament(scanFunc(func(dest ...any) error {
			return rows.Scan(append(dest, &e.Tournament, &e.ID, &e.Name, &e.User, &e.Bot, &e.Rating, &e.Entry,
				&joined, &withdrawn, &e.Place)...)
		}))
		if err != nil {
			return nil, s.fail(err)
		}
		e.Joined, e.Withdrawn = fromMicros(joined), fromMicros(withdrawn)
		out = append(out, u)
	}
	return out, s.fail(rows.Err())
}

// scanFunc is a Scan made of a function.
type scanFunc func(dest ...any) error

func (f scanFunc) Scan(dest ...any) error { return f(dest...) }

// prefixed is columns (a list separated by commas) each named as of table
// p ("t.").
func prefixed(p, columns string) string {
	cs := strings.Split(columns, ",")
	for i, c := range cs {
		cs[i] = p + strings.TrimSpace(c)
	}
	return strings.Join(cs, ", ")
}
