package tui

import (
	"slices"
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/games/war"
	"cardtable/record"
)

// slapRecord is a finished Slap War game in which seat 1 slaps at 250 ms
// in every window and seat 2 passes in every one.
func slapRecord(t *testing.T) *record.Record {
	t.Helper()
	g := war.Game{}
	opts := engine.MustResolve(g, map[string]string{"slap": "5", "max-battles": "80"})
	s, err := g.New(opts, engine.Setup{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	rec := record.FromGame(g, opts, engine.Setup{Seed: 3}, []record.Seat{{Name: "Ann"}, {Name: "Bob"}})
	for !s.Terminal() {
		seat := s.ToMove(nil)[0]
		text := "flip"
		if s.View(engine.Spectator).(*war.View).Phase == "slap" {
			text = "pass"
			if seat == 0 {
				text = "slap@250"
			}
		}
		rec.Actions = append(rec.Actions, record.Action{Seat: seat, Action: text})
		if err := engine.ApplyText(s, seat, text); err != nil {
			t.Fatal(err)
		}
	}
	rec.Finish(s)
	return rec
}

// In the review, a analyses the game and draws the sparkline with its
// marks; ] and [ jump between the marked decisions, and the step line says
// what the analysis found there.
func TestReviewAnalysis(t *testing.T) {
	rec := slapRecord(t)
	h := startHarness(t, Config{Review: rec})
	h.wantScreen("a: analyse the game")
	h.key("a")
	h.wantScreen("reaction", "[/] marks", "step 0: not a decision analysed")
	if s := h.screen(); strings.Contains(s, "analysing") {
		t.Fatalf("the analysis did not land:\n%s", s)
	}
	h.key("tab")
	h.key("tab")
	h.wantScreen("view of Bob")
	var missed []int
	for _, d := range h.m.review.analysis.doc.Decisions {
		if d.Seat == 1 {
			missed = append(missed, d.Step)
		}
	}
	if len(missed) < 2 {
		t.Fatalf("Bob passed %d windows, want 2 or more", len(missed))
	}
	h.key("]")
	if h.m.review.at != missed[0] {
		t.Fatalf("] went to step %d, want Bob's first miss at %d", h.m.review.at, missed[0])
	}
	h.wantScreen("missed the 2000 ms window")
	marks := strings.Split(h.screen(), "\n")
	i := slices.IndexFunc(marks, func(l string) bool { return strings.HasPrefix(l, "reaction") })
	if i < 0 || !strings.Contains(marks[i+1], "o") {
		t.Errorf("no row of o marks under Bob's sparkline:\n%s", h.screen())
	}
	h.key("]")
	h.key("[")
	if h.m.review.at != missed[0] {
		t.Errorf("] then [ ended at step %d, want %d", h.m.review.at, missed[0])
	}
}

// An analysis that fails says why on the review's screen.
func TestReviewAnalysisError(t *testing.T) {
	rec := slapRecord(t)
	h := startHarness(t, Config{Review: rec})
	h.m.review.analysis.rec = &record.Record{Version: 1, Game: "war", Seed: rec.Seed, Actions: rec.Actions[:5]}
	h.key("a")
	h.wantScreen("analysis: the game is not over after 5 actions")
}
