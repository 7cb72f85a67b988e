package table

import (
	"bytes"
	"errors"
	"testing"

	"cardtable/engine"
	"cardtable/record"
)

// A table ended by a resignation: nobody may act, the end message and the
// record carry the result, the record replays, and a table resumed from it
// is over the same way.
func TestConcludeResign(t *testing.T) {
	tb := newTable(t, "war", nil, 3)
	for range 4 {
		seat := tb.ToMove()[0]
		if _, err := tb.Play(seat, "flip", tb.Version()); err != nil {
			t.Fatal(err)
		}
	}
	one := 1
	if err := tb.Conclude(record.Ending{By: record.EndResigned, Seat: &one}); err != nil {
		t.Fatal(err)
	}
	if !tb.Over() || len(tb.ToMove()) != 0 {
		t.Fatalf("a resigned game: over %v, to move %v", tb.Over(), tb.ToMove())
	}
	if _, err := tb.Play(0, "flip", tb.Version()); !errors.Is(err, engine.ErrGameOver) {
		t.Errorf("a move after the resignation: %v, want game over", err)
	}
	end := tb.End(0)
	if end.Result == nil || end.Result.End != record.EndResigned || len(end.Result.Winners) != 1 || end.Result.Winners[0] != 0 || end.Result.Detail != "seat 2 resigned" {
		t.Errorf("the end message's result %+v", end.Result)
	}
	if err := tb.Conclude(record.Ending{By: record.EndAgreedDraw}); err == nil {
		t.Error("a second ending was taken")
	}
	var buf bytes.Buffer
	if err := tb.Record().Write(&buf); err != nil {
		t.Fatal(err)
	}
	rec, err := record.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := record.Replay(rec); err != nil {
		t.Fatalf("the resigned game's record does not replay: %v", err)
	}
	back, err := Resume(tb.Game(), rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !back.Over() || back.Result().End != record.EndResigned || back.Ending() == nil {
		t.Errorf("resumed from the record: over %v, result %+v", back.Over(), back.Result())
	}
}

func TestConcludeRefusals(t *testing.T) {
	reg := newTable(t, "regicide", map[string]string{"players": "2"}, 1)
	zero := 0
	if err := reg.Conclude(record.Ending{By: record.EndResigned, Seat: &zero}); err == nil || reg.Over() {
		t.Errorf("a resignation in Regicide: %v; want it refused and the game on", err)
	}
	if err := reg.Conclude(record.Ending{By: record.EndAborted, Seat: &zero}); err != nil || !reg.Over() {
		t.Errorf("an abort in Regicide: %v", err)
	}
}
