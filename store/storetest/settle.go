package storetest

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/store"
)

func dailyTable(id string, at time.Time) store.Table {
	return store.Table{ID: id, Game: "regicide", Options: map[string]string{"players": "1"}, Seed: 99,
		Seats: []store.Seat{{Name: "Ann", Kind: "human", Token: "hash-" + id}}, Created: at, Daily: "2026-12-01"}
}

func testDaily(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	mustUser(t, s, "u1", "Ann")
	if err := s.StartDaily(ctx, dailyTable("d1", epoch), "2026-12-01", "u1"); err != nil {
		t.Fatal(err)
	}
	if got := get(t, s, "d1"); got.Daily != "2026-12-01" || len(got.Seats) != 1 {
		t.Errorf("StartDaily stored the table as %+v", got)
	}
	wantErr(t, "a second StartDaily the same day", s.StartDaily(ctx, dailyTable("d2", epoch.Add(time.Minute)), "2026-12-01", "u1"), store.ErrConflict)
	if _, err := s.Table(ctx, "d2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused second attempt left its table: %v", err)
	}
	wantErr(t, "StartDaily of a taken table id", s.StartDaily(ctx, dailyTable("d1", epoch), "2026-12-02", "u1"), store.ErrConflict)
	if _, err := s.DailyAttempt(ctx, "2026-12-02", "u1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused attempt (its table id taken) is there: %v", err)
	}
	if err := s.StartDaily(ctx, dailyTable("d3", epoch.Add(24*time.Hour)), "2026-12-02", "u1"); err != nil {
		t.Fatalf("the next day's attempt: %v", err)
	}
	d, err := s.DailyAttempt(ctx, "2026-12-01", "u1")
	if err != nil || d.Table != "d1" || d.User != "u1" || d.Name != "Ann" || !d.Finished.IsZero() || !d.Started.Equal(epoch.Truncate(time.Microsecond)) {
		t.Errorf("DailyAttempt = %+v, %v", d, err)
	}
	if d, err := s.DailyByTable(ctx, "d3"); err != nil || d.Day != "2026-12-02" {
		t.Errorf("DailyByTable(d3) = %+v, %v", d, err)
	}
	_, err = s.DailyByTable(ctx, "t9")
	wantErr(t, "DailyByTable of no attempt", err, store.ErrNotFound)
	if list, err := s.UserDaily(ctx, "u1", 10); err != nil || len(list) != 2 || list[0].Day != "2026-12-02" {
		t.Errorf("UserDaily = %+v, %v; want two, newest first", list, err)
	}
	_, err = s.DailyVerdict(ctx, "2026-12-01")
	wantErr(t, "DailyVerdict before one is set", err, store.ErrNotFound)
	if err := s.SetDailyVerdict(ctx, "2026-12-01", `{"winnable":true}`, epoch); err != nil {
		t.Fatal(err)
	}
	if err := s.SetDailyVerdict(ctx, "2026-12-01", `{"winnable":false}`, epoch); err != nil {
		t.Fatal(err)
	}
	if v, err := s.DailyVerdict(ctx, "2026-12-01"); err != nil || v != `{"winnable":true}` {
		t.Errorf("DailyVerdict = %q, %v; want the first one set", v, err)
	}
}

// finishDaily settles daily table id with a result.
func finishDaily(t *testing.T, s AccountStore, id string, at time.Time, d store.DailyAttempt) {
	t.Helper()
	res := engine.Result{Over: true, End: "won", Winners: []int{}, Returns: []float64{float64(d.Enemies) / 12}, Length: d.Actions}
	if err := s.Settle(ctx, store.Settlement{Table: id, Result: res, At: at, Daily: &d}); err != nil {
		t.Fatalf("Settle(%s): %v", id, err)
	}
}

