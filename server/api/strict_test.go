package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"cardtable/server"
	"cardtable/server/account/auth"
	"cardtable/server/api"
	"cardtable/server/httpjson"
	"cardtable/server/servertest"
	"cardtable/server/testclock"
)

// TestEmptySeatsRefused: "seats": [] is a list of no seat, refused
// bad-seats and nothing made; leaving seats out still seats the default.
func TestEmptySeatsRefused(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	var e httpjson.Error
	if code := ts.Do("POST", "/api/tables", `{"game":"war","seats":[]}`, &e); code != http.StatusBadRequest || e.Code != "bad-seats" {
		t.Errorf(`"seats": []: %d %+v; want 400 bad-seats`, code, e)
	}
	var list struct{ Tables []api.Table }
	ts.Do("GET", "/api/tables", nil, &list)
	if len(list.Tables) != 0 {
		t.Errorf("a refused table was made: %+v", list.Tables)
	}
	if code := ts.Do("POST", "/api/tables", `{"game":"war"}`, nil); code != http.StatusCreated {
		t.Errorf("seats left out: %d; want the default table", code)
	}
}

// TestTableCommandStrayFields: a table command carrying a field of
// another command (an action, a version, a chat's text, a pace) is
// refused bad-message and does nothing; the same command without it
// works.
func TestTableCommandStrayFields(t *testing.T) {
	ts := servertest.LifeServer(t, nil, testclock.New(servertest.LifeStart))
	tb, tok := servertest.People(t, ts, "war", 2, nil, nil)
	ann := ts.Dial(tb.ID, tok[0])
	for i, line := range []string{
		`{"type":"resign","id":"a","action":"flip","version":0}`,
		`{"type":"resign","id":"b","version":0}`,
		`{"type":"leave","id":"c","action":"flip"}`,
		`{"type":"draw","id":"d","text":"please"}`,
		`{"type":"abort","id":"e","per_second":5}`,
	} {
		ann.Send(line)
		e := servertest.Refused(t, ann, string(rune('a'+i)), "bad-message")
		if e.Text == "" {
			t.Errorf("%s: refused without a sentence", line)
		}
	}
	if hdr, _ := ts.St.Table(t.Context(), tb.ID); hdr.Result != nil || hdr.Seats[0].Kind != "human" {
		t.Fatalf("a refused command changed the table: %+v", hdr)
	}
	servertest.TableCmd(ann, "resign", "ok")
	if end := ann.Until("end"); end.Result == nil || len(end.Result.Winners) != 1 || end.Result.Winners[0] != 1 {
		t.Errorf("the plain resignation: %s", end.Raw)
	}
}

// TestStatusTableDocumented: each status and code the HTTP side answers
// these requests with is a row of docs/protocol.md's status table.
func TestStatusTableDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]bool{}
	for _, line := range strings.Split(string(doc), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 4 {
			continue
		}
		for _, st := range strings.Split(cells[1], ",") {
			for _, code := range strings.Split(cells[2], ",") {
				rows[strings.TrimSpace(st)+" "+strings.Trim(strings.TrimSpace(code), "`")] = true
			}
		}
	}
	ts, _ := servertest.NewAccounts(t)
	var p *servertest.Person
	for i := range auth.MaxSignUps {
		p = ts.SignedUp(fmt.Sprintf("user%d", i))
	}
	for _, c := range []struct {
		method, path, ctype, body string
		want                      int
	}{
		{"POST", "/api/tables", "application/json", `{"game":"war","name":"` + strings.Repeat("a", 20000) + `"}`, http.StatusRequestEntityTooLarge},
		{"POST", "/api/tables", "application/json", `{"game":"war","seats":[]}`, http.StatusBadRequest},
		{"POST", "/api/account/signout-all", "application/x-www-form-urlencoded", "x=1", http.StatusUnsupportedMediaType},
		{"POST", "/api/account/attach", "text/plain", `{"seats":[]}`, http.StatusUnsupportedMediaType},
		{"POST", "/api/account/signup", "application/json", `{"name":"onemore","password":"a long password"}`, http.StatusTooManyRequests},
		{"GET", "/api/nothing-here", "", "", http.StatusNotFound},
		{"DELETE", "/api/tables", "", "", http.StatusMethodNotAllowed},
	} {
		req, _ := http.NewRequest(c.method, ts.HTTP.URL+c.path, strings.NewReader(c.body))
		if c.ctype != "" {
			req.Header.Set("Content-Type", c.ctype)
		}
		resp, err := p.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var e httpjson.Error
		json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("%s %s: %d %+v; want %d", c.method, c.path, resp.StatusCode, e, c.want)
		}
		if key := fmt.Sprintf("%d %s", resp.StatusCode, e.Code); !rows[key] {
			t.Errorf("%s %s answers %s, which docs/protocol.md's status table does not list", c.method, c.path, key)
		}
	}
}
