// Package plot draws a simulation's pictures (cardtable sim --plot, sweep
// --plot): histograms of game lengths and of a metric, and a sweep's
// figure against its first axis, as .svg, .png or .pdf with gonum/plot.
// It is a package of its own so that what runs games (sim, and the server
// through analysis) does not compile a plotting library.
package plot

import (
	"fmt"
	"image/color"
	"path/filepath"
	"strconv"
	"strings"

	"cardtable/sim"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// maxBins bounds the number of bars in the length histogram.
const maxBins = 80

// CheckPath reports whether path names a format this package writes
// (.svg, .png or .pdf), so a run can refuse a bad name before it starts.
func CheckPath(path string) error {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".svg", ".png", ".pdf":
		return nil
	}
	return fmt.Errorf("sim: plot file %q: name it with .svg, .png or .pdf", path)
}

// Lengths draws the histogram of game lengths to path (.svg, .png or
// .pdf), titled with the game, its options and the number of games, in
// the bins of Report.LengthBins: when a long tail would squash the
// picture, lengths above the 99th percentile are left out and the axis
// label says so.
func Lengths(r *sim.Report, title, path string) error {
	if err := CheckPath(path); err != nil {
		return err
	}
	p := newPlot(r, title, "length")
	p.X.Label.Text = r.Length.Unit
	bins, cut := r.LengthBins(maxBins)
	if cut {
		p.X.Label.Text = fmt.Sprintf("%s (longest 1%% of games, up to %d, not shown)", r.Length.Unit, r.Length.Max)
	}
	h := &plotter.Histogram{
		Bins:      histogramBins(bins, r.Length.Min),
		FillColor: barColour,
		LineStyle: plotter.DefaultLineStyle,
	}
	h.LineStyle.Color = color.White
	h.Width = h.Bins[0].Max - h.Bins[0].Min
	p.Add(plotter.NewGrid(), h)
	return savePlot(p, path)
}

// Metric draws the distribution of an integer metric to path: one bar
// per value from the smallest to the largest seen, each value labelled on
// the axis (every few values when there are many) and each bar with its
// number of games (up to 30 bars).
func Metric(r *sim.Report, metric, title, path string) error {
	if err := CheckPath(path); err != nil {
		return err
	}
	m, ok := r.Metrics[metric]
	if !ok {
		return fmt.Errorf("sim: no metric %q to plot; metrics: %s", metric, metricList(r))
	}
	if m.Dist == nil {
		return fmt.Errorf("sim: metric %q took values that are not whole numbers from 0 to %d, so it has no distribution to plot", metric, sim.MaxDistValue)
	}
	lo, hi := m.Dist.Span()
	n := hi - lo + 1
	values := make(plotter.Values, n)
	names := make([]string, n)
	points := make(plotter.XYs, n)
	counts := make([]string, n)
	every := (n + maxTicks - 1) / maxTicks
	for i := range values {
		v := lo + i
		values[i] = float64(m.Dist[v])
		points[i] = plotter.XY{X: float64(i), Y: values[i]}
		counts[i] = strconv.FormatInt(m.Dist[v], 10)
		if v%every == 0 {
			names[i] = strconv.Itoa(v)
		}
	}
	p := newPlot(r, title, metric)
	p.X.Label.Text = metric
	bars, err := plotter.NewBarChart(values, min(0.5*vg.Inch, 6*vg.Inch/vg.Length(n)))
	if err != nil {
		return fmt.Errorf("sim: plotting %s: %w", metric, err)
	}
	bars.Color, bars.LineStyle.Width = barColour, 0
	p.Add(plotter.NewGrid(), bars)
	if n <= maxCountLabels {
		labels, err := plotter.NewLabels(plotter.XYLabels{XYs: points, Labels: counts})
		if err != nil {
			return fmt.Errorf("sim: plotting %s: %w", metric, err)
		}
		for i := range labels.TextStyle {
			labels.TextStyle[i].XAlign = text.XCenter
		}
		labels.Offset = vg.Point{Y: 3}
		p.Add(labels)
	}
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.6, float64(n)-0.4
	return savePlot(p, path)
}

// Plot layout limits.
const (
	maxTicks       = 25
	maxCountLabels = 30
)

var barColour = color.RGBA{R: 70, G: 110, B: 170, A: 255}

// newPlot starts a plot of what ("length", a metric) titled with the game,
// the number of games, the seed and the options.
func newPlot(r *sim.Report, title, what string) *plot.Plot {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: %s in %d games, seed %d\n%s", title, what, r.Games, r.Seed, optionsLine(r))
	p.Y.Label.Text = "games"
	return p
}

// savePlot leaves headroom above the tallest bar and writes the picture.
func savePlot(p *plot.Plot, path string) error {
	p.Y.Min, p.Y.Max = 0, 1.08*p.Y.Max
	if err := p.Save(8*vg.Inch, 4.5*vg.Inch, path); err != nil {
		return fmt.Errorf("sim: writing plot %s: %w", path, err)
	}
	return nil
}

// metricList names the report's metrics in the game's order.
func metricList(r *sim.Report) string {
	if len(r.MetricOrder) == 0 {
		return "none"
	}
	return strings.Join(r.MetricOrder, ", ")
}

// optionsLine names the options that differ from their defaults, wrapped
// so a long list stays inside the picture.
func optionsLine(r *sim.Report) string {
	changed := r.ChangedOptions()
	if len(changed) == 0 {
		return "default options"
	}
	var lines []string
	line := "options:"
	for _, c := range changed {
		if len(line)+len(c) > 90 {
			lines, line = append(lines, line), ""
		}
		line += " " + c
	}
	return strings.Join(append(lines, line), "\n")
}

// histogramBins are Report.LengthBins as the histogram draws them: bin
// [a, a+w) holds lengths a..a+w-1, every bin as wide as the first (the
// last may end past the longest length shown); no games is one empty bin
// at lo.
func histogramBins(bins []sim.LengthBin, lo int) []plotter.HistogramBin {
	if len(bins) == 0 {
		return []plotter.HistogramBin{{Min: float64(lo), Max: float64(lo + 1)}}
	}
	width := bins[0].Max - bins[0].Min + 1
	out := make([]plotter.HistogramBin, len(bins))
	for i, b := range bins {
		out[i] = plotter.HistogramBin{Min: float64(b.Min), Max: float64(b.Min + width), Weight: float64(b.Games)}
	}
	return out
}
