package room_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/servertest"
	"cardtable/server/testclock"
	"cardtable/server/thinkpool"
	"cardtable/table"
)

// A table asking for a bot setting over a cap is refused, with a sentence
// naming the seat, the bot picked, the setting, the cap and the flag, and
// nothing is created; settings at the caps are accepted.
func TestBotCapsRefused(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{Limits: server.Limits{APIBurst: 100}})
	for _, tc := range []struct {
		game, bot, want string
	}{
		{"regicide", "ismcts:iterations=2000000000", "seat 2 (ismcts): iterations=2000000000 is over this server's cap of 20000; ask for at most 20000 (serve --bot-max-iterations)"},
		{"regicide", "ismcts:time=1000h", "seat 2 (ismcts): time=1000h is over this server's cap of 2s; ask for at most 2s (serve --bot-max-think)"},
		{"regicide", "expert:workers=8", "seat 2 (expert): workers=8 is over this server's cap of 1; ask for at most 1 (serve --bot-max-workers)"},
		{"regicide", "expert:covers=17", "seat 2 (expert): covers=17 is over this server's cap of 16; ask for at most 16 (serve --bot-max-candidates)"},
		{"regicide", "expert:plays=99", "seat 2 (expert): plays=99 is over this server's cap of 16"},
		{"watchtower", "expert:candidates=40", "seat 2 (expert): candidates=40 is over this server's cap of 16; ask for at most 16 (serve --bot-max-candidates)"},
		{"watchtower", "ismcts:iterations=20001:time=2001ms", "seat 2 (ismcts): iterations=20001 is over"},
		// Bad settings, too, name the seat and the bot picked.
		{"regicide", "expert:iterations=lots", `seat 2 (expert): regicidebot: ismcts: invalid option: iterations="lots"`},
		{"war", "heuristic:speed=9", `seat 2 (heuristic): bots: heuristic (war) takes no settings (got "speed")`},
		{"war", "genius", `seat 2 (genius): bots: no bot "genius" for war`},
		{"war", ":iterations=3", `seat 2: bots: ":iterations=3": no bot name`},
	} {
		body := api.CreateRequest{Game: tc.game, Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "bot", Bot: tc.bot}}}
		var e servertest.APIError
		status := ts.Do("POST", "/api/tables", body, &e)
		if status != http.StatusBadRequest || e.Code != "bad-seats" || !strings.Contains(e.Message, tc.want) {
			t.Errorf("create with %s %s: %d %+v; want 400 bad-seats %q", tc.game, tc.bot, status, e, tc.want)
		}
	}
	var list struct {
		Tables []api.Table `json:"tables"`
	}
	ts.Do("GET", "/api/tables", nil, &list)
	if len(list.Tables) != 0 {
		t.Fatalf("refused requests created tables: %+v", list.Tables)
	}
	for _, ok := range []string{"ismcts:iterations=20000:time=2s:workers=1", "expert:plays=16:covers=16", "expert:iterations=0"} {
		ts.Create(api.CreateRequest{Game: "regicide", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "bot", Bot: ok}}})
	}

	tb := ts.Create(api.CreateRequest{Game: "watchtower", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	var e servertest.APIError
	hand := map[string]string{"creator_token": tb.CreatorToken, "bot": "expert:iterations=900000"}
	status := ts.Do("POST", "/api/tables/"+tb.ID+"/seats/1/bot", hand, &e)
	want := "seat 2 (expert): iterations=900000 is over this server's cap of 20000; ask for at most 20000 (serve --bot-max-iterations)"
	if status != http.StatusBadRequest || e.Code != "bad-seats" || e.Message != want {
		t.Errorf("hand-to-bot over the cap: %d %+v; want 400 bad-seats %q", status, e, want)
	}
	var tj api.Table
	ts.Do("GET", "/api/tables/"+tb.ID, nil, &tj)
	if tj.Seats[1].Kind != table.KindHuman {
		t.Errorf("a refused hand-to-bot changed the seat: %+v", tj.Seats[1])
	}
	hand["bot"] = "expert:iterations=20000:candidates=3"
	if status := ts.Do("POST", "/api/tables/"+tb.ID+"/seats/1/bot", hand, nil); status != http.StatusOK {
		t.Errorf("hand-to-bot at the cap: %d", status)
	}
}

// The caps are the server's to set: lower ones refuse what the defaults
// accept, naming the lower cap.
func TestBotCapsConfigured(t *testing.T) {
	caps := engine.BotCaps{Think: 300 * time.Millisecond, Iterations: 500, Workers: 2, Candidates: 3}
	ts := servertest.New(t, nil, server.Config{Limits: server.Limits{BotCaps: caps}})
	for bot, want := range map[string]string{
		"ismcts:time=1s":        "time=1s is over this server's cap of 300ms; ask for at most 300ms (serve --bot-max-think)",
		"expert":                "", // the defaults (2,000 iterations) run under the caps
		"expert:iterations=501": "iterations=501 is over this server's cap of 500",
		"expert:workers=2":      "",
		"expert:covers=4":       "covers=4 is over this server's cap of 3",
	} {
		var e servertest.APIError
		status := ts.Do("POST", "/api/tables", api.CreateRequest{Game: "regicide", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "bot", Bot: bot}}}, &e)
		switch {
		case want == "" && status != http.StatusCreated:
			t.Errorf("%s: %d %+v; want it created", bot, status, e)
		case want != "" && (status != http.StatusBadRequest || !strings.Contains(e.Message, want)):
			t.Errorf("%s: %d %+v; want 400 saying %q", bot, status, e, want)
		}
	}
}