func testDailyBoard(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	type entry struct {
		user                    string
		grade, enemies, actions int
		finish                  time.Duration
	}
	entries := []entry{
		{"silver", 2, 12, 60, 1}, {"gold-slow", 3, 12, 90, 2}, {"gold-fast", 3, 12, 70, 3},
		{"loss-8", 0, 8, 40, 4}, {"loss-10", 0, 10, 80, 5}, {"gold-fast-late", 3, 12, 70, 6}, {"playing", 0, 0, 0, 0},
		{"aborted", 0, 0, 0, 7},
	}
	for i, e := range entries {
		mustUser(t, s, e.user, e.user)
		id := fmt.Sprintf("d%d", i)
		if err := s.StartDaily(ctx, dailyTable(id, epoch), "2026-12-01", e.user); err != nil {
			t.Fatal(err)
		}
		if e.finish > 0 {
			finishDaily(t, s, id, epoch.Add(e.finish*time.Minute), store.DailyAttempt{Won: e.grade > 0, Grade: e.grade, Enemies: e.enemies, Actions: e.actions,
				Aborted: e.user == "aborted"})
		}
	}
	board, err := s.DailyBoard(ctx, "2026-12-01", 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range board {
		got = append(got, d.Name)
	}
	want := "[gold-fast gold-fast-late gold-slow silver loss-10 loss-8 aborted]"
	if fmt.Sprint(got) != want {
		t.Errorf("DailyBoard = %v, want %v (played before aborted, grade, enemies, fewer actions, earlier finish; unfinished left out)", got, want)
	}
	if last := board[len(board)-1]; !last.Aborted || board[0].Aborted {
		t.Errorf("the aborted attempt reads %+v, the first %+v", last, board[0])
	}
	if d := board[0]; !d.Won || d.Grade != 3 || d.Enemies != 12 || d.Actions != 70 || !d.Finished.Equal(epoch.Add(3*time.Minute).Truncate(time.Microsecond)) {
		t.Errorf("the board's first entry: %+v", d)
	}
	if page, err := s.DailyBoard(ctx, "2026-12-01", 2, 2); err != nil || len(page) != 2 || page[0].Name != "gold-slow" {
		t.Errorf("DailyBoard from 2, 2 of them: %+v, %v", page, err)
	}
	if other, err := s.DailyBoard(ctx, "2026-12-02", 0, 10); err != nil || len(other) != 0 {
		t.Errorf("another day's board: %+v, %v", other, err)
	}
}

// twoPlayer is a rated two-seat table.
func twoPlayer(id string) store.Table {
	return store.Table{ID: id, Game: "watchtower", Options: map[string]string{"players": "2"}, Seed: 5, Rated: true,
		Seats: []store.Seat{{Name: "Ann", Kind: "human", Token: "ta"}, {Name: "Bob", Kind: "human", Token: "tb"}}, Created: epoch}
}

var won = engine.Result{Over: true, End: "won", Winners: []int{0}, Returns: []float64{1, -1}, Length: 30}

func change(before store.Rating, r float64) store.RatingChange {
	return store.RatingChange{Before: before, After: store.Rating{R: r, RD: before.RD - 10, Vol: 0.06}}
}

func newRating(user string) store.Rating {
	return store.Rating{User: user, Category: "watchtower", R: 1500, RD: 350, Vol: 0.06}
}

func testSettle(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	mustUser(t, s, "u1", "Ann")
	mustUser(t, s, "u2", "Bob")
	create(t, s, twoPlayer("g1"))
	at := epoch.Add(time.Hour)
	if err := s.Settle(ctx, store.Settlement{Table: "g1", Result: won, At: at,
		Ratings: []store.RatingChange{change(newRating("u1"), 1662), change(newRating("u2"), 1338)}}); err != nil {
		t.Fatal(err)
	}
	tb := get(t, s, "g1")
	if tb.Result == nil || !tb.Finished.Equal(at.Truncate(time.Microsecond)) || tb.Result.Winners[0] != 0 {
		t.Errorf("after Settle the table is %+v", tb)
	}
	rs, err := s.Ratings(ctx, "watchtower", []string{"u2", "u1", "nobody"})
	if err != nil || len(rs) != 2 || rs[0].User != "u1" || rs[0].R != 1662 || rs[0].RD != 340 || rs[0].Games != 1 || rs[0].Name != "Ann" ||
		rs[1].R != 1338 || !rs[0].Updated.Equal(at.Truncate(time.Microsecond)) {
		t.Errorf("Ratings = %+v, %v", rs, err)
	}
	create(t, s, twoPlayer("g2"))
	at2 := at.Add(time.Hour)
	lost := change(rs[1], 1300)
	lost.Outcome, lost.GaveUp = "lost", "left"
	won2 := change(rs[0], 1700)
	won2.Outcome = "won"
	if err := s.Settle(ctx, store.Settlement{Table: "g2", Result: won, At: at2,
		Ratings: []store.RatingChange{won2, lost}}); err != nil {
		t.Fatal(err)
	}
	h, err := s.RatingHistory(ctx, "u1", "watchtower", 0)
	if err != nil || len(h) != 2 || h[0].Table != "g1" || h[0].R != 1662 || h[1].Table != "g2" || h[1].R != 1700 || !h[1].At.Equal(at2.Truncate(time.Microsecond)) ||
		h[0].Outcome != "" || h[1].Outcome != "won" || h[1].GaveUp != "" {
		t.Errorf("RatingHistory = %+v, %v", h, err)
	}
	if hb, _ := s.RatingHistory(ctx, "u2", "watchtower", 0); len(hb) != 2 || hb[1].Outcome != "lost" || hb[1].GaveUp != "left" {
		t.Errorf("the loser's history keeps the game's rated result: %+v", hb)
	}
	if h, _ := s.RatingHistory(ctx, "u1", "watchtower", 1); len(h) != 1 || h[0].Table != "g2" {
		t.Errorf("RatingHistory's last 1: %+v", h)
	}
	if mine, err := s.UserRatings(ctx, "u1"); err != nil || len(mine) != 1 || mine[0].Games != 2 || mine[0].Category != "watchtower" {
		t.Errorf("UserRatings = %+v, %v", mine, err)
	}
	wantErr(t, "Settle of no table", s.Settle(ctx, store.Settlement{Table: "gone", Result: won, At: at}), store.ErrNotFound)
	create(t, s, twoPlayer("g3"))
	wantErr(t, "Settle fenced by a lease epoch on a lone store",
		s.Settle(ctx, store.Settlement{Table: "g3", Epoch: 1, Result: won, At: at}), store.ErrFenced)
	if _, ok := s.(store.Leases); !ok {
		if tb := get(t, s, "g3"); tb.Result != nil {
			t.Error("a fenced Settle finished the table")
		}
	}
	// A seat whose account was deleted is skipped; the rest is written.
	mustUser(t, s, "u3", "Cleo")
	if err := s.DeleteUser(ctx, "u3", "former player"); err != nil {
		t.Fatal(err)
	}
	create(t, s, twoPlayer("g4"))
	if err := s.Settle(ctx, store.Settlement{Table: "g4", Result: won, At: at2,
		Ratings: []store.RatingChange{change(newRating("u3"), 1600), change(h2(t, s, "u2"), 1290)}}); err != nil {
		t.Fatalf("Settle with a deleted user's rating: %v", err)
	}
	if rs, _ := s.Ratings(ctx, "watchtower", []string{"u3"}); len(rs) != 0 {
		t.Errorf("a deleted user got a rating: %+v", rs)
	}
}

// h2 is user's watchtower rating as stored.
func h2(t *testing.T, s AccountStore, user string) store.Rating {
	t.Helper()
	rs, err := s.Ratings(ctx, "watchtower", []string{user})
	if err != nil || len(rs) != 1 {
		t.Fatalf("Ratings(%s) = %+v, %v", user, rs, err)
	}
	return rs[0]
}

// testSettleOnce: a table is settled once; a second settlement (another
// node finishing the same game) writes nothing, ratings included.
func testSettleOnce(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	mustUser(t, s, "u1", "Ann")
	create(t, s, twoPlayer("g1"))
	if err := s.Settle(ctx, store.Settlement{Table: "g1", Result: won, At: epoch, Ratings: []store.RatingChange{change(newRating("u1"), 1600)}}); err != nil {
		t.Fatal(err)
	}
	r := h2(t, s, "u1")
	wantErr(t, "a second Settle", s.Settle(ctx, store.Settlement{Table: "g1", Result: won, At: epoch, Ratings: []store.RatingChange{change(r, 1700)}}), store.ErrConflict)
	if again := h2(t, s, "u1"); again.R != 1600 || again.Games != 1 {
		t.Errorf("a refused Settle moved the rating: %+v", again)
	}
	wantErr(t, "Finish after Settle", s.Finish(ctx, "g1", won, epoch), store.ErrConflict)
	create(t, s, twoPlayer("g2"))
	if err := s.Finish(ctx, "g2", won, epoch); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "Settle after Finish", s.Settle(ctx, store.Settlement{Table: "g2", Result: won, At: epoch, Ratings: []store.RatingChange{change(r, 1700)}}), store.ErrConflict)
	if h, _ := s.RatingHistory(ctx, "u1", "watchtower", 0); len(h) != 1 {
		t.Errorf("history after refused settlements: %+v", h)
	}
}

