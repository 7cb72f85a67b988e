package storetest

import (
	"errors"
	"sync"
	"testing"
	"time"

	"cardtable/store"
)

// The puzzle ratings (store.Accounts's SettlePuzzle, PuzzleRatings,
// PuzzleAnswers; migration 0009).

const puzzleCat = "regicide-puzzles"

func puzzleRating(user string) store.Rating {
	return store.Rating{User: user, Category: puzzleCat, R: 1500, RD: 350, Vol: 0.06}
}

func seedOf(puzzle int) store.PuzzleRating {
	return store.PuzzleRating{Set: "regicide", Puzzle: puzzle, R: 1469, RD: 190, Vol: 0.06}
}

// answer is user's answer to puzzle at at, from the ratings before: the
// user's moves to r, the puzzle's to 3000 − r.
func answer(user string, puzzle int, before store.Rating, pb store.PuzzleRating, r float64, at time.Time) store.PuzzleSettlement {
	return store.PuzzleSettlement{
		Answer:       store.PuzzleAnswer{User: user, Set: "regicide", Puzzle: puzzle, At: at, Action: "play 7C", Correct: r > before.R},
		User:         store.RatingChange{Before: before, After: store.Rating{R: r, RD: before.RD - 20, Vol: 0.06}},
		PuzzleBefore: pb,
		PuzzleAfter:  store.PuzzleRating{R: 3000 - r, RD: pb.RD - 5, Vol: 0.06},
	}
}

func userPuzzleRating(t *testing.T, s AccountStore, user string) store.Rating {
	t.Helper()
	rs, err := s.Ratings(ctx, puzzleCat, []string{user})
	if err != nil || len(rs) != 1 {
		t.Fatalf("Ratings(%s, %s) = %+v, %v", puzzleCat, user, rs, err)
	}
	return rs[0]
}

func storedPuzzle(t *testing.T, s AccountStore, puzzle int) store.PuzzleRating {
	t.Helper()
	ps, err := s.PuzzleRatings(ctx, "regicide", []int{puzzle})
	if err != nil || len(ps) != 1 {
		t.Fatalf("PuzzleRatings(regicide, %d) = %+v, %v", puzzle, ps, err)
	}
	return ps[0]
}

// testPuzzleSettle: a counted answer writes the answer, the user's rating
// and the puzzle's; a second answer to the same puzzle writes nothing; a
// stale rating, user's or puzzle's, writes nothing.
func testPuzzleSettle(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	mustUser(t, s, "u1", "Ann")
	mustUser(t, s, "u2", "Bob")
	at := epoch.Add(time.Hour)
	if err := s.SettlePuzzle(ctx, answer("u1", 7, puzzleRating("u1"), seedOf(7), 1660, at)); err != nil {
		t.Fatal(err)
	}
	ann := userPuzzleRating(t, s, "u1")
	if ann.R != 1660 || ann.RD != 330 || ann.Games != 1 || ann.Name != "Ann" || !ann.Updated.Equal(at.Truncate(time.Microsecond)) {
		t.Errorf("Ann's puzzle rating after her first answer: %+v", ann)
	}
	p7 := storedPuzzle(t, s, 7)
	if p7.R != 1340 || p7.RD != 185 || p7.Answers != 1 || p7.Set != "regicide" || p7.Puzzle != 7 {
		t.Errorf("puzzle 7 after one answer: %+v", p7)
	}
	as, err := s.PuzzleAnswers(ctx, "u1", "regicide", 0)
	if err != nil || len(as) != 1 || as[0].Puzzle != 7 || !as[0].Correct || as[0].Action != "play 7C" || as[0].R != 1660 || as[0].RD != 330 ||
		as[0].PuzzleR != 1469 || !as[0].At.Equal(at.Truncate(time.Microsecond)) {
		t.Errorf("PuzzleAnswers = %+v, %v", as, err)
	}

	// The same puzzle again: refused, nothing moves.
	wantErr(t, "a second answer to puzzle 7", s.SettlePuzzle(ctx, answer("u1", 7, ann, p7, 1700, at.Add(time.Minute))), store.ErrConflict)
	if again := userPuzzleRating(t, s, "u1"); again != ann {
		t.Errorf("a refused second answer moved Ann's rating: %+v", again)
	}
	if again := storedPuzzle(t, s, 7); again != p7 {
		t.Errorf("a refused second answer moved the puzzle: %+v", again)
	}

	// Stale: the user's rating read before it moved, or the puzzle's.
	wantErr(t, "an answer from Ann's stale first rating", s.SettlePuzzle(ctx, answer("u1", 8, puzzleRating("u1"), seedOf(8), 1700, at)), store.ErrStale)
	wantErr(t, "an answer from puzzle 7's seed after it moved", s.SettlePuzzle(ctx, answer("u2", 7, puzzleRating("u2"), seedOf(7), 1400, at)), store.ErrStale)
	old := p7
	old.Answers = 5
	wantErr(t, "an answer from a wrong puzzle version", s.SettlePuzzle(ctx, answer("u2", 7, puzzleRating("u2"), old, 1400, at)), store.ErrStale)
	if rs, _ := s.Ratings(ctx, puzzleCat, []string{"u2"}); len(rs) != 0 {
		t.Errorf("a stale answer gave Bob a rating: %+v", rs)
	}
	if as, _ := s.PuzzleAnswers(ctx, "u2", "regicide", 0); len(as) != 0 {
		t.Errorf("a stale answer was kept: %+v", as)
	}
	if ps, _ := s.PuzzleRatings(ctx, "regicide", []int{8}); len(ps) != 0 {
		t.Errorf("a stale answer rated puzzle 8: %+v", ps)
	}

	// Bob from the puzzle's current rating: counted.
	if err := s.SettlePuzzle(ctx, answer("u2", 7, puzzleRating("u2"), p7, 1400, at.Add(time.Minute))); err != nil {
		t.Fatal(err)
	}
	if p := storedPuzzle(t, s, 7); p.Answers != 2 || p.R != 1600 {
		t.Errorf("puzzle 7 after Bob's answer: %+v", p)
	}
	wantErr(t, "an answer by no user", s.SettlePuzzle(ctx, answer("nobody", 9, puzzleRating("nobody"), seedOf(9), 1600, at)), store.ErrNotFound)
}

