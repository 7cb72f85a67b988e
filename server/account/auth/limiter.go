package auth

import (
	"sync"
	"time"
)

// limiter is a token bucket per address on an injected clock: rate tokens
// a second, at most burst saved. Full buckets are forgotten now and then.
type limiter struct {
	mu      sync.Mutex
	rate    float64
	burst   float64
	now     func() time.Time
	buckets map[string]*bucket
	swept   time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newLimiter(rate float64, burst int, now func() time.Time) *limiter {
	return &limiter{rate: rate, burst: float64(burst), now: now, buckets: map[string]*bucket{}, swept: now()}
}

func (l *limiter) refill(b *bucket, now time.Time) {
	b.tokens = min(l.burst, b.tokens+now.Sub(b.at).Seconds()*l.rate)
	b.at = now
}

// take spends one of addr's tokens if it has one.
func (l *limiter) take(addr string) bool { return l.use(addr, true) }

// allows reports whether addr has a token, spending none (a request that
// is counted only if it fails).
func (l *limiter) allows(addr string) bool { return l.use(addr, false) }

func (l *limiter) use(addr string, spend bool) bool {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > time.Minute {
		for k, b := range l.buckets {
			if l.refill(b, now); b.tokens >= l.burst {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b, ok := l.buckets[addr]
	if !ok {
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[addr] = b
	}
	l.refill(b, now)
	if b.tokens < 1 {
		return false
	}
	if spend {
		b.tokens--
	}
	return true
}