// testSettleStale: a rating read before another game moved it is refused
// whole: the table stays unfinished and no rating moves.
func testSettleStale(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	mustUser(t, s, "u1", "Ann")
	mustUser(t, s, "u2", "Bob")
	create(t, s, twoPlayer("g1"))
	create(t, s, twoPlayer("g2"))
	stale := newRating("u1")
	if err := s.Settle(ctx, store.Settlement{Table: "g1", Result: won, At: epoch, Ratings: []store.RatingChange{change(stale, 1600)}}); err != nil {
		t.Fatal(err)
	}
	err := s.Settle(ctx, store.Settlement{Table: "g2", Result: won, At: epoch,
		Ratings: []store.RatingChange{change(newRating("u2"), 1400), change(stale, 1650)}})
	wantErr(t, "Settle from a stale first rating", err, store.ErrStale)
	if tb := get(t, s, "g2"); tb.Result != nil {
		t.Error("a stale Settle finished the table")
	}
	if rs, _ := s.Ratings(ctx, "watchtower", []string{"u2"}); len(rs) != 0 {
		t.Errorf("a stale Settle wrote another seat's rating: %+v", rs)
	}
	cur := h2(t, s, "u1")
	cur.Games = 7
	wantErr(t, "Settle from a wrong version", s.Settle(ctx, store.Settlement{Table: "g2", Result: won, At: epoch, Ratings: []store.RatingChange{change(cur, 1650)}}), store.ErrStale)
	cur.Games = 1
	if err := s.Settle(ctx, store.Settlement{Table: "g2", Result: won, At: epoch, Ratings: []store.RatingChange{change(cur, 1650)}}); err != nil {
		t.Errorf("Settle from the current rating: %v", err)
	}
}