// Two tables whose bots think at the caps (an iteration budget no move
// can finish, so each move ends at its deadline) hold both thinking slots;
// a third table's heuristic bots still move as soon as one deadline frees
// a slot (both its flips before the freed table's next search), while the
// other capped table goes on thinking — before the capped searches finish.
// The deadlines are the test's to fire.
func TestCappedTablesDoNotStarveOthers(t *testing.T) {
	caps := engine.BotCaps{Iterations: 1 << 30}
	ts := servertest.New(t, nil, server.Config{BotWorkers: 2, Limits: server.Limits{BotCaps: caps, APIBurst: 100}})
	pool := ts.Srv.Pool()
	clock := testclock.NewDeadlines()
	pool.SetDeadlines(clock.AfterFunc)
	capped := fmt.Sprintf("ismcts:iterations=%d", caps.Iterations)
	capTable := func() string {
		tb := ts.Create(api.CreateRequest{Game: "regicide", Seats: []api.SeatRequest{{Kind: "bot", Bot: capped}, {Kind: "bot", Bot: capped}}})
		waitForPool(t, pool, tb.ID, func(running bool, _ int) bool { return running })
		return tb.ID
	}
	a, b := capTable(), capTable()
	c := ts.Create(api.CreateRequest{Game: "war", Seats: []api.SeatRequest{{Kind: "bot", Bot: "heuristic"}, {Kind: "bot", Bot: "heuristic"}}}).ID
	// War's first flips are one window: both seats' bots wait.
	waitForPool(t, pool, c, func(_ bool, waiting int) bool { return waiting == 2 })

	type tableEvent struct {
		id      string
		version int
	}
	events := make(chan tableEvent, 4096)
	for _, id := range []string{a, b, c} {
		ws := ts.Dial(id, "")
		ws.Until("hello")
		go func() {
			for m := range ws.Msgs {
				if m.Type == "event" {
					events <- tableEvent{id, m.Version}
				}
			}
		}()
	}
	next := func() tableEvent {
		select {
		case ev := <-events:
			return ev
		case <-time.After(servertest.Hang):
			t.Fatal("no move")
		}
		return tableEvent{}
	}
	select {
	case ev := <-events:
		t.Fatalf("table %s moved before any deadline: every slot should be thinking at the caps", ev.id)
	default:
	}

	clock.Fire(t, a)
	moved := map[string]int{}
	for moved[c] < 2 {
		ev := next()
		if ev.id == b {
			t.Fatalf("the capped table %s moved though its deadline never came", b)
		}
		moved[ev.id]++
	}
	if running, _ := pool.State(b); !running {
		t.Error("the other capped table stopped thinking")
	}
	for moved[a] == 0 {
		if ev := next(); ev.id == b {
			t.Fatalf("the capped table %s moved though its deadline never came", b)
		} else {
			moved[ev.id]++
		}
	}
	clock.Fire(t, b)
	for ev := next(); ev.id != b; ev = next() {
	}
}

// waitForPool waits until key's state in pool satisfies ok.
func waitForPool(t *testing.T, pool *thinkpool.Pool, key string, ok func(running bool, waiting int) bool) {
	t.Helper()
	for deadline := time.Now().Add(servertest.Hang); !ok(pool.State(key)); {
		if time.Now().After(deadline) {
			running, waiting := pool.State(key)
			t.Fatalf("%s in the thinking pool: running %v, %d waiting", key, running, waiting)
		}
		time.Sleep(time.Millisecond)
	}
}
