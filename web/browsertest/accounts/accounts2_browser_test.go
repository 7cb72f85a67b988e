package accounts_test

// More of the accounts in Chromium (docs/accounts.md, docs/puzzles.md):
// the puzzle rating moving on the puzzles page and the profile, a
// profile's analysis link opening the replay at its graph, the lobby's
// rating filter, and a guest's game counting once the guest signs up.
//
//	go test ./web/browsertest/accounts -run 'BrowserPuzzleRating|BrowserAnalysisLink|BrowserRatingFilter|BrowserGuestSeats' -artifacts -outputdir /tmp/shots

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"cardtable/accounts"
	"cardtable/engine"
	"cardtable/puzzles"
	"cardtable/store"
	"cardtable/web/webtest"

	"github.com/coder/websocket"
)

// signUp signs the tab up as name with a password on the account page.
func signUp(tb *webtest.Tab, name string) {
	tb.T.Helper()
	tb.Open("/account")
	set(tb, "#signup-name", name)
	set(tb, "#signup-password", "the password of "+name)
	tb.Click("#signup-submit")
	signedInAs(tb, name)
}

// shownPuzzle is the id of the puzzle on the page.
func shownPuzzle(tb *webtest.Tab) int {
	tb.T.Helper()
	tb.Wait("a puzzle", "document.querySelector('.puzzle-bar') && !document.querySelector('.puzzle-result') && /[?&]id=\\d+/.test(location.search)")
	q, _ := url.ParseQuery(strings.TrimPrefix(webtest.Eval[string](tb, "location.search"), "?"))
	id, err := strconv.Atoi(q.Get("id"))
	if err != nil {
		tb.T.Fatalf("the puzzle page's address %q names no puzzle", q)
	}
	return id
}

// pageRating is the puzzle rating the page's badge shows.
func pageRating(tb *webtest.Tab) int {
	tb.T.Helper()
	text := tb.Text("#puzzle-rating")
	var r int
	if _, err := fmt.Sscanf(strings.TrimPrefix(text, "Rating "), "%d", &r); err != nil {
		tb.T.Fatalf("the rating badge says %q", text)
	}
	return r
}

