package storetest

import (
	"errors"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/store"
)

// AnalysisStore is a store with analyses.
type AnalysisStore interface {
	store.Store
	store.Analyses
}

// RunAnalyses runs the analyses suite (store.Analyses's comments) on stores
// open gives (they must implement store.Analyses).
func RunAnalyses(t *testing.T, open Open) {
	t.Run("SaveAndRead", func(t *testing.T) { testAnalyses(t, open) })
	t.Run("Reopen", func(t *testing.T) { testAnalysesReopen(t, open) })
}

func freshAnalyses(t *testing.T, open Open) (AnalysisStore, string) {
	t.Helper()
	s, name := fresh(t, open)
	as, ok := s.(AnalysisStore)
	if !ok {
		t.Fatalf("%T does not implement store.Analyses", s)
	}
	return as, name
}

// finished creates table id and finishes it.
func finished(t *testing.T, s store.Store, id string) {
	t.Helper()
	create(t, s, sample(id, epoch))
	res := engine.Result{Over: true, Winners: []int{0, 1}, Returns: []float64{1, 1}, Length: 3}
	if err := s.Finish(ctx, id, res, epoch); err != nil {
		t.Fatal(err)
	}
}

func testAnalyses(t *testing.T, open Open) {
	s, _ := freshAnalyses(t, open)
	finished(t, s, "done")
	create(t, s, sample("live", epoch))
	if _, err := s.Analysis(ctx, "done", "quick"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Analysis before any was saved: %v, want ErrNotFound", err)
	}
	if err := s.SaveAnalysis(ctx, "live", "quick", `{"live":true}`, epoch); !errors.Is(err, store.ErrConflict) {
		t.Errorf("SaveAnalysis of an unfinished table: %v, want ErrConflict", err)
	}
	if _, err := s.Analysis(ctx, "live", "quick"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused analysis was kept: %v", err)
	}
	if err := s.SaveAnalysis(ctx, "nope", "quick", `{}`, epoch); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SaveAnalysis of no table: %v, want ErrNotFound", err)
	}
	if err := s.SaveAnalysis(ctx, "done", "quick", `{"first":true}`, epoch); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveAnalysis(ctx, "done", "quick", `{"second":true}`, epoch.Add(time.Second)); err != nil {
		t.Errorf("a second SaveAnalysis: %v, want nil (the first kept)", err)
	}
	if err := s.SaveAnalysis(ctx, "done", "deep", `{"deep":true}`, epoch); err != nil {
		t.Fatal(err)
	}
	for depth, want := range map[string]string{"quick": `{"first":true}`, "deep": `{"deep":true}`} {
		if got, err := s.Analysis(ctx, "done", depth); err != nil || got != want {
			t.Errorf("Analysis(done, %s) = %q, %v; want %q", depth, got, err, want)
		}
	}
}

func testAnalysesReopen(t *testing.T, open Open) {
	s, name := freshAnalyses(t, open)
	finished(t, s, "done")
	if err := s.SaveAnalysis(ctx, "done", "quick", `{"kept":true}`, epoch); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	r, ok := open(t, name).(AnalysisStore)
	if !ok {
		t.Fatal("the reopened store has no analyses")
	}
	if got, err := r.Analysis(ctx, "done", "quick"); err != nil || got != `{"kept":true}` {
		t.Errorf("after a reopen: %q, %v", got, err)
	}
}
