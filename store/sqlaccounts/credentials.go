package sqlaccounts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"cardtable/store"
	"cardtable/store/sqlrows"
)

// AddPasskey stores a credential.
func (a *Accounts) AddPasskey(ctx context.Context, p store.Passkey) error {
	if p.ID == "" {
		return errors.New("store: a passkey needs an id")
	}
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		n, err := affected(tx.ExecContext(ctx, `INSERT INTO passkeys (id, user_id, data, created, last_used)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`, p.ID, p.User, p.Data, micros(p.Created), micros(p.LastUsed)))
		if err != nil {
			return err
		}
		if n != 1 {
			return fmt.Errorf("%w: a passkey with id %q exists", store.ErrConflict, p.ID)
		}
		return nil
	})
}

const passkeyColumns = `id, user_id, data, created, last_used`

func scanPasskey(row interface{ Scan(...any) error }) (store.Passkey, error) {
	var p store.Passkey
	var created, used int64
	err := row.Scan(&p.ID, &p.User, &p.Data, &created, &used)
	p.Created, p.LastUsed = fromMicros(created), fromMicros(used)
	return p, err
}

// Passkey finds a credential.
func (a *Accounts) Passkey(ctx context.Context, id string) (store.Passkey, error) {
	p, err := scanPasskey(a.Read.QueryRowContext(ctx, `SELECT `+passkeyColumns+` FROM passkeys WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return p, notFound("no passkey %q", id)
	}
	return p, a.fail(err)
}

// Passkeys lists a user's credentials, oldest first.
func (a *Accounts) Passkeys(ctx context.Context, user string) ([]store.Passkey, error) {
	rows, err := a.Read.QueryContext(ctx, `SELECT `+passkeyColumns+` FROM passkeys WHERE user_id = $1 ORDER BY created, id`, user)
	if err != nil {
		return nil, a.fail(err)
	}
	out, err := sqlrows.Collect(rows, scanPasskey)
	return out, a.fail(err)
}

// UsePasskey records a credential's use.
func (a *Accounts) UsePasskey(ctx context.Context, id, data string, at time.Time) error {
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		n, err := affected(tx.ExecContext(ctx, `UPDATE passkeys SET data = $2, last_used = $3 WHERE id = $1`, id, data, micros(at)))
		if err != nil {
			return err
		}
		if n != 1 {
			return notFound("no passkey %q", id)
		}
		return nil
	})
}

// DeletePasskey removes one of user's credentials.
func (a *Accounts) DeletePasskey(ctx context.Context, user, id string) error {
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		n, err := affected(tx.ExecContext(ctx, `DELETE FROM passkeys WHERE id = $1 AND user_id = $2`, id, user))
		if err != nil {
			return err
		}
		if n != 1 {
			return notFound("no passkey %q of this user", id)
		}
		return nil
	})
}

// CreateSession stores a session.
func (a *Accounts) CreateSession(ctx context.Context, s store.Session) error {
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		n, err := affected(tx.ExecContext(ctx, `INSERT INTO sessions (id, user_id, created, seen, expires, agent)
			VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
			s.ID, s.User, micros(s.Created), micros(s.Seen), micros(s.Expires), s.Agent))
		if err != nil {
			return err
		}
		if n != 1 {
			return fmt.Errorf("%w: a session with that id exists", store.ErrConflict)
		}
		return nil
	})
}

const sessionColumns = `s.id, s.user_id, s.created, s.seen, s.expires, s.agent`

func scanSession(row interface{ Scan(...any) error }, more ...any) (store.Session, error) {
	var s store.Session
	var created, seen, expires int64
	err := row.Scan(append([]any{&s.ID, &s.User, &created, &seen, &expires, &s.Agent}, more...)...)
	s.Created, s.Seen, s.Expires = fromMicros(created), fromMicros(seen), fromMicros(expires)
	return s, err
}