// TestBrowserPuzzleRating: a guest is asked to sign in for a rating; a
// signed-in player is served a puzzle near 1500, solves it (the badge and
// the result show the rating going up), misses the next (down), answers
// the first again (not rated, the badge unchanged); the profile shows the
// puzzle rating with a point per counted answer, and the leaderboard says
// the player is provisional (off the board after two answers). Shot at
// phone and laptop sizes.
func TestBrowserPuzzleRating(t *testing.T) {
	set0, err := puzzles.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	s := webtest.NewAccountSite(t, time.Now)
	guest := s.Tab(t)
	guest.Open("/puzzles")
	guest.Wait("the invitation to sign in", "document.querySelector('.puzzle-bar .sign-in')")

	tb := s.Tab(t)
	signUp(tb, "Ann")
	tb.Open("/puzzles")
	tb.Wait("the rating badge", "document.querySelector('#puzzle-rating')")
	if text := tb.Text("#puzzle-rating"); text != "Rating 1500?" {
		t.Errorf("a new player's badge: %q, want Rating 1500?", text)
	}
	first := shownPuzzle(tb)
	seed, _ := set0.Seed(first)
	if seed.R < 1300 || seed.R > 1700 {
		t.Errorf("a new player (1500) was served puzzle %d seeded %.0f", first, seed.R)
	}
	shoot(tb, "puzzle-rating-new")
	p, _ := set0.Get(first)
	tb.Choose(p.Answer)
	tb.Wait("the result", "document.querySelector('.puzzle-result.correct') && document.querySelector('#puzzle-rated')")
	up := pageRating(tb)
	if up <= 1500 || !strings.Contains(tb.Text("#puzzle-rated"), fmt.Sprintf("1500? → %d", up)) {
		t.Errorf("after a right answer the badge says %d and the result %q", up, tb.Text("#puzzle-rated"))
	}
	shoot(tb, "puzzle-rating-solved")

	tb.Click(".puzzle-result button.primary")
	second := shownPuzzle(tb)
	if second == first {
		t.Fatalf("served puzzle %d again", first)
	}
	tb.Choose(wrongOf(t, set0, second))
	tb.Wait("the result", "document.querySelector('.puzzle-result.wrong') && document.querySelector('#puzzle-rated')")
	down := pageRating(tb)
	if down >= up {
		t.Errorf("after a wrong answer the badge went from %d to %d", up, down)
	}

	// The first puzzle again: answered, so not rated.
	tb.Open(fmt.Sprintf("/puzzles?id=%d", first))
	tb.Wait("the puzzle", fmt.Sprintf("document.querySelector('.puzzle-bar') && document.querySelector('.puzzle-bar').querySelector('strong').textContent === 'Puzzle %d'", first))
	tb.Choose(p.Answer)
	tb.Wait("the result", "document.querySelector('#puzzle-rated')")
	if text := tb.Text("#puzzle-rated"); !strings.Contains(text, "Not rated") || pageRating(tb) != down {
		t.Errorf("a second answer to puzzle %d: %q, badge %d; want not rated and %d", first, text, pageRating(tb), down)
	}

	tb.Open("/u/Ann")
	card := ".rating-card[data-category='regicide-puzzles']"
	tb.Wait("the puzzle rating", fmt.Sprintf("document.querySelector(\"%s .rating-now strong\")", card))
	if got := webtest.Eval[int](tb, fmt.Sprintf("parseInt(document.querySelector(\"%s .rating-now strong\").textContent)", card)); got != down {
		t.Errorf("the profile's puzzle rating is %d; the puzzles page said %d", got, down)
	}
	if dots := webtest.Eval[int](tb, fmt.Sprintf("document.querySelectorAll(\"%s .rating-graph circle\").length", card)); dots != 3 {
		t.Errorf("the puzzle rating's graph has %d points; want the start and two answers", dots)
	}
	// The graph has a scale of ratings and the dates it covers (issue 29 §7).
	ticks := webtest.Eval[string](tb, fmt.Sprintf("[...document.querySelectorAll(\"%s .rating-graph .rating-tick\")].map((e) => e.textContent).join(' ')", card))
	dates := webtest.Eval[string](tb, fmt.Sprintf("[...document.querySelectorAll(\"%s .rating-graph .date-tick\")].map((e) => e.textContent).join(' ')", card))
	today := time.Now()
	if !regexp.MustCompile(`^\d{3,4}( \d{3,4})+$`).MatchString(ticks) || !strings.Contains(dates, fmt.Sprint(today.Year())) {
		t.Errorf("the rating graph's scale reads %q and its dates %q", ticks, dates)
	}
	if text := tb.Text(card); !strings.Contains(text, "2 puzzles") {
		t.Errorf("the puzzle rating's card says %q", text)
	}
	shoot(tb, "profile-puzzles")
	// In Hebrew the graph still reads left to right, its scale inside it.
	tb.Open("/u/Ann?lang=he")
	tb.Wait("the puzzle rating in Hebrew", fmt.Sprintf("document.documentElement.dir === 'rtl' && document.querySelector(\"%s .rating-graph .rating-tick\")", card))
	if out := tb.TextsOutside(card + " .rating-graph"); len(out) > 0 {
		t.Errorf("the rating graph's labels drawn outside it in Hebrew: %q", out)
	}
	tb.Open("/leaderboards?lang=en")
	tb.Wait("the puzzles' board", "document.querySelector('#regicide-puzzles .provisional-note')")
	if text := tb.Text("#regicide-puzzles"); !strings.Contains(text, "Nobody is on the board yet") || !strings.Contains(text, "provisional") {
		t.Errorf("the puzzles' leaderboard after two answers: %q; want Ann provisional, off the board", text)
	}
}

// wrongOf is a legal action of puzzle id other than its answer.
func wrongOf(t *testing.T, set *puzzles.Set, id int) string {
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
	t.Fatalf("puzzle %d has one legal action", id)
	return ""
}

// playThrough plays table id's seat (its token in the tab) to the end over
// the WebSocket with the first legal action of each turn; a move made
// stale by the bot's (War's flips race) waits for the next turn.
func playThrough(t *testing.T, s *webtest.Site, tb *webtest.Tab, id string) {
	t.Helper()
	token := webtest.Eval[string](tb, fmt.Sprintf("localStorage.getItem('cardtable.token.%s') || ''", id))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.URL, "http")+"/ws/"+id+"?token="+token, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 20)
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			t.Fatalf("table %s: %v", id, err)
		}
		var m struct {
			Type, Code, Message string
			Version             int
			Legal               []string
		}
		json.Unmarshal(data, &m)
		switch {
		case m.Type == "turn" && len(m.Legal) > 0:
			out, _ := json.Marshal(map[string]any{"action": m.Legal[0], "version": m.Version})
			if err := conn.Write(ctx, websocket.MessageText, out); err != nil {
				t.Fatal(err)
			}
		case m.Type == "error" && m.Code != "stale":
			t.Fatalf("table %s refused a move: %s %s", id, m.Code, m.Message)
		case m.Type == "end":
			return
		}
	}
}

