package account

import (
	"context"
	"errors"
	"hash/fnv"
	"math"
	"net/http"
	"strconv"

	"cardtable/puzzles"
	"cardtable/ratings"
	"cardtable/server/httpjson"
	"cardtable/store"
)

// The puzzle rating (docs/puzzles.md): a signed-in player's first answer
// to a puzzle is a rated game between the player and the puzzle
// (ratings.System.Answer), written with the answer in one transaction
// (store.SettlePuzzle), so a second answer to the same puzzle, on any
// node, is never rated. A puzzle nobody has answered stands at its seed
// (puzzles.Set.Seed). For a signed-in player, GET .../next is the
// unanswered puzzle nearest their rating. Guests are never rated.
//
//	GET  /api/puzzles/regicide/next    NextPuzzle

// RatingBrief is a rating as the puzzles page shows it.
type RatingBrief struct {
	Rating      float64 `json:"rating"`
	RD          float64 `json:"rd"`
	Provisional bool    `json:"provisional"`
}

func brief(r ratings.Rating) *RatingBrief {
	return &RatingBrief{Rating: r.R, RD: r.RD, Provisional: r.Provisional()}
}

// answerJSON is the answer to an answer: the outcome, the puzzle's
// rating before it and, signed in, what it did to the player's rating.
type answerJSON struct {
	*puzzles.Outcome
	PuzzleRating *RatingBrief     `json:"puzzle_rating,omitempty"`
	Rated        *puzzleRatedJSON `json:"rated,omitempty"`
}

// puzzleRatedJSON is a signed-in answer's effect on the player's rating:
// counted (the first answer to the puzzle) with the rating before and
// after, or not counted and why.
type puzzleRatedJSON struct {
	Counted bool         `json:"counted"`
	Why     string       `json:"why,omitempty"`
	Before  *RatingBrief `json:"before,omitempty"`
	After   *RatingBrief `json:"after,omitempty"`
	// Answered counts the player's counted answers.
	Answered int `json:"answered"`
}

// NextPuzzle is the puzzle served to a signed-in player: the
// unanswered puzzle whose rating is nearest theirs (ID 0 when every
// puzzle is answered). A guest gets only signed_in false.
type NextPuzzle struct {
	// Accounts says whether the server keeps accounts (and so ratings).
	Accounts     bool         `json:"accounts"`
	SignedIn     bool         `json:"signed_in"`
	ID           int          `json:"id,omitempty"`
	PuzzleRating *RatingBrief `json:"puzzle_rating,omitempty"`
	// Rating is the player's puzzle rating (a new player's before the
	// first counted answer).
	Rating   *RatingBrief `json:"rating,omitempty"`
	Answered int          `json:"answered"`
	Count    int          `json:"count"`
}

// maxPuzzleTries bounds the reads and writes of one counted answer when
// other answers keep moving the same ratings (store.ErrStale).
const maxPuzzleTries = 8

// currentPuzzle is puzzle id's rating now: stored, or its seed.
func (s *Accounts) currentPuzzle(ctx context.Context, set *puzzles.Set, id int) (store.PuzzleRating, error) {
	ps, err := s.acc.st.PuzzleRatings(ctx, puzzles.SetName, []int{id})
	if err != nil {
		return store.PuzzleRating{}, err
	}
	if len(ps) == 1 {
		return ps[0], nil
	}
	seed, err := set.Seed(id)
	return store.PuzzleRating{Set: puzzles.SetName, Puzzle: id, R: seed.R, RD: seed.RD, Vol: seed.Vol}, err
}

// playerPuzzleRating is u's puzzle rating as stored (Games 0: none yet,
// a new player's).
func (s *Accounts) playerPuzzleRating(ctx context.Context, u *store.User) (store.Rating, error) {
	rs, err := s.acc.st.Ratings(ctx, ratings.RegicidePuzzles, []string{u.ID})
	if err != nil {
		return store.Rating{}, err
	}
	if len(rs) == 1 {
		return rs[0], nil
	}
	n := ratings.New()
	return store.Rating{User: u.ID, Name: u.Name, Category: ratings.RegicidePuzzles, R: n.R, RD: n.RD, Vol: n.Vol}, nil
}

