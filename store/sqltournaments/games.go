package sqltournaments

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"cardtable/store"
	"cardtable/store/sqlaccounts"
	"cardtable/store/sqlrows"
)

const gameColumns = `tournament_id, round, board, first, second, table_id, outcome, enemies, won, started, ended, seq`

func scanGame(row interface{ Scan(...any) error }) (store.TournamentGame, error) {
	var g store.TournamentGame
	var won int
	var started, ended int64
	err := row.Scan(&g.Tournament, &g.Round, &g.Board, &g.First, &g.Second, &g.Table, &g.Outcome, &g.Enemies, &won,
		&started, &ended, &g.Seq)
	g.Won, g.Started, g.Ended = won != 0, fromMicros(started), fromMicros(ended)
	return g, err
}

// insertGame writes g (a bye ends as it starts and takes the next Seq).
func insertGame(ctx context.Context, tx Querier, g store.TournamentGame) error {
	ended, seq := int64(0), 0
	if g.Table == "" {
		if g.Second != "" {
			return fmt.Errorf("store: tournament %q round %d board %d: a game between two entrants needs a table", g.Tournament, g.Round, g.Board)
		}
		var err error
		if seq, err = sqlaccounts.NextTournamentSeq(ctx, tx, g.Tournament); err != nil {
			return err
		}
		ended = micros(g.Started)
	}
	n, err := affected(tx.ExecContext(ctx, `INSERT INTO tournament_games (`+gameColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, 0, 0, 0, $7, $8, $9) ON CONFLICT DO NOTHING`,
		g.Tournament, g.Round, g.Board, g.First, g.Second, g.Table, micros(g.Started), ended, seq))
	if err != nil {
		return err
	}
	if n != 1 {
		return fmt.Errorf("%w: tournament %q has a game %d of round %d (or one at table %q) already", store.ErrConflict,
			g.Tournament, g.Board, g.Round, g.Table)
	}
	return nil
}

// insertLink links a seat to its account.
func insertLink(ctx context.Context, tx Querier, l store.SeatAccount) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO seat_accounts (table_id, seat, user_id) VALUES ($1, $2, $3)`, l.Table, l.Seat, l.User)
	return err
}

// StartRound writes a round's games, tables and links with the
// tournament's new round and status, at r.Version.
func (s *Tournaments) StartRound(ctx context.Context, r store.TournamentRound) error {
	if r.Status != store.StatusRunning || r.Round <= 0 {
		return fmt.Errorf("store: a round is numbered from 1 and leaves its tournament running, not %q", r.Status)
	}
	return s.write(ctx, func(ctx context.Context, tx Querier) error {
		if err := bump(ctx, tx, r.Tournament, r.Version, r.Status, r.Round); err != nil {
			return err
		}
		for _, t := range r.Tables {
			if err := sqlaccounts.InsertTable(ctx, tx, t); err != nil {
				return err
			}
		}
		for _, l := range r.Links {
			if err := insertLink(ctx, tx, l); err != nil {
				return err
			}
		}
		for _, g := range r.Games {
			if g.Tournament != r.Tournament {
				return fmt.Errorf("store: a game of tournament %q in a round of %q", g.Tournament, r.Tournament)
			}
			if err := insertGame(ctx, tx, g); err != nil {
				return err
			}
		}
		return nil
	})
}

// StartSoloAttempt creates an entrant's counted attempt at a deal and its
// table together.
func (s *Tournaments) StartSoloAttempt(ctx context.Context, g store.TournamentGame, t store.Table, link store.SeatAccount) error {
	if g.Second != "" || g.Table != t.ID || t.ID == "" || g.Round <= 0 {
		return errors.New("store: a solo attempt is one entrant's, at a deal numbered from 1, at its own table")
	}
	return s.write(ctx, func(ctx context.Context, tx Querier) error {
		n, err := affected(tx.ExecContext(ctx, `UPDATE tournaments SET version = version
			WHERE id = $1 AND status = 'running' AND (ends = 0 OR ends > $2)`, g.Tournament, micros(g.Started)))
		if err != nil {
			return err
		}
		if n != 1 {
			var one int
			err := tx.QueryRowContext(ctx, `SELECT 1 FROM tournaments WHERE id = $1`, g.Tournament).Scan(&one)
			if errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("%w: no tournament %q", store.ErrNotFound, g.Tournament)
			}
			if err != nil {
				return err
			}
			return fmt.Errorf("%w: tournament %q is not running at %s", store.ErrConflict, g.Tournament, g.Started.UTC().Format("2006-01-02 15:04:05"))
		}
		var withdrawn int64
		err = tx.QueryRowContext(ctx, `SELECT entry, withdrawn FROM tournament_entrants WHERE tournament_id = $1 AND entrant = $2`,
			g.Tournament, g.First).Scan(&g.Board, &withdrawn)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && withdrawn != 0) {
			return fmt.Errorf("%w: %q is not in tournament %q", store.ErrNotFound, g.First, g.Tournament)
		}
		if err != nil {
			return err
		}
		if err := sqlaccounts.InsertTable(ctx, tx, t); err != nil {
			return err
		}
		if link.User != "" {
			if err := insertLink(ctx, tx, link); err != nil {
				return err
			}
		}
		return insertGame(ctx, tx, g)
	})
}

// TournamentGames lists a tournament's games by round and board.
func (s *Tournaments) TournamentGames(ctx context.Context, tournament string) ([]store.TournamentGame, error) {
	rows, err := s.Read.QueryContext(ctx, `SELECT `+gameColumns+` FROM tournament_games
		WHERE tournament_id = $1 ORDER BY round, board`, tournament)
	if err != nil {
		return nil, s.fail(err)
	}
	out, err := sqlrows.Collect(rows, scanGame)
	return out, s.fail(err)
}

// TournamentGameOf finds the game played at table.
func (s *Tournaments) TournamentGameOf(ctx context.Context, table string) (store.TournamentGame, error) {
	if table == "" {
		return store.TournamentGame{}, fmt.Errorf("%w: a bye has no table", store.ErrNotFound)
	}
	g, err := scanGame(s.Read.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM tournament_games WHERE table_id = $1`, table))
	if errors.Is(err, sql.ErrNoRows) {
		return g, fmt.Errorf("%w: no tournament game at table %q", store.ErrNotFound, table)
	}
	return g, s.fail(err)
}
