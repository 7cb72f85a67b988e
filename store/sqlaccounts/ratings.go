package sqlaccounts

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"cardtable/store"
	"cardtable/store/sqlrows"
)

const ratingColumns = `r.user_id, u.name, r.category, r.rating, r.rd, r.vol, r.games, r.updated, ` + isBot

// isBot is 1 when ratings r's user is a bot account.
const isBot = `CASE WHEN EXISTS (SELECT 1 FROM bot_accounts b WHERE b.user_id = r.user_id) THEN 1 ELSE 0 END`

const ratingFrom = ` FROM ratings r JOIN users u ON u.id = r.user_id`

func (a *Accounts) ratings(ctx context.Context, q string, args ...any) ([]store.Rating, error) {
	rows, err := a.Read.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, a.fail(err)
	}
	defer rows.Close()
	out := []store.Rating{}
	for rows.Next() {
		var r store.Rating
		var updated int64
		var bot int
		if err := rows.Scan(&r.User, &r.Name, &r.Category, &r.R, &r.RD, &r.Vol, &r.Games, &updated, &bot); err != nil {
			return nil, a.fail(err)
		}
		r.Updated, r.Bot = fromMicros(updated), bot != 0
		out = append(out, r)
	}
	return out, a.fail(rows.Err())
}

// Ratings lists users' ratings in category.
func (a *Accounts) Ratings(ctx context.Context, category string, users []string) ([]store.Rating, error) {
	if len(users) == 0 {
		return []store.Rating{}, nil
	}
	args := []any{category}
	for _, u := range users {
		args = append(args, u)
	}
	return a.ratings(ctx, `SELECT `+ratingColumns+ratingFrom+` WHERE r.category = $1 AND r.user_id IN (`+
		placeholders(2, len(users))+`) ORDER BY r.user_id`, args...)
}

// UserRatings lists a user's ratings in every category.
func (a *Accounts) UserRatings(ctx context.Context, user string) ([]store.Rating, error) {
	return a.ratings(ctx, `SELECT `+ratingColumns+ratingFrom+` WHERE r.user_id = $1 ORDER BY r.category`, user)
}

// RatingHistory lists user's last limit ratings in category, oldest first.
func (a *Accounts) RatingHistory(ctx context.Context, user, category string, limit int) ([]store.RatingPoint, error) {
	if limit <= 0 {
		limit = 200
	}
	rows, err := a.Read.QueryContext(ctx, `SELECT table_id, at, rating, rd, vol, outcome, gave_up FROM rating_history
		WHERE user_id = $1 AND category = $2 ORDER BY at DESC, table_id DESC LIMIT $3`, user, category, limit)
	if err != nil {
		return nil, a.fail(err)
	}
	defer rows.Close()
	out := []store.RatingPoint{}
	for rows.Next() {
		var p store.RatingPoint
		var at int64
		if err := rows.Scan(&p.Table, &at, &p.R, &p.RD, &p.Vol, &p.Outcome, &p.GaveUp); err != nil {
			return nil, a.fail(err)
		}
		p.At = fromMicros(at)
		out = append(out, p)
	}
	slices.Reverse(out)
	return out, a.fail(rows.Err())
}

// established is the condition, on ratings r, of a rating established at
// est.Now (its deviation grown since r.updated at most est.MaxRD) and of
// whom est lists, with its arguments from number n on.
func established(est store.Established, n int) (string, []any) {
	perMicro := est.Scale * est.Scale / float64(24*time.Hour/time.Microsecond)
	cond := fmt.Sprintf(`r.rd * r.rd + ($%d - r.updated) * r.vol * r.vol * $%d <= $%d`, n, n+1, n+2)
	switch est.Who {
	case store.BoardPeople:
		cond += ` AND ` + isBot + ` = 0`
	case store.BoardBots:
		cond += ` AND ` + isBot + ` = 1`
	}
	return cond, []any{micros(est.Now), perMicro, est.MaxRD * est.MaxRD}
}

// Leaderboard lists category's established ratings, highest first.
func (a *Accounts) Leaderboard(ctx context.Context, category string, est store.Established, offset, limit int) ([]store.Rating, error) {
	if limit <= 0 {
		limit = 50
	}
	cond, args := established(est, 4)
	return a.ratings(ctx, `SELECT `+ratingColumns+ratingFrom+` WHERE r.category = $1 AND `+cond+`
		ORDER BY r.rating DESC, r.user_id ASC LIMIT $2 OFFSET $3`, append([]any{category, limit, max(offset, 0)}, args...)...)
}

