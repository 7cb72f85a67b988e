package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/servertest"
)

// TestRefusalsInTheReadersLanguage: the HTTP side's refusals keep their
// status and code and say their sentence in the reader's language
// (?lang=, the cardtable_lang cookie, Accept-Language), the message beside
// it (message_i18n); English where the request names none, as it always
// read.
func TestRefusalsInTheReadersLanguage(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	no := false
	tb := ts.Create(api.CreateRequest{Game: "watchtower", Name: "ann", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human", Open: &no}}})
	claim := "/api/tables/" + tb.ID + "/seats/1/claim"
	for _, c := range []struct {
		what, method, path, accept, cookie string
		status                             int
		code, lang, want                   string
	}{
		{"an invite for another seat, ?lang=cy", "POST", claim + "?lang=cy", "he", "", 403, "forbidden", "cy", "nid yw'r cod gwahodd ar gyfer sedd 2; gofynnwch i grëwr y bwrdd am ei ddolen wahodd"},
		{"an invite for another seat, English", "POST", claim, "", "", 403, "forbidden", "en", "the invite code is not seat 2's; ask the table's creator for its invite link"},
		{"an invite for another seat, the cookie hy", "POST", claim, "sk", "hy", 403, "forbidden", "hy", "հրավերի կոդը տեղ 2-ի համար չէ. խնդրեք սեղանի ստեղծողից դրա հրավերի հղումը"},
		{"nothing at an address, Accept-Language he", "GET", "/nothing/here", "he-IL, en;q=0.3", "", 404, "not-found", "he", "אין כלום ב-/nothing/here; הלובי נמצא ב-/, ה-API מתואר ב-docs/protocol.md"},
		{"no such table, sk", "GET", "/api/tables/zzzzzzzzzz?lang=sk", "", "", 404, "not-found", "sk", `stôl "zzzzzzzzzz" neexistuje; skontrolujte odkaz alebo vytvorte stôl v lobby`},
		{"no such table, English", "GET", "/api/tables/zzzzzzzzzz", "", "", 404, "not-found", "en", `no table "zzzzzzzzzz"; check the link, or create a table in the lobby`},
	} {
		var body io.Reader
		if c.method == "POST" {
			body = bytes.NewReader([]byte(`{"name": "eve", "invite": "not-this-seats"}`))
		}
		req, _ := http.NewRequest(c.method, ts.HTTP.URL+c.path, body)
		req.Header.Set("Content-Type", "application/json")
		if c.accept != "" {
			req.Header.Set("Accept-Language", c.accept)
		}
		if c.cookie != "" {
			req.AddCookie(&http.Cookie{Name: i18n.Cookie, Value: c.cookie})
		}
		if e, ok := refused(t, c.what, req, c.status, c.code); ok && (e.Message != c.want || e.lang != c.lang) {
			t.Errorf("%s: %q (Content-Language %q), want %q (%s)", c.what, e.Message, e.lang, c.want, c.lang)
		}
	}
}

// refusal is an API refusal as its reader gets it.
type refusal struct {
	Code, Message string
	Said          *engine.Msg `json:"message_i18n"`
	// lang is its Content-Language.
	lang string
}

// refused sends req and reads its answer, which must be a refusal of
// status and code carrying its message (message_i18n); ok is false (the
// test failed) otherwise.
func refused(t *testing.T, what string, req *http.Request, status int, code string) (e refusal, ok bool) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err := json.Unmarshal(data, &e); err != nil || resp.StatusCode != status || e.Code != code || e.Said == nil {
		t.Errorf("%s: %d %s; want %d %s with message_i18n", what, resp.StatusCode, data, status, code)
		return e, false
	}
	e.lang = resp.Header.Get("Content-Language")
	return e, true
}

// TestCreateRefusalsInTheReadersLanguage: the lobby's create refusals —
// a game option the engine refuses, a setting, the seats — say their
// reason in the reader's language (the engine's own message, passed on),
// while code and status stay, and a request naming no language reads the
// English sentence programs have always read.
func TestCreateRefusalsInTheReadersLanguage(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	for _, c := range []struct {
		what, query, accept, body string
		code, lang, want          string
	}{
		{"an option's value, ?lang=cy", "?lang=cy", "", `{"game":"war","options":{"pickup":"nope"}}`,
			"bad-option", "cy", `opsiwn pickup="nope": mae angen winner-first, loser-first, seat, shuffle`},
		{"an option's value, English", "", "", `{"game":"war","options":{"pickup":"nope"}}`,
			"bad-option", "en", `invalid option: pickup="nope": want winner-first, loser-first, seat, shuffle`},
		{"an unknown option, Accept-Language cy", "", "cy-GB,cy;q=0.9", `{"game":"regicide","options":{"colour":"red"}}`,
			"bad-option", "cy", `does dim opsiwn "colour"; yr opsiynau yw players, immunity, exact-kill, solo-yield, first`},
		{"War's beating card (the engine's New), he", "?lang=he", "", `{"game":"war","options":{"beats-faces":"K"}}`,
			"bad-option", "he", "beats-faces=K: הקלף המנצח חייב להיות קלף מספר 2-10 (למשל beats-faces=3)"},
		{"Regicide's first seat, sk", "?lang=sk", "", `{"game":"regicide","options":{"players":"2","first":"3"}}`,
			"bad-option", "sk", "first=3: miesta sú 0 až 1 (alebo random)"},
		{"a pace, hy", "?lang=hy", "", `{"game":"war","settings":{"pace":"fast"}}`,
			"bad-settings", "hy", `pace "fast". տեմպն է "none", "live" կամ "correspondence"`},
		{"timeout lose at Regicide, cy", "?lang=cy", "", `{"game":"regicide","settings":{"timeout":"lose"}}`,
			"bad-settings", "cy", `timeout "lose": mae Teyrnladdiad yn gêm gydweithredol; mae sedd y daw ei hamser i ben yn mynd i fot (timeout "bot")`},
		{"timeout lose, English", "", "", `{"game":"regicide","settings":{"timeout":"lose"}}`,
			"bad-settings", "en", `settings: timeout "lose": Regicide is co-operative; a seat whose time runs out goes to a bot (timeout "bot")`},
		{"too many seats, cy", "?lang=cy", "", `{"game":"watchtower","seats":[{"kind":"human"},{"kind":"bot"},{"kind":"bot"},{"kind":"bot"},{"kind":"bot"}]}`,
			"bad-seats", "cy", "seats: 5 wedi'u rhestru; mae Tŵr Gwylio i 2 i 4 chwaraewr"},
		{"a bot's setting, cy", "?lang=cy", "", `{"game":"regicide","seats":[{"kind":"human"},{"kind":"bot","bot":"expert:iterations=lots"}]}`,
			"bad-seats", "cy", `sedd 2 (expert): nid yw iterations="lots" yn werth y mae'r gosodiad hwn yn ei dderbyn`},
		{"a bot's setting, English", "", "", `{"game":"regicide","seats":[{"kind":"human"},{"kind":"bot","bot":"expert:iterations=lots"}]}`,
			"bad-seats", "en", `seat 2 (expert): regicidebot: ismcts: invalid option: iterations="lots": want a positive integer (default 1000) (or plays, covers, loss)`},
		{"a bot's own setting out of range, sk", "?lang=sk", "", `{"game":"regicide","seats":[{"kind":"human"},{"kind":"bot","bot":"expert:plays=0"}]}`,
			"bad-seats", "sk", `miesto 2 (expert): plays=0 nie je hodnota, ktorú toto nastavenie berie`},
		{"a bot without settings, he", "?lang=he", "", `{"game":"war","seats":[{"kind":"human"},{"kind":"bot","bot":"random:x=1"}]}`,
			"bad-seats", "he", `מושב 2 (random): הבוט הזה לא מקבל הגדרות (התקבל "x")`},
		{"no such game, he", "?lang=he", "", `{"game":"chess"}`, "bad-request", "he", `game: "chess" אינו משחק; המשחקים: war, regicide, watchtower`},
	} {
		req, _ := http.NewRequest("POST", ts.HTTP.URL+"/api/tables"+c.query, bytes.NewReader([]byte(c.body)))
		req.Header.Set("Content-Type", "application/json")
		if c.accept != "" {
			req.Header.Set("Accept-Language", c.accept)
		}
		if e, ok := refused(t, c.what, req, 400, c.code); ok && (e.Message != c.want || e.lang != c.lang) {
			t.Errorf("%s: %q (Content-Language %q)\nwant %q (%s)", c.what, e.Message, e.lang, c.want, c.lang)
		}
	}
}

// TestAPIRefusalsInWelsh: the other APIs' refusals a person meets —
// profiles, leaderboards, the daily deal, puzzles, lessons, replays,
// pairing, tournaments, the analysis, a body that is not JSON, a method an
// address does not take — say their sentence in the reader's language
// with their code unchanged, and each reads in English as it always did.
func TestAPIRefusalsInWelsh(t *testing.T) {
	ts, _ := servertest.NewAccounts(t)
	tb := ts.Create(api.CreateRequest{Game: "war", Name: "ann"})
	for _, c := range []struct {
		what, method, path, body string
		status                   int
		code, welsh, english     string
	}{
		{"a player", "GET", "/api/users/nobody-here", "", 404, "not-found", `does dim chwaraewr o'r enw "nobody-here"`, `no player is called "nobody-here"`},
		{"a leaderboard", "GET", "/api/leaderboards/chess", "", 404, "not-found", `does dim sgôr "chess"; y sgoriau: `, `no rating "chess"; ratings: `},
		{"a leaderboard's limit", "GET", "/api/leaderboards/watchtower?limit=0", "", 400, "bad-request", `limit: "0"; mae angen rhif cyfan o 1 i `, `limit: "0"; want 1 to `},
		{"a day", "GET", "/api/daily/yesterday", "", 400, "bad-request", `"yesterday": ysgrifennwch ddiwrnod fel YYYY-MM-DD`, `daily: not a day: "yesterday"; write a day as YYYY-MM-DD`},
		{"a day to come", "GET", "/api/daily/2027-01-01", "", 404, "not-found", "nid yw dêl 2027-01-01 allan eto", "the deal of 2027-01-01 is not out yet"},
		{"a puzzle", "GET", "/api/puzzles/regicide/999999", "", 404, "not-found", `does dim pos "999999"; mae'r posau wedi'u rhifo 1 i `, `no puzzle "999999"; the ids are listed`},
		{"a puzzle's answer", "POST", "/api/puzzles/regicide/1/answer", `{"action":"jump"}`, 400, "bad-request", `symudiad anhysbys "jump"; ffurfiau dilys: play CARD`, `puzzles: "jump" is not an action here: malformed action: regicide: unknown action "jump"`},
		{"a lesson", "POST", "/api/learn/juggling", "{}", 404, "not-found", `does dim gwers "juggling"; y gwersi: `, `tutorial: no lesson "juggling"; lessons: `},
		{"a replay's step", "GET", "/api/tables/" + tb.ID + "/replay/5", "", 409, "not-finished", "mae bwrdd " + tb.ID + " yn dal i gael ei chwarae", "table " + tb.ID + " is still being played"},
		{"a pairing choice", "POST", "/api/pairing", `{"choice":"chess/blitz"}`, 400, "bad-request", `choice: nid yw "chess/blitz" ar y grid`, `choice: "chess/blitz" is not on the grid`},
		{"a pairing request", "GET", "/api/pairing/nope", "", 404, "not-found", "does dim cais paru gyda'r id hwnnw", "no pairing request with that id"},
		{"a tournament signed out", "POST", "/api/tournaments", `{}`, 401, "signed-out", "mae twrnameintiau ar gyfer chwaraewyr sydd wedi mewngofnodi; mewngofnodwch yn gyntaf", "tournaments are for signed-in players; sign in first"},
		{"the analysis of a game under way", "POST", "/api/tables/" + tb.ID + "/analysis", "{}", 409, "not-finished", "mae bwrdd " + tb.ID + " yn dal i gael ei chwarae", "table " + tb.ID + " is still being played"},
		{"a body that is not JSON", "POST", "/api/tables", `{"game": war}`, 400, "bad-request", "nid corff y cais yw'r JSON a ofynnwyd amdano (docs/protocol.md)", "the body is not the JSON asked for: invalid character"},
		{"a method not taken", "PUT", "/api/tables", "", 405, "method-not-allowed", "nid yw /api/tables yn derbyn PUT; mae'n derbyn GET, HEAD, POST", "PUT is not taken at /api/tables; it takes GET, HEAD, POST"},
	} {
		for _, lang := range []string{"cy", "en"} {
			path := c.path
			if lang == "cy" {
				path += map[bool]string{true: "&", false: "?"}[strings.Contains(path, "?")] + "lang=cy"
			}
			var body io.Reader
			if c.body != "" {
				body = strings.NewReader(c.body)
			}
			req, _ := http.NewRequest(c.method, ts.HTTP.URL+path, body)
			req.Header.Set("Content-Type", "application/json")
			want := map[string]string{"cy": c.welsh, "en": c.english}[lang]
			if e, ok := refused(t, c.what+" ("+lang+")", req, c.status, c.code); ok && (!strings.HasPrefix(e.Message, want) || e.lang != lang) {
				t.Errorf("%s: %q (Content-Language %q)\nwant %q… (%s)", c.what, e.Message, e.lang, want, lang)
			}
		}
	}
}
