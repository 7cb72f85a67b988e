package memstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"cardtable/store"
)

// checkNew says why tables and games cannot be added (s.mu held).
func (s *Store) checkNew(e *tourneyEntry, tables []store.Table, links []store.SeatAccount, games []store.TournamentGame) error {
	ids := map[string]bool{}
	for _, t := range tables {
		if t.ID == "" || len(t.Seats) == 0 {
			return fmt.Errorf("memstore: a table needs an id and at least one seat")
		}
		if _, ok := s.tables[t.ID]; ok || ids[t.ID] {
			return fmt.Errorf("%w: table %q exists", store.ErrConflict, t.ID)
		}
		ids[t.ID] = true
	}
	for _, l := range links {
		if _, ok := s.acc.users[l.User]; !ok || !ids[l.Table] {
			return fmt.Errorf("memstore: seat link %+v: no such user or no table of the round", l)
		}
	}
	for i, g := range games {
		if g.Tournament != e.t.ID {
			return fmt.Errorf("memstore: a game of tournament %q in a round of %q", g.Tournament, e.t.ID)
		}
		if g.Table == "" && g.Second != "" {
			return fmt.Errorf("memstore: tournament %q round %d board %d: a game between two entrants needs a table", g.Tournament, g.Round, g.Board)
		}
		for _, h := range append(slices.Clone(games[:i]), derefGames(e.games)...) {
			if (h.Round == g.Round && h.Board == g.Board) || (g.Table != "" && h.Table == g.Table) {
				return fmt.Errorf("%w: tournament %q has a game %d of round %d (or one at table %q) already", store.ErrConflict,
					g.Tournament, g.Board, g.Round, g.Table)
			}
		}
	}
	return nil
}

func derefGames(gs []*store.TournamentGame) []store.TournamentGame {
	out := make([]store.TournamentGame, len(gs))
	for i, g := range gs {
		out[i] = *g
	}
	return out
}

// addNew adds what checkNew accepted (s.mu held).
func (s *Store) addNew(e *tourneyEntry, tables []store.Table, links []store.SeatAccount, games []store.TournamentGame) {
	for _, t := range tables {
		t = copyTable(t)
		t.Result, t.Finished, t.Created = nil, time.Time{}, utc(t.Created)
		s.tables[t.ID] = &entry{header: t}
	}
	for _, l := range links {
		s.acc.links[seatKey{l.Table, l.Seat}] = l.User
	}
	for _, g := range games {
		g.Started, g.Ended, g.Outcome, g.Enemies, g.Won, g.Seq = utc(g.Started), time.Time{}, 0, 0, false, 0
		if g.Table == "" {
			e.ended++
			g.Ended, g.Seq = g.Started, e.ended
		}
		e.games = append(e.games, &g)
		if g.Table != "" {
			s.acc.tourneys.games[g.Table] = &g
		}
	}
	slices.SortFunc(e.games, func(a, b *store.TournamentGame) int {
		return cmp.Or(cmp.Compare(a.Round, b.Round), cmp.Compare(a.Board, b.Board))
	})
}

// StartRound implements store.Tournaments.
func (s *Store) StartRound(ctx context.Context, r store.TournamentRound) error {
	if r.Status != store.StatusRunning || r.Round <= 0 {
		return fmt.Errorf("memstore: a round is numbered from 1 and leaves its tournament running, not %q", r.Status)
	}
	return s.change(ctx, r.Tournament, r.Version, func(e *tourneyEntry) error {
		if err := s.checkNew(e, r.Tables, r.Links, r.Games); err != nil {
			return err
		}
		s.addNew(e, r.Tables, r.Links, r.Games)
		e.t.Status, e.t.Round = r.Status, r.Round
		return nil
	})
}

// StartSoloAttempt implements store.Tournaments.
func (s *Store) StartSoloAttempt(ctx context.Context, g store.TournamentGame, t store.Table, link store.SeatAccount) error {
	if g.Second != "" || g.Table != t.ID || t.ID == "" || g.Round <= 0 {
		return fmt.Errorf("memstore: a solo attempt is one entrant's, at a deal numbered from 1, at its own table")
	}
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	e, err := s.tourney(g.Tournament)
	if err != nil {
		return err
	}
	if e.t.Status != store.StatusRunning || (!e.t.Ends.IsZero() && !e.t.Ends.After(g.Started)) {
		return fmt.Errorf("%w: tournament %q is not running at %s", store.ErrConflict, g.Tournament, g.Started.UTC().Format(time.DateTime))
	}
	x := e.entrant(g.First)
	if x == nil || !x.Withdrawn.IsZero() {
		return fmt.Errorf("%w: %q is not in tournament %q", store.ErrNotFound, g.First, g.Tournament)
	}
	g.Board = x.Entry
	var links []store.SeatAccount
	if link.User != "" {
		links = append(links, link)
	}
	if err := s.checkNew(e, []store.Table{t}, links, []store.TournamentGame{g}); err != nil {
		return err
	}
	s.addNew(e, []store.Table{t}, links, []store.TournamentGame{g})
	return nil
}

// TournamentGames implements store.Tournaments.
func (s *Store) TournamentGames(ctx context.Context, tournament string) ([]store.TournamentGame, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	out := []store.TournamentGame{}
	if e, ok := s.acc.tourneys.byID[tournament]; ok {
		out = append(out, derefGames(e.games)...)
	}
	return out, nil
}

// TournamentGameOf implements store.Tournaments.
func (s *Store) TournamentGameOf(ctx context.Context, table string) (store.TournamentGame, error) {
	if err := s.lock(ctx); err != nil {
		return store.TournamentGame{}, err
	}
	defer s.mu.Unlock()
	g, ok := s.acc.tourneys.games[table]
	if !ok || table == "" {
		return store.TournamentGame{}, fmt.Errorf("%w: no tournament game at table %q", store.ErrNotFound, table)
	}
	return *g, nil
}

// tournamentGameToSettle is the game under way at table, for a settlement
// with a tournament result (s.mu held).
func (s *Store) tournamentGameToSettle(table string) (*store.TournamentGame, error) {
	g, ok := s.acc.tourneys.games[table]
	if !ok || !g.Ended.IsZero() {
		return nil, fmt.Errorf("%w: table %q is no tournament game under way", store.ErrNotFound, table)
	}
	return g, nil
}

// settleTournamentGame writes a game's result (s.mu held).
func (s *Store) settleTournamentGame(g *store.TournamentGame, r store.TournamentResult, at time.Time) {
	e := s.acc.tourneys.byID[g.Tournament]
	e.ended++
	g.Outcome, g.Enemies, g.Won, g.Ended, g.Seq = r.Outcome, r.Enemies, r.Won, at, e.ended
}
