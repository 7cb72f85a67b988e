package pairing

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"cardtable/pairing"
	"cardtable/server/httpjson"
	"cardtable/store"
)

// Cluster is what quick pairing needs of a cluster's node (package
// cluster's Node) to share one pool between the nodes.
type Cluster interface {
	// Leads: this node is the one that pairs now (any node may think so
	// for a moment; pairing twice at once is safe, store.Pairings.Pair).
	Leads() bool
	// Broadcast and Listen carry a topic's messages to every node.
	Broadcast(topic string, data []byte)
	Listen(topic string, f func(data []byte)) (stop func(), err error)
}

// Topics: a request was added (the leader pairs at once); requests ended
// (their ids, one a line: the nodes answer those waiting on them).
const (
	topicAsked = "pairing.asked"
	topicEnded = "pairing.ended"
)

// shared is a cluster's pool: the requests are rows every node reads
// (store.Pairings); the leading node pairs them.
type shared struct {
	st store.Pairings
	cl Cluster
	// kick asks the walk to pair now.
	kick chan struct{}
	// rings: for each request a long poll of this node waits on, a channel
	// closed when the request ended (s.mu).
	rings map[string]chan struct{}
	// counts is the grid's waiting counts, read at most every countsFor.
	counts   map[string]int
	countsAt time.Time
	pruned   time.Time
	stops    []func()
}

// countsFor is how long the grid's counts are reused.
const countsFor = time.Second

// Shared makes s pair through st over the cluster cl instead of its own
// pool; call it before Start.
func (s *Service) Shared(st store.Pairings, cl Cluster) error {
	sh := &shared{st: st, cl: cl, kick: make(chan struct{}, 1), rings: map[string]chan struct{}{}}
	stop, err := cl.Listen(topicAsked, func([]byte) { sh.poke() })
	if err != nil {
		return err
	}
	sh.stops = append(sh.stops, stop)
	stop, err = cl.Listen(topicEnded, func(data []byte) { s.rang(strings.Split(string(data), "\n")) })
	if err != nil {
		sh.stops[0]()
		return err
	}
	sh.stops = append(sh.stops, stop)
	s.sh = sh
	return nil
}

func (sh *shared) poke() {
	select {
	case sh.kick <- struct{}{}:
	default:
	}
}

// rang wakes the long polls waiting on ids.
func (s *Service) rang(ids []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range ids {
		if c, ok := s.sh.rings[id]; ok {
			close(c)
			delete(s.sh.rings, id)
		}
	}
}

// ring is the channel closed when request id ends.
func (s *Service) ring(id string) chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.sh.rings[id]
	if !ok {
		c = make(chan struct{})
		s.sh.rings[id] = c
	}
	return c
}

// unring forgets c, waited on by a poll that ended, unless it rang.
func (s *Service) unring(id string, c chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sh.rings[id] == c {
		delete(s.sh.rings, id)
	}
}

// askShared stores wt's request and tells the leader.
func (s *Service) askShared(ctx context.Context, wt *wait) error {
	r := wt.req
	row := store.PairingRequest{ID: r.ID, Choice: wt.choice.ID, Player: r.Player, Name: wt.name, Bot: r.Bot, Address: r.Address,
		Rated: r.Rated, Rating: r.Rating, Min: r.Min, Max: r.Max, Bots: r.Bots, BotAfter: r.BotAfter, Opponent: r.Opponent, Owner: r.Owner, At: s.cfg.Clock()}
	if wt.user != nil {
		row.User = wt.user.ID
	}
	err := s.sh.st.AddPairing(ctx, row, s.cfg.MaxRequests)
	switch {
	case errors.Is(err, store.ErrConflict):
		return refusal(pairing.ErrWaiting)
	case errors.Is(err, store.ErrLimit):
		return refusal(pairing.ErrFull)
	case err != nil:
		return err
	}
	s.sh.cl.Broadcast(topicAsked, nil)
	return nil
}

// matchShared pairs the cluster's waiting requests, if this node leads.
func (s *Service) matchShared(ctx context.Context) {
	if !s.sh.cl.Leads() {
		return
	}
	now := s.cfg.Clock()
	rows, err := s.sh.st.WaitingPairings(ctx, s.cfg.MaxRequests)
	if err != nil {
		s.log.Warn("pairing requests not read", "err", err)
		return
	}
	pool := pairing.NewPool(0)
	byID := map[string]store.PairingRequest{}
	for _, row := range rows {
		c, ok := choice(row.Choice)
		if !ok {
			continue
		}
		req := pairing.Request{ID: row.ID, Player: row.Player, Key: c.key(row.Rated), Account: row.User != "", Bot: row.Bot,
			Address: row.Address, Rating: row.Rating, Min: row.Min, Max: row.Max, Bots: row.Bots, BotAfter: row.BotAfter, Opponent: row.Opponent, Owner: row.Owner}
		if pool.Add(req, row.At) == nil {
			byID[row.ID] = row
		}
	}
	ms, dropped := pool.Match(now)
	var ended []string
	for _, d := range dropped {
		if ok, err := s.sh.st.EndPairing(ctx, d.ID, store.PairingDropped, msgDropped, now); ok && err == nil {
			ended = append(ended, d.ID)
		}
	}
	for _, m := range ms {
		ended = append(ended, s.pairShared(ctx, m, byID)...)
	}
	if len(ended) > 0 {
		s.sh.cl.Broadcast(topicEnded, []byte(strings.Join(ended, "\n")))
	}
	if now.Sub(s.sh.pruned) > keep {
		s.sh.pruned = now
		if _, err := s.sh.st.PrunePairings(ctx, now.Add(-keep)); err != nil {
			s.log.Warn("old pairing requests not pruned", "err", err)
		}
	}
}

