package tournament

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"cardtable/store"
	"cardtable/tourney"
)

// step takes tournament t one step at now: it starts (or is cancelled for
// want of entrants), pairs its next round or wave, or ends.
func (s *Service) step(ctx context.Context, t store.Tournament, now time.Time) error {
	es, err := s.st.Entrants(ctx, t.ID)
	if err != nil {
		return err
	}
	if t.Status == store.StatusOpen {
		if now.Before(t.Starts) {
			return nil
		}
		need := 2
		if t.Kind == store.KindSolo {
			need = 1
		}
		if len(active(es)) < need {
			return s.st.EndTournament(ctx, t.ID, t.Version, store.StatusCancelled, now, nil)
		}
		if err := s.st.SetTournamentStatus(ctx, t.ID, t.Version, store.StatusRunning); err != nil {
			return err
		}
		s.poke() // its first round or wave at once
		return nil
	}
	gs, err := s.st.TournamentGames(ctx, t.ID)
	if err != nil {
		return err
	}
	switch t.Kind {
	case store.KindSwiss:
		return s.stepSwiss(ctx, t, es, gs, now)
	case store.KindArena:
		return s.stepArena(ctx, t, es, gs, now)
	}
	if !now.Before(t.Ends) {
		return s.finish(ctx, t, es, gs, now)
	}
	return nil
}

// active are the entrants who have not withdrawn.
func active(es []store.Entrant) []store.Entrant {
	var out []store.Entrant
	for _, e := range es {
		if e.Withdrawn.IsZero() {
			out = append(out, e)
		}
	}
	return out
}

func players(es []store.Entrant) []tourney.Player {
	ps := make([]tourney.Player, len(es))
	for i, e := range es {
		ps[i] = tourney.Player{ID: e.ID, Rating: e.Rating, Order: e.Entry}
	}
	return ps
}

// played are the games as package tourney counts them; pending counts
// those being played.
func played(gs []store.TournamentGame) (out []tourney.Game, pending int) {
	for _, g := range gs {
		if g.Ended.IsZero() {
			pending++
		}
		out = append(out, tourney.Game{Round: g.Round, First: g.First, Second: g.Second, Outcome: tourney.Outcome(g.Outcome)})
	}
	return out, pending
}

func rounds(t store.Tournament) int {
	n, err := strconv.Atoi(t.Settings["rounds"])
	if err != nil || n < 1 {
		return 5
	}
	return min(n, MaxRounds)
}

func (s *Service) stepSwiss(ctx context.Context, t store.Tournament, es []store.Entrant, gs []store.TournamentGame, now time.Time) error {
	games, pending := played(gs)
	if pending > 0 {
		return nil
	}
	if t.Round >= rounds(t) {
		return s.finish(ctx, t, es, gs, now)
	}
	r, err := tourney.PairSwiss(players(active(es)), games)
	if errors.Is(err, tourney.ErrNoPairing) || errors.Is(err, tourney.ErrTooFew) {
		return s.finish(ctx, t, es, gs, now)
	}
	if err != nil {
		return err
	}
	return s.startRound(ctx, t, es, t.Round+1, r.Boards, r.Bye, now)
}

func (s *Service) stepArena(ctx context.Context, t store.Tournament, es []store.Entrant, gs []store.TournamentGame, now time.Time) error {
	games, pending := played(gs)
	if !now.Before(t.Ends) {
		if pending == 0 {
			return s.finish(ctx, t, es, gs, now)
		}
		return nil
	}
	busy := map[string]bool{}
	last := map[string]string{}
	firsts := map[string]int{}
	for _, g := range gs {
		if g.Ended.IsZero() {
			busy[g.First], busy[g.Second] = true, true
		}
		last[g.First], last[g.Second] = g.Second, g.First
		firsts[g.First]++
		firsts[g.Second]--
	}
	ends := make([]tourney.Game, 0, len(games))
	for i, g := range games {
		if gs[i].Ended.IsZero() {
			continue
		}
		g.Round = gs[i].Seq
		ends = append(ends, g)
	}
	act := active(es)
	rank := map[string]int{}
	for _, st := range tourney.ArenaStandings(players(act), ends) {
		rank[st.ID] = st.Rank
	}
	var waiting []tourney.Waiting
	for _, e := range act {
		if !busy[e.ID] {
			waiting = append(waiting, tourney.Waiting{ID: e.ID, Rank: rank[e.ID], Last: last[e.ID], Firsts: firsts[e.ID]})
		}
	}
	if len(waiting) < 2 {
		return nil
	}
	boards := tourney.PairArena(waiting, len(act) == 2)
	if len(boards) == 0 {
		return nil
	}
	return s.startRound(ctx, t, es, t.Round+1, boards, "", now)
}

// finish ends t with its entrants' places.
func (s *Service) finish(ctx context.Context, t store.Tournament, es []store.Entrant, gs []store.TournamentGame, now time.Time) error {
	places := map[string]int{}
	for _, row := range standings(t, es, gs, now) {
		places[row.Entrant] = row.Rank
	}
	if err := s.st.EndTournament(ctx, t.ID, t.Version, store.StatusFinished, now, places); err != nil {
		return err
	}
	s.log.Info("tournament finished", "tournament", t.ID, "kind", t.Kind, "entrants", len(es))
	return nil
}

// startRound writes round n's boards (and bye) with their tables, then
// opens the tables' rooms.
func (s *Service) startRound(ctx context.Context, t store.Tournament, es []store.Entrant, n int, boards []tourney.Board, bye string, now time.Time) error {
	by := map[string]store.Entrant{}
	for _, e := range es {
		by[e.ID] = e
	}
	r := store.TournamentRound{Tournament: t.ID, Version: t.Version, Round: n, Status: store.StatusRunning}
	var opens []opening
	for i, b := range boards {
		o, err := s.gameTable(t, []store.Entrant{by[b.First], by[b.Second]}, now, 0)
		if err != nil {
			return err
		}
		opens = append(opens, o)
		r.Tables, r.Links = append(r.Tables, o.hdr), append(r.Links, o.links...)
		r.Games = append(r.Games, store.TournamentGame{Tournament: t.ID, Round: n, Board: i + 1, First: b.First, Second: b.Second,
			Table: o.hdr.ID, Started: now})
	}
	if bye != "" {
		r.Games = append(r.Games, store.TournamentGame{Tournament: t.ID, Round: n, Board: len(boards) + 1, First: bye, Started: now})
	}
	if err := s.st.StartRound(ctx, r); err != nil {
		return fmt.Errorf("round %d: %w", n, err)
	}
	for _, o := range opens {
		if err := s.cfg.Rooms.Open(ctx, o.hdr, o.game, o.t); err != nil {
			s.log.Warn("tournament game not opened here (a node adopts it)", "table", o.hdr.ID, "err", err)
		}
	}
	s.log.Info("tournament round paired", "tournament", t.ID, "round", n, "games", len(boards), "bye", bye != "")
	return nil
}
