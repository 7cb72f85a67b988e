//go:build unix

package sqlite

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock (flock) on the database file
// for the life of the store, so a second server on the same file is
// refused instead of writing beside the first. SQLite's own locks are
// fcntl locks, which flock does not touch on Linux; the kernel drops the
// lock when the process dies, kill -9 included.
func lockFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("store: cannot open %s: %w", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("store: %s is in use by another cardtable process (or another store in this one); stop it first, or give this one another --db file", path)
		}
		return nil, fmt.Errorf("store: cannot lock %s: %w", path, err)
	}
	return f, nil
}
