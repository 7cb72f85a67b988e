package room

import (
	"context"
	"errors"
	"time"

	"cardtable/daily"
	"cardtable/engine"
	"cardtable/record"
	"cardtable/store"
)

// settle stores a finished game's result. A rated table's rating changes
// and a daily table's result go with it in one transaction (store.Settle):
// written once, whichever node finishes the game, and retried from fresh
// ratings when another game of a player was rated first. A game that
// cannot be rated (aborted, a seat without its account) is finished
// unrated.
func (r *Room) settle(ctx context.Context, res engine.Result, at time.Time) error {
	acc := r.rooms.accounts
	var game *store.TournamentResult
	if acc != nil {
		game = r.tournamentResult(ctx, res)
	}
	if acc == nil || (!r.hdr.Rated && r.hdr.Daily == "" && game == nil) {
		return r.finishStored(ctx, res, at)
	}
	var err error
	for range 8 {
		var st store.Settlement
		st, err = r.settlement(ctx, res, at)
		st.Tournament = game
		if err != nil {
			r.rooms.log.Warn("game not rated", "table", r.id, "why", err)
			if game == nil {
				return r.finishStored(ctx, res, at)
			}
			st.Ratings = nil // the tournament's result is written all the same
		}
		err = r.fence(acc.Settle(ctx, st))
		if err == nil && game != nil && r.rooms.tournamentGame != nil {
			r.rooms.tournamentGame()
		}
		if !errors.Is(err, store.ErrStale) {
			return err
		}
	}
	return err
}

// settlement is what a finished rated or daily table writes with its
// result.
func (r *Room) settlement(ctx context.Context, res engine.Result, at time.Time) (store.Settlement, error) {
	st := store.Settlement{Table: r.id, Epoch: r.remote.epoch, Result: res, At: at}
	if r.hdr.Daily != "" {
		sc := daily.ScoreOf(r.t.State(), r.t.Version())
		st.Daily = &store.DailyAttempt{Won: sc.Won, Grade: sc.Grade, Enemies: sc.Enemies, Actions: sc.Actions, Aborted: res.End == record.EndAborted}
	}
	if !r.hdr.Rated {
		return st, nil
	}
	if res.End == record.EndAborted {
		return st, errors.New("an aborted game is not rated")
	}
	changes, err := r.rooms.rate(ctx, r.hdr, res, at)
	st.Ratings = changes
	return st, err
}
