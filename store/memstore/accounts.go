package memstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"cardtable/store"
)

// accounts is the store.Accounts half of a Store, guarded by its mutex.
type accounts struct {
	users      map[string]*store.User
	passkeys   map[string]store.Passkey
	sessions   map[string]store.Session
	challenges map[string]store.Challenge
	secrets    map[string]string
	failures   map[string]failure
	signups    map[string]signUps
	links      map[seatKey]string // seat -> user id
	daily      map[string]*store.DailyAttempt
	verdicts   map[string]string
	ratings    map[ratingKey]store.Rating
	history    map[ratingKey][]store.RatingPoint
	puzzles    map[puzzleKey]store.PuzzleRating
	answers    map[answerKey]store.PuzzleAnswer
	tourneys   *tourneys
	bots       map[string]*store.BotAccount // by the bot's user id
	botTokens  map[string]*store.BotToken   // by the token's hash
}

// signUps is one address's sign-ups in the window since start.
type signUps struct {
	start time.Time
	made  int
}

type failure struct {
	store.SignInState
	updated time.Time
}

type seatKey struct {
	table string
	seat  int
}

type ratingKey struct{ user, category string }

func newAccounts() *accounts {
	return &accounts{
		users: map[string]*store.User{}, passkeys: map[string]store.Passkey{}, sessions: map[string]store.Session{},
		challenges: map[string]store.Challenge{}, secrets: map[string]string{}, failures: map[string]failure{}, signups: map[string]signUps{}, links: map[seatKey]string{},
		daily: map[string]*store.DailyAttempt{}, verdicts: map[string]string{},
		ratings: map[ratingKey]store.Rating{}, history: map[ratingKey][]store.RatingPoint{},
		puzzles: map[puzzleKey]store.PuzzleRating{}, answers: map[answerKey]store.PuzzleAnswer{},
		tourneys: newTourneys(), bots: map[string]*store.BotAccount{}, botTokens: map[string]*store.BotToken{},
	}
}

var _ store.Accounts = (*Store)(nil)

func notFound(what string, args ...any) error {
	return fmt.Errorf("%w: %s", store.ErrNotFound, fmt.Sprintf(what, args...))
}

// lock takes the mutex of an open store.
func (s *Store) lock(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return fmt.Errorf("memstore: closed")
	}
	return nil
}

// CreateUser implements store.Accounts.
func (s *Store) CreateUser(ctx context.Context, u store.User) error {
	if u.ID == "" || u.Key == "" {
		return fmt.Errorf("memstore: a user needs an id and a name key")
	}
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	if _, ok := s.acc.users[u.ID]; ok || s.byKey(u.Key) != nil {
		return fmt.Errorf("%w: a user with id %q or name %q exists", store.ErrConflict, u.ID, u.Name)
	}
	u.Created, u.Bot = utc(u.Created), false
	s.acc.users[u.ID] = &u
	return nil
}

func (s *Store) byKey(key string) *store.User {
	for _, u := range s.acc.users {
		if u.Key == key {
			return u
		}
	}
	return nil
}

// User implements store.Accounts.
func (s *Store) User(ctx context.Context, id string) (store.User, error) {
	if err := s.lock(ctx); err != nil {
		return store.User{}, err
	}
	defer s.mu.Unlock()
	if u, ok := s.acc.users[id]; ok {
		return *u, nil
	}
	return store.User{}, notFound("no user %q", id)
}

// UserByKey implements store.Accounts.
func (s *Store) UserByKey(ctx context.Context, key string) (store.User, error) {
	if err := s.lock(ctx); err != nil {
		return store.User{}, err
	}
	defer s.mu.Unlock()
	if u := s.byKey(key); u != nil {
		return *u, nil
	}
	return store.User{}, notFound("no user %q", key)
}

// withUser runs fn on user id under the lock.
func (s *Store) withUser(ctx context.Context, id string, fn func(u *store.User) error) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	u, ok := s.acc.users[id]
	if !ok {
		return notFound("no user %q", id)
	}
	return fn(u)
}

// RenameUser implements store.Accounts.
func (s *Store) RenameUser(ctx context.Context, id, name, key string) error {
	return s.withUser(ctx, id, func(u *store.User) error {
		if other := s.byKey(key); other != nil && other.ID != id {
			return fmt.Errorf("%w: the name %q is taken", store.ErrConflict, name)
		}
		u.Name, u.Key = name, key
		return nil
	})
}

// SetPassword implements store.Accounts.
func (s *Store) SetPassword(ctx context.Context, id, hash string) error {
	return s.withUser(ctx, id, func(u *store.User) error { u.Password = hash; return nil })
}

// SetLanguage implements store.Accounts.
func (s *Store) SetLanguage(ctx context.Context, id, lang string) error {
	return s.withUser(ctx, id, func(u *store.User) error { u.Language = lang; return nil })
}