// testPuzzleLists: PuzzleRatings by set and ids, PuzzleAnswers oldest
// first with a limit, the puzzle category's leaderboard.
func testPuzzleLists(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	mustUser(t, s, "u1", "Ann")
	mustUser(t, s, "u2", "Bob")
	cur := puzzleRating("u1")
	for i, id := range []int{30, 4, 1200} {
		st := answer("u1", id, cur, seedOf(id), 1500+float64(10*(i+1)), epoch.Add(time.Duration(i)*time.Minute))
		if err := s.SettlePuzzle(ctx, st); err != nil {
			t.Fatal(err)
		}
		cur = userPuzzleRating(t, s, "u1")
	}
	other := answer("u2", 4, puzzleRating("u2"), seedOf(4), 1400, epoch)
	other.Answer.Set, other.PuzzleBefore.Set = "other", "other"
	if err := s.SettlePuzzle(ctx, other); err != nil {
		t.Fatal(err)
	}
	all, err := s.PuzzleRatings(ctx, "regicide", nil)
	if err != nil || len(all) != 3 || all[0].Puzzle != 4 || all[1].Puzzle != 30 || all[2].Puzzle != 1200 {
		t.Errorf("PuzzleRatings(regicide, all) = %+v, %v; want 4, 30, 1200", all, err)
	}
	some, err := s.PuzzleRatings(ctx, "regicide", []int{1200, 5, 4})
	if err != nil || len(some) != 2 || some[0].Puzzle != 4 || some[1].Puzzle != 1200 {
		t.Errorf("PuzzleRatings(regicide, 1200 5 4) = %+v, %v", some, err)
	}
	if o, _ := s.PuzzleRatings(ctx, "other", nil); len(o) != 1 || o[0].Puzzle != 4 || o[0].R != 1600 {
		t.Errorf("PuzzleRatings(other) = %+v", o)
	}
	as, err := s.PuzzleAnswers(ctx, "u1", "regicide", 0)
	if err != nil || len(as) != 3 || as[0].Puzzle != 30 || as[1].Puzzle != 4 || as[2].Puzzle != 1200 || as[2].R != 1530 {
		t.Errorf("PuzzleAnswers(u1) = %+v, %v; want 30, 4, 1200 in the order answered", as, err)
	}
	if last, _ := s.PuzzleAnswers(ctx, "u1", "regicide", 2); len(last) != 2 || last[0].Puzzle != 4 || last[1].Puzzle != 1200 {
		t.Errorf("PuzzleAnswers(u1, last 2) = %+v", last)
	}
	if r := userPuzzleRating(t, s, "u1"); r.Games != 3 || r.R != 1530 {
		t.Errorf("Ann's puzzle rating after three answers: %+v", r)
	}
	board, err := s.Leaderboard(ctx, puzzleCat, everyone, 0, 10)
	if err != nil || len(board) != 2 || board[0].Name != "Ann" || board[1].Name != "Bob" {
		t.Errorf("the puzzles' leaderboard: %+v, %v", board, err)
	}
	if rank, err := s.RatingRank(ctx, puzzleCat, "u2", everyone); err != nil || rank != 2 {
		t.Errorf("Bob's puzzle rank: %d, %v", rank, err)
	}
	// Deleting Ann removes her answers and rating; the puzzles keep theirs.
	if err := s.DeleteUser(ctx, "u1", "former player"); err != nil {
		t.Fatal(err)
	}
	if as, _ := s.PuzzleAnswers(ctx, "u1", "regicide", 0); len(as) != 0 {
		t.Errorf("a deleted user's answers stay: %+v", as)
	}
	if rs, _ := s.Ratings(ctx, puzzleCat, []string{"u1"}); len(rs) != 0 {
		t.Errorf("a deleted user's puzzle rating stays: %+v", rs)
	}
	if ps, _ := s.PuzzleRatings(ctx, "regicide", nil); len(ps) != 3 {
		t.Errorf("after deleting Ann the puzzles' ratings are %+v; want the three kept", ps)
	}
}

