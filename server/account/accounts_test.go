package account_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"cardtable/analysis"
	"cardtable/daily"
	"cardtable/engine"
	"cardtable/server/account"
	"cardtable/server/api"
	"cardtable/server/httpjson"
	"cardtable/server/servertest"
	"cardtable/store"
)

// TestCSRFEveryRoute: every state-changing route, sent by a browser from
// another site with a signed-in session's cookie, is refused and changes
// nothing; the same request from the site itself goes through.
func TestCSRFEveryRoute(t *testing.T) {
	ts, _ := servertest.NewAccounts(t)
	ann := ts.SignedUp("Ann")
	tb := ann.CreateTable(api.CreateRequest{Game: "regicide", Options: map[string]string{"players": "2"}, Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	routes := []struct {
		path string
		body any
	}{
		{"/api/tables", api.CreateRequest{Game: "war"}},
		{"/api/tables/" + tb.ID + "/seats/1/claim", map[string]string{"name": "x"}},
		{"/api/tables/" + tb.ID + "/seats/1/bot", map[string]string{"creator_token": tb.CreatorToken}},
		{"/api/account/signup", map[string]string{"name": "Eve", "password": "eve's password"}},
		{"/api/account/signin", map[string]string{"name": "Ann", "password": "pass Ann"}},
		{"/api/account/signout", struct{}{}},
		{"/api/account/signout-all", struct{}{}},
		{"/api/account/password", map[string]string{"current": "pass Ann", "new": "hijacked!!"}},
		{"/api/account/rename", map[string]string{"name": "Owned"}},
		{"/api/account/delete", map[string]string{"confirm": "Ann"}},
		{"/api/account/passkeys/abc/delete", struct{}{}},
		{"/api/account/passkey/signup/begin", map[string]string{"name": "Eve"}},
		{"/api/account/passkey/signup/finish", struct{}{}},
		{"/api/account/passkey/signin/begin", struct{}{}},
		{"/api/account/passkey/signin/finish", struct{}{}},
		{"/api/account/passkey/add/begin", struct{}{}},
		{"/api/account/passkey/add/finish", struct{}{}},
		{"/api/account/attach", map[string]any{"seats": []any{}}},
		{"/api/daily/start", struct{}{}},
	}
	for _, hostile := range []map[string]string{
		{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"},
		{"Origin": "https://evil.example"},
		{"Sec-Fetch-Site": "same-site"},
	} {
		for _, rt := range routes {
			var e httpjson.Error
			if code := ann.Do("POST", rt.path, rt.body, hostile, &e); code != http.StatusForbidden || e.Code != "cross-origin" {
				t.Errorf("POST %s with %v: %d %+v; want 403 cross-origin", rt.path, hostile, code, e)
			}
		}
	}
	if ann.Who() != "Ann" {
		t.Fatal("a cross-site request signed Ann out, renamed or deleted her")
	}
	var list struct{ Tables []api.Table }
	ts.Do("GET", "/api/tables", nil, &list)
	if len(list.Tables) != 1 {
		t.Errorf("cross-site requests created tables: %d listed", len(list.Tables))
	}
	if code := ann.Do("POST", "/api/account/rename", map[string]string{"name": "Annie"}, map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": ts.HTTP.URL}, nil); code != 200 || ann.Who() != "Annie" {
		t.Errorf("the site's own rename: %d, now %q", code, ann.Who())
	}
}

// TestSeatsLinked: a signed-in person's seats (created, claimed) join
// their profile under their name; a guest's seats join it once the guest
// signs in and attaches them, and only with the right token.
func TestSeatsLinked(t *testing.T) {
	ts, _ := servertest.NewAccounts(t)
	ann := ts.SignedUp("Ann")
	mine := ann.CreateTable(api.CreateRequest{Game: "war", Name: "typed name"})
	guest := ts.NewPerson()
	var g api.Created
	guest.Do("POST", "/api/tables", api.CreateRequest{Game: "regicide", Name: "anon"}, nil, &g)
	var other api.Created
	guest.Do("POST", "/api/tables", api.CreateRequest{Game: "regicide"}, nil, &other)
	var res struct{ Attached []string }
	if code := ann.Do("POST", "/api/account/attach", map[string]any{"seats": []map[string]string{
		{"table": g.ID, "token": g.Token}, {"table": other.ID, "token": "not-its-token"}, {"table": "nosuchtable", "token": "x"},
	}}, nil, &res); code != 200 || len(res.Attached) != 1 || res.Attached[0] != g.ID {
		t.Fatalf("attach: %d %+v; want only %s", code, res, g.ID)
	}
	var prof account.Profile
	if code := ts.Do("GET", "/api/users/ann", nil, &prof); code != 200 {
		t.Fatalf("profile: %d", code)
	}
	var ids []string
	for _, game := range prof.Games {
		ids = append(ids, game.ID)
	}
	if prof.Name != "Ann" || len(ids) != 2 || !strings.Contains(strings.Join(ids, ","), mine.ID) || !strings.Contains(strings.Join(ids, ","), g.ID) {
		t.Errorf("Ann's profile lists %v, want %s and %s", ids, mine.ID, g.ID)
	}
	hdr, _ := ts.St.Table(context.Background(), mine.ID)
	if hdr.Seats[0].Name != "Ann" {
		t.Errorf("a signed-in creator's seat is called %q, want the account's name", hdr.Seats[0].Name)
	}
	if code := ts.Do("GET", "/api/users/nobody-here", nil, nil); code != http.StatusNotFound {
		t.Errorf("the profile of no one: %d", code)
	}
	var exp account.Export
	if code := ann.Do("GET", "/api/account/export", nil, nil, &exp); code != 200 || exp.Account.Name != "Ann" || len(exp.Games) != 2 || len(exp.Sessions) != 1 {
		t.Errorf("export: %d %+v", code, exp.Account)
	}
	if code := ts.NewPerson().Do("GET", "/api/account/export", nil, nil, nil); code != http.StatusUnauthorized {
		t.Errorf("a guest's export: %d", code)
	}
}

// TestDeleteAnonymises: a deleted account's games stay, its seats renamed.
func TestDeleteAnonymises(t *testing.T) {
	ts, _ := servertest.NewAccounts(t)
	ann := ts.SignedUp("Ann")
	tb := ann.CreateTable(api.CreateRequest{Game: "war"})
	if code := ann.Do("POST", "/api/account/delete", map[string]string{"confirm": "Ann"}, nil, nil); code != 200 {
		t.Fatalf("delete: %d", code)
	}
	hdr, err := ts.St.Table(context.Background(), tb.ID)
	if err != nil || hdr.Seats[0].Name != "former player" {
		t.Errorf("after the deletion the table is %+v, %v; want its seat anonymised", hdr.Seats, err)
	}
	if code := ts.Do("GET", "/api/users/ann", nil, nil); code != http.StatusNotFound {
		t.Errorf("a deleted profile: %d", code)
	}
}

// TestDailyDeal: two accounts play the day's deal (the same deal), the
// board ranks them, a second attempt is refused, a guest plays uncounted,
// nobody watches or replays a game of the day until it ends, and then
// the seed is published and matches the commitment.
func TestDailyDeal(t *testing.T) {
	ts, clock := servertest.NewAccounts(t)
	ann, bob := ts.SignedUp("Ann"), ts.SignedUp("Bob")
	var today account.Daily
	ts.Do("GET", "/api/daily", nil, &today)
	if today.Day != "2026-12-02" || today.Seed != nil || len(today.Commitment) != 64 || today.Over {
		t.Fatalf("today's deal: %+v; want the day, a commitment and no seed", today)
	}
	da, ca := ann.StartDaily()
	db, _ := bob.StartDaily() // its connection is replaced below, when Bob resumes
	ha, _ := ts.St.Table(context.Background(), da.ID)
	hb, _ := ts.St.Table(context.Background(), db.ID)
	if !da.Counted || ha.Seed != hb.Seed || ha.Daily != "2026-12-02" || ha.Options["players"] != "1" {
		t.Fatalf("two attempts: %+v / %+v; want counted, the same seed, Regicide solo", ha, hb)
	}
	if _, err := ts.TryDial(da.ID, ""); err == nil {
		t.Error("a spectator joined a game of today's deal")
	}
	// A second start while the attempt goes on hands it back (another
	// screen goes on with it): the same table, a new token; the old
	// screen's connection is told and closed, its token opens nothing.
	first := ca.Until("turn")
	ca.Send(servertest.Cmd(first.Legal[0], first.Version, "a1"))
	moved := ca.Until("turn", func(m servertest.Msg) bool { return m.Version > first.Version })
	var again account.DailyStart
	if code := ann.Do("POST", "/api/daily/start", struct{}{}, nil, &again); code != http.StatusOK || !again.Resumed || again.ID != da.ID || !again.Counted || again.Token == "" || again.Token == da.Token {
		t.Fatalf("a second start while playing: %d %+v; want the same table resumed with a new token", code, again)
	}
	if bye := ca.Until("bye"); bye.Code != "seat-moved" {
		t.Errorf("the old screen was told %+v", bye)
	}
	if st := ca.Closed(); st != websocket.StatusNormalClosure {
		t.Errorf("the old screen closed with %v", st)
	}
	if _, err := ts.TryDial(da.ID, da.Token); err == nil {
		t.Error("the old token still opens the resumed attempt")
	}
	ca = ts.Dial(da.ID, again.Token)
	if hello := ca.Until("hello"); hello.Seat != 0 || hello.Version != moved.Version {
		t.Errorf("the resumed attempt's snapshot: seat %d at version %d, want seat 0 at %d", hello.Seat, hello.Version, moved.Version)
	}
	if code := bob.Do("POST", "/api/daily/start", struct{}{}, nil, &again); code != http.StatusOK || again.ID != db.ID {
		t.Errorf("Bob's second start: %d %+v; want his own attempt", code, again)
	}
	cb := ts.Dial(db.ID, again.Token)
	var e httpjson.Error
	endA := playOut(t, map[int]*servertest.Client{0: ca})
	endB := playOut(t, map[int]*servertest.Client{0: cb})
	if code := ann.Do("POST", "/api/daily/start", struct{}{}, nil, &e); code != http.StatusConflict || e.Code != "daily-played" {
		t.Errorf("a second attempt after finishing: %d %+v", code, e)
	}
	guest := ts.NewPerson()
	dg, cg := guest.StartDaily()
	if dg.Counted || !dg.Practice {
		t.Error("a guest's game counted, or is not a practice deal")
	}
	playOut(t, map[int]*servertest.Client{0: cg})
	var mine account.Daily
	ann.Do("GET", "/api/daily", nil, nil, &mine)
	if len(mine.Board) != 2 || mine.Mine == nil || !mine.Mine.Finished || mine.Mine.Share == "" || mine.Streak == nil || mine.Streak.Current != 1 {
		t.Fatalf("Ann's daily after playing: %+v (mine %+v)", mine, mine.Mine)
	}
	if mine.Mine.Replay != "" || mine.Mine.Analysis != "" {
		t.Errorf("during the day, Ann's result links %q and %q; the replay and analysis must wait for the day's end", mine.Mine.Replay, mine.Mine.Analysis)
	}
	// Both played the same deal with the same policy: the same score.
	if endA.Result.End != endB.Result.End || mine.Board[0].Actions != mine.Board[1].Actions {
		t.Errorf("the same deal played the same way ended differently: %+v / %+v", endA.Result, endB.Result)
	}
	// The solver's verdict comes once it has looked at the deal.
	deadline := time.Now().Add(servertest.Hang)
	for mine.Verdict == nil && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
		ann.Do("GET", "/api/daily", nil, nil, &mine)
	}
	var v account.Verdict
	if err := json.Unmarshal(mine.Verdict, &v); err != nil || (v.Verdict != "won" && v.Verdict != "lost") {
		t.Errorf("the solver's verdict: %s (%v); want won or lost", mine.Verdict, err)
	}
	if code := ts.Do("GET", "/api/tables/"+da.ID+"/replay", nil, &e); code != http.StatusForbidden || e.Code != "daily-hidden" {
		t.Errorf("a replay of today's deal: %d %+v", code, e)
	}
	clock.Add(12 * time.Hour)
	var past account.Daily
	ts.Do("GET", "/api/daily/2026-12-02", nil, &past)
	if !past.Over || past.Seed == nil || *past.Seed != ha.Seed || daily.Commitment("2026-12-02", *past.Seed) != today.Commitment || past.Board[0].Replay == "" {
		t.Errorf("the day after: %+v; want the seed published, matching the commitment, with replays", past)
	}
	if code := ts.Do("GET", "/api/tables/"+da.ID+"/replay", nil, nil); code != 200 {
		t.Errorf("a replay after the day: %d", code)
	}
	// A stored analysis of the game is linked from the profile then.
	if err := ts.St.(store.Analyses).SaveAnalysis(context.Background(), da.ID, string(analysis.DefaultDepth), "{}", clock.Now()); err != nil {
		t.Fatal(err)
	}
	var prof account.Profile
	ts.Do("GET", "/api/users/ann", nil, &prof)
	if len(prof.Daily.Results) != 1 || prof.Daily.Results[0].Analysis != "/replay/"+da.ID+"?analysis=1" || prof.Daily.Results[0].Replay == "" {
		t.Errorf("Ann's daily result on her profile: %+v; want its replay and analysis linked", prof.Daily.Results)
	}
	var after account.Daily
	ann.Do("GET", "/api/daily/2026-12-02", nil, nil, &after)
	if after.Mine == nil || after.Mine.Replay != "/replay/"+da.ID || after.Mine.Analysis != "/replay/"+da.ID+"?analysis=1" {
		t.Errorf("after the day, Ann's result on the daily page: %+v; want the replay and the replay with its analysis linked", after.Mine)
	}
	var next account.Daily
	ann.Do("GET", "/api/daily", nil, nil, &next)
	if next.Day != "2026-12-03" || next.Mine != nil || next.Streak.Current != 1 {
		t.Errorf("the next day: %+v", next)
	}
}

// TestDailyGuestPractice: a guest never gets the day's deal, however
// often they start: each start is a practice deal of its own (a random
// seed, an ordinary table, not on the board), so nobody can learn the
// counted deal's order without an account's one attempt.
func TestDailyGuestPractice(t *testing.T) {
	ts, _ := servertest.NewAccounts(t)
	ann := ts.SignedUp("Ann")
	da, _ := ann.StartDaily()
	deal, _ := ts.St.Table(context.Background(), da.ID)
	guest := ts.NewPerson()
	seeds := map[uint64]bool{}
	for i := range 14 {
		d, _ := guest.StartDaily()
		hdr, err := ts.St.Table(context.Background(), d.ID)
		if err != nil {
			t.Fatal(err)
		}
		if d.Counted || !d.Practice || hdr.Seed == deal.Seed || hdr.Daily != "" || seeds[hdr.Seed] {
			t.Fatalf("guest start %d: %+v, table %+v; want a practice deal of its own, never the day's (seed %d)", i+1, d, hdr, deal.Seed)
		}
		seeds[hdr.Seed] = true
	}
	var today account.Daily
	ts.Do("GET", "/api/daily", nil, &today)
	if len(today.Board) != 0 {
		t.Errorf("practice deals on the board: %+v", today.Board)
	}
}

// TestDailyAborted: an attempt aborted before its first move is spent,
// reads "aborted" (not "0/12") and ranks below every attempt played; the
// page's ranking sentence names every tie-break.
func TestDailyAborted(t *testing.T) {
	ts, _ := servertest.NewAccounts(t)
	ann, bob := ts.SignedUp("Ann"), ts.SignedUp("Bob")
	_, ca := ann.StartDaily()
	servertest.TableCmd(ca, "abort", "a")
	ca.Until("end")
	_, cb := bob.StartDaily()
	playOut(t, map[int]*servertest.Client{0: cb})
	deadline := time.Now().Add(servertest.Hang)
	var d account.Daily
	for len(d.Board) < 2 && time.Now().Before(deadline) {
		ann.Do("GET", "/api/daily", nil, nil, &d)
	}
	if len(d.Board) != 2 || d.Board[0].Name != "Bob" || d.Board[1].Name != "Ann" || !d.Board[1].Aborted || d.Board[0].Aborted {
		t.Fatalf("the board: %+v; want Bob's played attempt above Ann's aborted one", d.Board)
	}
	if d.Mine == nil || !d.Mine.Aborted || !strings.Contains(d.Mine.Share, "aborted") || strings.Contains(d.Mine.Share, "0/12") {
		t.Errorf("Ann's attempt: %+v", d.Mine)
	}
	if d.Ranking != daily.Ranking || !strings.Contains(d.Ranking, "earlier finish") {
		t.Errorf("the ranking sentence: %q", d.Ranking)
	}
	var e httpjson.Error
	if code := ann.Do("POST", "/api/daily/start", struct{}{}, nil, &e); code != http.StatusConflict || e.Code != "daily-played" {
		t.Errorf("a start after aborting: %d %+v; the aborted attempt is spent", code, e)
	}
	var prof account.Profile
	ts.Do("GET", "/api/users/ann", nil, &prof)
	if len(prof.Daily.Results) != 1 || !prof.Daily.Results[0].Aborted {
		t.Errorf("Ann's profile: %+v", prof.Daily.Results)
	}
}

// TestDailyBoardOrder: the board ranks by grade, then enemies, then fewer
// actions, whatever order the games finished in.
func TestDailyBoardOrder(t *testing.T) {
	ts, _ := servertest.NewAccounts(t)
	acc := ts.St.(store.Accounts)
	ctx := context.Background()
	scores := map[string]daily.Score{"Ann": {Enemies: 5, Actions: 30}, "Bob": {Won: true, Grade: 2, Enemies: 12, Actions: 80},
		"Cyd": {Won: true, Grade: 3, Enemies: 12, Actions: 90}, "Dee": {Won: true, Grade: 3, Enemies: 12, Actions: 75}, "Eve": {Enemies: 9, Actions: 60}}
	for _, name := range []string{"Ann", "Bob", "Cyd", "Dee", "Eve"} {
		p := ts.SignedUp(name)
		d, c := p.StartDaily()
		c.Conn.CloseNow()
		sc := scores[name]
		if err := acc.Settle(ctx, store.Settlement{Table: d.ID, Result: resultOf(sc), At: time.Now(), Daily: &store.DailyAttempt{Won: sc.Won, Grade: sc.Grade, Enemies: sc.Enemies, Actions: sc.Actions}}); err != nil {
			t.Fatal(err)
		}
	}
	var today account.Daily
	ts.Do("GET", "/api/daily", nil, &today)
	var got []string
	for _, e := range today.Board {
		got = append(got, fmt.Sprintf("%d.%s", e.Rank, e.Name))
	}
	if want := "[1.Dee 2.Cyd 3.Bob 4.Eve 5.Ann]"; fmt.Sprint(got) != want {
		t.Errorf("the board: %v, want %s", got, want)
	}
}

func resultOf(sc daily.Score) engine.Result {
	r := engine.Result{Over: true, End: "stuck", Winners: []int{}, Returns: []float64{float64(sc.Enemies) / 12}}
	if sc.Won {
		r.End, r.Winners = "won", []int{0}
	}
	return r
}

// ratingOf is name's rating in cat from its profile (nil: none).
func ratingOf(ts *servertest.Server, name, cat string) *account.Rating {
	ts.T.Helper()
	var prof account.Profile
	if code := ts.Do("GET", "/api/users/"+name, nil, &prof); code != 200 {
		ts.T.Fatalf("profile of %s: %d", name, code)
	}
	for _, r := range prof.Ratings {
		if r.Category == cat {
			return &r
		}
	}
	return nil
}

// TestRatedWatchtower: a rated two-player Watchtower table between two
// accounts moves both ratings when the game ends (the winner's up, the
// loser's down), is marked in the lobby with its players' rating, and
// refuses guests and a second seat for one account.
func TestRatedWatchtower(t *testing.T) {
	ts, _ := servertest.NewAccounts(t)
	ann, bob := ts.SignedUp("Ann"), ts.SignedUp("Bob")
	tb := ann.CreateTable(api.CreateRequest{Game: "watchtower", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}, Rated: true})
	var list struct{ Tables []api.Table }
	ts.Do("GET", "/api/tables?open=true", nil, &list)
	if len(list.Tables) != 1 || !list.Tables[0].Rated || list.Tables[0].Rating == nil || *list.Tables[0].Rating != 1500 {
		t.Fatalf("the lobby lists %+v; want the rated table with its players' rating 1500", list.Tables)
	}
	for _, f := range []struct {
		q    string
		want int
	}{{"min_rating=1400&max_rating=1600", 1}, {"min_rating=1600", 0}, {"max_rating=1499", 0}} {
		ts.Do("GET", "/api/tables?open=true&"+f.q, nil, &list)
		if len(list.Tables) != f.want {
			t.Errorf("open tables with %s: %d, want %d", f.q, len(list.Tables), f.want)
		}
	}
	var e httpjson.Error
	if code := ts.Do("GET", "/api/tables?open=true&min_rating=abc", nil, &e); code != http.StatusBadRequest {
		t.Errorf("a malformed rating filter: %d", code)
	}
	if code := ts.NewPerson().Do("POST", "/api/tables/"+tb.ID+"/seats/1/claim", map[string]string{}, nil, &e); code != http.StatusUnauthorized {
		t.Errorf("a guest's claim at a rated table: %d %+v", code, e)
	}
	if code := ann.Do("POST", "/api/tables/"+tb.ID+"/seats/1/claim", map[string]string{}, nil, &e); code != http.StatusConflict {
		t.Errorf("the creator claiming a second seat: %d %+v", code, e)
	}
	var claim struct{ Token string }
	if code := bob.Do("POST", "/api/tables/"+tb.ID+"/seats/1/claim", map[string]string{"name": "ignored"}, nil, &claim); code != 200 {
		t.Fatalf("Bob's claim: %d", code)
	}
	end := playOut(t, map[int]*servertest.Client{0: ts.Dial(tb.ID, tb.Token), 1: ts.Dial(tb.ID, claim.Token)})
	if len(end.Result.Winners) != 1 {
		t.Fatalf("the game ended without one winner: %+v", end.Result)
	}
	ra, rb := waitRating(ts, "Ann", "watchtower"), waitRating(ts, "Bob", "watchtower")
	winner, loser := ra, rb
	if end.Result.Winners[0] == 1 {
		winner, loser = rb, ra
	}
	if winner.Rating <= 1500 || loser.Rating >= 1500 || winner.Games != 1 || loser.Games != 1 || len(winner.History) != 1 || winner.RD >= 350 || !winner.Provisional {
		t.Errorf("after one rated game: winner %+v, loser %+v", winner, loser)
	}
	var board account.Leaderboard
	ts.Do("GET", "/api/leaderboards/watchtower", nil, &board)
	if len(board.Entries) != 0 {
		t.Errorf("the leaderboard lists provisional ratings (after one game each): %+v", board.Entries)
	}
	var around account.Leaderboard
	bob.Do("GET", "/api/leaderboards/watchtower?around=me&limit=5", nil, nil, &around)
	if around.Me == nil || around.Me.Name != "Bob" || around.Me.Rating != rb.Rating || !around.Me.Provisional || around.Me.Rank != 0 {
		t.Errorf("Bob's place on the board, provisional: %+v", around.Me)
	}
	if code := ts.Do("GET", "/api/leaderboards/regicide", nil, nil); code != http.StatusNotFound {
		t.Errorf("a board of an unrated game: %d", code)
	}
}

// waitRating waits for name's rating in cat (stored as the room ends the
// game) and returns it.
func waitRating(ts *servertest.Server, name, cat string) *account.Rating {
	ts.T.Helper()
	deadline := time.Now().Add(servertest.Hang)
	for time.Now().Before(deadline) {
		if r := ratingOf(ts, name, cat); r != nil {
			return r
		}
		time.Sleep(5 * time.Millisecond)
	}
	ts.T.Fatalf("%s never got a %s rating", name, cat)
	return nil
}

// TestRatedAgainstBot: a rated game against the expert moves the person's
// rating from the bot's fixed one; the bot gets none.
func TestRatedAgainstBot(t *testing.T) {
	ts, _ := servertest.NewAccounts(t)
	ann := ts.SignedUp("Ann")
	tb := ann.CreateTable(api.CreateRequest{Game: "watchtower", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "bot", Bot: "expert"}}, Rated: true})
	end := playOut(t, map[int]*servertest.Client{0: ts.Dial(tb.ID, tb.Token)})
	r := waitRating(ts, "Ann", "watchtower")
	if won := len(end.Result.Winners) == 1 && end.Result.Winners[0] == 0; won != (r.Rating > 1500) || r.Games != 1 {
		t.Errorf("after a rated game against the expert (%+v): %+v", end.Result, r)
	}
	if code := ts.Do("GET", "/api/users/expert", nil, nil); code != http.StatusNotFound {
		t.Errorf("the bot has a profile: %d", code)
	}
}

