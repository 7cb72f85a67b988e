package memstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"cardtable/store"
)

type puzzleKey struct {
	set    string
	puzzle int
}

type answerKey struct {
	user   string
	puzzle puzzleKey
}

// SettlePuzzle implements store.Accounts: everything is checked before
// anything is written, so a refusal writes nothing.
func (s *Store) SettlePuzzle(ctx context.Context, st store.PuzzleSettlement) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	a, u, pb, pa := st.Answer, st.User, st.PuzzleBefore, st.PuzzleAfter
	if _, ok := s.acc.users[a.User]; !ok {
		return notFound("no user %q", a.User)
	}
	ak := answerKey{a.User, puzzleKey{a.Set, a.Puzzle}}
	if _, ok := s.acc.answers[ak]; ok {
		return fmt.Errorf("%w: user %q answered puzzle %s/%d already", store.ErrConflict, a.User, a.Set, a.Puzzle)
	}
	rk := ratingKey{u.Before.User, u.Before.Category}
	cur, ok := s.acc.ratings[rk]
	if (u.Before.Games == 0 && ok) || (u.Before.Games != 0 && (!ok || cur.Games != u.Before.Games)) {
		return fmt.Errorf("%w: the %s rating of user %q changed since it was read", store.ErrStale, u.Before.Category, u.Before.User)
	}
	pk := puzzleKey{pb.Set, pb.Puzzle}
	curP, ok := s.acc.puzzles[pk]
	if (pb.Answers == 0 && ok) || (pb.Answers != 0 && (!ok || curP.Answers != pb.Answers)) {
		return fmt.Errorf("%w: the rating of puzzle %s/%d changed since it was read", store.ErrStale, pb.Set, pb.Puzzle)
	}
	at := utc(a.At)
	a.At, a.R, a.RD, a.Vol, a.PuzzleR = at, u.After.R, u.After.RD, u.After.Vol, pb.R
	s.acc.answers[ak] = a
	s.acc.ratings[rk] = store.Rating{User: rk.user, Category: rk.category, R: u.After.R, RD: u.After.RD, Vol: u.After.Vol, Games: u.Before.Games + 1, Updated: at}
	s.acc.puzzles[pk] = store.PuzzleRating{Set: pk.set, Puzzle: pk.puzzle, R: pa.R, RD: pa.RD, Vol: pa.Vol, Answers: pb.Answers + 1, Updated: at}
	return nil
}

// PuzzleRatings implements store.Accounts.
func (s *Store) PuzzleRatings(ctx context.Context, set string, ids []int) ([]store.PuzzleRating, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	want := map[int]bool{}
	for _, id := range ids {
		want[id] = true
	}
	out := []store.PuzzleRating{}
	for k, p := range s.acc.puzzles {
		if k.set == set && (len(ids) == 0 || want[k.puzzle]) {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b store.PuzzleRating) int { return cmp.Compare(a.Puzzle, b.Puzzle) })
	return out, nil
}

// PuzzleAnswers implements store.Accounts.
func (s *Store) PuzzleAnswers(ctx context.Context, user, set string, limit int) ([]store.PuzzleAnswer, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	out := []store.PuzzleAnswer{}
	for k, a := range s.acc.answers {
		if k.user == user && k.puzzle.set == set {
			out = append(out, a)
		}
	}
	slices.SortFunc(out, func(a, b store.PuzzleAnswer) int { return cmp.Or(a.At.Compare(b.At), cmp.Compare(a.Puzzle, b.Puzzle)) })
	if limit > 0 && len(out) > limit {
		out = out[len(out)-limit:]
	}
	return out, nil
}
