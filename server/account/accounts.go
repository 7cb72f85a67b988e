// Package account is the accounts of cardtable serve and what hangs on
// them (docs/accounts.md): sign-in (package account/auth), the seats of
// signed-in people linked to their accounts, profiles and leaderboards,
// rated tables' ratings, the daily deal, the puzzles and their rating, and
// an account's export. Everything but the puzzles is off, and every route
// of it answers 404, until Use turns it on; guests play as before either
// way.
package account

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"time"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/server/account/auth"
	"cardtable/server/httpjson"
	"cardtable/server/metrics"
	"cardtable/server/ratelimit"
	"cardtable/server/relay"
	"cardtable/server/room"
	"cardtable/server/secret"
	"cardtable/server/thinkpool"
	"cardtable/store"
)

// Config is what the accounts need of the rest of the server.
type Config struct {
	// Store keeps the tables (and, for Use, the accounts).
	Store store.Store
	Games map[string]engine.Game
	// Rooms run the tables (a daily deal's, a rematch's seats), Relays
	// reach those other nodes run.
	Rooms  *room.Rooms
	Relays *relay.Relays
	// Pool thinks the daily deal's verdict.
	Pool *thinkpool.Pool
	// Writes bounds an address's writes.
	Writes  *ratelimit.Writes
	Metrics *metrics.Metrics
	// Assets are the browser's pages (nil: placeholders).
	Assets fs.FS
	// ClientAddr is the address a request's limits count.
	ClientAddr func(*http.Request) string
	// Clock is the server's time (the default of Settings.Now).
	Clock func() time.Time
	Log   *slog.Logger
}

// Accounts are a server's accounts.
type Accounts struct {
	cfg     Config
	store   store.Store
	games   map[string]engine.Game
	rooms   *room.Rooms
	relays  *relay.Relays
	pool    *thinkpool.Pool
	writes  *ratelimit.Writes
	metrics *metrics.Metrics
	log     *slog.Logger
	// ctx ends at Stop: the purge of expired sessions and the daily
	// verdicts stop.
	ctx    context.Context
	cancel context.CancelFunc
	// acc is the accounts' state; nil while accounts are off.
	acc *accountsPart
}

// New makes a server's accounts, off until Use.
func New(cfg Config) *Accounts {
	ctx, cancel := context.WithCancel(context.Background())
	return &Accounts{cfg: cfg, store: cfg.Store, games: cfg.Games, rooms: cfg.Rooms, relays: cfg.Relays, pool: cfg.Pool,
		writes: cfg.Writes, metrics: cfg.Metrics, log: cfg.Log, ctx: ctx, cancel: cancel}
}

// Stop stops the accounts' background work (the server stops).
func (s *Accounts) Stop() { s.cancel() }

// On reports whether accounts are on.
func (s *Accounts) On() bool { return s.acc != nil }

// Routes adds the puzzles' routes and, with accounts on, the accounts'.
func (s *Accounts) Routes(mux *http.ServeMux) {
	s.routePuzzles(mux)
	s.routeAccounts(mux)
}

// Settings turn accounts on (Use).
type Settings struct {
	// Origins are the site's addresses as browsers see them
	// (http://localhost:8080); RPID the passkeys' relying party id
	// (default: the first origin's host).
	Origins []string
	RPID    string
	// Now is the clock of sessions and of the daily deal (nil: the
	// server's).
	Now func() time.Time
	// Hasher hashes passwords (nil: accounts.DefaultParams).
	Hasher auth.Passwords
}

// accountsPart is the server's accounts half.
type accountsPart struct {
	auth  *auth.Auth
	st    store.Accounts
	now   func() time.Time
	daily *dailyDeals
}

// Use turns accounts on; the store must keep them (memory, SQLite and
// PostgreSQL all do). Call it before the server starts.
func (s *Accounts) Use(cfg Settings) error {
	st, ok := s.store.(store.Accounts)
	if !ok {
		return fmt.Errorf("server: the store %T keeps no accounts", s.store)
	}
	if cfg.Now == nil {
		cfg.Now = s.cfg.Clock // the server's clock
	}
	a, err := auth.New(auth.Config{Store: st, Origins: cfg.Origins, RPID: cfg.RPID, Hasher: cfg.Hasher, Now: cfg.Now,
		ClientAddr: s.cfg.ClientAddr, Logger: s.log})
	if err != nil {
		return err
	}
	s.acc = &accountsPart{auth: a, st: st, now: cfg.Now}
	s.rooms.UseAccounts(st, s.rate)
	s.acc.daily = newDailyDeals(s)
	go s.purgeSessions()
	return nil
}

// purgeEvery is how often expired sessions, ceremonies and old sign-in
// failures are removed from the store.
const purgeEvery = time.Hour

// purgeSessions removes what has expired, every purgeEvery until the
// server stops (each node does; the deletes are idempotent).
func (s *Accounts) purgeSessions() {
	tick := time.NewTicker(purgeEvery)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
			if err := s.acc.st.PurgeExpired(s.ctx, s.acc.now()); err != nil && s.ctx.Err() == nil {
				s.log.Warn("expired sessions not purged", "err", err)
			}
		}
	}
}

