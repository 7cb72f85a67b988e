package pairing_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"cardtable/server"
	"cardtable/server/pairing"
	"cardtable/server/servertest"
)

type outcome = pairing.Outcome

// ask asks for choice as p and returns the request's id.
func ask(t *testing.T, p *servertest.Person, body map[string]any) string {
	t.Helper()
	var resp struct {
		ID     string `json:"id"`
		Status string `json:"status"`
	}
	if code := p.Do("POST", "/api/pairing", body, nil, &resp); code != http.StatusAccepted || resp.ID == "" {
		t.Fatalf("POST /api/pairing %v: %d %+v", body, code, resp)
	}
	return resp.ID
}

// await long-polls request id until it ends (or 10 s pass).
func await(t *testing.T, p *servertest.Person, id string) outcome {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		var out outcome
		if code := p.Do("GET", "/api/pairing/"+id+"?wait=5", nil, nil, &out); code != http.StatusOK {
			t.Fatalf("GET /api/pairing/%s: %d", id, code)
		}
		if out.Status != "waiting" {
			return out
		}
	}
	t.Fatalf("request %s still waits after 10 s", id)
	return outcome{}
}

func newServer(t *testing.T) *servertest.Server {
	return servertest.New(t, nil, server.Config{Limits: server.Limits{APIRate: 1000, APIBurst: 1000}})
}

func TestTwoPeoplePairedAtOnce(t *testing.T) {
	ts := newServer(t)
	a, b := ts.NewPerson(), ts.NewPerson()
	start := time.Now()
	ida := ask(t, a, map[string]any{"choice": "watchtower-2-1m", "wait": 30, "name": "Ann"})
	idb := ask(t, b, map[string]any{"choice": "watchtower-2-1m", "wait": 30, "name": "Bob"})
	oa, ob := await(t, a, ida), await(t, b, idb)
	if took := time.Since(start); took > time.Second {
		t.Errorf("pairing took %v, want under a second", took)
	}
	if oa.Status != "paired" || ob.Status != "paired" || oa.Table == "" || oa.Table != ob.Table || oa.Seat == ob.Seat || oa.Bots != 0 {
		t.Fatalf("outcomes %+v and %+v; want one table, two seats, no bots", oa, ob)
	}
	for _, o := range []outcome{oa, ob} {
		if hello := ts.Dial(o.Table, o.Token).Until("hello"); hello.Seat != o.Seat {
			t.Errorf("the token of seat %d joined as seat %d", o.Seat, hello.Seat)
		}
	}
	var tb struct {
		Seats []struct {
			Name string `json:"name"`
			Kind string `json:"kind"`
		} `json:"seats"`
		Settings map[string]string `json:"settings"`
		Listed   bool              `json:"listed"`
	}
	ts.Do("GET", "/api/tables/"+oa.Table, nil, &tb)
	if tb.Seats[oa.Seat].Name != "Ann" || tb.Seats[ob.Seat].Name != "Bob" || tb.Settings["move"] != "1m0s" || tb.Listed {
		t.Errorf("the table: %+v; want Ann and Bob at their seats, a minute a move, not listed", tb)
	}
}

func TestBotAfterTheChosenWait(t *testing.T) {
	ts := newServer(t)
	p := ts.NewPerson()
	start := time.Now()
	id := ask(t, p, map[string]any{"choice": "watchtower-2-1m", "wait": 1})
	var early outcome
	p.Do("GET", "/api/pairing/"+id, nil, nil, &early)
	if early.Status != "waiting" {
		t.Fatalf("at once: %+v, want waiting", early)
	}
	o := await(t, p, id)
	if took := time.Since(start); o.Status != "paired" || o.Bots != 1 || took < time.Second || took > 3*time.Second {
		t.Fatalf("after the wait of 1 s: %+v after %v; want paired with 1 bot after 1–3 s", o, took)
	}
	if hello := ts.Dial(o.Table, o.Token).Until("hello"); hello.Seat != o.Seat {
		t.Errorf("the token of seat %d joined as seat %d", o.Seat, hello.Seat)
	}
}

