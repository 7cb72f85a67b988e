package memstore

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"time"

	"cardtable/store"
)

// tourneys is the store.Tournaments part of a Store, guarded by its mutex.
type tourneys struct {
	byID map[string]*tourneyEntry
	// games finds a tournament game by its table.
	games map[string]*store.TournamentGame
}

type tourneyEntry struct {
	t        store.Tournament
	ended    int
	entrants []*store.Entrant
	games    []*store.TournamentGame
}

func newTourneys() *tourneys {
	return &tourneys{byID: map[string]*tourneyEntry{}, games: map[string]*store.TournamentGame{}}
}

var _ store.Tournaments = (*Store)(nil)

func copyTournament(t store.Tournament) store.Tournament {
	t.Options, t.Settings = maps.Clone(t.Options), maps.Clone(t.Settings)
	if len(t.Options) == 0 {
		t.Options = nil
	}
	if len(t.Settings) == 0 {
		t.Settings = nil
	}
	t.Starts, t.Ends, t.Created, t.Finished = utcOrZero(t.Starts), utcOrZero(t.Ends), utcOrZero(t.Created), utcOrZero(t.Finished)
	return t
}

func utcOrZero(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return utc(t)
}

func under(status string) bool { return status == store.StatusOpen || status == store.StatusRunning }

// tourney finds a tournament (s.mu held).
func (s *Store) tourney(id string) (*tourneyEntry, error) {
	e, ok := s.acc.tourneys.byID[id]
	if !ok {
		return nil, fmt.Errorf("%w: no tournament %q", store.ErrNotFound, id)
	}
	return e, nil
}

// CreateTournament implements store.Tournaments.
func (s *Store) CreateTournament(ctx context.Context, t store.Tournament, most int) error {
	if t.ID == "" || t.Kind == "" || t.Game == "" || t.Status == "" {
		return fmt.Errorf("memstore: a tournament needs an id, a kind, a game and a status")
	}
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	n := 0
	for _, e := range s.acc.tourneys.byID {
		if e.t.ID == t.ID || (t.Schedule != "" && e.t.Schedule == t.Schedule) {
			return fmt.Errorf("%w: a tournament with id %q or schedule %q exists already", store.ErrConflict, t.ID, t.Schedule)
		}
		if t.Creator != "" && e.t.Creator == t.Creator && under(e.t.Status) {
			n++
		}
	}
	if most > 0 && t.Creator != "" && n >= most {
		return fmt.Errorf("%w: account %q has %d tournaments under way (at most %d)", store.ErrLimit, t.Creator, n, most)
	}
	s.acc.tourneys.byID[t.ID] = &tourneyEntry{t: copyTournament(t)}
	return nil
}

// Tournament implements store.Tournaments.
func (s *Store) Tournament(ctx context.Context, id string) (store.Tournament, error) {
	if err := s.lock(ctx); err != nil {
		return store.Tournament{}, err
	}
	defer s.mu.Unlock()
	e, err := s.tourney(id)
	if err != nil {
		return store.Tournament{}, err
	}
	return copyTournament(e.t), nil
}

// ListTournaments implements store.Tournaments.
func (s *Store) ListTournaments(ctx context.Context, statuses []string, limit int) ([]store.Tournament, error) {
	if limit <= 0 {
		limit = 50
	}
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	out := []store.Tournament{}
	for _, e := range s.acc.tourneys.byID {
		if len(statuses) == 0 || slices.Contains(statuses, e.t.Status) {
			out = append(out, copyTournament(e.t))
		}
	}
	key := func(t store.Tournament) (int, int64) {
		if under(t.Status) {
			return 0, t.Starts.UnixMicro()
		}
		return 1, -t.Starts.UnixMicro()
	}
	slices.SortFunc(out, func(a, b store.Tournament) int {
		ga, sa := key(a)
		gb, sb := key(b)
		return cmp.Or(cmp.Compare(ga, gb), cmp.Compare(sa, sb), cmp.Compare(a.ID, b.ID))
	})
	return out[:min(limit, len(out))], nil
}

// change runs fn on tournament id under way at version (any version when
// version < 0) and bumps its version when fn succeeds.
func (s *Store) change(ctx context.Context, id string, version int, fn func(e *tourneyEntry) error) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	e, err := s.tourney(id)
	if err != nil {
		return err
	}
	if !under(e.t.Status) || (version >= 0 && e.t.Version != version) {
		return fmt.Errorf("%w: tournament %q is %s at version %d, not at %d", store.ErrConflict, id, e.t.Status, e.t.Version, version)
	}
	if err := fn(e); err != nil {
		return err
	}
	e.t.Version++
	return nil
}

