package api_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/servertest"
)

// One address holds at most server.Limits.OpenTables unfinished tables it
// created: the next is refused 429 too-many-tables with a sentence saying
// what to do, and nothing is created; once one of them is over (aborted
// here) the address may create again. Another address is not counted
// with it.
func TestOpenTablesPerAddress(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{TrustedProxies: servertest.Proxies(t, "127.0.0.0/8"), Limits: server.Limits{OpenTables: 3, APIBurst: 100}})
	from := func(addr string) (int, servertest.APIError, api.Created) {
		t.Helper()
		return createFrom(ts, addr, nil, `{"game":"regicide","options":{"players":"1"}}`)
	}
	var made []api.Created
	for range 3 {
		code, e, c := from("203.0.113.7")
		if code != http.StatusCreated {
			t.Fatalf("table %d of 3: %d %+v", len(made)+1, code, e)
		}
		made = append(made, c)
	}
	code, e, _ := from("203.0.113.7")
	if code != http.StatusTooManyRequests || e.Code != "too-many-tables" || !strings.Contains(e.Message, "3 unfinished tables were created from your address") || !strings.Contains(e.Message, "My games") {
		t.Fatalf("a 4th open table: %d %+v; want 429 too-many-tables naming the bound and what to do", code, e)
	}
	if all, _ := ts.St.Tables(t.Context(), false, 0); len(all) != 3 {
		t.Fatalf("the refused table was stored: %d tables", len(all))
	}
	if code, e, _ := from("198.51.100.9"); code != http.StatusCreated {
		t.Fatalf("another address: %d %+v", code, e)
	}
	ws := ts.Dial(made[0].ID, made[0].Token)
	ws.Until("turn")
	servertest.TableCmd(ws, "abort", "a")
	ws.Until("end")
	if code, e, _ := from("203.0.113.7"); code != http.StatusCreated {
		t.Fatalf("after one of the 3 was aborted: %d %+v", code, e)
	}
}

// A signed-in person's tables count for their account too, from any
// address.
func TestOpenTablesPerAccount(t *testing.T) {
	ts, _ := servertest.NewAccountsConfig(t, server.Config{TrustedProxies: servertest.Proxies(t, "127.0.0.0/8"), Limits: server.Limits{OpenTables: 2}})
	ann := ts.SignedUp("ann")
	for i, addr := range []string{"203.0.113.1", "203.0.113.2"} {
		if code, e, _ := createFrom(ts, addr, ann.Client, `{"game":"war"}`); code != http.StatusCreated {
			t.Fatalf("ann's table %d: %d %+v", i+1, code, e)
		}
	}
	code, e, _ := createFrom(ts, "203.0.113.3", ann.Client, `{"game":"war"}`)
	if code != http.StatusTooManyRequests || !strings.Contains(e.Message, "by your account") {
		t.Fatalf("ann's 3rd open table from a new address: %d %+v; want 429 by your account", code, e)
	}
	if code, e, _ := createFrom(ts, "203.0.113.3", nil, `{"game":"war"}`); code != http.StatusCreated {
		t.Fatalf("a guest at that address: %d %+v", code, e)
	}
}

// createFrom creates a table as the client at addr (through a trusted
// proxy) with client c (nil: a fresh one).
func createFrom(ts *servertest.Server, addr string, c *http.Client, body string) (int, servertest.APIError, api.Created) {
	ts.T.Helper()
	if c == nil {
		c = http.DefaultClient
	}
	req, _ := http.NewRequest("POST", ts.HTTP.URL+"/api/tables", strings.NewReader(body))
	req.Header.Set("X-Forwarded-For", addr)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		ts.T.Fatal(err)
	}
	defer resp.Body.Close()
	var e servertest.APIError
	var made api.Created
	if resp.StatusCode == http.StatusCreated {
		decodeBody(ts.T, resp, &made)
	} else {
		decodeBody(ts.T, resp, &e)
	}
	return resp.StatusCode, e, made
}

func decodeBody(t *testing.T, resp *http.Response, v any) {
	t.Helper()
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}
