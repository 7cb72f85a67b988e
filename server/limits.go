package server

import (
	"net/http"
	"sync"
	"time"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/server/httpjson"
	"cardtable/table"
)

// bucket is a token bucket: rate tokens a second up to burst.
type bucket struct {
	rate   float64
	burst  float64
	tokens float64
	last   time.Time
}

func newBucket(rate float64, burst int) *bucket {
	return &bucket{rate: rate, burst: float64(burst), tokens: float64(burst), last: time.Now()}
}

// take spends a token if there is one. A now before the last take (two
// callers that read the clock in one order and took the lock in the
// other) counts as no time passed.
func (b *bucket) take(now time.Time) bool {
	if now.After(b.last) {
		b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
		b.last = now
	}
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// wait is how long after now the bucket holds a whole token again (0
// when it does).
func (b *bucket) wait(now time.Time) time.Duration {
	tokens := b.tokens
	if now.After(b.last) {
		tokens = min(b.burst, tokens+now.Sub(b.last).Seconds()*b.rate)
	}
	if tokens >= 1 {
		return 0
	}
	return time.Duration((1 - tokens) / b.rate * float64(time.Second))
}

// full reports whether the bucket has refilled (so forgetting it changes
// nothing).
func (b *bucket) full(now time.Time) bool {
	return b.tokens+now.Sub(b.last).Seconds()*b.rate >= b.burst
}

// addrBuckets is a bucket per client address, safe for concurrent use.
type addrBuckets struct {
	mu      sync.Mutex
	rate    float64
	burst   int
	buckets map[string]*bucket
	swept   time.Time
}

func newAddrBuckets(rate float64, burst int) *addrBuckets {
	return &addrBuckets{rate: rate, burst: burst, buckets: map[string]*bucket{}, swept: time.Now()}
}

// take spends one of addr's tokens if it has one.
func (a *addrBuckets) take(addr string) bool {
	ok, _ := a.takeAt(addr, time.Now())
	return ok
}

// takeAt spends one of addr's tokens if it has one at now; else it says
// how long until it has.
func (a *addrBuckets) takeAt(addr string, now time.Time) (bool, time.Duration) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if now.Sub(a.swept) > time.Minute {
		for k, b := range a.buckets {
			if b.full(now) {
				delete(a.buckets, k)
			}
		}
		a.swept = now
	}
	b, ok := a.buckets[addr]
	if !ok {
		b = newBucket(a.rate, a.burst)
		a.buckets[addr] = b
	}
	if b.take(now) {
		return true, 0
	}
	return false, b.wait(now)
}

// wait is how long from now until addr holds a token.
func (a *addrBuckets) wait(addr string, now time.Time) time.Duration {
	a.mu.Lock()
	defer a.mu.Unlock()
	if b, ok := a.buckets[addr]; ok {
		return b.wait(now)
	}
	return 0
}

// connLimiter counts WebSocket connections per address and in all.
type connLimiter struct {
	mu      sync.Mutex
	perAddr int
	max     int
	total   int
	byAddr  map[string]int
}

func newConnLimiter(perAddr, max int) *connLimiter {
	return &connLimiter{perAddr: perAddr, max: max, byAddr: map[string]int{}}
}

// acquire counts a new connection from addr, or explains why not.
func (l *connLimiter) acquire(addr string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.total >= l.max {
		return httpjson.Errorf(http.StatusServiceUnavailable, byeTooManyConns, "the server holds %d connections, its limit; try again later", l.max)
	}
	if l.byAddr[addr] >= l.perAddr {
		return httpjson.Errorf(http.StatusTooManyRequests, byeTooManyConns, "%d connections from your address already, the limit; close a tab", l.perAddr)
	}
	l.total++
	l.byAddr[addr]++
	return nil
}

func (l *connLimiter) release(addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.total--
	if l.byAddr[addr]--; l.byAddr[addr] <= 0 {
		delete(l.byAddr, addr)
	}
}

// Default bot caps (docs/protocol.md, "Bots"): a move a player waits for
// without thinking the table stuck; ten times the strongest bot's default
// iterations (Regicide's expert: 2,000, about 50 ms a move), whose tree
// stays near a megabyte; one CPU a move on a shared server; four times the
// default candidates.
const (
	defaultBotThink      = 2 * time.Second
	defaultBotIterations = 20000
	defaultBotWorkers    = 1
	defaultBotCandidates = 16
)

// botCapFlags names the serve flag that sets each cap.
var botCapFlags = map[string]string{
	bots.CapThink:      "--bot-max-think",
	bots.CapIterations: "--bot-max-iterations",
	bots.CapWorkers:    "--bot-max-workers",
	bots.CapCandidates: "--bot-max-candidates",
}

func botCapsWithDefaults(c engine.BotCaps) engine.BotCaps {
	if c.Think <= 0 {
		c.Think = defaultBotThink
	}
	if c.Iterations <= 0 {
		c.Iterations = defaultBotIterations
	}
	if c.Workers <= 0 {
		c.Workers = defaultBotWorkers
	}
	if c.Candidates <= 0 {
		c.Candidates = defaultBotCandidates
	}
	return c
}

// checkBot checks the bot a client asks to seat at seat: it exists for
// the game, accepts its settings, and asks for none over the server's
// caps. The refusal (bad-seats) names the seat, the bot and what to ask
// for instead.
func (s *Server) checkBot(g engine.Game, opts engine.Options, seat int, text string) (bots.Spec, error) {
	spec, err := bots.ParseSpec(text)
	if err != nil {
		return bots.Spec{}, httpjson.Errorf(http.StatusBadRequest, "bad-seats", "%s: %v", table.SeatName(seat), err)
	}
	if _, err := bots.New(spec.Name, g, opts, spec.Params, 0); err != nil {
		return bots.Spec{}, httpjson.Errorf(http.StatusBadRequest, "bad-seats", "%s (%s): %v", table.SeatName(seat), spec.Name, err)
	}
	if over := spec.OverCaps(s.limits.BotCaps); len(over) > 0 {
		return bots.Spec{}, httpjson.Errorf(http.StatusBadRequest, "bad-seats", "%s (%s): %v (serve %s)", table.SeatName(seat), spec.Name, over[0], botCapFlags[over[0].Cap])
	}
	return spec, nil
}