// SignInFailed implements store.Accounts.
func (s *Store) SignInFailed(ctx context.Context, key string, lockAt int, until, now time.Time) (store.SignInState, error) {
	if err := s.lock(ctx); err != nil {
		return store.SignInState{}, err
	}
	defer s.mu.Unlock()
	f := s.acc.failures[key]
	f.Failed++
	if f.Failed >= lockAt {
		f.Failed, f.LockedUntil = 0, utc(until)
	}
	f.updated = now
	s.acc.failures[key] = f
	return f.SignInState, nil
}

// SignInState implements store.Accounts.
func (s *Store) SignInState(ctx context.Context, key string) (store.SignInState, error) {
	if err := s.lock(ctx); err != nil {
		return store.SignInState{}, err
	}
	defer s.mu.Unlock()
	return s.acc.failures[key].SignInState, nil
}

// SignInSucceeded implements store.Accounts.
func (s *Store) SignInSucceeded(ctx context.Context, key string) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	delete(s.acc.failures, key)
	return nil
}

// DeleteUser implements store.Accounts.
func (s *Store) DeleteUser(ctx context.Context, id, anonymous string) error {
	return s.withUser(ctx, id, func(*store.User) error {
		a := s.acc
		for k, user := range a.links {
			if user != id {
				continue
			}
			if e, ok := s.tables[k.table]; ok && k.seat < len(e.header.Seats) {
				e.header.Seats[k.seat].Name = anonymous
			}
			delete(a.links, k)
		}
		deleteWhere(a.sessions, func(v store.Session) bool { return v.User == id })
		deleteWhere(a.passkeys, func(v store.Passkey) bool { return v.User == id })
		deleteWhere(a.challenges, func(v store.Challenge) bool { return v.User == id })
		deleteWhere(a.ratings, func(v store.Rating) bool { return v.User == id })
		for k := range a.history {
			if k.user == id {
				delete(a.history, k)
			}
		}
		deleteWhere(a.answers, func(v store.PuzzleAnswer) bool { return v.User == id })
		for _, d := range a.daily {
			if d.User == id {
				d.User = ""
			}
		}
		s.forgetBots(id)
		s.forgetEntrant(id, anonymous)
		delete(a.users, id)
		return nil
	})
}

func deleteWhere[K comparable, V any](m map[K]V, drop func(V) bool) {
	for k, v := range m {
		if drop(v) {
			delete(m, k)
		}
	}
}

// AddPasskey implements store.Accounts.
func (s *Store) AddPasskey(ctx context.Context, p store.Passkey) error {
	if p.ID == "" {
		return fmt.Errorf("memstore: a passkey needs an id")
	}
	return s.withUser(ctx, p.User, func(*store.User) error {
		if _, ok := s.acc.passkeys[p.ID]; ok {
			return fmt.Errorf("%w: a passkey with id %q exists", store.ErrConflict, p.ID)
		}
		p.Created, p.LastUsed = utc(p.Created), utc(p.LastUsed)
		s.acc.passkeys[p.ID] = p
		return nil
	})
}

// Passkey implements store.Accounts.
func (s *Store) Passkey(ctx context.Context, id string) (store.Passkey, error) {
	if err := s.lock(ctx); err != nil {
		return store.Passkey{}, err
	}
	defer s.mu.Unlock()
	if p, ok := s.acc.passkeys[id]; ok {
		return p, nil
	}
	return store.Passkey{}, notFound("no passkey %q", id)
}

// Passkeys implements store.Accounts.
func (s *Store) Passkeys(ctx context.Context, user string) ([]store.Passkey, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	out := []store.Passkey{}
	for _, p := range s.acc.passkeys {
		if p.User == user {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b store.Passkey) int { return cmp.Or(a.Created.Compare(b.Created), cmp.Compare(a.ID, b.ID)) })
	return out, nil
}

// UsePasskey implements store.Accounts.
func (s *Store) UsePasskey(ctx context.Context, id, data string, at time.Time) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	p, ok := s.acc.passkeys[id]
	if !ok {
		return notFound("no passkey %q", id)
	}
	p.Data, p.LastUsed = data, utc(at)
	s.acc.passkeys[id] = p
	return nil
}

// DeletePasskey implements store.Accounts.
func (s *Store) DeletePasskey(ctx context.Context, user, id string) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	if p, ok := s.acc.passkeys[id]; !ok || p.User != user {
		return notFound("no passkey %q of this user", id)
	}
	delete(s.acc.passkeys, id)
	return nil
}

// CreateSession implements store.Accounts.
func (s *Store) CreateSession(ctx context.Context, se store.Session) error {
	return s.withUser(ctx, se.User, func(*store.User) error {
		if _, ok := s.acc.sessions[se.ID]; ok {
			return fmt.Errorf("%w: a session with that id exists", store.ErrConflict)
		}
		se.Created, se.Seen, se.Expires = utc(se.Created), utc(se.Seen), utc(se.Expires)
		s.acc.sessions[se.ID] = se
		return nil
	})
}