func (e *tourneyEntry) entrant(id string) *store.Entrant {
	for _, x := range e.entrants {
		if x.ID == id {
			return x
		}
	}
	return nil
}

// JoinTournament implements store.Tournaments.
func (s *Store) JoinTournament(ctx context.Context, in store.Entrant, most int, late bool) (store.Entrant, error) {
	if in.Tournament == "" || in.ID == "" {
		return in, fmt.Errorf("memstore: an entrant needs a tournament and an id")
	}
	out := in
	err := s.change(ctx, in.Tournament, -1, func(e *tourneyEntry) error {
		if e.t.Status != store.StatusOpen && !late {
			return fmt.Errorf("%w: tournament %q is %s and takes no entrant now", store.ErrConflict, in.Tournament, e.t.Status)
		}
		if was := e.entrant(in.ID); was != nil {
			if was.Withdrawn.IsZero() {
				return fmt.Errorf("%w: %q is in tournament %q already", store.ErrConflict, in.ID, in.Tournament)
			}
			was.Withdrawn = time.Time{}
			out = *was
			return nil
		}
		if most > 0 && e.t.Entrants >= most {
			return fmt.Errorf("%w: tournament %q has had %d entrants, the most it takes", store.ErrLimit, in.Tournament, e.t.Entrants)
		}
		e.t.Entrants++
		out.Entry, out.Withdrawn, out.Place, out.Joined = e.t.Entrants, time.Time{}, 0, utc(in.Joined)
		x := out
		e.entrants = append(e.entrants, &x)
		return nil
	})
	return out, err
}

// WithdrawEntrant implements store.Tournaments.
func (s *Store) WithdrawEntrant(ctx context.Context, tournament, entrant string, at time.Time) error {
	return s.change(ctx, tournament, -1, func(e *tourneyEntry) error {
		x := e.entrant(entrant)
		if x == nil {
			return fmt.Errorf("%w: %q is not in tournament %q", store.ErrNotFound, entrant, tournament)
		}
		if !x.Withdrawn.IsZero() {
			return fmt.Errorf("%w: %q withdrew from tournament %q already", store.ErrConflict, entrant, tournament)
		}
		x.Withdrawn = utc(at)
		return nil
	})
}

// Entrants implements store.Tournaments.
func (s *Store) Entrants(ctx context.Context, tournament string) ([]store.Entrant, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	out := []store.Entrant{}
	if e, ok := s.acc.tourneys.byID[tournament]; ok {
		for _, x := range e.entrants {
			out = append(out, *x)
		}
	}
	return out, nil
}

// SetTournamentStatus implements store.Tournaments.
func (s *Store) SetTournamentStatus(ctx context.Context, tournament string, version int, status string) error {
	return s.change(ctx, tournament, version, func(e *tourneyEntry) error {
		e.t.Status = status
		return nil
	})
}

// EndTournament implements store.Tournaments.
func (s *Store) EndTournament(ctx context.Context, tournament string, version int, status string, at time.Time, places map[string]int) error {
	if status != store.StatusFinished && status != store.StatusCancelled {
		return fmt.Errorf("memstore: a tournament ends finished or cancelled, not %q", status)
	}
	return s.change(ctx, tournament, version, func(e *tourneyEntry) error {
		e.t.Status, e.t.Finished = status, utc(at)
		for _, x := range e.entrants {
			if p, ok := places[x.ID]; ok {
				x.Place = p
			}
		}
		return nil
	})
}

// UserTournaments implements store.Tournaments.
func (s *Store) UserTournaments(ctx context.Context, user string, limit int) ([]store.UserTournament, error) {
	if limit <= 0 {
		limit = 50
	}
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	out := []store.UserTournament{}
	for _, e := range s.acc.tourneys.byID {
		for _, x := range e.entrants {
			if user != "" && x.User == user {
				out = append(out, store.UserTournament{Tournament: copyTournament(e.t), Entrant: *x})
			}
		}
	}
	slices.SortFunc(out, func(a, b store.UserTournament) int {
		return cmp.Or(b.Tournament.Starts.Compare(a.Tournament.Starts), cmp.Compare(a.Tournament.ID, b.Tournament.ID))
	})
	return out[:min(limit, len(out))], nil
}

// forgetEntrant unlinks a deleted user's entries, under the name anonymous
// (s.mu held).
func (s *Store) forgetEntrant(user, anonymous string) {
	for _, e := range s.acc.tourneys.byID {
		for _, x := range e.entrants {
			if x.User == user {
				x.User, x.Name = "", anonymous
			}
		}
	}
}
