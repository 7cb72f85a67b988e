package server

import (
	"cardtable/table"
)

// Clock is the server's time for table clocks: now, and timers. A test
// injects a clock it moves by hand (Config.Clock, package
// server/testclock), so no test waits for a table's clock to run out; the
// server's own is the machine's.
type Clock = table.Time
