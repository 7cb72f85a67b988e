//go:build unix

package war

import (
	"syscall"
	"time"
)

// cpuTime returns the process's user+system CPU time, so benchmarks can
// report throughput per CPU second, which other processes on a busy
// machine do not distort the way they distort wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
