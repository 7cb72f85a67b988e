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

var _ store.Bots = (*Accounts)(nil)

const botRead = `SELECT u.id, u.name, u.name_key, u.created, u.password, b.owner, b.created, b.disabled
	FROM bot_accounts b JOIN users u ON u.id = b.user_id`

func scanBot(row interface{ Scan(...any) error }) (store.BotAccount, error) {
	var b store.BotAccount
	var uc, bc, dis int64
	err := row.Scan(&b.User.ID, &b.User.Name, &b.User.Key, &uc, &b.User.Password, &b.Owner, &bc, &dis)
	b.User.Created, b.Created, b.Disabled, b.User.Bot = fromMicros(uc), fromMicros(bc), fromMicros(dis), true
	return b, err
}

// CreateBot stores a bot's user and bot account together.
func (a *Accounts) CreateBot(ctx context.Context, b store.BotAccount, most int) error {
	u := b.User
	if u.ID == "" || u.Key == "" || b.Owner == "" {
		return errors.New("store: a bot needs an id, a name key and an owner")
	}
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		var owner string
		var ownerIsBot int
		err := tx.QueryRowContext(ctx, `SELECT id, CASE WHEN EXISTS (SELECT 1 FROM bot_accounts WHERE user_id = $1) THEN 1 ELSE 0 END
			FROM users WHERE id = $1`, b.Owner).Scan(&owner, &ownerIsBot)
		if errors.Is(err, sql.ErrNoRows) {
			return notFound("no user %q to own a bot", b.Owner)
		}
		if err != nil {
			return err
		}
		if ownerIsBot != 0 {
			return fmt.Errorf("%w: %q is a bot, and a bot owns no bots", store.ErrConflict, b.Owner)
		}
		if most > 0 {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM bot_accounts WHERE owner = $1`, b.Owner).Scan(&n); err != nil {
				return err
			}
			if n >= most {
				return fmt.Errorf("%w: account %q has %d bots (at most %d)", store.ErrLimit, b.Owner, n, most)
			}
		}
		n, err := affected(tx.ExecContext(ctx, `INSERT INTO users (`+userColumns+`) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT DO NOTHING`, u.ID, u.Name, u.Key, micros(u.Created), ""))
		if err != nil {
			return err
		}
		if n != 1 {
			return fmt.Errorf("%w: a user with id %q or name %q exists", store.ErrConflict, u.ID, u.Name)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO bot_accounts (user_id, owner, created, disabled) VALUES ($1, $2, $3, $4)`,
			u.ID, b.Owner, micros(b.Created), micros(b.Disabled))
		return err
	})
}

// BotAccount finds the bot account of a user.
func (a *Accounts) BotAccount(ctx context.Context, id string) (store.BotAccount, error) {
	b, err := scanBot(a.Read.QueryRowContext(ctx, botRead+` WHERE b.user_id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return b, notFound("no bot account %q", id)
	}
	return b, a.fail(err)
}

// OwnerBots lists an owner's bots, oldest first.
func (a *Accounts) OwnerBots(ctx context.Context, owner string) ([]store.BotAccount, error) {
	out := []store.BotAccount{}
	if owner == "" {
		return out, nil
	}
	rows, err := a.Read.QueryContext(ctx, botRead+` WHERE b.owner = $1 ORDER BY b.created, b.user_id`, owner)
	if err != nil {
		return nil, a.fail(err)
	}
	out, err = sqlrows.Collect(rows, scanBot)
	return out, a.fail(err)
}

// owned checks in tx that owner owns bot.
func owned(ctx context.Context, tx Querier, owner, bot string) error {
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM bot_accounts WHERE user_id = $1 AND owner = $2 AND owner <> ''`, bot, owner).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return notFound("%q owns no bot %q", owner, bot)
	}
	return err
}

// SetBotToken makes t the bot's token, revoking the ones before.
func (a *Accounts) SetBotToken(ctx context.Context, owner string, t store.BotToken) error {
	if t.ID == "" || t.Bot == "" {
		return errors.New("store: a bot token needs its hash and its bot")
	}
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		if err := owned(ctx, tx, owner, t.Bot); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE bot_tokens SET revoked = $2 WHERE user_id = $1 AND revoked = 0`,
			t.Bot, micros(t.Created)); err != nil {
			return err
		}
		n, err := affected(tx.ExecContext(ctx, `INSERT INTO bot_tokens (id, user_id, created, used, revoked) VALUES ($1, $2, $3, 0, 0)
			ON CONFLICT DO NOTHING`, t.ID, t.Bot, micros(t.Created)))
		if err != nil {
			return err
		}
		if n != 1 {
			return fmt.Errorf("%w: that token exists already", store.ErrConflict)
		}
		return nil
	})
}

// BotByToken finds the bot of a live token and notes its use.
func (a *Accounts) BotByToken(ctx context.Context, id string, now time.Time) (store.BotAccount, error) {
	var b store.BotAccount
	err := a.write(ctx, func(ctx context.Context, tx Querier) error {
		n, err := affected(tx.ExecContext(ctx, `UPDATE bot_tokens SET used = $2 WHERE id = $1 AND revoked = 0
			AND EXISTS (SELECT 1 FROM bot_accounts b WHERE b.user_id = bot_tokens.user_id AND b.disabled = 0)`, id, micros(now)))
		if err != nil {
			return err
		}
		if n != 1 {
			return notFound("no live token of a bot that may play")
		}
		b, err = scanBot(tx.QueryRowContext(ctx, botRead+` JOIN bot_tokens t ON t.user_id = b.user_id WHERE t.id = $1`, id))
		return err
	})
	return b, err
}

// SetBotDisabled shuts a bot off or lets it play again.
func (a *Accounts) SetBotDisabled(ctx context.Context, owner, bot string, at time.Time) error {
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		if err := owned(ctx, tx, owner, bot); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE bot_accounts SET disabled = $2 WHERE user_id = $1`, bot, micros(at))
		return err
	})
}