func TestNeverPairedWithYourself(t *testing.T) {
	ts := newServer(t)
	p := ts.NewPerson()
	id := ask(t, p, map[string]any{"choice": "watchtower-2-1m", "wait": 30})
	// A second tab of the same browser.
	var refusal servertest.APIError
	if code := p.Do("POST", "/api/pairing", map[string]any{"choice": "watchtower-2-1m", "wait": 30}, nil, &refusal); code != http.StatusConflict || refusal.Code != "already-waiting" {
		t.Errorf("a second request from the same browser: %d %+v, want 409 already-waiting", code, refusal)
	}
	var o outcome
	p.Do("GET", "/api/pairing/"+id, nil, nil, &o)
	if o.Status != "waiting" {
		t.Errorf("the first request: %+v, want still waiting alone", o)
	}
	// Cancelled: it leaves the pool, and a newcomer waits alone.
	if code := p.Do("DELETE", "/api/pairing/"+id, nil, nil, &o); code != http.StatusOK || o.Status != "cancelled" {
		t.Errorf("DELETE: %d %+v", code, o)
	}
	q := ts.NewPerson()
	idq := ask(t, q, map[string]any{"choice": "watchtower-2-1m", "wait": 0})
	q.Do("GET", "/api/pairing/"+idq+"?wait=1", nil, nil, &o)
	if o.Status != "waiting" {
		t.Errorf("after the cancel, a newcomer: %+v, want waiting", o)
	}
}

func TestThreeSeatsFillThenBots(t *testing.T) {
	ts := newServer(t)
	a, b := ts.NewPerson(), ts.NewPerson()
	ida := ask(t, a, map[string]any{"choice": "regicide-3-1m", "wait": 1})
	idb := ask(t, b, map[string]any{"choice": "regicide-3-1m", "wait": 30})
	oa, ob := await(t, a, ida), await(t, b, idb)
	if oa.Status != "paired" || oa.Table != ob.Table || oa.Bots != 1 {
		t.Errorf("two of three seats at the first's wait: %+v %+v; want one table with a bot", oa, ob)
	}
}

func TestRefusals(t *testing.T) {
	ts := newServer(t)
	p := ts.NewPerson()
	for _, tc := range []struct {
		body map[string]any
		code int
		want string
	}{
		{map[string]any{"choice": "chess-2-1m"}, http.StatusBadRequest, "bad-request"},
		{map[string]any{"choice": "watchtower-2-1m", "rated": true}, http.StatusUnauthorized, "signed-out"},
		{map[string]any{"choice": "watchtower-2-1m", "range": 200}, http.StatusUnauthorized, "signed-out"},
		{map[string]any{"choice": "regicide-2-1m", "rated": true}, http.StatusBadRequest, "not-rateable"},
		{map[string]any{"choice": "watchtower-2-1m", "wait": 3600}, http.StatusBadRequest, "bad-request"},
		{map[string]any{"choice": "watchtower-2-1m", "range": -5}, http.StatusBadRequest, "bad-request"},
		{map[string]any{"choice": "watchtower-2-1m", "extra": 1}, http.StatusBadRequest, ""},
	} {
		var e servertest.APIError
		code := p.Do("POST", "/api/pairing", tc.body, nil, &e)
		if code != tc.code || (tc.want != "" && e.Code != tc.want) || e.Message == "" {
			t.Errorf("%v: %d %+v, want %d %s with a sentence", tc.body, code, e, tc.code, tc.want)
		}
	}
	var grid struct {
		Grid []struct {
			ID      string `json:"id"`
			Waiting int    `json:"waiting"`
		} `json:"grid"`
	}
	if ts.Do("GET", "/api/pairing", nil, &grid); len(grid.Grid) != len(pairing.Grid) {
		t.Fatalf("grid: %+v", grid)
	}
	for _, c := range grid.Grid {
		if c.Waiting != 0 {
			t.Errorf("refused requests wait: %+v", c)
		}
	}
	if code := p.Do("GET", "/api/pairing/nope", nil, nil, nil); code != http.StatusNotFound {
		t.Errorf("GET of no request: %d", code)
	}
}

// TestBotAccountRateLimit: a bot account's requests are bounded like one
// address's writes whatever addresses its program asks from, so a bot
// cannot flood the pool by spreading over addresses.
func TestBotAccountRateLimit(t *testing.T) {
	ts, _ := servertest.NewAccountsConfig(t, server.Config{TrustedProxies: servertest.Proxies(t, "127.0.0.1/32"),
		ProxyHeader: "X-Forwarded-For"})
	ann := ts.SignedUp("Ann")
	var bot struct{ Token string }
	if code := ann.Do("POST", "/api/account/bots", map[string]string{"name": "Robo"}, nil, &bot); code != http.StatusCreated {
		t.Fatalf("making a bot account: %d", code)
	}
	prog := ts.NewPerson()
	refused := 0
	for i := range 60 {
		hdr := map[string]string{"Authorization": "Bearer " + bot.Token, "X-Forwarded-For": fmt.Sprintf("198.51.100.%d", i+1)}
		var resp struct{ ID, Code, Message string }
		code := prog.Do("POST", "/api/pairing", map[string]any{"choice": "watchtower-2-1m", "bots": true}, hdr, &resp)
		switch code {
		case http.StatusAccepted:
			prog.Do("DELETE", "/api/pairing/"+resp.ID, nil, hdr, nil)
		case http.StatusTooManyRequests:
			refused++
			if !strings.Contains(resp.Message, "bot account") {
				t.Errorf("the refusal: %+v; want it to name the bot account", resp)
			}
		default:
			t.Fatalf("request %d: %d %+v", i, code, resp)
		}
	}
	if refused == 0 {
		t.Error("60 requests of one bot account from 60 addresses at once were all taken; want the account's bound")
	}
}

