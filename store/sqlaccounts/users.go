package sqlaccounts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"cardtable/store"
)

const userColumns = `id, name, name_key, created, password`

// userRead is what a read of users selects: the columns and whether the
// user is a bot account.
const userRead = userColumns + `, language, CASE WHEN EXISTS (SELECT 1 FROM bot_accounts b WHERE b.user_id = users.id) THEN 1 ELSE 0 END`

func scanUser(row interface{ Scan(...any) error }) (store.User, error) {
	var u store.User
	var created int64
	var bot int
	if err := row.Scan(&u.ID, &u.Name, &u.Key, &created, &u.Password, &u.Language, &bot); err != nil {
		return u, err
	}
	u.Created, u.Bot = fromMicros(created), bot != 0
	return u, nil
}

// CreateUser stores a new user.
func (a *Accounts) CreateUser(ctx context.Context, u store.User) error {
	if u.ID == "" || u.Key == "" {
		return errors.New("store: a user needs an id and a name key")
	}
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		n, err := affected(tx.ExecContext(ctx, `INSERT INTO users (`+userColumns+`, language) VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT DO NOTHING`, u.ID, u.Name, u.Key, micros(u.Created), u.Password, u.Language))
		if err != nil {
			return err
		}
		if n != 1 {
			return fmt.Errorf("%w: a user with id %q or name %q exists", store.ErrConflict, u.ID, u.Name)
		}
		return nil
	})
}

func (a *Accounts) userWhere(ctx context.Context, cond, arg string) (store.User, error) {
	u, err := scanUser(a.Read.QueryRowContext(ctx, `SELECT `+userRead+` FROM users WHERE `+cond+` = $1`, arg))
	if errors.Is(err, sql.ErrNoRows) {
		return u, notFound("no user %q", arg)
	}
	return u, a.fail(err)
}

// User finds a user by id.
func (a *Accounts) User(ctx context.Context, id string) (store.User, error) {
	return a.userWhere(ctx, "id", id)
}

// UserByKey finds a user by name key.
func (a *Accounts) UserByKey(ctx context.Context, key string) (store.User, error) {
	return a.userWhere(ctx, "name_key", key)
}

// updateUser runs one UPDATE of a user's row: ErrNotFound when no row.
func (a *Accounts) updateUser(ctx context.Context, id, q string, args ...any) error {
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		n, err := affected(tx.ExecContext(ctx, q, append([]any{id}, args...)...))
		if err != nil {
			return err
		}
		if n != 1 {
			return notFound("no user %q", id)
		}
		return nil
	})
}

// RenameUser gives a user a new name and key.
func (a *Accounts) RenameUser(ctx context.Context, id, name, key string) error {
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		var other string
		err := tx.QueryRowContext(ctx, `SELECT id FROM users WHERE name_key = $1`, key).Scan(&other)
		switch {
		case err == nil && other != id:
			return fmt.Errorf("%w: the name %q is taken", store.ErrConflict, name)
		case err != nil && !errors.Is(err, sql.ErrNoRows):
			return err
		}
		n, err := affected(tx.ExecContext(ctx, `UPDATE users SET name = $2, name_key = $3 WHERE id = $1`, id, name, key))
		if err != nil {
			return err
		}
		if n != 1 {
			return notFound("no user %q", id)
		}
		return nil
	})
}

// SetPassword replaces a user's password hash.
func (a *Accounts) SetPassword(ctx context.Context, id, hash string) error {
	return a.updateUser(ctx, id, `UPDATE users SET password = $2 WHERE id = $1`, hash)
}

// SetLanguage sets a user's language.
func (a *Accounts) SetLanguage(ctx context.Context, id, lang string) error {
	return a.updateUser(ctx, id, `UPDATE users SET language = $2 WHERE id = $1`, lang)
}

// SignInFailed counts a failed sign-in of key, locking at the lockAt-th.
func (a *Accounts) SignInFailed(ctx context.Context, key string, lockAt int, until, now time.Time) (store.SignInState, error) {
	var st store.SignInState
	err := a.write(ctx, func(ctx context.Context, tx Querier) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO signin_failures (name_key, failed, locked_until, updated)
			VALUES ($1, 0, 0, $2) ON CONFLICT (name_key) DO NOTHING`, key, micros(now)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE signin_failures SET
			failed = CASE WHEN failed + 1 >= $2 THEN 0 ELSE failed + 1 END,
			locked_until = CASE WHEN failed + 1 >= $2 THEN $3 ELSE locked_until END,
			updated = $4
			WHERE name_key = $1`, key, lockAt, micros(until), micros(now)); err != nil {
			return err
		}
		var err error
		st, err = signInState(ctx, tx, key)
		return err
	})
	return st, err
}

func signInState(ctx context.Context, q Querier, key string) (store.SignInState, error) {
	var st store.SignInState
	var locked int64
	err := q.QueryRowContext(ctx, `SELECT failed, locked_until FROM signin_failures WHERE name_key = $1`, key).Scan(&st.Failed, &locked)
	if errors.Is(err, sql.ErrNoRows) {
		return store.SignInState{}, nil
	}
	st.LockedUntil = fromMicros(locked)
	return st, err
}

// SignInState reads a key's failures.
func (a *Accounts) SignInState(ctx context.Context, key string) (store.SignInState, error) {
	st, err := signInState(ctx, a.Read, key)
	return st, a.fail(err)
}

// SignInSucceeded clears a key's failures.
func (a *Accounts) SignInSucceeded(ctx context.Context, key string) error {
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM signin_failures WHERE name_key = $1`, key)
		return err
	})
}

// DeleteUser removes a user and what is theirs alone; tables stay with
// the user's seat names replaced.
func (a *Accounts) DeleteUser(ctx context.Context, id, anonymous string) error {
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		steps := []struct {
			q    string
			args []any
		}{
			{`UPDATE seats SET name = $2 WHERE EXISTS (SELECT 1 FROM seat_accounts a
				WHERE a.table_id = seats.table_id AND a.seat = seats.seat AND a.user_id = $1)`, []any{id, anonymous}},
			{`DELETE FROM seat_accounts WHERE user_id = $1`, []any{id}},
			{`DELETE FROM sessions WHERE user_id = $1`, []any{id}},
			{`DELETE FROM passkeys WHERE user_id = $1`, []any{id}},
			{`DELETE FROM auth_challenges WHERE user_id = $1`, []any{id}},
			{`DELETE FROM rating_history WHERE user_id = $1`, []any{id}},
			{`DELETE FROM puzzle_answers WHERE user_id = $1`, []any{id}},
			{`DELETE FROM ratings WHERE user_id = $1`, []any{id}},
			{`UPDATE daily_attempts SET user_id = '' WHERE user_id = $1`, []any{id}},
			{`UPDATE tournament_entrants SET user_id = '', name = $2 WHERE user_id = $1`, []any{id, anonymous}},
			// A person's bots are shut off for good; a bot's own rows go.
			{`UPDATE bot_accounts SET owner = '', disabled = CASE WHEN disabled = 0 THEN 1 ELSE disabled END WHERE owner = $1`, []any{id}},
			{`DELETE FROM bot_tokens WHERE user_id = $1`, []any{id}},
			{`DELETE FROM bot_accounts WHERE user_id = $1`, []any{id}},
		}
		for _, st := range steps {
			if _, err := tx.ExecContext(ctx, st.q, st.args...); err != nil {
				return err
			}
		}
		n, err := affected(tx.ExecContext(ctx, `DELETE FROM users WHERE id = $1`, id))
		if err != nil {
			return err
		}
		if n != 1 {
			return notFound("no user %q", id)
		}
		return nil
	})
}