// TestRatedRefusals: what cannot be rated is refused at creation.
func TestRatedRefusals(t *testing.T) {
	ts, _ := servertest.NewAccounts(t)
	ann := ts.SignedUp("Ann")
	for _, req := range []api.CreateRequest{
		{Game: "regicide", Rated: true},
		{Game: "war", Options: map[string]string{"slap": "off"}, Rated: true},
		{Game: "war", Options: map[string]string{"slap": "5", "players": "3"}, Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}, {Kind: "human"}}, Rated: true},
		{Game: "watchtower", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "bot", Bot: "expert:iterations=5"}}, Rated: true},
		{Game: "watchtower", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "bot", Bot: "ismcts"}}, Rated: true},
	} {
		var e httpjson.Error
		if code := ann.Do("POST", "/api/tables", req, nil, &e); code != http.StatusBadRequest || e.Code != "not-rateable" {
			t.Errorf("rated %+v: %d %+v; want 400 not-rateable", req, code, e)
		}
	}
	var e httpjson.Error
	if code := ts.NewPerson().Do("POST", "/api/tables", api.CreateRequest{Game: "watchtower", Rated: true}, nil, &e); code != http.StatusUnauthorized {
		t.Errorf("a guest's rated table: %d %+v", code, e)
	}
	slap := ann.CreateTable(api.CreateRequest{Game: "war", Options: map[string]string{"slap": "5"}, Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "bot"}}, Rated: true})
	if hdr, _ := ts.St.Table(context.Background(), slap.ID); !hdr.Rated {
		t.Error("a two-player Slap War table against the default bot was not rated")
	}
}

// TestAbortedNotRated: an aborted rated game is finished without moving
// a rating; a resigned one moves them.
func TestAbortedNotRated(t *testing.T) {
	ts, _ := servertest.NewAccounts(t)
	ann, bob := ts.SignedUp("Ann"), ts.SignedUp("Bob")
	for _, c := range []struct {
		end   string
		rated bool
	}{{"aborted", false}, {"resigned", true}} {
		tb := ann.CreateTable(api.CreateRequest{Game: "watchtower", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}, Rated: true})
		bob.Do("POST", "/api/tables/"+tb.ID+"/seats/1/claim", map[string]string{}, nil, nil)
		a := ts.Dial(tb.ID, tb.Token)
		a.Until("hello")
		a.Send(map[string]string{"type": strings.TrimSuffix(c.end, "ed")})
		a.Until("end")
		hdr, _ := ts.St.Table(context.Background(), tb.ID)
		r := ratingOf(ts, "Bob", "watchtower")
		if hdr.Result == nil || hdr.Result.End != c.end || (r != nil) != c.rated {
			t.Errorf("%s game: stored %+v, Bob's rating %+v; rated want %v", c.end, hdr.Result, r, c.rated)
		}
	}
}
