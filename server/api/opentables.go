package api

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"sync"

	"cardtable/engine"
	"cardtable/server/httpjson"
	"cardtable/store"
)

// DefaultOpenTables is Limits.OpenTables's default: more unfinished
// tables than one person plays at once, even by correspondence, and few
// enough that a script creating tables from one address (or account)
// stops after a screenful of them.
const DefaultOpenTables = 20

// openTables keeps the unfinished tables each address and each account
// created (POST /api/tables), to bound them at Limits.OpenTables. It is
// the server process's: on a cluster each node counts what was created
// through it, and a restart starts the counts afresh. A table leaves the
// count once it is over, whichever node ended it: a key at its bound has
// its tables looked up in the store before it is refused.
type openTables struct {
	mu sync.Mutex
	by map[string][]string // "addr:…" or "user:…" → table ids
}

// openKeys are the keys a table created by a client at addr (signed in as
// user, "" for a guest) counts under.
func openKeys(addr, user string) []string {
	keys := []string{"addr:" + addr}
	if user != "" {
		keys = append(keys, "user:"+user)
	}
	return keys
}

// reserve counts table id under keys, or refuses it (429 too-many-tables)
// when one of them holds max unfinished tables already; release undoes a
// reservation whose table was not made.
func (s *API) reserveOpen(ctx context.Context, keys []string, id string) error {
	o := &s.open
	for _, k := range keys {
		if n := o.count(k); n >= s.cfg.OpenTables {
			if err := s.pruneOpen(ctx, k); err != nil {
				return err
			}
		}
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, k := range keys {
		if len(o.by[k]) >= s.cfg.OpenTables {
			who, id := "from your address", "api.too-many-tables-address"
			if k[0] == 'u' {
				who, id = "by your account", "api.too-many-tables-account"
			}
			return httpjson.Sayf(http.StatusTooManyRequests, "too-many-tables", engine.Say(id, engine.NumArg("n", s.cfg.OpenTables)),
				"%d unfinished tables were created %s, the most at once; finish, resign or abort one of them (the lobby's \"My games\" lists them) before creating another", s.cfg.OpenTables, who)
		}
	}
	if o.by == nil {
		o.by = map[string][]string{}
	}
	for _, k := range keys {
		o.by[k] = append(o.by[k], id)
	}
	return nil
}

// releaseOpen forgets table id under keys.
func (s *API) releaseOpen(keys []string, id string) {
	o := &s.open
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, k := range keys {
		o.forget(k, id)
	}
}

func (o *openTables) count(k string) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.by[k])
}

// forget drops id from k's tables (o.mu held).
func (o *openTables) forget(k, id string) {
	ids := slices.DeleteFunc(o.by[k], func(x string) bool { return x == id })
	if len(ids) == 0 {
		delete(o.by, k)
		return
	}
	o.by[k] = ids
}

// pruneOpen drops from k's tables those that are over (or gone).
func (s *API) pruneOpen(ctx context.Context, k string) error {
	o := &s.open
	o.mu.Lock()
	ids := slices.Clone(o.by[k])
	o.mu.Unlock()
	for _, id := range ids {
		t, err := s.store.Table(ctx, id)
		switch {
		case errors.Is(err, store.ErrNotFound):
		case err != nil:
			return err
		case t.Result == nil:
			continue
		}
		o.mu.Lock()
		o.forget(k, id)
		o.mu.Unlock()
	}
	return nil
}
