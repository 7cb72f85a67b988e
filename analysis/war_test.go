package analysis

import (
	"context"
	"slices"
	"testing"

	"cardtable/engine"
	"cardtable/games/war"
	"cardtable/record"
)

// slapCounts is what a scripted Slap War game should be analysed into,
// counted by the script as it plays.
type slapCounts struct{ windows, slaps, first, missed, falses int }

// TestSlapWarWindows scripts a Slap War game: seat 1 slaps at 200 ms in
// every window it is asked, and false-slaps before its flip in every
// seventh battle; seat 2 slaps at 300 ms in every other window and in
// those seat 1 sits out (locked out by its false slap), and passes in the
// rest. The analysis must count each seat's windows, slaps, misses
// and false slaps as the script did, give every slap its reaction time,
// and credit the cards to seat 1 in every window it was in (100 ms ahead,
// beyond the 50 ms tie) and to seat 2 only when seat 1 was locked out.
func TestSlapWarWindows(t *testing.T) {
	g := war.Game{}
	opts := engine.MustResolve(g, map[string]string{"slap": "5", "max-battles": "120"})
	s, err := g.New(opts, engine.Setup{Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	rec := record.FromGame(g, opts, engine.Setup{Seed: 11}, []record.Seat{{Name: "Ann"}, {Name: "Bob"}})
	var want [2]slapCounts
	windows := 0
	falseIn := -1 // the battle seat 1 false-slapped in
	play := func(seat int, text string) {
		rec.Actions = append(rec.Actions, record.Action{Seat: seat, Action: text})
		if err := engine.ApplyText(s, seat, text); err != nil {
			t.Fatalf("seat %d %q: %v", seat+1, text, err)
		}
	}
	for !s.Terminal() {
		v := s.View(engine.Spectator).(*war.View)
		toMove := s.ToMove(nil)
		if v.Phase == "slap" {
			windows++
			in0 := slices.Contains(toMove, 0)
			for _, seat := range toMove {
				want[seat].windows++
				switch {
				case seat == 0:
					want[0].slaps++
					want[0].first++
					play(0, "slap@200")
				case windows%2 == 1 || !in0:
					want[1].slaps++
					if !in0 {
						want[1].first++
					}
					play(1, "slap@300")
				default:
					want[1].missed++
					play(1, "pass")
				}
			}
			continue
		}
		seat := toMove[0]
		if seat == 0 && v.Battles%7 == 3 && falseIn != v.Battles && slices.Contains(s.Legal(0, nil), war.Slap(0)) {
			falseIn = v.Battles
			want[0].falses++
			play(0, "slap")
			continue
		}
		play(seat, "flip")
	}
	rec.Finish(s)
	if want[0].falses == 0 || want[1].first == 0 || want[1].missed == 0 {
		t.Fatalf("the script made %+v: want false slaps, a window seat 1 sat out and misses", want)
	}
	doc, err := Analyze(context.Background(), rec, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for seat, w := range want {
		got := doc.Summary[seat]
		have := slapCounts{got.Windows, got.Slaps, got.First, got.Missed, got.False}
		if have != w {
			t.Errorf("seat %d: analysed %+v, the script made %+v", seat+1, have, w)
		}
	}
	if doc.Summary[0].MeanReactionMS != 200 || doc.Summary[1].MeanReactionMS != 300 {
		t.Errorf("mean reactions %.1f and %.1f ms, want 200 and 300", doc.Summary[0].MeanReactionMS, doc.Summary[1].MeanReactionMS)
	}
	for _, d := range doc.Decisions {
		switch {
		case d.Slap == nil:
			t.Fatalf("step %d: a War decision without its slap", d.Step)
		case d.Mark == MarkFalse && (d.Slap.Possible || d.Action != "slap"):
			t.Errorf("step %d: %q marked false with %+v", d.Step, d.Action, *d.Slap)
		case d.Mark == MarkMissed && (d.Action != "pass" || d.Slap.WindowMS != 2000):
			t.Errorf("step %d: %q marked missed with %+v", d.Step, d.Action, *d.Slap)
		}
	}
	if doc.Graph.Measure != "reaction" || len(doc.Graph.Points) != len(doc.Decisions) {
		t.Errorf("graph %q with %d points for %d decisions", doc.Graph.Measure, len(doc.Graph.Points), len(doc.Decisions))
	}
	roundTrip(t, doc)
}
