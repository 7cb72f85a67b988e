package testclock

import (
	"sync"
	"testing"
	"time"
)

// Deadlines are timers, each under a key, that fire only when a test
// fires them, whatever their duration: the thinking pool's job deadlines
// in tests (thinkpool.Pool.SetDeadlines), so a test decides when a bot's
// thinking time runs out.
type Deadlines struct {
	mu     sync.Mutex
	timers map[string][]*deadline
}

type deadline struct {
	d       time.Duration
	f       func()
	stopped bool
}

// NewDeadlines is a set of deadlines, none set yet.
func NewDeadlines() *Deadlines { return &Deadlines{timers: map[string][]*deadline{}} }

// AfterFunc sets a deadline under key, d from now, that runs f when fired;
// stop reports whether it stopped it (false once fired or stopped).
func (c *Deadlines) AfterFunc(key string, d time.Duration, f func()) (stop func() bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &deadline{d: d, f: f}
	c.timers[key] = append(c.timers[key], t)
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		was := !t.stopped
		t.stopped = true
		return was
	}
}

// deadlineWait bounds how long Last waits for a deadline to be set: not a
// timing assertion, a guard so a broken pool fails the test.
const deadlineWait = 20 * time.Second

// last is key's latest deadline. A job is counted running when the pool
// hands it its slot, a moment before its goroutine sets the deadline, so
// last waits for one to be set.
func (c *Deadlines) last(t testing.TB, key string) *deadline {
	t.Helper()
	for end := time.Now().Add(deadlineWait); ; time.Sleep(time.Millisecond) {
		c.mu.Lock()
		ts := c.timers[key]
		c.mu.Unlock()
		if len(ts) > 0 {
			return ts[len(ts)-1]
		}
		if time.Now().After(end) {
			t.Fatalf("no deadline set for %s", key)
		}
	}
}

// Last is key's latest deadline: how far off it was set, and whether it
// was stopped or fired.
func (c *Deadlines) Last(t testing.TB, key string) (d time.Duration, stopped bool) {
	t.Helper()
	dl := c.last(t, key)
	c.mu.Lock()
	defer c.mu.Unlock()
	return dl.d, dl.stopped
}

// Fire runs key's latest deadline, as its time running out would.
func (c *Deadlines) Fire(t testing.TB, key string) {
	t.Helper()
	d := c.last(t, key)
	c.mu.Lock()
	if d.stopped {
		c.mu.Unlock()
		t.Fatalf("%s's deadline was stopped", key)
	}
	d.stopped = true
	c.mu.Unlock()
	d.f()
}