// testPuzzleRace: one account answering one puzzle from several
// goroutines at once is counted once; several accounts answering one
// puzzle at once, each retrying from fresh reads on ErrStale, are all
// counted.
func testPuzzleRace(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	mustUser(t, s, "u0", "Ann")
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok := 0
	for i := range 8 {
		wg.Go(func() {
			err := s.SettlePuzzle(ctx, answer("u0", 1, puzzleRating("u0"), seedOf(1), 1500+float64(i+1), epoch))
			if err == nil {
				mu.Lock()
				ok++
				mu.Unlock()
			} else if !errors.Is(err, store.ErrConflict) && !errors.Is(err, store.ErrStale) {
				t.Errorf("a racing answer: %v", err)
			}
		})
	}
	wg.Wait()
	if r := userPuzzleRating(t, s, "u0"); ok != 1 || r.Games != 1 {
		t.Fatalf("8 answers to one puzzle at once by one account: %d counted, rating %+v; want one", ok, r)
	}
	const people = 6
	for i := 1; i <= people; i++ {
		mustUser(t, s, "p"+string(rune('0'+i)), "P"+string(rune('a'+i)))
	}
	for i := 1; i <= people; i++ {
		wg.Go(func() {
			id := "p" + string(rune('0'+i))
			for {
				pb := seedOf(2)
				if ps, _ := s.PuzzleRatings(ctx, "regicide", []int{2}); len(ps) == 1 {
					pb = ps[0]
				}
				err := s.SettlePuzzle(ctx, answer(id, 2, puzzleRating(id), pb, 1501, epoch))
				if !errors.Is(err, store.ErrStale) {
					if err != nil {
						t.Errorf("%s's answer: %v", id, err)
					}
					return
				}
			}
		})
	}
	wg.Wait()
	if p := storedPuzzle(t, s, 2); p.Answers != people {
		t.Errorf("puzzle 2 after %d people answered at once: %+v; want %d answers", people, p, people)
	}
}

// testPuzzleReopen: puzzle ratings and answers survive closing and
// opening the store.
func testPuzzleReopen(t *testing.T, open Open) {
	s, name := freshAccounts(t, open)
	mustUser(t, s, "u1", "Ann")
	if err := s.SettlePuzzle(ctx, answer("u1", 3, puzzleRating("u1"), seedOf(3), 1620, epoch)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	again, ok := open(t, name).(AccountStore)
	if !ok {
		t.Fatal("the reopened store has no accounts")
	}
	if p := storedPuzzle(t, again, 3); p.R != 1380 || p.Answers != 1 {
		t.Errorf("after reopening, puzzle 3: %+v", p)
	}
	if as, _ := again.PuzzleAnswers(ctx, "u1", "regicide", 0); len(as) != 1 || as[0].R != 1620 {
		t.Errorf("after reopening, Ann's answers: %+v", as)
	}
	wantErr(t, "after reopening, a second answer", again.SettlePuzzle(ctx, answer("u1", 3, userPuzzleRating(t, again, "u1"), storedPuzzle(t, again, 3), 1700, epoch)), store.ErrConflict)
}
