package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
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
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var e struct {
			Code, Message string
			Said          *engine.Msg `json:"message_i18n"`
		}
		if err := json.Unmarshal(data, &e); err != nil || resp.StatusCode != c.status || e.Code != c.code || e.Said == nil {
			t.Errorf("%s: %d %s; want %d %s with message_i18n", c.what, resp.StatusCode, data, c.status, c.code)
			continue
		}
		if e.Message != c.want || resp.Header.Get("Content-Language") != c.lang {
			t.Errorf("%s: %q (Content-Language %q), want %q (%s)", c.what, e.Message, resp.Header.Get("Content-Language"), c.want, c.lang)
		}
	}
}
