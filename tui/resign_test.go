package tui

import (
	"testing"

	"cardtable/record"
)

// A person at a two-seat War table resigns from the quit dialog (r): the
// end screen says so, and the record ends with the resignation and
// replays. Regicide offers no resignation.
func TestResign(t *testing.T) {
	h := newHarness(t, "war", nil, 3, "human", "heuristic")
	h.key("q")
	h.wantScreen("r resigns the game: seat 1 (you) loses.")
	h.key("r")
	h.wantScreen("Seat 2 (heuristic) won: seat 1 resigned.")
	rec := h.m.t.Record()
	if rec.Ending == nil || rec.Ending.By != record.EndResigned || rec.Result == nil || rec.Result.Winners[0] != 1 {
		t.Fatalf("the record's ending %+v, result %+v", rec.Ending, rec.Result)
	}
	if _, _, err := record.Replay(rec); err != nil {
		t.Errorf("the resigned game's record does not replay: %v", err)
	}
	r := newHarness(t, "regicide", nil, 7, "human")
	r.key("q")
	if r.m.mayResign() {
		t.Error("Regicide offers a resignation")
	}
}