// testSettleRace: many goroutines settle one table, each from the same
// rating: exactly one is written. Then many tables of one player settle at
// once, each retrying from a fresh read on ErrStale: every game counts.
func testSettleRace(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	mustUser(t, s, "u1", "Ann")
	create(t, s, twoPlayer("g0"))
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok := 0
	for i := range 8 {
		wg.Go(func() {
			err := s.Settle(ctx, store.Settlement{Table: "g0", Result: won, At: epoch, Ratings: []store.RatingChange{change(newRating("u1"), 1500+float64(i))}})
			if err == nil {
				mu.Lock()
				ok++
				mu.Unlock()
			} else if !errors.Is(err, store.ErrConflict) && !errors.Is(err, store.ErrStale) {
				t.Errorf("a racing Settle: %v", err)
			}
		})
	}
	wg.Wait()
	if r := h2(t, s, "u1"); ok != 1 || r.Games != 1 {
		t.Fatalf("8 settlements of one table at once: %d written, rating %+v; want exactly one", ok, r)
	}
	const games = 6
	for i := 1; i <= games; i++ {
		create(t, s, twoPlayer(fmt.Sprintf("g%d", i)))
	}
	for i := 1; i <= games; i++ {
		wg.Go(func() {
			for {
				cur := h2(t, s, "u1")
				err := s.Settle(ctx, store.Settlement{Table: fmt.Sprintf("g%d", i), Result: won, At: epoch, Ratings: []store.RatingChange{change(cur, cur.R+1)}})
				if !errors.Is(err, store.ErrStale) {
					if err != nil {
						t.Errorf("Settle(g%d): %v", i, err)
					}
					return
				}
			}
		})
	}
	wg.Wait()
	if r := h2(t, s, "u1"); r.Games != games+1 {
		t.Errorf("after %d games settled at once: %+v; want %d games", games, r, games+1)
	}
	if h, _ := s.RatingHistory(ctx, "u1", "watchtower", 0); len(h) != games+1 {
		t.Errorf("history holds %d points, want %d", len(h), games+1)
	}
}

