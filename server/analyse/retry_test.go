package analyse_test

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"cardtable/analysis"
	"cardtable/server"
	"cardtable/server/analyse"
	"cardtable/server/servertest"
)

// Learning from a mistake through the API: the choices at an appraised
// decision are the seat's legal actions there; a tried move is judged by
// the expert and the solver (the move played, tried again, as the analysis
// judged it); bad requests are refused with what is wrong, and nothing is
// judged before the table has an analysis. (The judgement of a move that
// keeps the game winnable is analysis.TestJudgeAnotherMove's.)
func TestRetryAPI(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	storeFinished(t, ts.St, "done")
	var e servertest.APIError
	if code := ts.Do("GET", "/api/tables/done/analysis/retry?step=3", nil, &e); code != http.StatusNotFound || e.Code != "no-analysis" {
		t.Fatalf("choices before any analysis: %d %+v", code, e)
	}
	if code := ts.Do("POST", "/api/tables/done/analysis", nil, nil); code != http.StatusAccepted {
		t.Fatalf("POST analysis: %d", code)
	}
	doc := waitAnalysis(ts, "done")
	// The last appraised decision: retrying the move played is judged as
	// the analysis judged it (the same estimate, the solver's verdict when
	// the analysis settled it); another choice is judged too.
	var d *analysis.Decision
	for i := range doc.Decisions {
		if dd := &doc.Decisions[i]; dd.Best != nil && dd.Choices >= 2 {
			d = dd
		}
	}
	if d == nil {
		t.Fatal("the stored game's analysis has no appraised decision: the test needs one")
	}
	var ch analyse.Choices
	if code := ts.Do("GET", "/api/tables/done/analysis/retry?step="+strconv.Itoa(d.Step), nil, &ch); code != 200 ||
		len(ch.Choices) != d.Choices || ch.Played != d.Action || !slices.Contains(ch.Choices, d.Action) {
		t.Fatalf("choices at step %d: %d %+v", d.Step, code, ch)
	}
	var again analysis.Retry
	if code := ts.Do("POST", "/api/tables/done/analysis/retry", map[string]any{"step": d.Step, "action": d.Action}, &again); code != 200 ||
		again.Verdict == "" || d.After != analysis.Unknown && again.Verdict != d.After || again.Estimate == nil || again.Estimate.Chance != d.Played.Chance || again.Played != d.Action {
		t.Fatalf("trying the move played again at step %d: %d %+v; the analysis said %s, chance %v", d.Step, code, again, d.After, d.Played.Chance)
	}
	other := ch.Choices[0]
	if other == d.Action {
		other = ch.Choices[1]
	}
	var tried analysis.Retry
	if code := ts.Do("POST", "/api/tables/done/analysis/retry", map[string]any{"step": d.Step, "action": other}, &tried); code != 200 ||
		tried.Action != other || tried.Verdict == "" || tried.Best == nil || tried.Best.Action != d.Best.Action {
		t.Fatalf("trying %q at step %d: %d %+v", other, d.Step, code, tried)
	}
	for _, c := range []struct {
		method, path string
		body         any
		code         int
		want         string
	}{
		{"GET", "/api/tables/done/analysis/retry?step=x", nil, 400, "step"},
		{"GET", "/api/tables/done/analysis/retry?step=99999", nil, 400, "not a decision"},
		{"POST", "/api/tables/done/analysis/retry", map[string]any{"step": d.Step, "action": "play 99Z"}, 400, "99Z"},
		{"POST", "/api/tables/done/analysis/retry", map[string]any{"step": d.Step, "action": strings.Repeat("a", 100)}, 400, "at most"},
		{"POST", "/api/tables/done/analysis/retry", map[string]any{"step": 0, "action": d.Action}, 400, "not a decision"},
		{"POST", "/api/tables/done/analysis/retry", map[string]any{"step": d.Step, "move": "x"}, 400, "unknown field"},
		{"POST", "/api/tables/nosuch/analysis/retry", map[string]any{"step": 1, "action": "yield"}, 404, ""},
	} {
		var e servertest.APIError
		if code := ts.Do(c.method, c.path, c.body, &e); code != c.code || !strings.Contains(e.Message, c.want) {
			t.Errorf("%s %s %v: %d %+v; want %d with %q", c.method, c.path, c.body, code, e, c.code, c.want)
		}
	}
}
