// Package embedstore opens the stores built into every cardtable binary,
// which need no server: a SQLite file (created if missing) or, for
// ":memory:", a store that keeps nothing.
package embedstore

import (
	"fmt"

	"cardtable/store"
	"cardtable/store/memstore"
	"cardtable/store/sqlite"
)

// Memory is the --db that keeps nothing.
const Memory = ":memory:"

// Open opens a store in memory for ":memory:", else the SQLite file at
// path.
func Open(path string) (store.Store, error) {
	if path == Memory {
		return memstore.New(), nil
	}
	st, err := sqlite.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--db %s: %w", path, err)
	}
	return st, nil
}