// Session finds a live session with its user.
func (a *Accounts) Session(ctx context.Context, id string, now time.Time) (store.Session, store.User, error) {
	var u store.User
	var created int64
	s, err := scanSession(a.Read.QueryRowContext(ctx, `SELECT `+sessionColumns+`, u.id, u.name, u.name_key, u.created, u.password, u.language
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1 AND s.expires > $2`, id, micros(now)),
		&u.ID, &u.Name, &u.Key, &created, &u.Password, &u.Language)
	if errors.Is(err, sql.ErrNoRows) {
		return s, u, notFound("no live session")
	}
	u.Created = fromMicros(created)
	return s, u, a.fail(err)
}

// TouchSession moves a session's Seen and Expires.
func (a *Accounts) TouchSession(ctx context.Context, id string, seen, expires time.Time) error {
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		n, err := affected(tx.ExecContext(ctx, `UPDATE sessions SET seen = $2, expires = $3 WHERE id = $1`, id, micros(seen), micros(expires)))
		if err != nil {
			return err
		}
		if n != 1 {
			return notFound("no session")
		}
		return nil
	})
}

// Sessions lists a user's live sessions, newest first.
func (a *Accounts) Sessions(ctx context.Context, user string, now time.Time) ([]store.Session, error) {
	rows, err := a.Read.QueryContext(ctx, `SELECT `+sessionColumns+` FROM sessions s
		WHERE s.user_id = $1 AND s.expires > $2 ORDER BY s.created DESC, s.id`, user, micros(now))
	if err != nil {
		return nil, a.fail(err)
	}
	out, err := sqlrows.Collect(rows, func(r interface{ Scan(...any) error }) (store.Session, error) { return scanSession(r) })
	return out, a.fail(err)
}

// DeleteSession ends one session (no error when it is gone already).
func (a *Accounts) DeleteSession(ctx context.Context, id string) error {
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE id = $1`, id)
		return err
	})
}

// DeleteSessions ends every session of user.
func (a *Accounts) DeleteSessions(ctx context.Context, user string) (int, error) {
	var n int64
	err := a.write(ctx, func(ctx context.Context, tx Querier) error {
		var err error
		n, err = affected(tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1`, user))
		return err
	})
	return int(n), err
}

// PurgeExpired removes expired sessions and challenges, old sign-in
// failures and sign-up windows over.
func (a *Accounts) PurgeExpired(ctx context.Context, now time.Time) error {
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE expires <= $1`, micros(now)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM auth_challenges WHERE expires <= $1`, micros(now)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM signin_failures WHERE locked_until <= $1 AND updated <= $2`,
			micros(now), micros(now.Add(-24*time.Hour))); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM signup_addresses WHERE window_start <= $1`, micros(now.Add(-store.SignUpWindow)))
		return err
	})
}

// PutChallenge stores a ceremony's state.
func (a *Accounts) PutChallenge(ctx context.Context, c store.Challenge) error {
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		n, err := affected(tx.ExecContext(ctx, `INSERT INTO auth_challenges (id, kind, user_id, data, expires)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`, c.ID, c.Kind, c.User, c.Data, micros(c.Expires)))
		if err != nil {
			return err
		}
		if n != 1 {
			return fmt.Errorf("%w: a challenge with that id exists", store.ErrConflict)
		}
		return nil
	})
}

// TakeChallenge returns and removes a ceremony's state.
func (a *Accounts) TakeChallenge(ctx context.Context, id string, now time.Time) (store.Challenge, error) {
	var c store.Challenge
	err := a.write(ctx, func(ctx context.Context, tx Querier) error {
		var expires int64
		err := tx.QueryRowContext(ctx, `SELECT id, kind, user_id, data, expires FROM auth_challenges WHERE id = $1`, id).
			Scan(&c.ID, &c.Kind, &c.User, &c.Data, &expires)
		if errors.Is(err, sql.ErrNoRows) {
			return notFound("no challenge")
		}
		if err != nil {
			return err
		}
		c.Expires = fromMicros(expires)
		// Two takers may both have read the row (PostgreSQL reads
		// committed); only the one whose delete removed it has it.
		n, err := affected(tx.ExecContext(ctx, `DELETE FROM auth_challenges WHERE id = $1`, id))
		if err != nil {
			return err
		}
		if n != 1 {
			return notFound("no challenge")
		}
		return nil
	})
	if err == nil && !c.Expires.After(now) {
		return store.Challenge{}, notFound("the challenge expired")
	}
	return c, err
}
