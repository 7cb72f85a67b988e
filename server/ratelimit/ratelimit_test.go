package ratelimit

import (
	"testing"
	"time"
)

// A bucket read with clocks out of order (callers racing for its lock)
// loses no tokens.
func TestBucketClockOrder(t *testing.T) {
	now := time.Now()
	b := NewBucket(1e6, 10)
	if !b.Take(now.Add(time.Second)) {
		t.Fatal("a full bucket refused")
	}
	for i := range 9 {
		if !b.Take(now) {
			t.Fatalf("take %d with an earlier clock refused: %v tokens", i, b.tokens)
		}
	}
}

// A bucket says how long until its next token: none while it has one,
// then the refill time of what is missing.
func TestBucketWait(t *testing.T) {
	t0 := time.Unix(1000, 0)
	b := &Bucket{rate: 20, burst: 2, tokens: 2, last: t0}
	if !b.Take(t0) || b.Wait(t0) != 0 || !b.Take(t0) {
		t.Fatal("a full bucket of two")
	}
	if b.Take(t0) {
		t.Fatal("a third token at once")
	}
	if w := b.Wait(t0); w != 50*time.Millisecond {
		t.Fatalf("wait when empty: %v; want 50ms", w)
	}
	if w := b.Wait(t0.Add(20 * time.Millisecond)); w != 30*time.Millisecond {
		t.Fatalf("wait 20 ms later: %v; want 30ms", w)
	}
	if w := b.Wait(t0.Add(50 * time.Millisecond)); w != 0 || !b.Take(t0.Add(50*time.Millisecond)) {
		t.Fatalf("after 50 ms: wait %v", w)
	}
}
