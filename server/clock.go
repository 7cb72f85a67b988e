package server

import "time"

// Clock is the server's time for table clocks: now, and timers. A test
// injects a clock it moves by hand (Config.Clock), so no test waits for a
// table's clock to run out; the server's own is the system's.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f on its own goroutine once d has passed; stop
	// cancels it (false if it fired already).
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// systemClock is the machine's clock.
type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

func (systemClock) AfterFunc(d time.Duration, f func()) func() bool {
	return time.AfterFunc(d, f).Stop
}

// now is the server's time: what table clocks count and actions are
// stamped with, to the microsecond the stores keep, so a deadline counted
// live is the one rebuilt from the stored times.
func (s *Server) now() time.Time { return s.clock.Now().Truncate(time.Microsecond) }