// ratePuzzle rates u's answer out to puzzle id of set, unless u answered
// it before. It returns the puzzle's rating before the answer.
func (s *Accounts) ratePuzzle(ctx context.Context, u *store.User, set *puzzles.Set, out *puzzles.Outcome) (*puzzleRatedJSON, ratings.Rating, error) {
	for range maxPuzzleTries {
		before, err := s.playerPuzzleRating(ctx, u)
		if err != nil {
			return nil, ratings.Rating{}, err
		}
		pb, err := s.currentPuzzle(ctx, set, out.ID)
		if err != nil {
			return nil, ratings.Rating{}, err
		}
		now := s.accNow()
		player := ratings.Rating{R: before.R, RD: before.RD, Vol: before.Vol}
		if before.Games > 0 {
			player = ratings.Idle(player, now.Sub(before.Updated).Hours()/24)
		}
		puzzle := ratings.Rating{R: pb.R, RD: pb.RD, Vol: pb.Vol}
		after, pa, err := ratings.System{}.Answer(player, puzzle, out.Correct)
		if err != nil {
			return nil, puzzle, err
		}
		err = s.acc.st.SettlePuzzle(ctx, store.PuzzleSettlement{
			Answer:       store.PuzzleAnswer{User: u.ID, Set: puzzles.SetName, Puzzle: out.ID, At: now, Action: out.Action, Correct: out.Correct},
			User:         store.RatingChange{Before: before, After: store.Rating{R: after.R, RD: after.RD, Vol: after.Vol}},
			PuzzleBefore: pb,
			PuzzleAfter:  store.PuzzleRating{R: pa.R, RD: pa.RD, Vol: pa.Vol},
		})
		switch {
		case err == nil:
			return &puzzleRatedJSON{Counted: true, Before: brief(player), After: brief(after), Answered: before.Games + 1}, puzzle, nil
		case errors.Is(err, store.ErrConflict):
			return &puzzleRatedJSON{Why: "you answered this puzzle before: only your first answer to a puzzle is rated",
				Before: brief(player), After: brief(player), Answered: before.Games}, puzzle, nil
		case !errors.Is(err, store.ErrStale):
			return nil, puzzle, err
		}
	}
	return nil, ratings.Rating{}, errors.New("puzzle rating: the ratings kept moving; try again")
}

func (s *Accounts) handleNextPuzzle(w http.ResponseWriter, r *http.Request) {
	set, err := puzzleSet()
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	theme, ok := s.puzzleTheme(w, r)
	if !ok {
		return
	}
	u, err := s.CurrentUser(r)
	if err != nil || u == nil {
		if err != nil {
			httpjson.Refuse(w, r, s.log, err)
			return
		}
		httpjson.Write(w, http.StatusOK, NextPuzzle{Accounts: s.acc != nil, Count: len(set.Puzzles)})
		return
	}
	out, err := s.nextPuzzle(r.Context(), u, set, theme)
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	httpjson.Write(w, http.StatusOK, out)
}

// nextPuzzle is the unanswered puzzle of set whose rating is nearest u's;
// among equally near ones, the order is u's own (a hash of u's id and the
// puzzle's), so two players do not meet the same sequence.
func (s *Accounts) nextPuzzle(ctx context.Context, u *store.User, set *puzzles.Set, theme string) (NextPuzzle, error) {
	mine, err := s.playerPuzzleRating(ctx, u)
	if err != nil {
		return NextPuzzle{}, err
	}
	answers, err := s.acc.st.PuzzleAnswers(ctx, u.ID, puzzles.SetName, 0)
	if err != nil {
		return NextPuzzle{}, err
	}
	stored, err := s.acc.st.PuzzleRatings(ctx, puzzles.SetName, nil)
	if err != nil {
		return NextPuzzle{}, err
	}
	done := map[int]bool{}
	for _, a := range answers {
		done[a.Puzzle] = true
	}
	now := map[int]ratings.Rating{}
	for _, p := range stored {
		now[p.Puzzle] = ratings.Rating{R: p.R, RD: p.RD, Vol: p.Vol}
	}
	out := NextPuzzle{Accounts: true, SignedIn: true, Rating: brief(ratings.Rating{R: mine.R, RD: mine.RD, Vol: mine.Vol}), Answered: len(answers), Count: len(set.Puzzles)}
	best, bestDist, bestTie := 0, math.Inf(1), uint64(0)
	for _, p := range set.Puzzles {
		if done[p.ID] || theme != "" && !p.HasTheme(theme) {
			continue
		}
		r, ok := now[p.ID]
		if !ok {
			if r, err = set.Seed(p.ID); err != nil {
				return out, err
			}
		}
		dist, tie := math.Abs(r.R-mine.R), tieBreak(u.ID, p.ID)
		if dist < bestDist || dist == bestDist && tie < bestTie {
			best, bestDist, bestTie = p.ID, dist, tie
			out.PuzzleRating = brief(r)
		}
	}
	out.ID = best
	return out, nil
}

// tieBreak orders equally near puzzles for one player.
func tieBreak(user string, id int) uint64 {
	h := fnv.New64a()
	h.Write([]byte(user))
	h.Write([]byte{0})
	h.Write([]byte(strconv.Itoa(id)))
	return h.Sum64()
}
