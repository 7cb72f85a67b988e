// Package pairing serves quick pairing (docs/pairing.md): the lobby's grid
// of common choices with how many wait at each, and a player's request for
// one, which waits until it is seated at a new table, offered the server's
// bots, dropped or cancelled. Who may sit with whom is package
// cardtable/pairing's rule; this package owns the node's pool, opens the
// paired tables through the rooms and hands each player their seat's token.
package pairing

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"cardtable/engine"
	"cardtable/pairing"
	"cardtable/server/account"
	"cardtable/server/ratelimit"
	"cardtable/server/room"
	"cardtable/store"
)

// Config is what quick pairing needs of the rest of the server.
type Config struct {
	Store store.Store
	Games map[string]engine.Game
	Rooms *room.Rooms
	// Accounts say who is signed in, link seats and check rated tables.
	Accounts *account.Accounts
	// Writes bound an address's requests; Addr reads a request's address.
	Writes *ratelimit.Writes
	Addr   func(*http.Request) string
	// BotRates bound each bot account's requests, keyed by its id
	// (nil: no bound beyond the address's).
	BotRates *ratelimit.AddrBuckets
	// MaxRequests bounds the requests waiting on the node (default 10,000).
	MaxRequests int
	// Clock is the server's time (default time.Now).
	Clock func() time.Time
	Log   *slog.Logger
}

// Outcome is what became of a request, as GET /api/pairing/{id} answers.
type Outcome struct {
	// Status: "waiting", "paired", "dropped" (waited the longest anyone
	// may), "cancelled" or "failed" (the table could not be opened).
	Status string `json:"status"`
	// Table, Seat and Token: the paired table and the player's seat and
	// its secret token (status "paired").
	Table string `json:"table,omitempty"`
	Seat  int    `json:"seat"`
	Token string `json:"token,omitempty"`
	// Bots counts the seats the server's bots took.
	Bots    int    `json:"bots,omitempty"`
	Choice  string `json:"choice"`
	Rated   bool   `json:"rated"`
	Message string `json:"message,omitempty"`
	// WaitedMS is how long the request waited.
	WaitedMS int64 `json:"waited_ms"`
}

// wait is one request and, once it has one, its outcome.
type wait struct {
	req    pairing.Request
	choice Choice
	user   *store.User
	name   string
	done   chan struct{}
	out    Outcome
	// ended is when the outcome came (kept a while for the player to read).
	ended time.Time
}

// keep is how long an outcome stays readable.
const keep = 2 * time.Minute

// Service is a node's quick pairing.
type Service struct {
	cfg   Config
	log   *slog.Logger
	mu    sync.Mutex
	pool  *pairing.Pool
	waits map[string]*wait
	stop  chan struct{}
	done  chan struct{}
	once  sync.Once
	// started: Start ran, so Stop waits for its walks to end.
	started atomic.Bool
	// sh, when set (Shared), is the cluster's pool, used instead of pool.
	sh *shared
}

// New makes the node's quick pairing; Start runs it.
func New(cfg Config) *Service {
	if cfg.MaxRequests <= 0 {
		cfg.MaxRequests = 10000
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	return &Service{cfg: cfg, log: cfg.Log, pool: pairing.NewPool(cfg.MaxRequests), waits: map[string]*wait{},
		stop: make(chan struct{}), done: make(chan struct{})}
}

// tick is how often the pool is walked for waits that ended.
const tick = 200 * time.Millisecond

// Start walks the pool every tick until Stop.
func (s *Service) Start() {
	if s.started.Swap(true) {
		return
	}
	go func() {
		defer close(s.done)
		t := time.NewTicker(tick)
		defer t.Stop()
		var kick chan struct{}
		if s.sh != nil {
			kick = s.sh.kick
		}
		for {
			select {
			case <-s.stop:
				return
			case <-t.C:
			case <-kick:
			}
			if s.sh != nil {
				s.matchShared(context.Background())
			} else {
				s.match(context.Background())
			}
		}
	}()
}

// Stop ends the walks and tells every waiting player their request ended.
func (s *Service) Stop() {
	s.once.Do(func() {
		close(s.stop)
		if s.started.Load() {
			<-s.done
		}
		if s.sh != nil {
			for _, stop := range s.sh.stops {
				stop()
			}
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		for id, w := range s.waits {
			if w.out.Status == "waiting" {
				s.pool.Cancel(id)
				s.end(w, Outcome{Status: "cancelled", Message: "the server is stopping; ask again in a moment"})
			}
		}
	})
}

// end gives w its outcome (s.mu held).
func (s *Service) end(w *wait, out Outcome) {
	now := s.cfg.Clock()
	out.Choice, out.Rated, out.WaitedMS = w.choice.ID, w.req.Rated, now.Sub(w.req.At).Milliseconds()
	w.out, w.ended = out, now
	close(w.done)
}

// match seats whoever can be seated now, ends the requests dropped and
// forgets outcomes read long ago; the tables are opened outside the lock.
func (s *Service) match(ctx context.Context) {
	now := s.cfg.Clock()
	s.mu.Lock()
	ms, dropped := s.pool.Match(now)
	for _, d := range dropped {
		if w := s.waits[d.ID]; w != nil {
			s.end(w, Outcome{Status: "dropped", Message: msgDropped})
		}
	}
	for id, w := range s.waits {
		if !w.ended.IsZero() && now.Sub(w.ended) > keep {
			delete(s.waits, id)
		}
	}
	seated := make([][]*wait, len(ms))
	for i, m := range ms {
		for _, r := range m.Requests {
			seated[i] = append(seated[i], s.waits[r.ID])
		}
	}
	s.mu.Unlock()
	for i, m := range ms {
		s.seat(ctx, m, seated[i])
	}
}

// msgDropped is a dropped request's message.
const msgDropped = "nobody asked for this game in 10 minutes; try another, or play a bot"

// Waiting counts the requests waiting by choice (casual and rated
// together).
func (s *Service) Waiting() map[string]int {
	if s.sh != nil {
		return s.waitingShared()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]int{}
	for _, w := range s.waits {
		if w.out.Status == "waiting" {
			out[w.choice.ID]++
		}
	}
	return out
}
