// Package ratelimit holds clients to their rates: token buckets for one
// connection's commands, per address for commands and lobby writes, and
// counts of WebSocket connections per address and in all.
package ratelimit

import (
	"log/slog"
	"net/http"
	"sync"
	"time"

	"cardtable/engine"
	"cardtable/server/httpjson"
)

// CodeRateLimited refuses a command or a request over its rate (it is
// dropped: send it again after retry_after_ms, or a second for the lobby).
const CodeRateLimited = "rate-limited"

// CodeTooManyConnections refuses a WebSocket over the connection limits.
const CodeTooManyConnections = "too-many-connections"

// Bucket is a token bucket: rate tokens a second up to burst.
type Bucket struct {
	rate   float64
	burst  float64
	tokens float64
	last   time.Time
}

// NewBucket is a full bucket of rate tokens a second up to burst.
func NewBucket(rate float64, burst int) *Bucket { return NewBucketAt(rate, burst, time.Now()) }

// NewBucketAt is a full bucket at now (by the caller's clock).
func NewBucketAt(rate float64, burst int, now time.Time) *Bucket {
	return &Bucket{rate: rate, burst: float64(burst), tokens: float64(burst), last: now}
}

// Take spends a token if there is one. A now before the last take (two
// callers that read the clock in one order and took the lock in the
// other) counts as no time passed.
func (b *Bucket) Take(now time.Time) bool {
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

// Wait is how long after now the bucket holds a whole token again (0
// when it does).
func (b *Bucket) Wait(now time.Time) time.Duration {
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
func (b *Bucket) full(now time.Time) bool {
	return b.tokens+now.Sub(b.last).Seconds()*b.rate >= b.burst
}

// AddrBuckets is a bucket per client address, safe for concurrent use.
type AddrBuckets struct {
	mu      sync.Mutex
	rate    float64
	burst   int
	buckets map[string]*Bucket
	swept   time.Time
}

// NewAddrBuckets keeps a bucket of rate tokens a second up to burst per
// address.
func NewAddrBuckets(rate float64, burst int) *AddrBuckets {
	return &AddrBuckets{rate: rate, burst: burst, buckets: map[string]*Bucket{}, swept: time.Now()}
}

// Take spends one of addr's tokens if it has one.
func (a *AddrBuckets) Take(addr string) bool {
	ok, _ := a.TakeAt(addr, time.Now())
	return ok
}

// TakeAt spends one of addr's tokens if it has one at now; else it says
// how long until it has.
func (a *AddrBuckets) TakeAt(addr string, now time.Time) (bool, time.Duration) {
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
		b = NewBucket(a.rate, a.burst)
		a.buckets[addr] = b
	}
	if b.Take(now) {
		return true, 0
	}
	return false, b.Wait(now)
}

// Wait is how long from now until addr holds a token.
func (a *AddrBuckets) Wait(addr string, now time.Time) time.Duration {
	a.mu.Lock()
	defer a.mu.Unlock()
	if b, ok := a.buckets[addr]; ok {
		return b.Wait(now)
	}
	return 0
}

// Conns counts WebSocket connections per address and in all.
type Conns struct {
	mu      sync.Mutex
	perAddr int
	max     int
	total   int
	byAddr  map[string]int
}

// NewConns holds perAddr connections an address and max in all.
func NewConns(perAddr, max int) *Conns {
	return &Conns{perAddr: perAddr, max: max, byAddr: map[string]int{}}
}

// Acquire counts a new connection from addr, or explains why not.
func (l *Conns) Acquire(addr string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.total >= l.max {
		return httpjson.Sayf(http.StatusServiceUnavailable, CodeTooManyConnections, engine.Say("api.server-full", engine.NumArg("n", l.max)), "the server holds %d connections, its limit; try again later", l.max)
	}
	if l.byAddr[addr] >= l.perAddr {
		return httpjson.Sayf(http.StatusTooManyRequests, CodeTooManyConnections, engine.Say("api.too-many-connections", engine.NumArg("n", l.perAddr)), "%d connections from your address already, the limit; close a tab", l.perAddr)
	}
	l.total++
	l.byAddr[addr]++
	return nil
}

// Release uncounts a connection from addr that ended.
func (l *Conns) Release(addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.total--
	if l.byAddr[addr]--; l.byAddr[addr] <= 0 {
		delete(l.byAddr, addr)
	}
}

// Writes bounds one address's lobby writes (Limits.APIRate, APIBurst).
type Writes struct {
	buckets *AddrBuckets
	addr    func(*http.Request) string
	log     *slog.Logger
}

// NewWrites bounds each address (addr reads a request's) to rate writes a
// second, bursts of burst.
func NewWrites(rate float64, burst int, addr func(*http.Request) string, log *slog.Logger) *Writes {
	return &Writes{buckets: NewAddrBuckets(rate, burst), addr: addr, log: log}
}

// Allow reports whether r may write; refused (false), it was answered 429
// rate-limited.
func (l *Writes) Allow(w http.ResponseWriter, r *http.Request) bool {
	if l.buckets.Take(l.addr(r)) {
		return true
	}
	httpjson.Refuse(w, r, l.log, httpjson.Sayf(http.StatusTooManyRequests, CodeRateLimited, engine.Say("api.too-many-requests"), "too many requests from your address; wait a second and try again"))
	return false
}
