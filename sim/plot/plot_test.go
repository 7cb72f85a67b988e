package plot

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/sim"
	"cardtable/sim/simtest"
)

// run plays games of High Card with the given options and returns the
// report.
func run(t *testing.T, games int64, given map[string]string) *sim.Report {
	t.Helper()
	g := simtest.HighCard{}
	opts := engine.MustResolve(g, given)
	s, err := g.New(opts, engine.Setup{})
	if err != nil {
		t.Fatal(err)
	}
	seats, err := sim.SeatsFromRegistry(g, opts, s.NumSeats(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := sim.Run(context.Background(), sim.Config{Game: g, Options: opts, Games: games, Seed: 7, Seats: seats})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return rep
}

// wantPicture fails unless path holds a picture of some size.
func wantPicture(t *testing.T, path string) {
	t.Helper()
	if fi, err := os.Stat(path); err != nil || fi.Size() < 1000 {
		t.Errorf("%s: %v; want a non-empty picture", path, err)
	}
}

func TestLengthsWritesFiles(t *testing.T) {
	rep := run(t, 500, nil)
	dir := t.TempDir()
	for _, name := range []string{"len.svg", "len.png", "len.pdf"} {
		path := filepath.Join(dir, name)
		if err := Lengths(rep, "High Card", path); err != nil {
			t.Fatalf("Lengths(%s): %v", name, err)
		}
		wantPicture(t, path)
	}
	if err := Lengths(rep, "High Card", filepath.Join(dir, "len.gif")); err == nil || !strings.Contains(err.Error(), ".svg, .png or .pdf") {
		t.Errorf("Lengths(.gif) = %v, want an error naming the formats", err)
	}
}

// The histogram's bars are Report.LengthBins', each as wide as the first,
// holding every game shown.
func TestHistogramBinsAreTheReportsBins(t *testing.T) {
	rep := run(t, 2000, nil)
	bins, _ := rep.LengthBins(maxBins)
	hist := histogramBins(bins, rep.Length.Min)
	if len(hist) != len(bins) {
		t.Fatalf("%d bars for %d bins", len(hist), len(bins))
	}
	var games float64
	width := hist[0].Max - hist[0].Min
	for i, h := range hist {
		if h.Min != float64(bins[i].Min) || h.Max-h.Min != width || h.Weight != float64(bins[i].Games) {
			t.Errorf("bar %d = %+v, bin %+v, width %v", i, h, bins[i], width)
		}
		games += h.Weight
	}
	if games != float64(rep.Games) {
		t.Errorf("bars hold %v games of %d", games, rep.Games)
	}
	if empty := histogramBins(nil, 3); len(empty) != 1 || empty[0].Min != 3 || empty[0].Max != 4 || empty[0].Weight != 0 {
		t.Errorf("no games: %+v, want one empty bar at 3", empty)
	}
}

func TestMetricWritesFilesAndRefusesBadMetrics(t *testing.T) {
	rep := run(t, 500, map[string]string{"players": "4"})
	dir := t.TempDir()
	for _, name := range []string{"ties.svg", "ties.png"} {
		path := filepath.Join(dir, name)
		if err := Metric(rep, "ties", "High Card", path); err != nil {
			t.Fatalf("Metric(%s): %v", name, err)
		}
		wantPicture(t, path)
	}
	if err := Metric(rep, "tricks", "High Card", filepath.Join(dir, "x.svg")); err == nil || !strings.Contains(err.Error(), `no metric "tricks" to plot; metrics: ties`) {
		t.Errorf("Metric(unknown metric) = %v, want the metrics listed", err)
	}
	m := rep.Metrics["ties"]
	m.Dist = nil
	rep.Metrics["ties"] = m
	if err := Metric(rep, "ties", "High Card", filepath.Join(dir, "x.svg")); err == nil || !strings.Contains(err.Error(), "no distribution to plot") {
		t.Errorf("Metric(metric without a distribution) = %v, want a refusal", err)
	}
}

// The subtitle names the options that differ from the defaults.
func TestOptionsLineNamesChangedOptions(t *testing.T) {
	if got := optionsLine(run(t, 10, nil)); got != "default options" {
		t.Errorf("defaults: %q", got)
	}
	if got := optionsLine(run(t, 10, map[string]string{"players": "4"})); got != "options: players=4" {
		t.Errorf("players=4: %q", got)
	}
}
