package storetest

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/store"
)

// model is the contract as a plain map: what a store must hold after any
// sequence of calls.
type model struct {
	tables map[string]*modelTable
}

type modelTable struct {
	t       store.Table
	actions []store.Action
}

// outcome classes an error the way callers read it.
func outcome(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, store.ErrNotFound):
		return "not found"
	case errors.Is(err, store.ErrConflict):
		return "conflict"
	}
	return "error: " + err.Error()
}

// testRandomOps runs random calls, many of them refused, on the store and
// on the model, and compares every outcome and, now and then, everything
// the store holds.
func testRandomOps(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	m := &model{tables: map[string]*modelTable{}}
	rng := rand.New(rand.NewPCG(9, 10))
	ids := []string{"a", "b", "c", "d", "e"}
	for step := range 600 {
		id := ids[rng.IntN(len(ids))]
		what, got, want := m.call(t, s, rng, id, step)
		if got != want {
			t.Fatalf("step %d: %s: the store says %s, the contract %s", step, what, got, want)
		}
		if step%50 == 49 {
			m.compare(t, s, step)
		}
	}
	m.compare(t, s, 600)
}

// call makes one random call on s and on the model and returns what it
// was and both outcomes.
func (m *model) call(t *testing.T, s store.Store, rng *rand.Rand, id string, step int) (what, got, want string) {
	mt := m.tables[id]
	at := epoch.Add(time.Duration(step) * time.Second)
	switch r := rng.IntN(10); {
	case r == 0:
		tb := sample(id, at)
		tb.Seats = tb.Seats[:1+rng.IntN(2)]
		want = "ok"
		if mt != nil {
			want = "conflict"
		} else {
			m.tables[id] = &modelTable{t: modelOf(tb)}
		}
		return "CreateTable " + id, outcome(s.CreateTable(ctx, tb)), want
	case r == 1:
		seat := rng.IntN(3)
		st := store.Seat{Name: fmt.Sprint("p", step), Kind: "human", Token: fmt.Sprint("tok", step), Invite: "inv"}
		want = "not found"
		if mt != nil && seat < len(mt.t.Seats) {
			want = "ok"
			mt.t.Seats[seat] = st
		}
		return fmt.Sprintf("UpdateSeat %s %d", id, seat), outcome(s.UpdateSeat(ctx, id, seat, st)), want
	case r == 2:
		res := engine.Result{Over: true, Winners: []int{0}, Returns: []float64{1}, Length: step}
		want = "not found"
		if mt != nil {
			want = "conflict"
			if mt.t.Result == nil {
				want = "ok"
				mt.t.Result, mt.t.Finished = &res, at.Truncate(time.Microsecond).UTC()
			}
		}
		return "Finish " + id, outcome(s.Finish(ctx, id, res, at)), want
	default:
		seq := 0
		if mt != nil {
			seq = len(mt.actions) + rng.IntN(3) - 1 // one stale, one right, one gap
		}
		a := store.Action{Seq: seq, Seat: step % 2, Action: fmt.Sprint("act ", step), At: at}
		want = "not found"
		if mt != nil {
			want = "conflict"
			if seq == len(mt.actions) && mt.t.Result == nil {
				want = "ok"
				a.At = at.Truncate(time.Microsecond).UTC()
				mt.actions = append(mt.actions, a)
			}
		}
		return fmt.Sprintf("Append %s seq %d", id, seq), outcome(s.Append(ctx, id, a)), want
	}
}

// modelOf is t as the model keeps it.
func modelOf(t store.Table) store.Table {
	w := want(t)
	w.Seats = append([]store.Seat(nil), t.Seats...)
	return w
}

// compare checks that s holds what the model does.
func (m *model) compare(t *testing.T, s store.Store, step int) {
	t.Helper()
	all := list(t, s, false, 0)
	if len(all) != len(m.tables) {
		t.Fatalf("step %d: the store lists %v, the model has %d tables", step, ids(all), len(m.tables))
	}
	for _, tb := range all {
		mt, ok := m.tables[tb.ID]
		if !ok {
			t.Fatalf("step %d: the store lists table %s, which the model lacks", step, tb.ID)
		}
		if d := sameTable(tb, mt.t); d != "" {
			t.Fatalf("step %d: table %s: %s", step, tb.ID, d)
		}
		got := actions(t, s, tb.ID)
		if len(got) != len(mt.actions) {
			t.Fatalf("step %d: table %s holds %d actions, the model %d", step, tb.ID, len(got), len(mt.actions))
		}
		for i, a := range got {
			w := mt.actions[i]
			if a.Seq != w.Seq || a.Seat != w.Seat || a.Action != w.Action || !a.At.Equal(w.At) {
				t.Fatalf("step %d: table %s, action %d: %+v, want %+v", step, tb.ID, i, a, w)
			}
		}
	}
	open := 0
	for _, mt := range m.tables {
		if mt.t.Result == nil {
			open++
		}
	}
	if n := len(list(t, s, true, 0)); n != open {
		t.Fatalf("step %d: %d open tables listed, the model has %d", step, n, open)
	}
}