// createInTab creates a table from the tab's page with its cookie (as the
// lobby does) and keeps the seat's token in localStorage; it returns the
// table's id.
func createInTab(tb *webtest.Tab, req string) string {
	tb.T.Helper()
	id := webtest.Eval[string](tb, fmt.Sprintf(`(() => { const x = new XMLHttpRequest(); x.open('POST', '/api/tables', false);
		x.setRequestHeader('Content-Type', 'application/json'); x.send(%q);
		if (x.status !== 201) return 'error ' + x.status + ' ' + x.responseText;
		const c = JSON.parse(x.responseText); localStorage.setItem('cardtable.token.' + c.id, c.token); return c.id; })()`, req))
	if strings.HasPrefix(id, "error") {
		tb.T.Fatalf("creating %s: %s", req, id)
	}
	return id
}

// TestBrowserAnalysisLink: a finished game on the profile links its
// stored analysis; following the link opens the replay with the analysis
// panel in view, its graph drawn, and the focus on it.
func TestBrowserAnalysisLink(t *testing.T) {
	s := webtest.NewAccountSite(t, time.Now)
	tb := s.Tab(t)
	signUp(tb, "Ann")
	tb.Open("/")
	id := createInTab(tb, `{"game":"war","options":{"slap":"5","max-battles":"25"},"seats":[{"kind":"human"},{"kind":"bot","bot":"heuristic"}]}`)
	playThrough(t, s, tb, id)
	status := webtest.Eval[int](tb, fmt.Sprintf(`(() => { const x = new XMLHttpRequest(); x.open('POST', '/api/tables/%s/analysis', false); x.send(); return x.status; })()`, id))
	if status != 200 && status != 202 {
		t.Fatalf("asking for the analysis: %d", status)
	}
	webtest.WaitForAnalysis(t, s.URL+"/api/tables/"+id+"/analysis")
	// On a phone the panel is far below the board: the link scrolls to it.
	for _, sz := range []webtest.Size{webtest.Phone, webtest.Laptop} {
		tb.Resize(sz)
		tb.Open("/u/Ann")
		link := fmt.Sprintf("#games a[href='/replay/%s?analysis=1']", id)
		tb.Wait("the analysis link", fmt.Sprintf("document.querySelector(%q)", link))
		tb.Click(link)
		tb.Wait("the replay", fmt.Sprintf("location.pathname === '/replay/%s' && location.search === '?analysis=1'", id))
		tb.Wait("the graph", "document.querySelector('.analysis .analysis-graph polyline')")
		tb.Wait("the panel in view with the focus", `(() => { const el = document.querySelector('.analysis'); const r = el.getBoundingClientRect();
			return document.activeElement === el && r.top >= -1 && r.top < innerHeight - 100; })()`)
		if sz == webtest.Phone && webtest.Eval[float64](tb, "scrollY") < 100 {
			t.Error("on a phone the replay opened at its top, not at the analysis")
		}
		tb.Shot("replay-analysis-link-" + sz.Name)
	}
	tb.Axe("the replay opened at its analysis")
}