// RatingRank is user's place on category's leaderboard, from 1.
func (a *Accounts) RatingRank(ctx context.Context, category, user string, est store.Established) (int, error) {
	cond, args := established(est, 3)
	var mine float64
	err := a.Read.QueryRowContext(ctx, `SELECT r.rating FROM ratings r WHERE r.category = $1 AND r.user_id = $2 AND `+cond,
		append([]any{category, user}, args...)...).Scan(&mine)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, notFound("user %q has no established %s rating", user, category)
	}
	if err != nil {
		return 0, a.fail(err)
	}
	var above int
	cond, args = established(est, 4)
	err = a.Read.QueryRowContext(ctx, `SELECT COUNT(*) FROM ratings r WHERE r.category = $1 AND (r.rating > $2 OR (r.rating = $2 AND r.user_id < $3)) AND `+cond,
		append([]any{category, mine, user}, args...)...).Scan(&above)
	return above + 1, a.fail(err)
}

// Settle writes a finished game's result, rating changes and daily result
// in one transaction.
func (a *Accounts) Settle(ctx context.Context, st store.Settlement) error {
	enc, err := json.Marshal(st.Result)
	if err != nil {
		return fmt.Errorf("store: table %q: result: %w", st.Table, err)
	}
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		if st.Epoch != 0 {
			if a.Fence == nil {
				return fmt.Errorf("%w: this store has no leases, so no write under epoch %d", store.ErrFenced, st.Epoch)
			}
			if err := a.Fence(ctx, tx, st.Table, st.Epoch); err != nil {
				return err
			}
		}
		n, err := affected(tx.ExecContext(ctx, `UPDATE game_tables SET finished = $2, result = $3 WHERE id = $1 AND finished IS NULL`,
			st.Table, micros(st.At), string(enc)))
		if err != nil {
			return err
		}
		if n != 1 {
			return unfinishable(ctx, tx, st.Table)
		}
		for _, c := range st.Ratings {
			if err := writeRating(ctx, tx, st, c); err != nil {
				return err
			}
		}
		if d := st.Daily; d != nil {
			if _, err := tx.ExecContext(ctx, `UPDATE daily_attempts SET finished = $2, won = $3, grade = $4, enemies = $5, actions = $6, aborted = $7
				WHERE table_id = $1 AND finished IS NULL`, st.Table, micros(st.At), sqlrows.Bool(d.Won), d.Grade, d.Enemies, d.Actions, sqlrows.Bool(d.Aborted)); err != nil {
				return err
			}
		}
		if r := st.Tournament; r != nil {
			return settleTournamentGame(ctx, tx, st.Table, *r, micros(st.At))
		}
		return nil
	})
}

// settleTournamentGame writes the result of the tournament game at table,
// giving it the next Seq of its tournament.
func settleTournamentGame(ctx context.Context, tx Querier, table string, r store.TournamentResult, at int64) error {
	var tournament string
	err := tx.QueryRowContext(ctx, `SELECT tournament_id FROM tournament_games WHERE table_id = $1 AND ended = 0`, table).Scan(&tournament)
	if errors.Is(err, sql.ErrNoRows) {
		return notFound("table %q is no tournament game under way", table)
	}
	if err != nil {
		return err
	}
	seq, err := NextTournamentSeq(ctx, tx, tournament)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE tournament_games SET outcome = $2, enemies = $3, won = $4, ended = $5, seq = $6
		WHERE table_id = $1`, table, r.Outcome, r.Enemies, sqlrows.Bool(r.Won), at, seq)
	return err
}

// NextTournamentSeq counts one more game ended in tournament and returns
// its number. The count is on the tournament's row, so games ending at
// once on several nodes queue there and never share a number.
func NextTournamentSeq(ctx context.Context, tx Querier, tournament string) (int, error) {
	if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET ended = ended + 1 WHERE id = $1`, tournament); err != nil {
		return 0, err
	}
	var seq int
	err := tx.QueryRowContext(ctx, `SELECT ended FROM tournaments WHERE id = $1`, tournament).Scan(&seq)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, notFound("no tournament %q", tournament)
	}
	return seq, err
}

// unfinishable says why finishing table touched no row.
func unfinishable(ctx context.Context, tx Querier, table string) error {
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM game_tables WHERE id = $1`, table).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return notFound("no table %q", table)
	}
	if err != nil {
		return err
	}
	return fmt.Errorf("%w: table %q is finished already", store.ErrConflict, table)
}

// writeRating writes one user's new rating on condition that the stored
// one is still c.Before, and its point in the history. A user deleted
// since is skipped.
func writeRating(ctx context.Context, tx Querier, st store.Settlement, c store.RatingChange) error {
	b, r := c.Before, c.After
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM users WHERE id = $1`, b.User).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := writeUserRating(ctx, tx, c, micros(st.At)); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO rating_history (user_id, category, table_id, at, rating, rd, vol, outcome, gave_up)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, b.User, b.Category, st.Table, micros(st.At), r.R, r.RD, r.Vol, c.Outcome, c.GaveUp)
	return err
}
