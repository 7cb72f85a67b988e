package server

import (
	"time"

	"cardtable/table"
)

// Clock is the server's time for table clocks: now, and timers. A test
// injects a clock it moves by hand (Config.Clock, package
// server/testclock), so no test waits for a table's clock to run out; the
// server's own is the machine's.
type Clock = table.Time

// now is the server's time: what table clocks count and actions are
// stamped with, to the microsecond the stores keep, so a deadline counted
// live is the one rebuilt from the stored times.
func (s *Server) now() time.Time { return s.clock.Now().Truncate(time.Microsecond) }
