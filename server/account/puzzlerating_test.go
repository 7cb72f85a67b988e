package account_test

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"sync"
	"testing"
	"time"

	"cardtable/accounts"
	"cardtable/puzzles"
	"cardtable/ratings"
	"cardtable/server"
	"cardtable/server/account"
	"cardtable/server/servertest"
	"cardtable/store"
)

// answerResp is POST .../answer's answer as a client reads it.
type answerResp struct {
	ID           int                  `json:"id"`
	Correct      bool                 `json:"correct"`
	Answer       string               `json:"answer"`
	PuzzleRating *account.RatingBrief `json:"puzzle_rating"`
	Rated        *struct {
		Counted  bool                 `json:"counted"`
		Why      string               `json:"why"`
		Before   *account.RatingBrief `json:"before"`
		After    *account.RatingBrief `json:"after"`
		Answered int                  `json:"answered"`
	} `json:"rated"`
}

// wrongAction is a legal action of puzzle id other than its answer.
func wrongAction(t *testing.T, set *puzzles.Set, id int) string {
	t.Helper()
	sh, _, err := set.Show(id)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := set.Get(id)
	for _, a := range sh.Legal {
		if a != p.Answer {
			return a
		}
	}
	t.Fatalf("puzzle %d has no wrong action", id)
	return ""
}

func answerPuzzle(p *servertest.Person, id int, action string) answerResp {
	p.Server.T.Helper()
	var out answerResp
	if code := p.Do("POST", fmt.Sprintf("/api/puzzles/regicide/%d/answer", id), map[string]string{"action": action}, nil, &out); code != http.StatusOK {
		p.Server.T.Fatalf("answering puzzle %d with %q: %d", id, action, code)
	}
	return out
}

