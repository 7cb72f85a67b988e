package api_test

import (
	"net/http"
	"strings"
	"testing"

	"cardtable/bots"
	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/servertest"
)

// The games list carries each game's options (with what they accept) and
// bots, marking the default bot.
func TestGamesList(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	var out struct {
		Games []api.Game `json:"games"`
	}
	if code := ts.Do("GET", "/api/games", nil, &out); code != 200 {
		t.Fatalf("status %d", code)
	}
	if len(out.Games) != 3 || out.Games[0].Name != "war" {
		t.Fatalf("games: %+v", out.Games)
	}
	for _, g := range out.Games {
		defaults := 0
		for _, b := range g.Bots {
			if b.Default {
				defaults++
			}
		}
		if defaults != 1 || g.Accepts["players"] == "" || g.Options[0].Key != "players" || g.Options[0].Min == nil {
			t.Errorf("%s: %d default bots, accepts %q, first option %+v", g.Name, defaults, g.Accepts["players"], g.Options[0])
		}
		offered := map[string]bool{}
		for _, b := range g.Bots {
			offered[b.Name] = true
		}
		for _, e := range bots.For(g.Name) {
			if offered[e.Name] == e.Reference {
				t.Errorf("%s: bot %q (reference %v) offered %v", g.Name, e.Name, e.Reference, offered[e.Name])
			}
		}
	}
	// A reference player is not offered, but a seat may still name it.
	body := `{"game":"watchtower","seats":[{"kind":"human"},{"kind":"bot","bot":"never-place"}]}`
	if code := ts.Do("POST", "/api/tables", body, nil); code != 200 && code != 201 {
		t.Errorf("a seat naming never-place: status %d", code)
	}
}

// Bad tables are refused with a code and the engine's sentence, and
// nothing is created.
func TestCreateRefusals(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	for _, tc := range []struct {
		body any
		code string
		want string
	}{
		{`{"game":"chess"}`, "bad-request", "not a game"},
		{`{"game":"war","colour":"red"}`, "bad-request", "unknown field"},
		{`not json`, "bad-request", "not the JSON"},
		{`{"game":"war","options":{"pikup":"seat"}}`, "bad-option", "valid options: players, pickup"},
		{`{"game":"war","options":{"players":"9"}}`, "bad-option", "an integer from 2 to 3"},
		{`{"game":"war","options":{"peace":"true","beats-faces":"on"}}`, "bad-option", ""},
		{`{"game":"war","seats":[{"kind":"human"}]}`, "bad-seats", "2 to 3"},
		{`{"game":"war","seats":[{"kind":"human"},{"kind":"robot"}]}`, "bad-seats", `kind "robot"`},
		{`{"game":"war","seats":[{"kind":"human"},{"kind":"bot","bot":"genius"}]}`, "bad-seats", "bots for war"},
		{`{"game":"war","options":{"players":"3"},"seats":[{"kind":"human"},{"kind":"bot"}]}`, "bad-seats", "agree"},
		{`{"game":"regicide","seats":[{"kind":"bot","bot":"expert:iterations=lots"}]}`, "bad-seats", "iterations"},
	} {
		var e servertest.APIError
		status := ts.Do("POST", "/api/tables", tc.body, &e)
		if status != http.StatusBadRequest || e.Code != tc.code || !strings.Contains(e.Message, tc.want) {
			t.Errorf("%v: %d %+v; want 400 %s mentioning %q", tc.body, status, e, tc.code, tc.want)
		}
	}
	var list struct {
		Tables []api.Table `json:"tables"`
	}
	ts.Do("GET", "/api/tables", nil, &list)
	if len(list.Tables) != 0 {
		t.Fatalf("refused requests created tables: %+v", list.Tables)
	}
}

