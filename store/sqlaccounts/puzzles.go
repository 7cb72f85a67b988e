package sqlaccounts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"cardtable/store"
	"cardtable/store/sqlrows"
)

// SettlePuzzle writes a counted answer with the user's and the puzzle's
// new ratings in one transaction (migration 0009).
func (a *Accounts) SettlePuzzle(ctx context.Context, st store.PuzzleSettlement) error {
	ans, u, pb, pa := st.Answer, st.User, st.PuzzleBefore, st.PuzzleAfter
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		var one int
		err := tx.QueryRowContext(ctx, `SELECT 1 FROM users WHERE id = $1`, ans.User).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return notFound("no user %q", ans.User)
		}
		if err != nil {
			return err
		}
		// The answer first: a second answer to the puzzle stops here, on
		// the key, before any rating is touched.
		n, err := affected(tx.ExecContext(ctx, `INSERT INTO puzzle_answers (user_id, puzzle_set, puzzle, at, action, correct, rating, rd, vol, puzzle_rating)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (user_id, puzzle_set, puzzle) DO NOTHING`,
			ans.User, ans.Set, ans.Puzzle, micros(ans.At), ans.Action, sqlrows.Bool(ans.Correct), u.After.R, u.After.RD, u.After.Vol, pb.R))
		if err != nil {
			return err
		}
		if n != 1 {
			return fmt.Errorf("%w: user %q answered puzzle %s/%d already", store.ErrConflict, ans.User, ans.Set, ans.Puzzle)
		}
		if err := writeUserRating(ctx, tx, u, micros(ans.At)); err != nil {
			return err
		}
		return writePuzzleRating(ctx, tx, pb, pa, micros(ans.At))
	})
}

// writeUserRating moves a user's rating on condition that it is still
// c.Before (ErrStale otherwise).
func writeUserRating(ctx context.Context, tx Querier, c store.RatingChange, at int64) error {
	b, r := c.Before, c.After
	var n int64
	var err error
	if b.Games == 0 {
		n, err = affected(tx.ExecContext(ctx, `INSERT INTO ratings (user_id, category, rating, rd, vol, games, updated)
			VALUES ($1, $2, $3, $4, $5, 1, $6) ON CONFLICT (user_id, category) DO NOTHING`,
			b.User, b.Category, r.R, r.RD, r.Vol, at))
	} else {
		n, err = affected(tx.ExecContext(ctx, `UPDATE ratings SET rating = $3, rd = $4, vol = $5, games = games + 1, updated = $6
			WHERE user_id = $1 AND category = $2 AND games = $7`, b.User, b.Category, r.R, r.RD, r.Vol, at, b.Games))
	}
	if err != nil {
		return err
	}
	if n != 1 {
		return fmt.Errorf("%w: the %s rating of user %q changed since it was read", store.ErrStale, b.Category, b.User)
	}
	return nil
}

// writePuzzleRating moves a puzzle's rating on condition that it is still
// b (ErrStale otherwise).
func writePuzzleRating(ctx context.Context, tx Querier, b, r store.PuzzleRating, at int64) error {
	var n int64
	var err error
	if b.Answers == 0 {
		n, err = affected(tx.ExecContext(ctx, `INSERT INTO puzzle_ratings (puzzle_set, puzzle, rating, rd, vol, answers, updated)
			VALUES ($1, $2, $3, $4, $5, 1, $6) ON CONFLICT (puzzle_set, puzzle) DO NOTHING`,
			b.Set, b.Puzzle, r.R, r.RD, r.Vol, at))
	} else {
		n, err = affected(tx.ExecContext(ctx, `UPDATE puzzle_ratings SET rating = $3, rd = $4, vol = $5, answers = answers + 1, updated = $6
			WHERE puzzle_set = $1 AND puzzle = $2 AND answers = $7`, b.Set, b.Puzzle, r.R, r.RD, r.Vol, at, b.Answers))
	}
	if err != nil {
		return err
	}
	if n != 1 {
		return fmt.Errorf("%w: the rating of puzzle %s/%d changed since it was read", store.ErrStale, b.Set, b.Puzzle)
	}
	return nil
}

// PuzzleRatings lists the stored ratings of set's puzzles ids (all when
// ids is empty), by puzzle.
func (a *Accounts) PuzzleRatings(ctx context.Context, set string, ids []int) ([]store.PuzzleRating, error) {
	q := `SELECT puzzle_set, puzzle, rating, rd, vol, answers, updated FROM puzzle_ratings WHERE puzzle_set = $1`
	args := []any{set}
	if len(ids) > 0 {
		// The ids are numbers, written into the statement: a set's
		// puzzles may be many more than a driver's placeholders.
		parts := make([]string, len(ids))
		for i, id := range ids {
			parts[i] = strconv.Itoa(id)
		}
		q += ` AND puzzle IN (` + strings.Join(parts, ", ") + `)`
	}
	rows, err := a.Read.QueryContext(ctx, q+` ORDER BY puzzle`, args...)
	if err != nil {
		return nil, a.fail(err)
	}
	defer rows.Close()
	out := []store.PuzzleRating{}
	for rows.Next() {
		var p store.PuzzleRating
		var updated int64
		if err := rows.Scan(&p.Set, &p.Puzzle, &p.R, &p.RD, &p.Vol, &p.Answers, &updated); err != nil {
			return nil, a.fail(err)
		}
		p.Updated = fromMicros(updated)
		out = append(out, p)
	}
	return out, a.fail(rows.Err())
}

// PuzzleAnswers lists user's counted answers in set, oldest first, the
// last limit (all when limit <= 0).
func (a *Accounts) PuzzleAnswers(ctx context.Context, user, set string, limit int) ([]store.PuzzleAnswer, error) {
	q := `SELECT user_id, puzzle_set, puzzle, at, action, correct, rating, rd, vol, puzzle_rating FROM puzzle_answers
		WHERE user_id = $1 AND puzzle_set = $2 ORDER BY at DESC, puzzle DESC`
	args := []any{user, set}
	if limit > 0 {
		q += ` LIMIT $3`
		args = append(args, limit)
	}
	rows, err := a.Read.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, a.fail(err)
	}
	defer rows.Close()
	out := []store.PuzzleAnswer{}
	for rows.Next() {
		var p store.PuzzleAnswer
		var at int64
		var correct int
		if err := rows.Scan(&p.User, &p.Set, &p.Puzzle, &at, &p.Action, &correct, &p.R, &p.RD, &p.Vol, &p.PuzzleR); err != nil {
			return nil, a.fail(err)
		}
		p.At, p.Correct = fromMicros(at), correct != 0
		out = append(out, p)
	}
	slices.Reverse(out)
	return out, a.fail(rows.Err())
}