// userID is the id of the account called name.
func userID(t *testing.T, ts *servertest.Server, name string) string {
	t.Helper()
	u, err := ts.St.(store.Accounts).UserByKey(context.Background(), accounts.Key(name))
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

func nextPuzzle(p *servertest.Person) account.NextPuzzle {
	p.Server.T.Helper()
	var out account.NextPuzzle
	if code := p.Do("GET", "/api/puzzles/regicide/next", nil, nil, &out); code != http.StatusOK {
		p.Server.T.Fatalf("next puzzle: %d", code)
	}
	return out
}

// checkNearest fails unless next is an unanswered puzzle as near the
// player's rating as any other unanswered one.
func checkNearest(t *testing.T, st store.Accounts, set *puzzles.Set, user string, next account.NextPuzzle) {
	t.Helper()
	ctx := context.Background()
	as, _ := st.PuzzleAnswers(ctx, user, puzzles.SetName, 0)
	done := map[int]bool{}
	for _, a := range as {
		done[a.Puzzle] = true
	}
	if done[next.ID] || next.ID == 0 {
		t.Fatalf("next puzzle %d: answered already or none (answered %v)", next.ID, done)
	}
	stored, _ := st.PuzzleRatings(ctx, puzzles.SetName, nil)
	now := map[int]float64{}
	for _, p := range stored {
		now[p.Puzzle] = p.R
	}
	rating := func(id int) float64 {
		if r, ok := now[id]; ok {
			return r
		}
		seed, _ := set.Seed(id)
		return seed.R
	}
	mine, served := next.Rating.Rating, rating(next.ID)
	if next.PuzzleRating == nil || next.PuzzleRating.Rating != served {
		t.Errorf("next says puzzle %d is rated %+v; it is %.1f", next.ID, next.PuzzleRating, served)
	}
	for _, p := range set.Puzzles {
		if !done[p.ID] && math.Abs(rating(p.ID)-mine) < math.Abs(served-mine) {
			t.Fatalf("served puzzle %d (%.0f) to a player at %.0f; puzzle %d (%.0f) is nearer", next.ID, served, mine, p.ID, rating(p.ID))
		}
	}
}

// TestPuzzleRating: a guest's answers rate nothing; a signed-in player's
// first answer to a puzzle moves their puzzle rating and the puzzle's, a
// second answer to it moves neither; the next puzzle is the unanswered
// one nearest their rating; the profile shows the rating with its
// history, the leaderboard lists it, the export holds the answers; six
// answers at once all count.
func TestPuzzleRating(t *testing.T) {
	ts, clock := servertest.NewAccounts(t)
	set, err := puzzles.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	acc := ts.St.(store.Accounts)

	guest := ts.NewPerson()
	g := answerPuzzle(guest, 1, set.Puzzles[0].Answer)
	seed1, _ := set.Seed(1)
	if g.Rated != nil || g.PuzzleRating == nil || g.PuzzleRating.Rating != seed1.R {
		t.Errorf("a guest's answer: rated %+v, puzzle %+v; want no rating and the puzzle's seed %v", g.Rated, g.PuzzleRating, seed1)
	}
	if n := nextPuzzle(guest); !n.Accounts || n.SignedIn || n.ID != 0 || n.Count != len(set.Puzzles) {
		t.Errorf("next for a guest: %+v; want signed_in false and no puzzle", n)
	}
	if ps, _ := acc.PuzzleRatings(ctx, puzzles.SetName, nil); len(ps) != 0 {
		t.Errorf("a guest's answer moved puzzle ratings: %+v", ps)
	}

	ann := ts.SignedUp("Ann")
	annID := userID(t, ts, "Ann")
	first := nextPuzzle(ann)
	if !first.SignedIn || first.Answered != 0 || first.Rating.Rating != ratings.Start || first.Rating.RD != ratings.StartRD {
		t.Errorf("Ann's first next: %+v", first)
	}
	checkNearest(t, acc, set, annID, first)
	x := first.ID
	px, _ := set.Get(x)
	right := answerPuzzle(ann, x, px.Answer)
	if !right.Correct || right.Rated == nil || !right.Rated.Counted || right.Rated.After.Rating <= right.Rated.Before.Rating || right.Rated.Answered != 1 {
		t.Fatalf("Ann's right answer to %d: %+v (rated %+v)", x, right, right.Rated)
	}
	stored, _ := acc.PuzzleRatings(ctx, puzzles.SetName, []int{x})
	seedX, _ := set.Seed(x)
	if len(stored) != 1 || stored[0].R >= seedX.R || stored[0].Answers != 1 || right.PuzzleRating.Rating != seedX.R {
		t.Errorf("puzzle %d after Ann solved it: %+v (seed %v, shown %+v); want it lower than its seed", x, stored, seedX, right.PuzzleRating)
	}
	after1 := right.Rated.After.Rating

	// Again, wrong this time: not counted, nothing moves.
	clock.Add(time.Minute)
	again := answerPuzzle(ann, x, wrongAction(t, set, x))
	if again.Correct || again.Rated == nil || again.Rated.Counted || again.Rated.Why == "" || again.Rated.After.Rating != after1 {
		t.Errorf("Ann's second answer to %d: %+v (rated %+v); want it not counted", x, again, again.Rated)
	}
	if again2, _ := acc.PuzzleRatings(ctx, puzzles.SetName, []int{x}); again2[0] != stored[0] {
		t.Errorf("a second answer moved puzzle %d: %+v", x, again2)
	}

	// A wrong first answer to another puzzle lowers her rating.
	next := nextPuzzle(ann)
	checkNearest(t, acc, set, annID, next)
	if next.ID == x || next.Rating.Rating != after1 || next.Answered != 1 {
		t.Errorf("Ann's next after one answer: %+v", next)
	}
	y := next.ID
	wrong := answerPuzzle(ann, y, wrongAction(t, set, y))
	if wrong.Rated == nil || !wrong.Rated.Counted || wrong.Rated.After.Rating >= after1 {
		t.Errorf("Ann's wrong answer to %d: %+v", y, wrong.Rated)
	}

	// Bob's answer to x is rated against x as Ann left it.
	bob := ts.SignedUp("Bob")
	b := answerPuzzle(bob, x, wrongAction(t, set, x))
	if b.PuzzleRating.Rating != stored[0].R || !b.Rated.Counted {
		t.Errorf("Bob's answer to %d met the puzzle at %+v; Ann left it at %.1f", x, b.PuzzleRating, stored[0].R)
	}

	var prof account.Profile
	ann.Do("GET", "/api/users/Ann", nil, nil, &prof)
	var pr *account.Rating
	for i := range prof.Ratings {
		if prof.Ratings[i].Category == ratings.RegicidePuzzles {
			pr = &prof.Ratings[i]
		}
	}
	if pr == nil || pr.Games != 2 || len(pr.History) != 2 || pr.History[0].Puzzle != x || pr.History[1].Puzzle != y ||
		pr.History[0].Rating != after1 || pr.Rating != wrong.Rated.After.Rating || pr.Title != "Regicide puzzles" || pr.Rank != 0 || !pr.Provisional {
		t.Errorf("Ann's profile's puzzle rating: %+v", pr)
	}
	var board account.Leaderboard
	ann.Do("GET", "/api/leaderboards/regicide-puzzles?around=me", nil, nil, &board)
	if len(board.Entries) != 0 || board.Me == nil || board.Me.Name != "Ann" || !board.Me.Provisional || board.Title != "Regicide puzzles" {
		t.Errorf("the puzzles' leaderboard around Ann (both provisional after two answers, so off the board): %+v", board)
	}
	var exp account.Export
	ann.Do("GET", "/api/account/export", nil, nil, &exp)
	if len(exp.Puzzles) != 2 || exp.Puzzles[0].Puzzle != x || !exp.Puzzles[0].Correct || exp.Puzzles[1].Correct || exp.Puzzles[0].Rating != after1 {
		t.Errorf("Ann's export's puzzles: %+v", exp.Puzzles)
	}

	// Six answers at once: every one counted once.
	var wg sync.WaitGroup
	for i := range 6 {
		id := set.Puzzles[len(set.Puzzles)/2+i].ID
		wg.Go(func() { answerPuzzle(ann, id, wrongAction(t, set, id)) })
	}
	wg.Wait()
	if rs, _ := acc.Ratings(ctx, ratings.RegicidePuzzles, []string{annID}); len(rs) != 1 || rs[0].Games != 8 {
		t.Errorf("after six answers at once Ann's rating is %+v; want 8 counted answers", rs)
	}
}

// TestPuzzleRatingWithoutAccounts: a server without accounts answers as
// before, with no rating, and serves no next puzzle.
func TestPuzzleRatingWithoutAccounts(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	set, _ := puzzles.Shipped()
	var out answerResp
	if code := ts.Do("POST", "/api/puzzles/regicide/2/answer", map[string]string{"action": set.Puzzles[1].Answer}, &out); code != 200 || !out.Correct || out.Rated != nil || out.PuzzleRating != nil {
		t.Errorf("an answer without accounts: %d %+v", code, out)
	}
	var next account.NextPuzzle
	if code := ts.Do("GET", "/api/puzzles/regicide/next", nil, &next); code != 200 || next.Accounts || next.SignedIn || next.ID != 0 {
		t.Errorf("next without accounts: %d %+v", code, next)
	}
}
