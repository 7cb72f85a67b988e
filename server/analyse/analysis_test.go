package analyse_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"cardtable/analysis"
	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/server"
	"cardtable/server/analyse"
	"cardtable/server/api"
	"cardtable/server/servertest"
	"cardtable/store"
)

// storeFinished writes a finished solo Regicide game the heuristic lost
// into st as table id: a person's seat, so the analysis is of it.
func storeFinished(t *testing.T, st store.Store, id string) int {
	t.Helper()
	g := regicide.Game{}
	opts := engine.MustResolve(g, nil)
	for seed := uint64(1); ; seed++ {
		s, err := g.New(opts, engine.Setup{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		bot, err := bots.New("heuristic", g, opts, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		var acts []string
		for !s.Terminal() {
			a := bot.Act(s, 0)
			acts = append(acts, s.ActionString(a))
			if err := s.Apply(0, a); err != nil {
				t.Fatal(err)
			}
		}
		if res := s.Result(); len(res.Winners) > 0 || len(acts) < 30 {
			continue
		}
		ctx := context.Background()
		hdr := store.Table{ID: id, Game: "regicide", Options: opts.Map(), Seed: seed, Created: time.Now(),
			Seats: []store.Seat{{Name: "Ann", Kind: "human", Invite: "i"}}}
		if err := st.CreateTable(ctx, hdr); err != nil {
			t.Fatal(err)
		}
		for i, a := range acts {
			if err := st.Append(ctx, id, store.Action{Seq: i, Seat: 0, Action: a, At: time.Now()}); err != nil {
				t.Fatal(err)
			}
		}
		if err := st.Finish(ctx, id, s.Result(), time.Now()); err != nil {
			t.Fatal(err)
		}
		return len(acts)
	}
}

// waitAnalysis polls the table's analysis until it is stored.
func waitAnalysis(ts *servertest.Server, id string) *analysis.Document {
	ts.T.Helper()
	end := time.Now().Add(10 * servertest.Hang)
	for time.Now().Before(end) {
		req, _ := http.NewRequest("GET", ts.HTTP.URL+"/api/tables/"+id+"/analysis", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			ts.T.Fatal(err)
		}
		var b bytes.Buffer
		b.ReadFrom(resp.Body)
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusOK:
			doc, err := analysis.Decode(&b)
			if err != nil {
				ts.T.Fatalf("the stored analysis: %v", err)
			}
			return doc
		case http.StatusAccepted:
			time.Sleep(50 * time.Millisecond)
		default:
			ts.T.Fatalf("GET analysis: %d %s", resp.StatusCode, b.String())
		}
	}
	ts.T.Fatal("the analysis never finished")
	return nil
}

// No analysis of a game in progress: analysis reads every hidden card.
// The GET and the POST are refused as the record is, and nothing starts.
func TestAnalysisRefusedForGameInProgress(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	tb := ts.Create(api.CreateRequest{Game: "regicide", Name: "ann"})
	for _, method := range []string{"GET", "POST"} {
		var e servertest.APIError
		if code := ts.Do(method, "/api/tables/"+tb.ID+"/analysis", nil, &e); code != http.StatusConflict || e.Code != "not-finished" {
			t.Errorf("%s analysis of a game in progress: %d %+v", method, code, e)
		}
	}
	if ts.Srv.Analyses().Running(tb.ID) {
		t.Error("an analysis of a game in progress was started")
	}
	var e servertest.APIError
	if code := ts.Do("GET", "/api/tables/nosuch/analysis", nil, &e); code != http.StatusNotFound || e.Code != "not-found" {
		t.Errorf("analysis of no table: %d %+v", code, e)
	}
}

// A finished table: the GET finds none, the POST starts it (202 with its
// progress), it lands in the store, and a second server over the same
// store answers it at once.
func TestAnalysisOfFinishedTable(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	steps := storeFinished(t, ts.St, "done")
	var e servertest.APIError
	if code := ts.Do("GET", "/api/tables/done/analysis", nil, &e); code != http.StatusNotFound || e.Code != "no-analysis" {
		t.Fatalf("GET before any analysis: %d %+v", code, e)
	}
	var st analyse.Status
	if code := ts.Do("POST", "/api/tables/done/analysis", nil, &st); code != http.StatusAccepted || st.Status != "running" {
		t.Fatalf("POST: %d %+v", code, st)
	}
	doc := waitAnalysis(ts, "done")
	if doc.Game != "regicide" || doc.Steps != steps || doc.Hindsight == nil || len(doc.Decisions) != steps || doc.Depth != analysis.DefaultDepth {
		t.Fatalf("analysis: game %s, %d steps, %d decisions, depth %s", doc.Game, doc.Steps, len(doc.Decisions), doc.Depth)
	}
	again := servertest.New(t, ts.St, server.Config{})
	if code := again.Do("GET", "/api/tables/done/analysis", nil, nil); code != http.StatusOK {
		t.Errorf("a second server: %d, want the stored analysis at once", code)
	}
	if code := again.Do("POST", "/api/tables/done/analysis", nil, nil); code != http.StatusOK {
		t.Errorf("POST for a stored analysis: %d, want it at once", code)
	}
}

// Analyses take turns in the thinking slots with the bots: with a single
// slot, a live table's bots keep moving while an analysis runs (each bot
// move waits at most one turn of the analysis), rather than waiting for it
// to finish.
func TestAnalysisDoesNotHoldUpBots(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{BotWorkers: 1})
	storeFinished(t, ts.St, "done")
	if code := ts.Do("POST", "/api/tables/done/analysis", nil, nil); code != http.StatusAccepted {
		t.Fatalf("POST: %d", code)
	}
	var live api.Created
	req := api.CreateRequest{Game: "war", Options: map[string]string{"max-battles": "30"}, Seats: []api.SeatRequest{{Kind: "bot", Bot: "heuristic"}, {Kind: "bot", Bot: "heuristic"}}}
	if code := ts.Do("POST", "/api/tables", req, &live); code != http.StatusCreated {
		t.Fatalf("create the live table: %d", code)
	}
	const moves = 10
	end := time.Now().Add(servertest.Hang)
	for {
		acts, err := ts.St.Actions(context.Background(), live.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(acts) >= moves {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("the live table's bots made %d moves while an analysis ran", len(acts))
		}
		time.Sleep(20 * time.Millisecond)
	}
	var st analyse.Status
	if code := ts.Do("GET", "/api/tables/done/analysis", nil, &st); code != http.StatusAccepted {
		t.Fatalf("the analysis ended before the live table's bots made %d moves (status %d): they waited for it", moves, code)
	}
}

// At most analyse.MaxRunning run at once; the next is refused as busy.
func TestAnalysesAreBounded(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{BotWorkers: 1})
	for i := range analyse.MaxRunning + 1 {
		id := fmt.Sprintf("done%d", i)
		storeFinished(t, ts.St, id)
		var e servertest.APIError
		code := ts.Do("POST", "/api/tables/"+id+"/analysis", nil, &e)
		switch {
		case i < analyse.MaxRunning && code != http.StatusAccepted:
			t.Fatalf("analysis %d: %d %+v", i, code, e)
		case i == analyse.MaxRunning && (code != http.StatusServiceUnavailable || e.Code != "busy"):
			t.Fatalf("analysis %d over the bound: %d %+v", i, code, e)
		}
	}
}
