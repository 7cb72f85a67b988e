package account_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"cardtable/puzzles"
	"cardtable/server"
	"cardtable/server/account"
	"cardtable/server/httpjson"
	"cardtable/server/servertest"
)

// TestPuzzlesAPI: the count, a puzzle as shown (no answer in it), a right
// and a wrong answer (the line that wins comes with both), and bad input
// refused with a message: ids out of range or too long, illegal or
// garbage actions, unknown fields, an over-long body.
func TestPuzzlesAPI(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	set, err := puzzles.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	var count account.PuzzleList
	if code := ts.Do("GET", "/api/puzzles/regicide", nil, &count); code != 200 || count.Count != len(set.Puzzles) || len(count.IDs) != count.Count || count.IDs[0] != set.Puzzles[0].ID {
		t.Fatalf("count: %d %v", code, count)
	}
	// A theme lists its puzzles only; a theme that is none is refused.
	theme := set.Puzzles[0].Themes[0]
	var byTheme account.PuzzleList
	if code := ts.Do("GET", "/api/puzzles/regicide?theme="+theme, nil, &byTheme); code != 200 || byTheme.Count == 0 || byTheme.Count >= count.Count || byTheme.Theme != theme {
		t.Fatalf("theme %s: %d %+v", theme, code, byTheme)
	}
	for _, id := range byTheme.IDs {
		if pz, _ := set.Get(id); pz == nil || !pz.HasTheme(theme) {
			t.Fatalf("theme %s lists puzzle %d, which has not the theme", theme, id)
		}
	}
	// A dropped puzzle's id (a gap) is not served.
	gap := 0
	for i := 1; i < len(set.Puzzles) && gap == 0; i++ {
		if set.Puzzles[i].ID > set.Puzzles[i-1].ID+1 {
			gap = set.Puzzles[i-1].ID + 1
		}
	}
	p := set.Puzzles[0]
	var shown map[string]any
	if code := ts.Do("GET", "/api/puzzles/regicide/1", nil, &shown); code != 200 {
		t.Fatalf("puzzle 1: %d", code)
	}
	for _, key := range []string{"answer", "line", "bot_choice", "missed_by"} {
		if _, ok := shown[key]; ok {
			t.Errorf("the puzzle as shown has %q before any answer", key)
		}
	}
	legal := shown["legal"].([]any)
	var wrong string
	for _, a := range legal {
		if a.(string) != p.Answer {
			wrong = a.(string)
			break
		}
	}
	var out puzzles.Outcome
	if code := ts.Do("POST", "/api/puzzles/regicide/1/answer", map[string]string{"action": p.Answer}, &out); code != 200 || !out.Correct {
		t.Fatalf("the answer: %d %+v", code, out)
	}
	if code := ts.Do("POST", "/api/puzzles/regicide/1/answer", map[string]string{"action": wrong}, &out); code != 200 || out.Correct || out.Answer != p.Answer || len(out.Line) == 0 {
		t.Fatalf("a wrong answer %q: %d %+v", wrong, code, out)
	}
	for _, tc := range []struct {
		method, path string
		body         any
		code         int
		want         string
	}{
		{"GET", "/api/puzzles/regicide/0", nil, 404, "no puzzle"},
		{"GET", fmt.Sprintf("/api/puzzles/regicide/%d", set.LastID()+1), nil, 404, "no puzzle"},
		{"GET", fmt.Sprintf("/api/puzzles/regicide/%d", gap), nil, 404, "no puzzle"},
		{"GET", "/api/puzzles/regicide?theme=nonsense", nil, 400, "no theme"},
		{"GET", "/api/puzzles/regicide/next?theme=nonsense", nil, 400, "no theme"},
		{"GET", "/api/puzzles/regicide/" + strings.Repeat("9", 40), nil, 404, "no puzzle"},
		{"GET", "/api/puzzles/regicide/x1", nil, 404, "no puzzle"},
		{"POST", "/api/puzzles/regicide/1/answer", map[string]string{"action": "play 2X"}, 400, "not an action"},
		{"POST", "/api/puzzles/regicide/1/answer", map[string]string{"action": strings.Repeat("a", 100)}, 400, "at most"},
		{"POST", "/api/puzzles/regicide/1/answer", map[string]string{"move": "yield"}, 400, "unknown field"},
		{"POST", "/api/puzzles/regicide/1/answer", `{"action":"` + strings.Repeat("a", 20000) + `"}`, 413, "over"},
		{"POST", "/api/puzzles/regicide/1/answer", "", 400, "empty"},
		{"POST", "/api/puzzles/regicide/99999/answer", map[string]string{"action": "yield"}, 404, "no puzzle"},
	} {
		var e httpjson.Error
		if code := ts.Do(tc.method, tc.path, tc.body, &e); code != tc.code || !strings.Contains(e.Message, tc.want) {
			t.Errorf("%s %s: %d %q; want %d and %q", tc.method, tc.path, code, e.Message, tc.code, tc.want)
		}
	}
	resp, err := http.Get(ts.HTTP.URL + "/puzzles")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("the page: %v %v", err, resp)
	}
	resp.Body.Close()
}
