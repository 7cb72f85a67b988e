package analysis

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games"
	"cardtable/record"
)

// small are budgets that keep the tests quick.
var small = Settings{SolverNodes: 2_000_000, ProbeNodes: 500_000, Iterations: 60, PlayedIterations: 60, Candidates: 3}

// playRecord plays a seeded game of name with bot in every seat and
// returns its record.
func playRecord(t testing.TB, name string, opts map[string]string, bot string, seed uint64) *record.Record {
	t.Helper()
	g, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	o := engine.MustResolve(g, opts)
	s, err := g.New(o, engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	players := make([]engine.Bot, s.NumSeats())
	for i := range players {
		if players[i], err = bots.New(bot, g, o, nil, engine.BotSeed(seed, i)); err != nil {
			t.Fatal(err)
		}
	}
	rec := record.FromGame(g, o, engine.Setup{Seed: seed}, nil)
	for !s.Terminal() {
		seat := s.ToMove(nil)[0]
		a := players[seat].Act(s, seat)
		rec.Add(s, seat, a)
		if err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	rec.Finish(s)
	return rec
}

// A game in progress is never analysed: analysis reads every hidden card.
func TestUnfinishedGameIsRefused(t *testing.T) {
	rec := loadRecord(t, knownLoss)
	rec.Actions, rec.Result = rec.Actions[:10], nil
	_, err := Analyze(context.Background(), rec, Options{settings: &small})
	if !errors.Is(err, ErrUnfinished) {
		t.Fatalf("Analyze(10 actions of %d) = %v, want ErrUnfinished", len(rec.Actions), err)
	}
}

// Bad options are refused with errors that name them.
func TestBadOptions(t *testing.T) {
	rec := loadRecord(t, knownLoss)
	for _, opt := range []Options{{Depth: "fast"}, {Seats: []int{1}}, {Seats: []int{-1}}} {
		if _, err := Analyze(context.Background(), rec, opt); !errors.Is(err, engine.ErrBadOption) {
			t.Errorf("Analyze(%+v) = %v, want ErrBadOption", opt, err)
		}
	}
	rec.Actions[3].Action = "play KS"
	if _, err := Analyze(context.Background(), rec, Options{}); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("Analyze(a record with an illegal action) = %v, want ErrIllegal", err)
	}
}

// A won game was winnable at every position: no search is needed and no
// move is marked as losing.
func TestWonGameNeedsNoSearch(t *testing.T) {
	rec := loadRecord(t, knownLoss)
	doc, err := Analyze(context.Background(), rec, Options{settings: &small})
	if err != nil {
		t.Fatal(err)
	}
	line, err := WinningRecord(rec, doc)
	if err != nil {
		t.Fatal(err)
	}
	doc, err = Analyze(context.Background(), line, Options{settings: &small})
	if err != nil {
		t.Fatal(err)
	}
	h := doc.Hindsight
	if len(h.Probes) != 0 || h.LosingStep != 0 || h.LastWon != len(line.Actions) || h.FirstLost != -1 {
		t.Errorf("won game: %d probes, losing step %d, last won %d, first lost %d", len(h.Probes), h.LosingStep, h.LastWon, h.FirstLost)
	}
	for _, d := range doc.Decisions {
		if d.Before != Won || d.After != Won || d.Losing {
			t.Fatalf("won game, step %d: before %s, after %s, losing %v", d.Step, d.Before, d.After, d.Losing)
		}
	}
	roundTrip(t, doc)
}

// peeking lets a search see the real state as its every determinization.
type peeking struct{ engine.State }

func (p peeking) Determinize(int, *rand.Rand) engine.State { return p.State.Clone() }

// The expert's part reads no hidden card: a position and a redeal of
// every card its seat cannot see get the same estimates. The control, a
// search that sees the real cards, must tell some pair apart, or this
// test could not fail.
func TestExpertDoesNotPeek(t *testing.T) {
	cases := []struct {
		name string
		rec  *record.Record
		x    *expert
	}{
		{"regicide", loadRecord(t, knownLoss), regicideExpert(small, calibrationFor("regicide", Quick, 1))},
		{"watchtower", playRecord(t, "watchtower", nil, "heuristic", 4), watchtowerExpert(small, nil)},
	}
	for _, c := range cases {
		positions, err := replayPositions(c.rec)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		checked, differs := 0, 0
		for i := 0; i < len(c.rec.Actions) && checked < 6; i += 3 {
			a := c.rec.Actions[i]
			s := positions[i]
			if len(s.Legal(a.Seat, nil)) < 2 {
				continue
			}
			redeal := s.Determinize(a.Seat, rng)
			got := [4]Decision{}
			for k, st := range []engine.State{s, redeal, peeking{s}, peeking{redeal}} {
				got[k] = Decision{Step: i + 1, Seat: a.Seat, Action: a.Action}
				if err := c.x.appraise(context.Background(), st, &got[k]); err != nil {
					t.Fatal(err)
				}
			}
			if !reflect.DeepEqual(got[0], got[1]) {
				t.Errorf("%s step %d: %+v in the game, %+v in a redeal the seat cannot tell apart", c.name, i+1, got[0], got[1])
			}
			if !reflect.DeepEqual(got[2], got[3]) {
				differs++
			}
			checked++
		}
		if checked < 4 || differs == 0 {
			t.Errorf("%s: %d positions checked, %d told apart by a peeking search: want 4 and 1", c.name, checked, differs)
		}
	}
}

// Watchtower: every decision with a choice gets the expert's chance after
// the move played and after its best, in order, and marks follow the
// documented thresholds; the document reads back the same.
func TestWatchtowerAnalysis(t *testing.T) {
	rec := playRecord(t, "watchtower", nil, "heuristic", 9)
	rec.Seats = []record.Seat{{Name: "Ann"}, {Name: "bot", Bot: "heuristic"}}
	doc, err := Analyze(context.Background(), rec, Options{settings: &small})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(doc.Analysed) != "[0]" || doc.Hindsight != nil {
		t.Fatalf("analysed %v (want the person's seat 0), hindsight %v (want none)", doc.Analysed, doc.Hindsight)
	}
	appraised := 0
	for _, d := range doc.Decisions {
		if d.Seat != 0 {
			t.Fatalf("step %d: a decision of the bot's seat %d", d.Step, d.Seat)
		}
		if d.Choices < 2 {
			continue
		}
		appraised++
		for _, e := range []*Estimate{d.Played, &d.Best.Estimate} {
			if !(0 <= e.Low && e.Low <= e.Chance && e.Chance <= e.High && e.High <= 1) || e.Trials < 1 || e.Trials > small.Iterations {
				t.Fatalf("step %d: estimate %+v out of order", d.Step, *e)
			}
		}
		if d.Best.Action != d.Action && d.Played.Trials != small.PlayedIterations {
			t.Errorf("step %d: the move played was searched %d times, want all %d", d.Step, d.Played.Trials, small.PlayedIterations)
		}
		if want := markOf(&d); d.Mark != want {
			t.Errorf("step %d: mark %q, want %q for a loss of %.3f", d.Step, d.Mark, want, d.Loss)
		}
	}
	if appraised < 10 || len(doc.Graph.Points) != appraised {
		t.Errorf("%d decisions appraised, %d points on the graph", appraised, len(doc.Graph.Points))
	}
	roundTrip(t, doc)
}

// A game the table ended (an abort) is finished: its last position is
// probed first, and may have been winnable still; ended after the losing
// move, the losing move is found as in a game the rules ended.
func TestGameEndedAtTheTable(t *testing.T) {
	full := loadRecord(t, knownLoss)
	seat := 0
	for _, tc := range []struct {
		actions, losing int
	}{{20, 0}, {44, 44}} {
		rec := *full
		rec.Actions, rec.Result = full.Actions[:tc.actions], nil
		rec.Ending = &record.Ending{By: record.EndAborted, Seat: &seat}
		doc, err := Analyze(context.Background(), &rec, Options{settings: &small})
		if err != nil {
			t.Fatal(err)
		}
		h := doc.Hindsight
		if h.LosingStep != tc.losing || doc.Ending == nil || doc.Result.End != record.EndAborted {
			t.Errorf("aborted after %d actions: losing step %d (want %d), ending %+v, result %+v", tc.actions, h.LosingStep, tc.losing, doc.Ending, doc.Result)
		}
		if tc.losing == 0 && (h.LastWon != tc.actions || h.FirstLost != -1 || h.Probes[0].Position != tc.actions) {
			t.Errorf("aborted while winnable: last won %d, first lost %d, probes %+v", h.LastWon, h.FirstLost, h.Probes)
		}
		var b bytes.Buffer
		doc.WriteText(&b)
		if tc.losing == 0 && !strings.Contains(b.String(), "still winnable when the table ended it (aborted)") {
			t.Errorf("the text does not say the aborted game was still winnable:\n%s", b.String())
		}
		roundTrip(t, doc)
	}
	rec := *full
	rec.Actions, rec.Result = full.Actions[:20], nil
	if _, err := Analyze(context.Background(), &rec, Options{settings: &small}); !errors.Is(err, ErrUnfinished) {
		t.Errorf("the same actions without an ending: %v, want ErrUnfinished", err)
	}
}

// replayPositions is every position of rec, as a Regicide analysis keeps
// them.
func replayPositions(rec *record.Record) ([]engine.State, error) {
	start, _, err := replayEnds(rec)
	if err != nil {
		return nil, err
	}
	return positionsOf(start, rec)
}
