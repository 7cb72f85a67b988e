// Package tournament runs tournaments (docs/tournaments.md): Swiss for War
// and Watchtower, arena for War, and the Regicide solo tournament. Signed-in
// players create them and enter them over HTTP; a director walks the
// tournaments under way every second, starting them, pairing their rounds
// (package tourney) and opening the games' tables through the rooms, and
// ending them with their places. Every transition is written on condition
// of the tournament's version (store.Tournaments), so directors on several
// nodes never pair a round twice, and every game is settled with its table
// (store.Settlement.Tournament).
package tournament

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io/fs"
	"log/slog"
	"sync"
	"time"

	"cardtable/engine"
	"cardtable/server/account"
	"cardtable/server/ratelimit"
	"cardtable/server/relay"
	"cardtable/server/room"
	"cardtable/store"
)

// Config is what tournaments need of the rest of the server.
type Config struct {
	Store store.Store
	Games map[string]engine.Game
	// Rooms run the games here; Relays reach those other nodes run.
	Rooms  *room.Rooms
	Relays *relay.Relays
	// Accounts say who is signed in.
	Accounts *account.Accounts
	Writes   *ratelimit.Writes
	// Assets are the browser's pages (nil: placeholders).
	Assets fs.FS
	// Schedule are the server's own tournaments (cardtable serve
	// --tournament).
	Schedule []Slot
	// Every is how often the director walks (default 1 s).
	Every time.Duration
	Clock func() time.Time
	Log   *slog.Logger
}

// Bounds a creator's request is held to (docs/tournaments.md).
const (
	MaxRounds     = 11
	MinWindow     = 5 * time.Minute
	MaxWindow     = 4 * time.Hour
	MaxStartDelay = 24 * time.Hour
	MaxDeals      = 10
	// MaxEntrants bounds a tournament's entries, MaxUnderWay an account's
	// tournaments neither finished nor cancelled, MaxBots the server's
	// bots a creator adds.
	MaxEntrants = 256
	MaxUnderWay = 3
	MaxBots     = 32
)

// Service is the node's tournaments.
type Service struct {
	cfg     Config
	st      store.Tournaments
	acc     store.Accounts
	log     *slog.Logger
	stop    chan struct{}
	done    chan struct{}
	once    sync.Once
	started bool
	secret  []byte
	// kick asks the director to walk now (a game ended, a player joined).
	kick chan struct{}
	// made are the schedule's tournaments made (or found made), by key:
	// the director's alone.
	made map[string]bool
}

// New makes the node's tournaments over a store that keeps them (ok is
// false when it does not: the server then runs none).
func New(cfg Config) (*Service, bool) {
	st, ok := cfg.Store.(store.Tournaments)
	acc, aok := cfg.Store.(store.Accounts)
	if !ok || !aok {
		return nil, false
	}
	if cfg.Every <= 0 {
		cfg.Every = time.Second
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	return &Service{cfg: cfg, st: st, acc: acc, log: cfg.Log, stop: make(chan struct{}), done: make(chan struct{}),
		kick: make(chan struct{}, 1), made: map[string]bool{}}, true
}

// Start reads the server's seed secret and walks the tournaments at once,
// whenever poked and every cfg.Every until Stop.
func (s *Service) Start(ctx context.Context) error {
	buf := make([]byte, 32)
	rand.Read(buf)
	sec, err := s.acc.Secret(ctx, "tournament-seeds", hex.EncodeToString(buf))
	if err != nil {
		return err
	}
	s.secret, s.started = []byte(sec), true
	s.poke() // the first walk at once
	go func() {
		defer close(s.done)
		t := time.NewTicker(s.cfg.Every)
		defer t.Stop()
		for {
			select {
			case <-s.stop:
				return
			case <-t.C:
			case <-s.kick:
			}
			s.walk(context.Background())
		}
	}()
	return nil
}

// Stop ends the director's walks.
func (s *Service) Stop() {
	s.once.Do(func() {
		close(s.stop)
		if s.started {
			<-s.done
		}
	})
}

// Poke asks the director for a walk now: a tournament game ended (the
// rooms tell it, so an arena pairs its players again at once, and a Swiss
// its next round), or a player joined.
func (s *Service) Poke() { s.poke() }

// poke asks the director for a walk soon.
func (s *Service) poke() {
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

// walk makes the schedule's next tournaments and takes every tournament
// under way one step (the director's alone).
func (s *Service) walk(ctx context.Context) {
	now := s.cfg.Clock()
	s.schedule(ctx, now)
	ts, err := s.st.ListTournaments(ctx, []string{store.StatusOpen, store.StatusRunning}, 500)
	if err != nil {
		s.log.Warn("tournaments not read", "err", err)
		return
	}
	for _, t := range ts {
		if err := s.step(ctx, t, now); err != nil {
			s.log.Warn("tournament step", "tournament", t.ID, "err", err)
		}
	}
}
