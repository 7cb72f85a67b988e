package memstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"cardtable/store"
)

var _ store.Bots = (*Store)(nil)

// bot is b as read: with its user as it now is (s.mu held).
func (s *Store) bot(b *store.BotAccount) store.BotAccount {
	out := *b
	out.User = *s.acc.users[b.User.ID]
	return out
}

// CreateBot implements store.Bots.
func (s *Store) CreateBot(ctx context.Context, b store.BotAccount, most int) error {
	u := b.User
	if u.ID == "" || u.Key == "" || b.Owner == "" {
		return fmt.Errorf("memstore: a bot needs an id, a name key and an owner")
	}
	return s.withUser(ctx, b.Owner, func(owner *store.User) error {
		if owner.Bot {
			return fmt.Errorf("%w: %q is a bot, and a bot owns no bots", store.ErrConflict, b.Owner)
		}
		n := 0
		for _, x := range s.acc.bots {
			if x.Owner == b.Owner {
				n++
			}
		}
		if most > 0 && n >= most {
			return fmt.Errorf("%w: account %q has %d bots (at most %d)", store.ErrLimit, b.Owner, n, most)
		}
		if _, ok := s.acc.users[u.ID]; ok || s.byKey(u.Key) != nil {
			return fmt.Errorf("%w: a user with id %q or name %q exists", store.ErrConflict, u.ID, u.Name)
		}
		u.Created, u.Password, u.Bot = utc(u.Created), "", true
		s.acc.users[u.ID] = &u
		b.User, b.Created, b.Disabled = u, utc(b.Created), utcOrZero(b.Disabled)
		s.acc.bots[u.ID] = &b
		return nil
	})
}

// BotAccount implements store.Bots.
func (s *Store) BotAccount(ctx context.Context, id string) (store.BotAccount, error) {
	if err := s.lock(ctx); err != nil {
		return store.BotAccount{}, err
	}
	defer s.mu.Unlock()
	b, ok := s.acc.bots[id]
	if !ok {
		return store.BotAccount{}, notFound("no bot account %q", id)
	}
	return s.bot(b), nil
}

// OwnerBots implements store.Bots.
func (s *Store) OwnerBots(ctx context.Context, owner string) ([]store.BotAccount, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	out := []store.BotAccount{}
	for _, b := range s.acc.bots {
		if owner != "" && b.Owner == owner {
			out = append(out, s.bot(b))
		}
	}
	slices.SortFunc(out, func(a, b store.BotAccount) int {
		return cmp.Or(a.Created.Compare(b.Created), cmp.Compare(a.User.ID, b.User.ID))
	})
	return out, nil
}

// owned runs fn on owner's bot under the lock.
func (s *Store) owned(ctx context.Context, owner, bot string, fn func(b *store.BotAccount) error) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	b, ok := s.acc.bots[bot]
	if !ok || owner == "" || b.Owner != owner {
		return notFound("%q owns no bot %q", owner, bot)
	}
	return fn(b)
}

// SetBotToken implements store.Bots.
func (s *Store) SetBotToken(ctx context.Context, owner string, t store.BotToken) error {
	if t.ID == "" || t.Bot == "" {
		return fmt.Errorf("memstore: a bot token needs its hash and its bot")
	}
	return s.owned(ctx, owner, t.Bot, func(*store.BotAccount) error {
		if _, ok := s.acc.botTokens[t.ID]; ok {
			return fmt.Errorf("%w: that token exists already", store.ErrConflict)
		}
		for _, x := range s.acc.botTokens {
			if x.Bot == t.Bot && x.Revoked.IsZero() {
				x.Revoked = utc(t.Created)
			}
		}
		t.Created, t.Used, t.Revoked = utc(t.Created), time.Time{}, time.Time{}
		s.acc.botTokens[t.ID] = &t
		return nil
	})
}

// BotByToken implements store.Bots.
func (s *Store) BotByToken(ctx context.Context, id string, now time.Time) (store.BotAccount, error) {
	if err := s.lock(ctx); err != nil {
		return store.BotAccount{}, err
	}
	defer s.mu.Unlock()
	t, ok := s.acc.botTokens[id]
	if !ok || !t.Revoked.IsZero() {
		return store.BotAccount{}, notFound("no live token of a bot that may play")
	}
	b, ok := s.acc.bots[t.Bot]
	if !ok || !b.Disabled.IsZero() {
		return store.BotAccount{}, notFound("no live token of a bot that may play")
	}
	t.Used = utc(now)
	return s.bot(b), nil
}

// SetBotDisabled implements store.Bots.
func (s *Store) SetBotDisabled(ctx context.Context, owner, bot string, at time.Time) error {
	return s.owned(ctx, owner, bot, func(b *store.BotAccount) error {
		b.Disabled = utcOrZero(at)
		return nil
	})
}

// forgetBots shuts a deleted person's bots off for good, or forgets a
// deleted bot (s.mu held).
func (s *Store) forgetBots(user string) {
	for _, b := range s.acc.bots {
		if b.Owner == user {
			b.Owner = ""
			if b.Disabled.IsZero() {
				b.Disabled = time.UnixMicro(1).UTC()
			}
		}
	}
	delete(s.acc.bots, user)
	deleteWhere(s.acc.botTokens, func(t *store.BotToken) bool { return t.Bot == user })
}
