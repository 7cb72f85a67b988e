package analysis

import (
	"context"
	"errors"
	"testing"

	"cardtable/engine"
)

// Learning from a mistake: at the known loss's losing move, trying the
// move that kept the game winnable is judged winnable by the solver with a
// line that wins, trying the losing move again is judged lost, and the
// expert's estimate comes with each; an illegal action or a step that was
// not appraised is refused.
func TestJudgeAnotherMove(t *testing.T) {
	ctx := context.Background()
	rec := loadRecord(t, knownLoss)
	doc, err := Analyze(ctx, rec, Options{settings: &small})
	if err != nil {
		t.Fatal(err)
	}
	var losing *Decision
	for i := range doc.Decisions {
		if doc.Decisions[i].Losing {
			losing = &doc.Decisions[i]
		}
	}
	if losing == nil || losing.Keeps == "" {
		t.Fatalf("the known loss has no losing move with a move that kept it winnable: %+v", losing)
	}
	good, err := Judge(ctx, rec, doc, losing.Step, losing.Keeps)
	if err != nil {
		t.Fatal(err)
	}
	if good.Verdict != Won || len(good.Line) == 0 || good.Estimate == nil || good.Best == nil {
		t.Fatalf("trying %q: %+v; want won with a line and the expert's estimates", losing.Keeps, good)
	}
	s, legal, err := RetryChoices(rec, losing.Step)
	if err != nil || len(legal) != losing.Choices {
		t.Fatalf("RetryChoices: %d actions, %v; want the %d of the decision", len(legal), err, losing.Choices)
	}
	after := s.Clone()
	if err := engine.ApplyText(after, losing.Seat, losing.Keeps); err != nil {
		t.Fatal(err)
	}
	for _, st := range good.Line {
		if err := engine.ApplyText(after, st.Seat, st.Action); err != nil {
			t.Fatal(err)
		}
	}
	if r := after.Result(); len(r.Winners) == 0 {
		t.Fatalf("the retry's line does not win: %s", r.Detail)
	}
	bad, err := Judge(ctx, rec, doc, losing.Step, losing.Action)
	if err != nil {
		t.Fatal(err)
	}
	if bad.Verdict != Lost || bad.Played != losing.Action {
		t.Fatalf("trying the losing move again: %+v; want lost", bad)
	}
	if bad.Estimate.Chance != losing.Played.Chance {
		t.Errorf("the losing move retried: chance %v; the analysis said %v (the same search)", bad.Estimate.Chance, losing.Played.Chance)
	}
	for _, c := range []struct {
		step   int
		action string
	}{{losing.Step, "play 99Z"}, {losing.Step, "yield yield"}, {0, losing.Action}, {len(rec.Actions) + 1, losing.Action}} {
		if _, err := Judge(ctx, rec, doc, c.step, c.action); !errors.Is(err, engine.ErrBadOption) {
			t.Errorf("Judge(step %d, %q) = %v; want a bad option", c.step, c.action, err)
		}
	}
}