// rateUser gives user a stored rating in category, as if a rated game had
// moved it there.
func rateUser(t *testing.T, s *webtest.Site, name, category string, r float64) {
	t.Helper()
	ctx := context.Background()
	u, err := s.Store.UserByKey(ctx, accounts.Key(name))
	if err != nil {
		t.Fatal(err)
	}
	id := "setup" + name
	if err := s.Store.CreateTable(ctx, store.Table{ID: id, Game: "watchtower", Options: map[string]string{"players": "2"}, Rated: true, Created: time.Now(),
		Seats: []store.Seat{{Name: name, Kind: "human"}, {Name: "heuristic", Kind: "bot", Bot: "heuristic"}}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Store.Settle(ctx, store.Settlement{Table: id, At: time.Now(), Result: engine.Result{Over: true, End: "won", Winners: []int{0}, Returns: []float64{1, -1}},
		Ratings: []store.RatingChange{{Before: store.Rating{User: u.ID, Category: category}, After: store.Rating{R: r, RD: 80, Vol: 0.06}}}}); err != nil {
		t.Fatal(err)
	}
}

// createRated creates a rated two-player Watchtower table with an open
// seat in the tab's lobby, as a person does, and returns its id.
func createRated(tb *webtest.Tab) string {
	tb.T.Helper()
	tb.Open("/")
	tb.Wait("the lobby's account corner", "document.querySelector('.account-name')")
	webtest.Eval[bool](tb, "(document.getElementById('game').value = 'watchtower', document.getElementById('game').dispatchEvent(new Event('change', {bubbles: true})), true)")
	tb.Wait("the seats", "document.getElementById('seat-1')")
	webtest.Eval[bool](tb, "(document.getElementById('seat-1').value = 'open', document.getElementById('seat-1').dispatchEvent(new Event('change', {bubbles: true})), true)")
	tb.Wait("the rated box", "!document.getElementById('rated-field').hidden")
	webtest.Eval[bool](tb, "(document.getElementById('rated').checked = true, true)")
	tb.Click("#create button[type=submit]")
	tb.Wait("the table", "location.pathname.startsWith('/t/')")
	return strings.TrimPrefix(webtest.Eval[string](tb, "location.pathname"), "/t/")
}

// TestBrowserRatingFilter: two rated tables in the lobby, their players
// rated 1800 and 1300; the lobby's filter from 1600 keeps the first and
// hides the second, and emptied, shows both again.
func TestBrowserRatingFilter(t *testing.T) {
	s := webtest.NewAccountSite(t, time.Now)
	ann, bob, cleo := s.Tab(t), s.Tab(t), s.Tab(t)
	signUp(ann, "Ann")
	signUp(bob, "Bob")
	rateUser(t, s, "Ann", "watchtower", 1800)
	rateUser(t, s, "Bob", "watchtower", 1300)
	high, low := createRated(ann), createRated(bob)
	cleo.Open("/")
	row := func(id string) string { return fmt.Sprintf("#open [data-table=%q]", id) }
	cleo.Wait("both rated tables", fmt.Sprintf("document.querySelector(%q) && document.querySelector(%q)", row(high), row(low)))
	if text := cleo.Text(row(high) + " .rated-mark"); text != "rated · 1800" {
		t.Errorf("Ann's table's mark: %q", text)
	}
	filter := func(id, v string) {
		webtest.Eval[bool](cleo, fmt.Sprintf("(document.getElementById(%q).value = %q, document.getElementById(%q).dispatchEvent(new Event('change', {bubbles: true})), true)", id, v, id))
	}
	filter("rating-min", "1600")
	cleo.Wait("the 1300 table hidden", fmt.Sprintf("!document.querySelector(%q)", row(low)))
	if !cleo.Has(row(high)) {
		t.Error("the filter from 1600 hid the 1800 table too")
	}
	shoot(cleo, "lobby-rating-filter")
	filter("rating-max", "1700")
	cleo.Wait("the 1800 table hidden", fmt.Sprintf("!document.querySelector(%q)", row(high)))
	filter("rating-min", "")
	filter("rating-max", "")
	cleo.Wait("both back", fmt.Sprintf("document.querySelector(%q) && document.querySelector(%q)", row(high), row(low)))
}

// TestBrowserGuestSeats: a guest plays a game to its end, then signs up in
// the same browser; the account page says the game now counts, and it is
// on the new profile with its result and replay.
func TestBrowserGuestSeats(t *testing.T) {
	s := webtest.NewAccountSite(t, time.Now)
	tb := s.Tab(t)
	tb.Open("/")
	id := createInTab(tb, `{"game":"war","options":{"max-battles":"30"},"seats":[{"kind":"human"},{"kind":"bot","bot":"heuristic"}],"name":"guest"}`)
	tb.Open("/t/" + id)
	tb.Wait("the table", "document.querySelector('.board')")
	playThrough(t, s, tb, id)
	tb.Open("/account")
	set(tb, "#signup-name", "Dora")
	set(tb, "#signup-password", "doras password!")
	tb.Click("#signup-submit")
	signedInAs(tb, "Dora")
	tb.Wait("the note", "document.body.textContent.includes('1 game played here as a guest now counts as yours')")
	tb.Open("/u/Dora")
	tb.Wait("the game", fmt.Sprintf("document.querySelector(\"#games a[href='/replay/%s']\")", id))
	if text := tb.Text("#games li"); !strings.Contains(text, "War") || !(strings.Contains(text, "won") || strings.Contains(text, "lost") || strings.Contains(text, "drawn")) || !strings.Contains(text, "with Standard bot") {
		t.Errorf("the guest's game on the profile (with the bot named as at the table): %q", text)
	}
	shoot(tb, "profile-guest-game")
}
