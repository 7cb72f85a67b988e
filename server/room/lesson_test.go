package room_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"cardtable/record"
	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/room"
	"cardtable/server/servertest"
	"cardtable/tutorial"
)

// lessonWire is a "lesson" message as a client decodes it.
type lessonWire struct {
	Version int               `json:"version"`
	Lesson  string            `json:"lesson"`
	Step    int               `json:"step"`
	Steps   int               `json:"steps"`
	Say     []json.RawMessage `json:"say"`
	Expect  string            `json:"expect"`
	Done    bool              `json:"done"`
	Off     bool              `json:"off"`
	Wrong   *struct {
		Say     []struct{ ID string } `json:"say"`
		Expect  string                `json:"expect"`
		Refusal string                `json:"refusal"`
	} `json:"wrong"`
	ID string `json:"id"`
}

func lessonOfMsg(t *testing.T, m servertest.Msg) lessonWire {
	t.Helper()
	var l lessonWire
	if err := json.Unmarshal(m.Raw, &l); err != nil {
		t.Fatal(err)
	}
	return l
}

// TestLessonOverTheWire plays the Watchtower lesson as the browser does:
// POST /api/learn makes a private table with the stacked deal and the
// Tutor, every learner step is announced in a lesson message with its
// move, a move the lesson does not take is refused with code "lesson" and
// explained (and changes nothing), the Tutor plays the script's moves, a
// restart in the middle rebuilds the deal and the Tutor from the store,
// and the end says the lesson is done; the record holds exactly the
// script's moves.
func TestLessonOverTheWire(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	var bad map[string]any
	if code := ts.Do("POST", "/api/learn/chess", map[string]string{}, &bad); code != http.StatusNotFound || bad["code"] != "not-found" {
		t.Errorf("POST /api/learn/chess = %d %v, want 404 not-found", code, bad)
	}
	var list struct{ Lessons []struct{ Name string } }
	ts.Do("GET", "/api/learn", nil, &list)
	if len(list.Lessons) != len(tutorial.All()) || list.Lessons[0].Name != "watchtower" {
		t.Fatalf("GET /api/learn = %+v", list)
	}
	var resp api.Created
	if code := ts.Do("POST", "/api/learn/watchtower", map[string]string{"name": "Ann"}, &resp); code != http.StatusCreated || resp.Seat == nil || *resp.Seat != 0 || resp.Token == "" {
		t.Fatalf("POST /api/learn/watchtower = %d %+v", code, resp)
	}
	var open struct{ Tables []api.Table }
	ts.Do("GET", "/api/tables?open=true", nil, &open)
	for _, tj := range open.Tables {
		if tj.ID == resp.ID {
			t.Errorf("a lesson table is listed in the lobby")
		}
	}
	l, _ := tutorial.Lookup("watchtower")
	c := ts.Dial(resp.ID, resp.Token)
	wrongs, restarted := 0, false
	var turn, end servertest.Msg
	for {
		m := c.Next()
		switch m.Type {
		case "turn":
			turn = m
		case "end":
			end = m
		}
		if m.Type != "lesson" {
			continue
		}
		lm := lessonOfMsg(t, m)
		if lm.Done {
			if lm.Off || len(lm.Say) != len(l.End) {
				t.Errorf("the lesson's end: %+v", lm)
			}
			break
		}
		if lm.Expect == "" {
			continue
		}
		if lm.Version >= 9 && !restarted {
			// The server restarts in the middle of the lesson.
			restarted = true
			c.Conn.CloseNow()
			ts.Stop()
			ts = servertest.New(t, ts.St, server.Config{})
			c = ts.Dial(resp.ID, resp.Token)
			continue
		}
		if turn.Version != lm.Version {
			t.Fatalf("a lesson message expects %q at version %d, the last turn is version %d's", lm.Expect, lm.Version, turn.Version)
		}
		for _, other := range turn.Legal {
			if other == lm.Expect {
				continue
			}
			c.Send(servertest.Cmd(other, lm.Version, "w"))
			var e servertest.Msg
			var got lessonWire
			for got.ID != "w" || e.Type == "" || turn.Version != lm.Version {
				switch m := c.Next(); m.Type {
				case "error":
					e = m
				case "turn":
					turn = m
				case "lesson":
					got = lessonOfMsg(t, m)
				}
			}
			if e.Code != room.CodeLesson || got.Wrong == nil || got.Wrong.Expect != lm.Expect || got.Version != lm.Version {
				t.Fatalf("a wrong move %q at version %d: error %q, lesson %+v", other, lm.Version, e.Code, got)
			}
			wrongs++
			break
		}
		c.Send(servertest.Cmd(lm.Expect, lm.Version, "ok"))
	}
	if wrongs < 10 || !restarted {
		t.Errorf("%d wrong moves tried, restarted %v", wrongs, restarted)
	}
	if end.Result == nil || !slices.Equal(end.Result.Winners, []int{l.Learner}) {
		t.Errorf("the lesson's game ended %+v, want the learner's win", end.Result)
	}
	var rec record.Record
	ts.Do("GET", "/api/tables/"+resp.ID+"/record", nil, &rec)
	if len(rec.Actions) != len(l.Steps) || len(rec.Deal) != 52 {
		t.Fatalf("the record has %d actions (want %d) and a deal of %d cards", len(rec.Actions), len(l.Steps), len(rec.Deal))
	}
	for i, a := range rec.Actions {
		if a.Seat != l.Steps[i].Seat || !tutorial.SameMove(a.Action, l.Steps[i].Do) {
			t.Errorf("action %d is %+v, the script's %+v", i, a, l.Steps[i])
		}
	}
	c.Send(map[string]string{"type": "rematch"})
	if e := c.Until("error"); e.Code != room.CodeNotAllowed {
		t.Errorf("a lesson's rematch: %q, want not-allowed", e.Code)
	}
}

// TestLessonSettingsAreTheServers checks that the lobby cannot make a
// lesson table: the settings key is the server's own.
func TestLessonSettingsAreTheServers(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	var bad map[string]any
	code := ts.Do("POST", "/api/tables", api.CreateRequest{Game: "watchtower", Settings: map[string]string{room.LessonKey: "watchtower"}}, &bad)
	if code != http.StatusBadRequest || bad["code"] != "bad-settings" {
		t.Errorf("a table created with settings lesson: %d %v, want 400 bad-settings", code, bad)
	}
}