// TestChallengeABot: Bob challenges the bot account Robo (naming it); Cid,
// who asks for anyone and accepts bots, asks in between; when Robo's
// program asks for a game, it plays Bob, and Cid waits on. A challenge of
// nobody, or at more than two seats, is refused.
func TestChallengeABot(t *testing.T) {
	ts, _ := servertest.NewAccounts(t)
	ann, bob, cid := ts.SignedUp("Ann"), ts.SignedUp("Bob"), ts.NewPerson()
	var bot struct{ Token string }
	if code := ann.Do("POST", "/api/account/bots", map[string]string{"name": "Robo"}, nil, &bot); code != http.StatusCreated {
		t.Fatalf("making a bot account: %d", code)
	}
	idb := ask(t, bob, map[string]any{"choice": "watchtower-2-1m", "opponent": "Robo"})
	idc := ask(t, cid, map[string]any{"choice": "watchtower-2-1m", "bots": true})
	prog := ts.NewPerson()
	hdr := map[string]string{"Authorization": "Bearer " + bot.Token}
	var asked struct{ ID string }
	if code := prog.Do("POST", "/api/pairing", map[string]any{"choice": "watchtower-2-1m", "bots": true}, hdr, &asked); code != http.StatusAccepted {
		t.Fatalf("Robo asking: %d", code)
	}
	ob, or := await(t, bob, idb), await(t, prog, asked.ID)
	if ob.Status != "paired" || or.Status != "paired" || ob.Table != or.Table || ob.Bots != 0 {
		t.Fatalf("Bob %+v and Robo %+v; want them at one table", ob, or)
	}
	var oc outcome
	if cid.Do("GET", "/api/pairing/"+idc, nil, nil, &oc); oc.Status != "waiting" {
		t.Errorf("Cid, who did not challenge Robo: %+v; want him waiting still", oc)
	}
	var refusal struct{ Code, Message string }
	if code := cid.Do("POST", "/api/pairing", map[string]any{"choice": "watchtower-2-20s", "opponent": "Nobody"}, nil, &refusal); code != http.StatusNotFound {
		t.Errorf("a challenge of nobody: %d %+v", code, refusal)
	}
	if code := bob.Do("POST", "/api/pairing", map[string]any{"choice": "watchtower-3-1m", "opponent": "Robo"}, nil, &refusal); code != http.StatusBadRequest {
		t.Errorf("a challenge at three seats: %d %+v", code, refusal)
	}
}

// TestOwnBotNeverRated: Ann and her bot account, asking rated from two
// addresses, are not paired; Bob, from a third, plays Ann.
func TestOwnBotNeverRated(t *testing.T) {
	ts, _ := servertest.NewAccountsConfig(t, server.Config{TrustedProxies: servertest.Proxies(t, "127.0.0.1/32"),
		ProxyHeader: "X-Forwarded-For"})
	ann, bob := ts.SignedUp("Ann"), ts.SignedUp("Bob")
	var bot struct{ Token string }
	if code := ann.Do("POST", "/api/account/bots", map[string]string{"name": "Robo"}, nil, &bot); code != http.StatusCreated {
		t.Fatalf("making a bot account: %d", code)
	}
	from := func(addr string) map[string]string { return map[string]string{"X-Forwarded-For": addr} }
	req := map[string]any{"choice": "watchtower-2-1m", "rated": true, "bots": true}
	var a, r, b struct{ ID string }
	ann.Do("POST", "/api/pairing", req, from("198.51.100.1"), &a)
	prog := ts.NewPerson()
	hdr := from("198.51.100.2")
	hdr["Authorization"] = "Bearer " + bot.Token
	if code := prog.Do("POST", "/api/pairing", req, hdr, &r); code != http.StatusAccepted {
		t.Fatalf("Robo asking: %d", code)
	}
	var or outcome
	if prog.Do("GET", "/api/pairing/"+r.ID, nil, nil, &or); or.Status != "waiting" {
		t.Fatalf("Robo with its owner asking: %+v; want it waiting", or)
	}
	bob.Do("POST", "/api/pairing", req, from("198.51.100.3"), &b)
	oa, ob := await(t, ann, a.ID), await(t, bob, b.ID)
	if oa.Table == "" || oa.Table != ob.Table {
		t.Errorf("Ann %+v and Bob %+v; want them at one table", oa, ob)
	}
}
