package sim

import (
	"fmt"
	"image/color"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// maxBins bounds the number of bars in the length histogram.
const maxBins = 80

// CheckPlotPath reports whether path names a plot format WritePlot can
// write (.svg, .png or .pdf), so a run can refuse a bad name before it
// starts.
func CheckPlotPath(path string) error {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".svg", ".png", ".pdf":
		return nil
	}
	return fmt.Errorf("sim: plot file %q: name it with .svg, .png or .pdf", path)
}

// WritePlot draws the histogram of game lengths to path (.svg, .png or
// .pdf), titled with the game, its options and the number of games. When a
// long tail would squash the picture, lengths above the 99th percentile are
// left out and the axis label says so.
func WritePlot(r *Report, title, path string) error {
	if err := CheckPlotPath(path); err != nil {
		return err
	}
	p := newPlot(r, title, "length")
	p.X.Label.Text = r.Length.Unit
	lo, hi := r.Length.Min, r.Length.Max
	if hi > 3*r.Length.P99 && r.Length.P99 > lo {
		hi = r.Length.P99
		p.X.Label.Text = fmt.Sprintf("%s (longest 1%% of games, up to %d, not shown)", r.Length.Unit, r.Length.Max)
	}
	h := &plotter.Histogram{
		Bins:      lengthBins(r.lengths.counts, lo, hi),
		FillColor: barColour,
		LineStyle: plotter.DefaultLineStyle,
	}
	h.LineStyle.Color = color.White
	h.Width = h.Bins[0].Max - h.Bins[0].Min
	p.Add(plotter.NewGrid(), h)
	return savePlot(p, path)
}

// WriteMetricPlot draws the distribution of an integer metric to path: one
// bar per value from the smallest to the largest seen, each value labelled
// on the axis (every few values when there are many) and each bar with its
// number of games (up to 30 bars).
func WriteMetricPlot(r *Report, metric, title, path string) error {
	if err := CheckPlotPath(path); err != nil {
		return err
	}
	m, ok := r.Metrics[metric]
	if !ok {
		return fmt.Errorf("sim: no metric %q to plot; metrics: %s", metric, metricList(r))
	}
	if m.Dist == nil {
		return fmt.Errorf("sim: metric %q took values that are not whole numbers from 0 to %d, so it has no distribution to plot", metric, maxDistValue)
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
func newPlot(r *Report, title, what string) *plot.Plot {
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
func metricList(r *Report) string {
	if len(r.MetricOrder) == 0 {
		return "none"
	}
	return strings.Join(r.MetricOrder, ", ")
}

// optionsLine names the options that differ from their defaults, wrapped
// so a long list stays inside the picture.
func optionsLine(r *Report) string {
	var changed []string
	for _, o := range r.specs {
		if v := r.Options.Get(o.Key); v != o.Default {
			changed = append(changed, o.Key+"="+v)
		}
	}
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

// lengthBins groups the integer lengths lo..hi into at most maxBins bins of
// equal integer width; bin [a, a+w) holds lengths a..a+w-1.
func lengthBins(counts []int64, lo, hi int) []plotter.HistogramBin {
	width := (hi - lo + maxBins) / maxBins
	var bins []plotter.HistogramBin
	for a := lo; a <= hi; a += width {
		b := plotter.HistogramBin{Min: float64(a), Max: float64(a + width)}
		for l := a; l < a+width && l <= hi && l < len(counts); l++ {
			b.Weight += float64(counts[l])
		}
		bins = append(bins, b)
	}
	return bins
}

// LengthBin is games whose length lies in [Min, Max].
type LengthBin struct {
	Min, Max int
	Games    int64
}

// LengthBins groups the run's game lengths into at most n bins of equal
// width, as WritePlot draws them: from the shortest game to the longest,
// or to the 99th percentile when the longest 1% would squash the rest
// (cut says so).
func (r *Report) LengthBins(n int) (bins []LengthBin, cut bool) {
	lo, hi := r.Length.Min, r.Length.Max
	if hi > 3*r.Length.P99 && r.Length.P99 > lo {
		hi, cut = r.Length.P99, true
	}
	if n < 1 || r.Games == 0 {
		return nil, cut
	}
	width := (hi - lo + n) / n
	counts := r.lengths.counts
	for a := lo; a <= hi; a += width {
		b := LengthBin{Min: a, Max: min(a+width-1, hi)}
		for l := a; l <= b.Max && l < len(counts); l++ {
			b.Games += counts[l]
		}
		bins = append(bins, b)
	}
	return bins, cut
}
