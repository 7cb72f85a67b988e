// Package testclock is a server.Clock moved by hand, so tests of table
// clocks never sleep: time stands still until Advance moves it, and the
// timers due by then fire, in order of their times.
package testclock

import (
	"sort"
	"sync"
	"time"
)

// Clock is a clock moved by hand; safe for concurrent use.
type Clock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*timer
	// running counts the fired functions that have not returned; done is
	// signalled as each returns. (Not a WaitGroup: a function fired while
	// Advance waits — a timer set already due by a function Advance
	// fired, from another goroutine — would Add to it during its Wait,
	// which a WaitGroup forbids: it panicked under load.)
	running int
	done    *sync.Cond
}

type timer struct {
	at      time.Time
	f       func()
	stopped bool
}

// New is a clock standing at start.
func New(start time.Time) *Clock {
	c := &Clock{now: start}
	c.done = sync.NewCond(&c.mu)
	return c
}

// Now implements server.Clock.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc implements server.Clock: f runs on its own goroutine once the
// clock has been moved d past now (at once when d <= 0).
func (c *Clock) AfterFunc(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &timer{at: c.now.Add(d), f: f}
	if d <= 0 {
		c.fire(t)
		return func() bool { return false }
	}
	c.timers = append(c.timers, t)
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		was := !t.stopped
		t.stopped = true
		for i, o := range c.timers {
			if o == t {
				c.timers = append(c.timers[:i], c.timers[i+1:]...)
				return was
			}
		}
		return false
	}
}

// fire runs t's function (c.mu held).
func (c *Clock) fire(t *timer) {
	t.stopped = true
	c.running++
	go func() {
		defer func() {
			c.mu.Lock()
			c.running--
			c.done.Broadcast()
			c.mu.Unlock()
		}()
		t.f()
	}()
}

// Advance moves the clock d on, firing every timer due by then, and
// returns once their functions have returned.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	sort.SliceStable(c.timers, func(i, j int) bool { return c.timers[i].at.Before(c.timers[j].at) })
	var keep []*timer
	for _, t := range c.timers {
		if t.at.After(c.now) {
			keep = append(keep, t)
			continue
		}
		c.fire(t)
	}
	c.timers = keep
	for c.running > 0 {
		c.done.Wait()
	}
	c.mu.Unlock()
}

// Pending is how many timers wait.
func (c *Clock) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers)
}
