package memstore

import (
	"sync"
	"testing"

	"cardtable/store"
	"cardtable/store/storetest"
)

// opener opens stores by name; a name reopened is the same store (as a
// file would be).
func opener() storetest.Open {
	var mu sync.Mutex
	byName := map[string]*Store{}
	return func(t *testing.T, name string) store.Store {
		mu.Lock()
		defer mu.Unlock()
		s, ok := byName[name]
		if !ok || s.closed {
			if ok {
				s = s.reopen()
			} else {
				s = New()
			}
			byName[name] = s
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
}

// The memory store passes the suite every store passes.
func TestSuite(t *testing.T) { storetest.Run(t, opener()) }

// TestAccounts runs the accounts suite.
func TestAccounts(t *testing.T) { storetest.RunAccounts(t, opener()) }

// reopen is the store's data behind a new, open handle.
func (s *Store) reopen() *Store {
	s.mu.Lock()
	defer s.mu.Unlock()
	return &Store{tables: s.tables, acc: s.acc}
}

func TestAnalyses(t *testing.T) { storetest.RunAnalyses(t, opener()) }

// TestTournaments runs the tournaments suite.
func TestTournaments(t *testing.T) { storetest.RunTournaments(t, opener()) }

// TestBots runs the bot accounts suite.
func TestBots(t *testing.T) { storetest.RunBots(t, opener()) }

func TestHeartbeats(t *testing.T) { storetest.RunHeartbeats(t, opener(), false) }
