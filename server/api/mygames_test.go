package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/servertest"
	"cardtable/server/testclock"
)

type mineResp struct {
	Games   []api.MyGame `json:"games"`
	Unknown []string     `json:"unknown"`
}

// My games: the tables a browser's tokens hold seats at, whose turn it is
// and the time left (from the running room, or rebuilt from the store for
// a table not loaded), finished ones with their result and date; tokens of
// no seat come back as unknown; the request is bounded.
func TestMyGames(t *testing.T) {
	clk := testclock.New(servertest.LifeStart)
	ts := servertest.New(t, nil, server.Config{Clock: clk, IdleUnload: time.Millisecond})
	live, ltok := servertest.People(t, ts, "war", 2, nil, map[string]string{"pace": "correspondence", "move": "1d"})
	over, otok := servertest.People(t, ts, "war", 2, nil, nil)
	c := ts.Dial(over.ID, otok[1])
	servertest.TableCmd(c, "resign", "r")
	c.Until("end")
	ask := func(seats ...[2]string) mineResp {
		t.Helper()
		var body api.MineRequest
		for _, s := range seats {
			body.Seats = append(body.Seats, struct {
				Table string `json:"table"`
				Token string `json:"token"`
			}{s[0], s[1]})
		}
		var out mineResp
		if code := ts.Do("POST", "/api/mine", body, &out); code != http.StatusOK {
			t.Fatalf("POST /api/mine: %d", code)
		}
		return out
	}
	clk.Advance(time.Hour)
	check := func(where string) {
		t.Helper()
		got := ask([2]string{live.ID, ltok[0]}, [2]string{live.ID, ltok[1]}, [2]string{over.ID, otok[0]}, [2]string{"nosuch", "x"}, [2]string{live.ID, "wrong"})
		if len(got.Games) != 3 || strings.Join(got.Unknown, ",") != "nosuch,"+live.ID {
			t.Fatalf("%s: %+v", where, got)
		}
		a, b, o := got.Games[0], got.Games[1], got.Games[2]
		if !a.YourTurn || !b.YourTurn || a.Seat != 0 || b.Seat != 1 || a.Deadline == nil || !a.Deadline.Equal(servertest.LifeStart.Add(24*time.Hour)) || *a.LeftMS != (23*time.Hour).Milliseconds() {
			t.Errorf("%s: the correspondence table: %+v / %+v", where, a, b)
		}
		if !o.Finished || o.Result == nil || o.Result.End != "resigned" || o.Ended == nil || o.YourTurn {
			t.Errorf("%s: the finished table: %+v", where, o)
		}
	}
	lc := ts.Dial(live.ID, ltok[0])
	lc.Until("turn")
	if !ts.Loaded(live.ID) {
		t.Fatal("a table someone is connected to is not loaded")
	}
	check("loaded")
	lc.Conn.CloseNow()
	for ts.Loaded(live.ID) {
		time.Sleep(time.Millisecond) // nobody is connected: it is unloaded
	}
	check("rebuilt from the store")
	var e servertest.APIError
	many := `{"seats":[` + strings.TrimSuffix(strings.Repeat(`{"table":"a","token":"b"},`, api.MaxMine+1), ",") + `]}`
	if code := ts.Do("POST", "/api/mine", many, &e); code != http.StatusBadRequest {
		t.Errorf("%d seats asked about: %d %+v", api.MaxMine+1, code, e)
	}
}