func testLeaderboard(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	for i, r := range []float64{1500, 1720, 1610, 1720, 1390} {
		id := fmt.Sprintf("u%d", i)
		mustUser(t, s, id, "p"+id)
		tb := twoPlayer("g" + id)
		create(t, s, tb)
		if err := s.Settle(ctx, store.Settlement{Table: tb.ID, Result: won, At: epoch, Ratings: []store.RatingChange{change(newRating(id), r)}}); err != nil {
			t.Fatal(err)
		}
	}
	board, err := s.Leaderboard(ctx, "watchtower", everyone, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range board {
		got = append(got, r.User)
	}
	if fmt.Sprint(got) != "[u1 u3 u2 u0 u4]" {
		t.Errorf("Leaderboard = %v, want [u1 u3 u2 u0 u4] (highest first, ties by id)", got)
	}
	if page, err := s.Leaderboard(ctx, "watchtower", everyone, 3, 5); err != nil || len(page) != 2 || page[0].User != "u0" || page[0].Name != "pu0" {
		t.Errorf("Leaderboard from 3: %+v, %v", page, err)
	}
	for user, want := range map[string]int{"u1": 1, "u3": 2, "u2": 3, "u0": 4, "u4": 5} {
		if rank, err := s.RatingRank(ctx, "watchtower", user, everyone); err != nil || rank != want {
			t.Errorf("RatingRank(%s) = %d, %v; want %d", user, rank, err, want)
		}
	}
	_, err = s.RatingRank(ctx, "war-slap", "u1", everyone)
	wantErr(t, "RatingRank without a rating", err, store.ErrNotFound)
	if other, err := s.Leaderboard(ctx, "war-slap", everyone, 0, 10); err != nil || len(other) != 0 {
		t.Errorf("another category's board: %+v, %v", other, err)
	}
}

// everyone is a leaderboard's selection that leaves nobody out.
var everyone = store.Established{Now: epoch, MaxRD: 1e9, Scale: 1}

// testLeaderboardEstablished: a leaderboard leaves out the ratings whose
// deviation, grown for the days since their last game, is above MaxRD.
func testLeaderboardEstablished(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	// RD 60, 100 and 120 at epoch, volatility 0.06, Glicko-2's scale:
	// each day adds (0.06·173.7178)² = 108.6 to RD².
	for i, rd := range []float64{60, 100, 120} {
		id := fmt.Sprintf("u%d", i)
		mustUser(t, s, id, "p"+id)
		tb := twoPlayer("g" + id)
		create(t, s, tb)
		c := store.RatingChange{Before: newRating(id), After: store.Rating{R: 1600 - 10*float64(i), RD: rd, Vol: 0.06}}
		if err := s.Settle(ctx, store.Settlement{Table: tb.ID, Result: won, At: epoch, Ratings: []store.RatingChange{c}}); err != nil {
			t.Fatal(err)
		}
	}
	scale := 400 / math.Ln10
	for _, c := range []struct {
		days float64
		want string
	}{{0, "[u0 u1]"}, {19, "[u0 u1]"}, {20, "[u0]"}, {78, "[u0]"}, {79, "[]"}} {
		est := store.Established{Now: epoch.Add(time.Duration(c.days * 24 * float64(time.Hour))), MaxRD: 110, Scale: scale}
		board, err := s.Leaderboard(ctx, "watchtower", est, 0, 10)
		got := []string{}
		for _, r := range board {
			got = append(got, r.User)
		}
		if err != nil || fmt.Sprint(got) != c.want {
			t.Errorf("after %v days the board is %v, %v; want %s", c.days, got, err, c.want)
		}
		rank, err := s.RatingRank(ctx, "watchtower", "u1", est)
		if in := strings.Contains(c.want, "u1"); in != (err == nil) || (in && rank != 2) {
			t.Errorf("after %v days u1's rank is %d, %v", c.days, rank, err)
		}
		for _, r := range []store.Rating{{RD: 60, Vol: 0.06, Updated: epoch}, {RD: 120, Vol: 0.06, Updated: epoch}} {
			if est.Holds(r) != (r.RD == 60 && c.days < 79) {
				t.Errorf("Holds(%v) after %v days: %v", r.RD, c.days, est.Holds(r))
			}
		}
	}
}

// testSignUps: an address's sign-ups are counted in a window; past the
// bound nothing is counted; a returned one may be taken again; a new
// window starts once the old one is over; two addresses count apart.
func testSignUps(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	take := func(addr string, at time.Time) bool {
		t.Helper()
		ok, err := s.TakeSignUp(ctx, addr, 3, at)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	for i := range 3 {
		if !take("a", epoch.Add(time.Duration(i)*time.Minute)) {
			t.Fatalf("sign-up %d of 3 refused", i+1)
		}
	}
	if take("a", epoch.Add(time.Hour)) {
		t.Error("a fourth sign-up in the window was counted")
	}
	if !take("b", epoch.Add(time.Hour)) {
		t.Error("another address was refused")
	}
	if err := s.ReturnSignUp(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	if !take("a", epoch.Add(2*time.Hour)) || take("a", epoch.Add(2*time.Hour)) {
		t.Error("a returned sign-up is not taken exactly once again")
	}
	if !take("a", epoch.Add(store.SignUpWindow)) {
		t.Error("the window is over, yet the address is refused")
	}
	if err := s.PurgeExpired(ctx, epoch.Add(3*store.SignUpWindow)); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if !take("a", epoch.Add(3*store.SignUpWindow)) {
			t.Error("after the purge the address starts again")
		}
	}
}

// testSignUpRace: ten sign-ups at once from one address count at most
// the bound.
func testSignUpRace(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	var wg sync.WaitGroup
	var mu sync.Mutex
	taken := 0
	for range 10 {
		wg.Go(func() {
			ok, err := s.TakeSignUp(ctx, "a", 3, epoch)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			defer mu.Unlock()
			if ok {
				taken++
			}
		})
	}
	wg.Wait()
	if taken != 3 {
		t.Errorf("10 sign-ups at once with a bound of 3: %d counted", taken)
	}
}

func testDeleteUser(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	mustUser(t, s, "u1", "Ann")
	mustUser(t, s, "u2", "Bob")
	tb := twoPlayer("g1")
	create(t, s, tb)
	for i, u := range []string{"u1", "u2"} {
		if err := s.LinkSeat(ctx, "g1", i, tb.Seats[i].Token, u); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Settle(ctx, store.Settlement{Table: "g1", Result: won, At: epoch,
		Ratings: []store.RatingChange{change(newRating("u1"), 1600), change(newRating("u2"), 1400)}}); err != nil {
		t.Fatal(err)
	}
	if err := s.StartDaily(ctx, dailyTable("d1", epoch), "2026-12-01", "u1"); err != nil {
		t.Fatal(err)
	}
	finishDaily(t, s, "d1", epoch, store.DailyAttempt{Won: true, Grade: 3, Enemies: 12, Actions: 50})
	if err := s.CreateSession(ctx, store.Session{ID: "s1", User: "u1", Created: epoch, Seen: epoch, Expires: epoch.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddPasskey(ctx, store.Passkey{ID: "k1", User: "u1", Data: "{}", Created: epoch}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteUser(ctx, "u1", "former player"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.User(ctx, "u1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the deleted user is there: %v", err)
	}
	g := get(t, s, "g1")
	if g.Seats[0].Name != "former player" || g.Seats[1].Name != "Bob" || g.Result == nil {
		t.Errorf("the deleted user's table: %+v; want seat 1 anonymised, the rest kept", g)
	}
	if links, _ := s.SeatAccounts(ctx, []string{"g1"}); len(links) != 1 || links[0].User != "u2" {
		t.Errorf("links after the deletion: %+v", links)
	}
	if _, _, err := s.Session(ctx, "s1", epoch); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the deleted user's session lives: %v", err)
	}
	if _, err := s.Passkey(ctx, "k1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the deleted user's passkey is there: %v", err)
	}
	if rs, _ := s.Leaderboard(ctx, "watchtower", everyone, 0, 10); len(rs) != 1 || rs[0].User != "u2" {
		t.Errorf("the board after the deletion: %+v", rs)
	}
	if h, _ := s.RatingHistory(ctx, "u1", "watchtower", 0); len(h) != 0 {
		t.Errorf("the deleted user's history is there: %+v", h)
	}
	board, _ := s.DailyBoard(ctx, "2026-12-01", 0, 10)
	if len(board) != 1 || board[0].User != "" || board[0].Name != "" || board[0].Grade != 3 {
		t.Errorf("the daily board after the deletion: %+v; want the attempt kept without its user", board)
	}
	if err := s.CreateUser(ctx, user("u9", "Ann")); err != nil {
		t.Errorf("the deleted user's name is not free again: %v", err)
	}
	wantErr(t, "DeleteUser of no user", s.DeleteUser(ctx, "u1", "former player"), store.ErrNotFound)
}

// testAccountsReopen: accounts survive closing and opening the store.
func testAccountsReopen(t *testing.T, open Open) {
	s, name := freshAccounts(t, open)
	mustUser(t, s, "u1", "Ann")
	if err := s.CreateSession(ctx, store.Session{ID: "s1", User: "u1", Created: epoch, Seen: epoch, Expires: epoch.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	create(t, s, twoPlayer("g1"))
	if err := s.Settle(ctx, store.Settlement{Table: "g1", Result: won, At: epoch, Ratings: []store.RatingChange{change(newRating("u1"), 1600)}}); err != nil {
		t.Fatal(err)
	}
	secret, _ := s.Secret(ctx, "daily", "abc")
	s.Close()
	again, ok := open(t, name).(AccountStore)
	if !ok {
		t.Fatal("the reopened store has no accounts")
	}
	if _, u, err := again.Session(ctx, "s1", epoch); err != nil || u.Name != "Ann" {
		t.Errorf("after reopening, the session: %+v, %v", u, err)
	}
	if r := h2(t, again, "u1"); r.R != 1600 {
		t.Errorf("after reopening, the rating: %+v", r)
	}
	if v, _ := again.Secret(ctx, "daily", "other"); v != secret {
		t.Errorf("after reopening, the secret is %q, want %q", v, secret)
	}
}
