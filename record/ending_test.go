package record

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/games"
	"cardtable/sim/simtest"
)

// warRecord is a two-player War record of n flips, seated ann and bob.
func warRecord(t *testing.T, n int) *Record {
	t.Helper()
	g, err := games.Lookup("war")
	if err != nil {
		t.Fatal(err)
	}
	opts := engine.MustResolve(g, nil)
	s, err := g.New(opts, engine.Setup{Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	rec := FromGame(g, opts, engine.Setup{Seed: 4}, []Seat{{Name: "ann"}, {Name: "bob"}})
	for range n {
		seat := s.ToMove(nil)[0]
		a, err := s.ParseAction(seat, "flip")
		if err != nil {
			t.Fatal(err)
		}
		rec.Add(s, seat, a)
		if err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	return rec
}

func seatp(i int) *int { return &i }

// A record ended by the table (a resignation, a loss on time, an abort, an
// agreed draw) replays: its result follows from the ending, is written and
// read back, and a record claiming another result is refused.
func TestEndingReplays(t *testing.T) {
	for _, tc := range []struct {
		ending  Ending
		winners []int
		returns []float64
		detail  string
	}{
		{Ending{By: EndResigned, Seat: seatp(1)}, []int{0}, []float64{1, -1}, "bob resigned"},
		{Ending{By: EndTimeout, Seat: seatp(0)}, []int{1}, []float64{-1, 1}, "ann's time ran out"},
		{Ending{By: EndAborted, Seat: seatp(0)}, []int{}, []float64{0, 0}, "aborted by ann before the game got going"},
		{Ending{By: EndAgreedDraw}, []int{}, []float64{0, 0}, "drawn by agreement"},
		{Ending{By: EndAbandoned, Seat: seatp(1)}, []int{0}, []float64{1, -1}, "bob left the game"},
	} {
		rec := warRecord(t, 6)
		e := tc.ending
		rec.Ending = &e
		s, _, err := Replay(rec)
		if err != nil {
			t.Fatalf("%s: Replay without a result: %v", e.By, err)
		}
		rec.Finish(s)
		res := rec.Result
		if res == nil || !res.Over || res.End != e.By || res.Detail != tc.detail || len(res.Winners) != len(tc.winners) || res.Returns[0] != tc.returns[0] || res.Returns[1] != tc.returns[1] {
			t.Fatalf("%s: Finish gives %+v; want end %q, winners %v, returns %v, detail %q", e.By, res, e.By, tc.winners, tc.returns, tc.detail)
		}
		var buf bytes.Buffer
		if err := rec.Write(&buf); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(buf.String(), `"ending": {"by":"`+e.By+`"`) {
			t.Errorf("%s: the written record has no ending:\n%s", e.By, buf.String())
		}
		back, err := Decode(&buf)
		if err != nil {
			t.Fatalf("%s: Decode: %v", e.By, err)
		}
		if _, _, err := Replay(back); err != nil {
			t.Errorf("%s: the record read back does not replay: %v", e.By, err)
		}
		back.Result.Winners = []int{0, 1}
		if _, _, err := Replay(back); err == nil || !errors.Is(err, engine.ErrCorrupt) || !strings.Contains(err.Error(), "winners") {
			t.Errorf("%s: a record whose result disagrees with its ending replays (%v); want the winners named", e.By, err)
		}
	}
}

// Endings that cannot be are refused with the field named.
func TestEndingRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(r *Record)
		want string
	}{
		{"unknown", func(r *Record) { r.Ending = &Ending{By: "surrender", Seat: seatp(0)} }, `by "surrender"`},
		{"no seat", func(r *Record) { r.Ending = &Ending{By: EndResigned} }, "names no seat"},
		{"seat out of range", func(r *Record) { r.Ending = &Ending{By: EndResigned, Seat: seatp(2)} }, "seat 2 does not exist"},
		{"draw with a seat", func(r *Record) { r.Ending = &Ending{By: EndAgreedDraw, Seat: seatp(0)} }, "names no seat"},
	} {
		rec := warRecord(t, 3)
		tc.edit(rec)
		if _, _, err := Replay(rec); err == nil || !errors.Is(err, engine.ErrCorrupt) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Replay gives %v; want an error saying %q", tc.name, err, tc.want)
		}
	}
	// A game its rules ended cannot be ended again by the table.
	over, _ := playRecorded(t, 3, engine.Setup{Seed: 8})
	over.Result = nil
	over.Ending = &Ending{By: EndAgreedDraw}
	if _, _, err := ReplayGame(simtest.HighCard{}, over); err == nil || !strings.Contains(err.Error(), "ended by its rules") {
		t.Errorf("a finished game ended again by the table replays (%v); want it refused", err)
	}
	g, _ := games.Lookup("regicide")
	rec := &Record{Version: Version, Game: "regicide", Seed: new(uint64), Actions: []Action{}, Ending: &Ending{By: EndAborted, Seat: seatp(0)}}
	if _, _, err := ReplayGame(g, rec); err != nil {
		t.Errorf("an aborted Regicide game before its first action: %v", err)
	}
	rec.Ending = &Ending{By: EndResigned, Seat: seatp(0)}
	if _, _, err := ReplayGame(g, rec); err == nil || !strings.Contains(err.Error(), "co-operative") {
		t.Errorf("a resignation in co-operative Regicide replays (%v); want it refused", err)
	}
}
