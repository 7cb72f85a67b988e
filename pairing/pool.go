package pairing

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// Pool holds the requests waiting. It is not safe for concurrent use: its
// owner serialises calls (the server's pairing goroutine).
type Pool struct {
	most     int
	byID     map[string]*Request
	byPlayer map[string]string
	// queues holds each key's requests in the order they came (cancelled
	// ones are dropped as the queue is next walked).
	queues map[Key][]*Request
}

// NewPool is an empty pool taking at most most requests (most <= 0: no
// bound).
func NewPool(most int) *Pool {
	return &Pool{most: most, byID: map[string]*Request{}, byPlayer: map[string]string{}, queues: map[Key][]*Request{}}
}

// Len counts the requests waiting.
func (p *Pool) Len() int { return len(p.byID) }

// Waiting counts the requests waiting by key (for the lobby's grid).
func (p *Pool) Waiting() map[Key]int {
	out := map[Key]int{}
	for _, r := range p.byID {
		out[r.Key]++
	}
	return out
}

// Requests lists the requests waiting, oldest first (by key, then age).
func (p *Pool) Requests() []Request {
	var out []Request
	keys := slices.SortedFunc(maps.Keys(p.queues), compareKeys)
	for _, k := range keys {
		for _, r := range p.queues[k] {
			if p.byID[r.ID] == r {
				out = append(out, *r)
			}
		}
	}
	return out
}

// Request returns the request waiting under id.
func (p *Pool) Request(id string) (Request, bool) {
	r, ok := p.byID[id]
	if !ok {
		return Request{}, false
	}
	return *r, true
}

// Add puts r in the pool at now: ErrInvalid (with why) for a request that
// breaks a rule, ErrWaiting when its player waits already, ErrFull when the
// pool is full. A refused request changes nothing.
func (p *Pool) Add(r Request, now time.Time) error {
	if err := check(r); err != nil {
		return err
	}
	if id, ok := p.byPlayer[r.Player]; ok {
		return fmt.Errorf("%w: %s is waiting for a game already (%s); cancel that request first", ErrWaiting, r.Player, p.byID[id].Key)
	}
	if _, ok := p.byID[r.ID]; ok {
		return fmt.Errorf("%w: a request %q is waiting already", ErrInvalid, r.ID)
	}
	if p.most > 0 && len(p.byID) >= p.most {
		return fmt.Errorf("%w: %d requests wait, the most the pool takes; try again in a moment", ErrFull, len(p.byID))
	}
	r.At = now
	p.byID[r.ID] = &r
	p.byPlayer[r.Player] = r.ID
	p.queues[r.Key] = append(p.queues[r.Key], &r)
	return nil
}

// Cancel takes request id out of the pool, reporting whether it waited.
func (p *Pool) Cancel(id string) bool {
	r, ok := p.byID[id]
	if ok {
		p.remove(r)
	}
	return ok
}

// CancelPlayer takes player's request out, reporting whether one waited.
func (p *Pool) CancelPlayer(player string) bool {
	id, ok := p.byPlayer[player]
	return ok && p.Cancel(id)
}

func (p *Pool) remove(r *Request) {
	delete(p.byID, r.ID)
	delete(p.byPlayer, r.Player)
}

// Match seats whoever can be seated at now and drops the requests that
// waited MaxWait. Walking each key's requests oldest first, a request is
// seated with the oldest requests compatible with it and with each other
// when they fill the table; otherwise, once its BotAfter has passed, with
// the compatible requests that accept bots too and the server's bots in the
// seats left. Matched and dropped requests leave the pool.
func (p *Pool) Match(now time.Time) (matches []Match, dropped []Request) {
	keys := slices.SortedFunc(maps.Keys(p.queues), compareKeys)
	for _, k := range keys {
		q := p.live(k)
		for i, r := range q {
			if p.byID[r.ID] != r {
				continue // seated as a later request's partner in this walk
			}
			if m, ok := p.seat(q[i:], now); ok {
				for _, s := range m.Requests {
					p.remove(p.byID[s.ID])
				}
				matches = append(matches, m)
				continue
			}
			if now.Sub(r.At) >= MaxWait {
				p.remove(r)
				dropped = append(dropped, *r)
			}
		}
		p.live(k)
	}
	return matches, dropped
}

// live is key k's queue without the requests that left the pool.
func (p *Pool) live(k Key) []*Request {
	q := p.queues[k][:0]
	for _, r := range p.queues[k] {
		if p.byID[r.ID] == r {
			q = append(q, r)
		}
	}
	clear(p.queues[k][len(q):])
	if len(q) == 0 {
		delete(p.queues, k)
		return nil
	}
	p.queues[k] = q
	return q
}

// seat tries to seat q[0] with requests after it in q that are still in
// the pool.
func (p *Pool) seat(q []*Request, now time.Time) (Match, bool) {
	r := q[0]
	group := []*Request{r}
	botsDue := r.BotAfter > 0 && now.Sub(r.At) >= r.BotAfter
	var withBots []*Request
	for _, s := range q[1:] {
		if len(group) == r.Seats {
			break
		}
		if p.byID[s.ID] != s || !fitsAll(s, group) {
			continue
		}
		group = append(group, s)
	}
	if len(group) < r.Seats {
		if !botsDue {
			return Match{}, false
		}
		// The people who accept bots, compatible with each other.
		for _, s := range group {
			if s == r || (s.BotAfter > 0 && fitsAll(s, withBots)) {
				withBots = append(withBots, s)
			}
		}
		group = withBots
	}
	m := Match{Key: r.Key, Bots: r.Seats - len(group)}
	for _, s := range group {
		m.Requests = append(m.Requests, *s)
	}
	return m, true
}

// fitsAll reports whether s may sit with every request of group.
func fitsAll(s *Request, group []*Request) bool {
	for _, g := range group {
		if !Compatible(*s, *g) {
			return false
		}
	}
	return true
}

func compareKeys(a, b Key) int {
	rated := func(k Key) int {
		if k.Rated {
			return 1
		}
		return 0
	}
	return cmp.Or(strings.Compare(a.Game, b.Game), strings.Compare(a.Preset, b.Preset), cmp.Compare(a.Seats, b.Seats),
		strings.Compare(a.Clock, b.Clock), cmp.Compare(rated(a), rated(b)))
}
