package store

import (
	"context"
	"time"
)

// BotAccount is an account a program plays as (issue 30, after Lichess's
// Bot API): a User with the person who owns it. It is always shown as a
// bot, rated apart from people, and its owner can shut it off.
type BotAccount struct {
	User User
	// Owner is the owning person's account id ("" once they deleted
	// their account: the bot is then shut off for good).
	Owner   string
	Created time.Time
	// Disabled is when its owner shut it off (zero while it may play).
	Disabled time.Time
}

// BotToken is a bot's token as stored: ID is the SHA-256 (hex) of the
// token the program holds; the token itself is never stored.
type BotToken struct {
	ID      string
	Bot     string
	Created time.Time
	// Used is the last sign-in with it; Revoked when a newer token
	// replaced it (zero while it is the bot's token).
	Used, Revoked time.Time
}

// Bots keeps bot accounts and their tokens. Like Store, an error leaves
// everything as it was; times come back in UTC to the microsecond.
type Bots interface {
	// CreateBot stores the bot's user and its bot account together:
	// ErrConflict when the id or name key is taken or the owner is a bot;
	// ErrNotFound when the owner is no user; ErrLimit when the owner has
	// most bots already (most <= 0: no bound).
	CreateBot(ctx context.Context, b BotAccount, most int) error
	// BotAccount finds the bot account of user id (ErrNotFound for a
	// person or no user).
	BotAccount(ctx context.Context, id string) (BotAccount, error)
	// OwnerBots lists owner's bots, oldest first.
	OwnerBots(ctx context.Context, owner string) ([]BotAccount, error)
	// SetBotToken makes t the token of bot t.Bot, revoking its tokens
	// before at t.Created; ErrNotFound unless owner owns the bot.
	SetBotToken(ctx context.Context, owner string, t BotToken) error
	// BotByToken finds the bot whose live token hashes to id and notes
	// the sign-in at now: ErrNotFound for an unknown or revoked token or a
	// bot shut off.
	BotByToken(ctx context.Context, id string, now time.Time) (BotAccount, error)
	// SetBotDisabled shuts bot off from at (or lets it play again when at
	// is zero); ErrNotFound unless owner owns the bot.
	SetBotDisabled(ctx context.Context, owner, bot string, at time.Time) error
}