// pairShared stores match m's table with its requests' seats in one
// write, then opens it here (should this node die first, the cluster
// adopts it as any table without an owner); it returns the requests
// paired.
func (s *Service) pairShared(ctx context.Context, m pairing.Match, byID map[string]store.PairingRequest) []string {
	people := make([]seatee, len(m.Requests))
	for i, r := range m.Requests {
		people[i] = seatee{name: byID[r.ID].Name, user: byID[r.ID].User, bot: byID[r.ID].Bot}
	}
	c, _ := choice(byID[m.Requests[0].ID].Choice)
	p, err := s.plan(c, m, people)
	if err != nil {
		s.log.Error("paired table not planned", "choice", c.ID, "err", err)
		return nil
	}
	pr := store.Pairing{Table: p.hdr, Links: p.links, Bots: m.Bots, At: s.cfg.Clock()}
	var ids []string
	for i, r := range m.Requests {
		pr.Seats = append(pr.Seats, store.PairedSeat{Request: r.ID, Seat: p.seats[i], Token: p.tokens[i]})
		ids = append(ids, r.ID)
	}
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := s.sh.st.Pair(wctx, pr); err != nil {
		// ErrConflict: another node paired or a player cancelled first.
		if !errors.Is(err, store.ErrConflict) {
			s.log.Error("paired table not stored", "choice", c.ID, "err", err)
		}
		return nil
	}
	if err := s.cfg.Rooms.Open(wctx, p.hdr, p.g, p.t); err != nil {
		s.log.Warn("paired table not opened here (a node adopts it)", "table", p.hdr.ID, "err", err)
	}
	s.log.Info("players paired", "table", p.hdr.ID, "choice", c.ID, "players", len(ids), "bots", m.Bots, "rated", p.hdr.Rated)
	return ids
}

// outcomeOf is a stored request's outcome.
func (s *Service) outcomeOf(r store.PairingRequest) Outcome {
	end := r.Ended
	if r.Status == store.PairingWaiting {
		end = s.cfg.Clock()
	}
	return Outcome{Status: r.Status, Table: r.Table, Seat: r.Seat, Token: r.Token, Bots: r.SeatBots, Choice: r.Choice,
		Rated: r.Rated, Message: r.Message, WaitedMS: end.Sub(r.At).Milliseconds()}
}

// waitShared answers GET /api/pairing/{id} from the store: at once, or
// when the request ends within d.
func (s *Service) waitShared(w http.ResponseWriter, r *http.Request, id string, d time.Duration) {
	deadline := time.Now().Add(d)
	for {
		c := s.ring(id)
		row, err := s.sh.st.PairingRequest(r.Context(), id)
		if err != nil || row.Status != store.PairingWaiting || !time.Now().Before(deadline) {
			s.unring(id, c)
			s.answerRow(w, r, row, err)
			return
		}
		t := time.NewTimer(min(time.Until(deadline), time.Second))
		select {
		case <-c:
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			s.unring(id, c)
			return
		}
		t.Stop()
	}
}

// cancelShared answers DELETE /api/pairing/{id} from the store.
func (s *Service) cancelShared(w http.ResponseWriter, r *http.Request, id string) {
	ok, err := s.sh.st.EndPairing(r.Context(), id, store.PairingCancelled, "", s.cfg.Clock())
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	if ok {
		s.sh.cl.Broadcast(topicEnded, []byte(id))
	}
	row, err := s.sh.st.PairingRequest(r.Context(), id)
	s.answerRow(w, r, row, err)
}

// answerRow answers a stored request's outcome, or why it cannot.
func (s *Service) answerRow(w http.ResponseWriter, r *http.Request, row store.PairingRequest, err error) {
	if errors.Is(err, store.ErrNotFound) {
		err = errNoRequest
	}
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	httpjson.Write(w, http.StatusOK, s.outcomeOf(row))
}

// waitingShared counts the cluster's waiting requests by choice.
func (s *Service) waitingShared() map[string]int {
	s.mu.Lock()
	if time.Since(s.sh.countsAt) < countsFor {
		defer s.mu.Unlock()
		return s.sh.counts
	}
	s.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	rows, err := s.sh.st.WaitingPairings(ctx, s.cfg.MaxRequests)
	out := map[string]int{}
	for _, r := range rows {
		out[r.Choice]++
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err == nil {
		s.sh.counts, s.sh.countsAt = out, time.Now()
	}
	return out
}
