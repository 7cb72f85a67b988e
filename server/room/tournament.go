package room

import (
	"context"

	"cardtable/daily"
	"cardtable/engine"
	"cardtable/record"
	"cardtable/store"
	"cardtable/tourney"
)

// tournamentResult is the result of the tournament game played at this
// table (nil when it is none): a two-seat game's outcome from its first
// seat's side (no single winner: a draw; aborted: the aborting seat
// loses), a solo attempt's enemies defeated and whether it was won.
func (r *Room) tournamentResult(ctx context.Context, res engine.Result) *store.TournamentResult {
	ts, ok := r.rooms.store.(store.Tournaments)
	if !ok {
		return nil
	}
	g, err := ts.TournamentGameOf(ctx, r.id)
	if err != nil {
		return nil
	}
	if g.Second == "" {
		sc := daily.ScoreOf(r.t.State(), r.t.Version())
		return &store.TournamentResult{Enemies: sc.Enemies, Won: sc.Won}
	}
	out := tourney.Draw
	switch {
	case len(res.Winners) == 1 && res.Winners[0] == 0:
		out = tourney.FirstWon
	case len(res.Winners) == 1 && res.Winners[0] == 1:
		out = tourney.SecondWon
	}
	// Aborting a tournament game loses it: a pairing is not undone by
	// calling the game off after a look at one's cards.
	if e := r.t.Record().Ending; e != nil && e.By == record.EndAborted && e.Seat != nil {
		out = tourney.SecondWon
		if *e.Seat == 1 {
			out = tourney.FirstWon
		}
	}
	return &store.TournamentResult{Outcome: int(out)}
}