// Protect guards every route against cross-site requests (auth.Protect),
// accounts or not.
func (s *Accounts) Protect(h http.Handler) http.Handler {
	if s.acc != nil {
		return s.acc.auth.Protect(h)
	}
	return http.NewCrossOriginProtection().Handler(h)
}

// Language gives every request a way to read its account's language
// (i18n.WithAccount): i18n.FromRequest asks it when the request names no
// language itself, so a browser where none was chosen speaks the
// account's.
func (s *Accounts) Language(h http.Handler) http.Handler {
	if s.acc == nil {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, i18n.WithAccount(r, func() string {
			if u, err := s.CurrentUser(r); err == nil && u != nil {
				return u.Language
			}
			return ""
		}))
	})
}

// routeAccounts adds the accounts' routes and pages.
func (s *Accounts) routeAccounts(mux *http.ServeMux) {
	if s.acc == nil {
		return
	}
	s.acc.auth.Routes(mux)
	mux.HandleFunc("POST /api/account/attach", s.signedIn(s.handleAttach))
	mux.HandleFunc("GET /api/account/export", s.signedIn(s.handleExport))
	mux.HandleFunc("GET /api/users/{name}", s.handleProfile)
	mux.HandleFunc("GET /api/leaderboards/{category}", s.handleLeaderboard)
	s.routeDaily(mux)
	s.routeAccountPages(mux)
}

// CurrentUser is who r is signed in as (nil: a guest, or accounts off).
func (s *Accounts) CurrentUser(r *http.Request) (*store.User, error) {
	if s.acc == nil {
		return nil, nil
	}
	signed, err := s.acc.auth.Current(r)
	if err != nil || signed == nil {
		return nil, err
	}
	return &signed.User, nil
}

// signedIn serves h only to a signed-in request.
func (s *Accounts) signedIn(h func(w http.ResponseWriter, r *http.Request, u *store.User)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		u, err := s.CurrentUser(r)
		if err != nil {
			httpjson.Refuse(w, r, s.log, err)
			return
		}
		if u == nil {
			httpjson.Refuse(w, r, s.log, httpjson.Sayf(http.StatusUnauthorized, "signed-out", engine.Say("api.signed-out"), "you are not signed in; sign in first"))
			return
		}
		h(w, r, u)
	}
}

// LinkSeat links seat of table (its token given in the clear) to u; a
// guest (u nil) or a failure changes nothing but is logged.
func (s *Accounts) LinkSeat(ctx context.Context, u *store.User, table string, seat int, token string) {
	if u == nil || s.acc == nil {
		return
	}
	if err := s.acc.st.LinkSeat(ctx, table, seat, secret.Hash(token), u.ID); err != nil {
		s.log.Warn("seat not linked to its account", "table", table, "seat", seat, "err", err)
	}
}

// maxAttach bounds the seats one attach request names.
const maxAttach = 200

// handleAttach links the seats whose tokens this browser holds (its guest
// games) to the signed-in account: each token is checked against its
// table's seats, so only a seat's holder can attach it.
func (s *Accounts) handleAttach(w http.ResponseWriter, r *http.Request, u *store.User) {
	if !s.writes.Allow(w, r) {
		return
	}
	var req struct {
		Seats []struct {
			Table string `json:"table"`
			Token string `json:"token"`
		} `json:"seats"`
	}
	// Only programs read these two: the page sends JSON and at most maxAttach seats.
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "application/json" {
		httpjson.Refuse(w, r, s.log, httpjson.Errorf(http.StatusUnsupportedMediaType, "bad-request", "send the body as JSON (Content-Type: application/json), as every account route takes"))
		return
	}
	if err := httpjson.Read(w, r, &req); err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	if len(req.Seats) > maxAttach {
		httpjson.Refuse(w, r, s.log, httpjson.Errorf(http.StatusBadRequest, "bad-request", "seats: %d listed; attach at most %d at once", len(req.Seats), maxAttach))
		return
	}
	attached := []string{}
	for _, seat := range req.Seats {
		ok, err := s.attachSeat(r.Context(), u, seat.Table, seat.Token)
		if err != nil {
			httpjson.Refuse(w, r, s.log, err)
			return
		}
		if ok {
			attached = append(attached, seat.Table)
		}
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"attached": attached})
}

// attachSeat links the seat of table whose token is token to u; false
// when no seat of it has that token or it is another account's.
func (s *Accounts) attachSeat(ctx context.Context, u *store.User, table, token string) (bool, error) {
	if !secret.WellFormedID(table) || token == "" || len(token) > 100 {
		return false, nil
	}
	t, err := s.store.Table(ctx, table)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	hash := secret.Hash(token)
	for i, st := range t.Seats {
		if st.Token == "" || !secret.Equal(st.Token, hash) {
			continue
		}
		err := s.acc.st.LinkSeat(ctx, table, i, hash, u.ID)
		if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) {
			return false, nil
		}
		return err == nil, err
	}
	return false, nil
}
