package api_test

import (
	"net/http"
	"strings"
	"testing"

	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/servertest"
)

// On a listed table a friend's seat (open: false) is kept for its invite
// link, whose code is real; a seat its creator opened is anyone's from the
// lobby; the open list offers only the open seat.
func TestInvitesKeepFriendsSeats(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	no, yes := false, true
	tb := ts.Create(api.CreateRequest{Game: "watchtower", Name: "ann", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human", Open: &no}, {Kind: "human", Open: &yes}}})
	if len(tb.Invites) != 2 {
		t.Fatalf("invites %+v", tb.Invites)
	}
	codes := map[int]string{}
	for _, inv := range tb.Invites {
		_, code, ok := strings.Cut(inv.URL, "invite=")
		if !ok || len(code) < 4 || strings.Contains(code, ":") {
			t.Errorf("seat %d's invite link %q carries no real code", inv.Seat, inv.URL)
		}
		codes[inv.Seat] = code
	}
	var list struct{ Tables []api.Table }
	ts.Do("GET", "/api/tables?open=true", nil, &list)
	if len(list.Tables) != 1 || !list.Tables[0].Listed || len(list.Tables[0].Open) != 1 || list.Tables[0].Open[0] != 2 || len(list.Tables[0].Free) != 2 {
		t.Fatalf("open list %+v", list.Tables)
	}
	if s := list.Tables[0].Seats; s[1].Open || !s[2].Open {
		t.Errorf("seats listed as open: %+v", s)
	}
	var e servertest.APIError
	if code := ts.Do("POST", "/api/tables/"+tb.ID+"/seats/1/claim", map[string]string{"name": "eve"}, &e); code != http.StatusForbidden {
		t.Errorf("a friend's seat taken without its invite: %d %+v", code, e)
	}
	var got struct{ Token string }
	if code := ts.Do("POST", "/api/tables/"+tb.ID+"/seats/2/claim", map[string]string{"name": "cy"}, &got); code != http.StatusOK || got.Token == "" {
		t.Errorf("the open seat: %d", code)
	}
	if code := ts.Do("POST", "/api/tables/"+tb.ID+"/seats/1/claim", map[string]string{"name": "bob", "invite": codes[1]}, &got); code != http.StatusOK || got.Token == "" {
		t.Errorf("the friend's seat with its invite: %d", code)
	}
	// A seat left out of "open" is open on a listed table, as before.
	old := ts.Create(api.CreateRequest{Game: "war", Name: "ann", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	if code := ts.Do("POST", "/api/tables/"+old.ID+"/seats/1/claim", map[string]string{"name": "dan"}, &got); code != http.StatusOK {
		t.Errorf("a listed table's seat without open: %d", code)
	}
}
