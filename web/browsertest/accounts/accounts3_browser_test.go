package accounts_test

// What the site records, as a person reads it in Chromium (issue 25,
// docs/accounts.md): a profile's game lines say exactly what each game did
// to the rating ("rated · lost (left to a bot) · −120", "aborted", "won ·
// not rated"), a provisional rating is off the leaderboard; the daily page
// names every tie-break, reads an aborted attempt "aborted" and offers a
// guest a practice deal, never the day's.
//
//	go test ./web/browsertest/accounts -run 'BrowserRatedLines|BrowserDailyHonest' -artifacts -outputdir /tmp/shots

import (
	"context"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"time"

	"cardtable/accounts"
	"cardtable/daily"
	"cardtable/engine"
	"cardtable/store"
	"cardtable/web/webtest"
)

// accountStore is the site's store as accounts see it.
func accountStore(t *testing.T, s *webtest.Site) store.Accounts {
	t.Helper()
	return s.Store
}

// userID is the id of the account called name.
func userID(t *testing.T, st store.Accounts, name string) string {
	t.Helper()
	u, err := st.UserByKey(context.Background(), accounts.Key(name))
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// gameLine is the text of the profile's line for table id.
func gameLine(tb *webtest.Tab, id string) string {
	tb.T.Helper()
	sel := fmt.Sprintf("#games li[data-table=%q]", id)
	tb.Wait("the line of table "+id, fmt.Sprintf("document.querySelector(%q)", sel))
	return tb.Text(sel)
}

// TestBrowserRatedLines: Ann's profile after three games — a rated game
// she left (her bot then won on the board; she is rated as having lost),
// an aborted rated game, an unrated win — says what each did, and her
// provisional rating says it is off the leaderboard.
func TestBrowserRatedLines(t *testing.T) {
	s := webtest.NewAccountSite(t, time.Now)
	tb := s.Tab(t)
	signUp(tb, "Ann")
	st := accountStore(t, s)
	ctx := context.Background()
	if err := st.CreateUser(ctx, store.User{ID: "bob-id", Name: "Bob", Key: accounts.Key("Bob"), Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	ann := userID(t, st, "Ann")
	at := time.Now().Add(-time.Hour)
	mk := func(id string, rated bool, res engine.Result, changes ...store.RatingChange) {
		t.Helper()
		at = at.Add(time.Minute)
		tab := store.Table{ID: id, Game: "watchtower", Options: map[string]string{"players": "2"}, Seed: 3, Rated: rated, Created: at,
			Seats: []store.Seat{{Name: "Ann", Kind: "human", Token: "ta-" + id}, {Name: "Bob", Kind: "human", Token: "tb-" + id}}}
		if err := s.Store.CreateTable(ctx, tab); err != nil {
			t.Fatal(err)
		}
		for i, u := range []string{ann, "bob-id"} {
			if err := st.LinkSeat(ctx, id, i, tab.Seats[i].Token, u); err != nil {
				t.Fatal(err)
			}
		}
		if err := st.Settle(ctx, store.Settlement{Table: id, Result: res, At: at, Ratings: changes}); err != nil {
			t.Fatal(err)
		}
	}
	fresh := func(u string) store.Rating {
		return store.Rating{User: u, Category: "watchtower", R: 1500, RD: 350, Vol: 0.06}
	}
	mk("left1", true, engine.Result{Over: true, End: "won", Winners: []int{0}, Returns: []float64{1, -1}},
		store.RatingChange{Before: fresh(ann), After: store.Rating{R: 1380, RD: 290, Vol: 0.06}, Outcome: "lost", GaveUp: "left"},
		store.RatingChange{Before: fresh("bob-id"), After: store.Rating{R: 1620, RD: 290, Vol: 0.06}, Outcome: "won"})
	mk("abort1", true, engine.Result{Over: true, End: "aborted", Winners: []int{}, Returns: []float64{0, 0}})
	mk("plain1", false, engine.Result{Over: true, End: "won", Winners: []int{0}, Returns: []float64{1, -1}})

	// A rated game against the expert: its end offers a rated rematch,
	// which the bot agrees to at once.
	tb.Open("/")
	webtest.Eval[bool](tb, `(fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"},
		body: JSON.stringify({game: "watchtower", seats: [{kind: "human"}, {kind: "bot", bot: "expert"}], rated: true})})
		.then((r) => r.json()).then((j) => { localStorage.setItem("cardtable.token." + j.id, j.token); window.made = j.id; }), true)`)
	tb.Wait("the rated table", "window.made")
	rated := webtest.Eval[string](tb, "window.made")
	tb.Open("/t/" + rated)
	tb.Wait("the table's actions", `document.querySelector('[data-life="leave"]')`)
	tb.Click(`[data-life="leave"]`)
	tb.Wait("the leave's confirmation saying it is rated", `(document.querySelector('[data-life="leave-yes"]') || {}).textContent === "Leave? Rated: a loss, even if you come back"`)
	shoot(tb, "rated-leave-confirm")
	playOut(t, s, tb, rated)
	tb.Wait("the rematch button", `document.querySelector('[data-life="rematch"]')`)
	if text := tb.Text(`[data-life="rematch"]`); text != "Rated rematch" {
		t.Errorf("a rated table's rematch button says %q", text)
	}
	tb.Click(`[data-life="rematch"]`)
	tb.Wait("the rematch made", `document.querySelector('[data-life="rematch-table"]') || location.pathname !== "/t/`+rated+`"`)
	if next, err := s.Store.Table(ctx, webtest.Eval[string](tb, `location.pathname.slice(3)`)); err != nil || (next.ID != rated && !next.Rated) {
		t.Errorf("the rematch: %+v, %v; want it rated", next, err)
	}

	tb.Open("/u/Ann")
	if line := gameLine(tb, "left1"); !strings.Contains(line, "rated · lost (left to a bot) · −120") || strings.Contains(line, "won") {
		t.Errorf("the game Ann left: %q; want rated · lost (left to a bot) · −120", line)
	}
	if line := gameLine(tb, "abort1"); !strings.Contains(line, "aborted") || strings.Contains(line, "drawn") || strings.Contains(line, "rated ·") {
		t.Errorf("the aborted rated game: %q; want aborted, no rating", line)
	}
	if line := gameLine(tb, "plain1"); !strings.Contains(line, "won") || strings.Contains(line, "rated") {
		t.Errorf("the unrated win: %q", line)
	}
	now := tb.Text(`.rating-card[data-category="watchtower"] .rating-now strong`)
	if card := tb.Text(`.rating-card[data-category="watchtower"]`); !strings.HasSuffix(now, "?") || !strings.Contains(card, "provisional: not on the leaderboard") {
		t.Errorf("Ann's rating card: %q; want provisional, off the leaderboard", card)
	}
	shoot(tb, "profile-rated-lines")

	tb.Open("/leaderboards")
	tb.Wait("the boards", "document.querySelector('#watchtower .provisional-note')")
	if note := tb.Text("#watchtower .provisional-note"); !strings.Contains(note, "Your rating "+now) || !strings.Contains(note, "provisional") {
		t.Errorf("Ann's place on the leaderboard page: %q", note)
	}
	if top := tb.Text("#watchtower table, #watchtower p.muted"); strings.Contains(top, "Bob") {
		t.Errorf("a provisional player is on the board: %q", top)
	}
	shoot(tb, "leaderboards-provisional")
}

// TestBrowserDailyHonest: the daily page names every tie-break of its
// ranking; an aborted attempt reads "aborted" on the board and for its
// player (never "0/12"); a guest is offered a practice deal, which is not
// the day's.
func TestBrowserDailyHonest(t *testing.T) {
	s := webtest.NewAccountSite(t, time.Now)
	ann := s.Tab(t)
	signUp(ann, "Ann")
	st := accountStore(t, s)
	ctx := context.Background()
	if err := st.CreateUser(ctx, store.User{ID: "bob-id", Name: "Bob", Key: accounts.Key("Bob"), Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	day := daily.Day(time.Now())
	attempt := func(id, user string, d store.DailyAttempt, res engine.Result) {
		t.Helper()
		tab := store.Table{ID: id, Game: "regicide", Options: daily.Options(), Seed: 7, Daily: day, Created: time.Now(),
			Seats: []store.Seat{{Name: "x", Kind: "human", Token: "t-" + id}}}
		if err := st.StartDaily(ctx, tab, day, user); err != nil {
			t.Fatal(err)
		}
		if err := st.Settle(ctx, store.Settlement{Table: id, Result: res, At: time.Now(), Daily: &d}); err != nil {
			t.Fatal(err)
		}
	}
	attempt("dann", userID(t, st, "Ann"), store.DailyAttempt{Aborted: true}, engine.Result{Over: true, End: "aborted", Winners: []int{}, Returns: []float64{0}})
	attempt("dbob", "bob-id", store.DailyAttempt{Enemies: 3, Actions: 20}, engine.Result{Over: true, End: "stuck", Winners: []int{}, Returns: []float64{0.25}})

	ann.Open("/daily")
	ann.Wait("the board", "document.querySelector('#daily-board') && document.querySelector('#daily-ranking')")
	if rule := ann.Text("#daily-ranking"); !strings.Contains(rule, "then fewer actions, then the earlier finish") || !strings.Contains(rule, "aborted") {
		t.Errorf("the ranking sentence: %q", rule)
	}
	rows := ann.Text("#daily-board tbody")
	if !strings.Contains(rows, "Bob3/12 enemies20") || !strings.Contains(rows, "Annaborted") || strings.Index(rows, "Bob") > strings.Index(rows, "Ann") {
		t.Errorf("the board: %q; want Bob's 3/12 above Ann's aborted attempt", rows)
	}
	if mine := ann.Text("#daily-mine .big-result"); !strings.Contains(mine, "Aborted") || strings.Contains(mine, "0/12") {
		t.Errorf("Ann's result: %q", mine)
	}
	shoot(ann, "daily-aborted")

	guest := s.Tab(t)
	guest.Open("/daily")
	guest.Wait("the start button", "document.querySelector('#daily-start')")
	if text := guest.Text("#daily-play"); !strings.Contains(text, "Play a practice deal") || !strings.Contains(text, "Sign in to play today's deal") {
		t.Errorf("a guest's offer: %q", text)
	}
	shoot(guest, "daily-guest")
	guest.Click("#daily-start")
	guest.Wait("the practice table", "location.pathname.startsWith('/t/')")
	id := strings.TrimPrefix(webtest.Eval[string](guest, "location.pathname"), "/t/")
	hdr, err := s.Store.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	secret, err := st.Secret(ctx, "daily-deal", "")
	key, _ := hex.DecodeString(secret)
	if err != nil || len(key) != 32 {
		t.Fatalf("the daily deal's secret: %q, %v", secret, err)
	}
	if seed := daily.Seed(key, day); hdr.Daily != "" || hdr.Seed == seed {
		t.Errorf("the guest's table %+v is the day's deal (seed %d)", hdr, seed)
	}
}
