package api_test

import (
	"strings"
	"testing"

	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/servertest"
	"cardtable/server/usertext"
)

// Over HTTP: a bad name is refused with bad-name and creates or claims
// nothing; two seats of one table may not share a name.
func TestNamesOverHTTP(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	var e servertest.APIError
	long := `{"game":"war","name":"` + strings.Repeat("x", 41) + `"}`
	if code := ts.Do("POST", "/api/tables", long, &e); code != 400 || e.Code != usertext.CodeBadName || !strings.Contains(e.Message, "at most 40") {
		t.Fatalf("long name: %d %+v", code, e)
	}
	var list struct{ Tables []api.Table }
	if ts.Do("GET", "/api/tables", nil, &list); len(list.Tables) != 0 {
		t.Fatalf("a refused create made a table: %+v", list.Tables)
	}
	tb := ts.Create(api.CreateRequest{Game: "war", Name: "Ann\u202E", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	var tj api.Table
	ts.Do("GET", "/api/tables/"+tb.ID, nil, &tj)
	if tj.Seats[0].Name != "Ann" {
		t.Fatalf("creator's name: %q", tj.Seats[0].Name)
	}
	for _, body := range []string{`{"name":"ＡＮＮ"}`, `{"name":"\u0410nn"}`, `{"name":"seat 1"}`} {
		e = servertest.APIError{}
		if code := ts.Do("POST", "/api/tables/"+tb.ID+"/seats/1/claim", body, &e); code != 400 || e.Code != usertext.CodeBadName {
			t.Errorf("claim %s: %d %+v", body, code, e)
		}
	}
	ts.Do("GET", "/api/tables/"+tb.ID, nil, &tj)
	if tj.Seats[1].Claimed {
		t.Fatalf("a refused claim took the seat: %+v", tj.Seats[1])
	}
	var claim struct{ Token string }
	if code := ts.Do("POST", "/api/tables/"+tb.ID+"/seats/1/claim", `{"name":"  Bob\u200F "}`, &claim); code != 200 {
		t.Fatalf("claim: %d", code)
	}
	ts.Do("GET", "/api/tables/"+tb.ID, nil, &tj)
	if tj.Seats[1].Name != "Bob" {
		t.Fatalf("claimed name: %q", tj.Seats[1].Name)
	}
}