// Session implements store.Accounts.
func (s *Store) Session(ctx context.Context, id string, now time.Time) (store.Session, store.User, error) {
	if err := s.lock(ctx); err != nil {
		return store.Session{}, store.User{}, err
	}
	defer s.mu.Unlock()
	se, ok := s.acc.sessions[id]
	if !ok || !se.Expires.After(now) {
		return store.Session{}, store.User{}, notFound("no live session")
	}
	return se, *s.acc.users[se.User], nil
}

// TouchSession implements store.Accounts.
func (s *Store) TouchSession(ctx context.Context, id string, seen, expires time.Time) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	se, ok := s.acc.sessions[id]
	if !ok {
		return notFound("no session")
	}
	se.Seen, se.Expires = utc(seen), utc(expires)
	s.acc.sessions[id] = se
	return nil
}

// Sessions implements store.Accounts.
func (s *Store) Sessions(ctx context.Context, user string, now time.Time) ([]store.Session, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	out := []store.Session{}
	for _, se := range s.acc.sessions {
		if se.User == user && se.Expires.After(now) {
			out = append(out, se)
		}
	}
	slices.SortFunc(out, func(a, b store.Session) int { return cmp.Or(b.Created.Compare(a.Created), cmp.Compare(a.ID, b.ID)) })
	return out, nil
}

// DeleteSession implements store.Accounts.
func (s *Store) DeleteSession(ctx context.Context, id string) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	delete(s.acc.sessions, id)
	return nil
}

// DeleteSessions implements store.Accounts.
func (s *Store) DeleteSessions(ctx context.Context, user string) (int, error) {
	if err := s.lock(ctx); err != nil {
		return 0, err
	}
	defer s.mu.Unlock()
	n := len(s.acc.sessions)
	deleteWhere(s.acc.sessions, func(v store.Session) bool { return v.User == user })
	return n - len(s.acc.sessions), nil
}

// PurgeExpired implements store.Accounts.
func (s *Store) PurgeExpired(ctx context.Context, now time.Time) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	deleteWhere(s.acc.sessions, func(v store.Session) bool { return !v.Expires.After(now) })
	deleteWhere(s.acc.challenges, func(v store.Challenge) bool { return !v.Expires.After(now) })
	deleteWhere(s.acc.failures, func(v failure) bool {
		return !v.LockedUntil.After(now) && !v.updated.After(now.Add(-24*time.Hour))
	})
	deleteWhere(s.acc.signups, func(v signUps) bool { return !v.start.After(now.Add(-store.SignUpWindow)) })
	return nil
}

// TakeSignUp implements store.Accounts.
func (s *Store) TakeSignUp(ctx context.Context, address string, most int, now time.Time) (bool, error) {
	if err := s.lock(ctx); err != nil {
		return false, err
	}
	defer s.mu.Unlock()
	w, ok := s.acc.signups[address]
	if !ok || !w.start.After(now.Add(-store.SignUpWindow)) {
		w = signUps{start: now}
	}
	if w.made >= most {
		return false, nil
	}
	w.made++
	s.acc.signups[address] = w
	return true, nil
}

// ReturnSignUp implements store.Accounts.
func (s *Store) ReturnSignUp(ctx context.Context, address string) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	if w, ok := s.acc.signups[address]; ok && w.made > 0 {
		w.made--
		s.acc.signups[address] = w
	}
	return nil
}

// PutChallenge implements store.Accounts.
func (s *Store) PutChallenge(ctx context.Context, c store.Challenge) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	if _, ok := s.acc.challenges[c.ID]; ok {
		return fmt.Errorf("%w: a challenge with that id exists", store.ErrConflict)
	}
	c.Expires = utc(c.Expires)
	s.acc.challenges[c.ID] = c
	return nil
}

// TakeChallenge implements store.Accounts.
func (s *Store) TakeChallenge(ctx context.Context, id string, now time.Time) (store.Challenge, error) {
	if err := s.lock(ctx); err != nil {
		return store.Challenge{}, err
	}
	defer s.mu.Unlock()
	c, ok := s.acc.challenges[id]
	delete(s.acc.challenges, id)
	if !ok || !c.Expires.After(now) {
		return store.Challenge{}, notFound("no challenge")
	}
	return c, nil
}

// Secret implements store.Accounts.
func (s *Store) Secret(ctx context.Context, name, value string) (string, error) {
	if err := s.lock(ctx); err != nil {
		return "", err
	}
	defer s.mu.Unlock()
	if v, ok := s.acc.secrets[name]; ok {
		return v, nil
	}
	s.acc.secrets[name] = value
	return value, nil
}