// A listed table's free seat is claimed from the lobby; an unlisted one's
// only with its invite; a claimed seat cannot be claimed again; only the
// creator hands an empty seat to a bot.
func TestSeats(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	open := ts.Create(api.CreateRequest{Game: "watchtower", Name: "ann", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}, {Kind: "human"}}})
	if open.Seat == nil || *open.Seat != 0 || open.Token == "" || len(open.Invites) != 2 {
		t.Fatalf("create: %+v", open)
	}
	var list struct {
		Tables []api.Table `json:"tables"`
	}
	ts.Do("GET", "/api/tables?open=true", nil, &list)
	if len(list.Tables) != 1 || list.Tables[0].Seats[0].Name != "ann" || len(list.Tables[0].Free) != 2 {
		t.Fatalf("open tables: %+v", list.Tables)
	}
	var claim struct {
		Seat  int    `json:"seat"`
		Token string `json:"token"`
	}
	if code := ts.Do("POST", "/api/tables/"+open.ID+"/seats/1/claim", `{"name":"  bob\u0007  "}`, &claim); code != 200 || claim.Token == "" {
		t.Fatalf("claim: %d %+v", code, claim)
	}
	var e servertest.APIError
	if code := ts.Do("POST", "/api/tables/"+open.ID+"/seats/1/claim", `{"name":"eve"}`, &e); code != 409 || e.Code != "seat-taken" {
		t.Errorf("second claim: %d %+v", code, e)
	}
	if code := ts.Do("POST", "/api/tables/"+open.ID+"/seats/2/bot", map[string]string{"creator_token": "guess", "bot": "heuristic"}, &e); code != 403 {
		t.Errorf("bot seat with a wrong creator token: %d %+v", code, e)
	}
	if code := ts.Do("POST", "/api/tables/"+open.ID+"/seats/1/bot", map[string]string{"creator_token": open.CreatorToken}, &e); code != 409 {
		t.Errorf("a claimed seat handed to a bot: %d %+v", code, e)
	}
	if code := ts.Do("POST", "/api/tables/"+open.ID+"/seats/2/bot", map[string]string{"creator_token": open.CreatorToken, "bot": "heuristic"}, nil); code != 200 {
		t.Errorf("bot seat: %d", code)
	}
	var tj api.Table
	ts.Do("GET", "/api/tables/"+open.ID, nil, &tj)
	if tj.Seats[1].Name != "bob" || tj.Seats[2].Kind != "bot" || len(tj.Free) != 0 {
		t.Errorf("seats after claim and bot: %+v", tj.Seats)
	}
	ts.Do("GET", "/api/tables?open=true", nil, &list)
	if len(list.Tables) != 0 {
		t.Errorf("a full table is still open: %+v", list.Tables)
	}

	private := ts.Create(api.CreateRequest{Game: "war", Listed: new(bool), Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	inv := private.Invites[0].URL[strings.Index(private.Invites[0].URL, "invite=")+7:]
	if code := ts.Do("POST", "/api/tables/"+private.ID+"/seats/1/claim", `{"name":"x"}`, &e); code != 403 {
		t.Errorf("claim without invite: %d %+v", code, e)
	}
	if code := ts.Do("POST", "/api/tables/"+private.ID+"/seats/1/claim", map[string]string{"invite": inv}, &claim); code != 200 {
		t.Errorf("claim with invite: %d", code)
	}
	if code := ts.Do("POST", "/api/tables/nosuchtable/seats/1/claim", `{}`, &e); code != 404 || e.Code != "not-found" {
		t.Errorf("claim at no table: %d %+v", code, e)
	}
	if code := ts.Do("POST", "/api/tables/"+private.ID+"/seats/7/claim", `{}`, &e); code != 404 {
		t.Errorf("claim of seat 7: %d %+v", code, e)
	}
}

// An unlisted table is in no list, whatever the query: not open, not the
// recent ones, not with a limit, not once finished, not after its seats
// went to bots, and not a table of bots alone. It is reached only by its
// id. The newest listed tables still fill a page past unlisted ones.
func TestUnlistedNotListed(t *testing.T) {
	// A deep send queue: the spectator of the bots' game below reads it
	// to the end while bots move without delay.
	ts := servertest.New(t, nil, server.Config{Limits: server.Limits{SendQueue: 1 << 16}})
	listed := ts.Create(api.CreateRequest{Game: "war", Name: "ann", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	var unlisted []api.Created
	for range 7 {
		unlisted = append(unlisted, ts.Create(api.CreateRequest{Game: "war", Name: "eve", Listed: new(bool), Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}}))
	}
	bots := ts.Create(api.CreateRequest{Game: "war", Listed: new(bool), Seats: []api.SeatRequest{{Kind: "bot"}, {Kind: "bot"}}})
	handed := unlisted[0]
	if code := ts.Do("POST", "/api/tables/"+handed.ID+"/seats/1/bot", map[string]string{"creator_token": handed.CreatorToken}, nil); code != 200 {
		t.Fatalf("bot seat: %d", code)
	}
	// The bots' table plays to its end: a finished unlisted table.
	c := ts.Dial(bots.ID, "")
	c.Until("end")
	for _, q := range []string{"", "?open=true", "?limit=1", "?limit=2", "?limit=200", "?open=true&limit=1", "?open=false", "?open=yes"} {
		var list struct {
			Tables []api.Table `json:"tables"`
		}
		if code := ts.Do("GET", "/api/tables"+q, nil, &list); code != 200 {
			t.Fatalf("GET /api/tables%s: %d", q, code)
		}
		if len(list.Tables) != 1 || list.Tables[0].ID != listed.ID || !list.Tables[0].Listed {
			t.Errorf("GET /api/tables%s: %+v; want only %s", q, list.Tables, listed.ID)
		}
	}
	for _, tb := range append(unlisted, bots) {
		var tj api.Table
		if code := ts.Do("GET", "/api/tables/"+tb.ID, nil, &tj); code != 200 || tj.Listed {
			t.Errorf("GET /api/tables/%s: %d %+v", tb.ID, code, tj)
		}
	}
}
