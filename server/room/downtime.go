package room

import (
	"context"
	"sync"
	"time"

	"cardtable/store"
)

// beatEvery is how often a lone server records that it runs
// (store.Heartbeats): after a crash, the table clocks are charged at most
// this much of the time the server was down.
const beatEvery = 2 * time.Second

// downtime is what a server knows of the time no server ran its tables:
// for a lone server, the span from its last heartbeat before this start
// to this start, owed to each table unfinished at the start when its room
// first runs (pending).
type downtime struct {
	mu       sync.Mutex
	from, to time.Time
	pending  map[string]bool
}

// downSince is a Cluster that knows, for a table this node just took
// over from a node that died (its lease lapsed), since when no node ran
// it: from the old lease's last renewal. The zero time: another node ran
// it until now, or handed it on.
type downSince interface {
	DownSince(id string) time.Time
}

// startBeats reads the lone server's last heartbeat (the downtime owed to
// the tables open, given to each as its room first runs) and beats every
// beatEvery until Shutdown, and once more then.
func (s *Rooms) startBeats(ctx context.Context, open []store.Table) {
	hb, ok := s.store.(store.Heartbeats)
	if !ok {
		return
	}
	last, err := hb.LastBeat(ctx, "")
	if err != nil {
		s.log.Warn("last heartbeat not read; the clocks are charged the time the server was down", "err", err)
	}
	now := s.Now()
	if last.IsZero() || last.After(now) {
		last = now // nothing known: no time given back, only the least to reconnect
	}
	s.down.mu.Lock()
	s.down.from, s.down.to = last, now
	s.down.pending = map[string]bool{}
	for _, t := range open {
		s.down.pending[t.ID] = true
	}
	s.down.mu.Unlock()
	if down := now.Sub(last); down > beatEvery {
		s.log.Info("the server was down; its tables' clocks get the time back", "down", down.Round(time.Second).String())
	}
	beat := func() {
		bctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		defer cancel()
		if err := hb.Beat(bctx, "", s.Now()); err != nil && s.ctx.Err() == nil {
			s.log.Warn("heartbeat not stored", "err", err)
		}
	}
	beat()
	s.beats.Add(1)
	go func() {
		defer s.beats.Done()
		tick := time.NewTicker(beatEvery)
		defer tick.Stop()
		for {
			select {
			case <-s.ctx.Done():
				beat() // the last: the server stops now
				return
			case <-tick.C:
				beat()
			}
		}
	}()
}

// owedPause is the span of downtime table id is owed as its room starts
// (ok false: none), once: after a lone server's restart, or a takeover
// from a node that died.
func (s *Rooms) owedPause(id string) (from, to time.Time, ok bool) {
	if ds, is := s.cfg.Cluster.(downSince); is {
		if from := ds.DownSince(id); !from.IsZero() {
			return from, s.Now(), true
		}
		return time.Time{}, time.Time{}, false
	}
	s.down.mu.Lock()
	defer s.down.mu.Unlock()
	if !s.down.pending[id] {
		return time.Time{}, time.Time{}, false
	}
	delete(s.down.pending, id)
	return s.down.from, s.down.to, true
}
