package sim

import (
	"fmt"
	"image/color"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
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
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: length of %d games, seed %d\n%s", title, r.Games, r.Seed, optionsLine(r))
	p.Y.Label.Text = "games"
	p.X.Label.Text = r.Length.Unit
	lo, hi := r.Length.Min, r.Length.Max
	if hi > 3*r.Length.P99 && r.Length.P99 > lo {
		hi = r.Length.P99
		p.X.Label.Text = fmt.Sprintf("%s (longest 1%% of games, up to %d, not shown)", r.Length.Unit, r.Length.Max)
	}
	h := &plotter.Histogram{
		Bins:      lengthBins(r.lengths.counts, lo, hi),
		FillColor: color.RGBA{R: 70, G: 110, B: 170, A: 255},
		LineStyle: plotter.DefaultLineStyle,
	}
	h.LineStyle.Color = color.White
	h.Width = h.Bins[0].Max - h.Bins[0].Min
	p.Add(plotter.NewGrid(), h)
	p.Y.Min, p.Y.Max = 0, 1.06*p.Y.Max
	if err := p.Save(8*vg.Inch, 4.5*vg.Inch, path); err != nil {
		return fmt.Errorf("sim: writing plot %s: %w", path, err)
	}
	return nil
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
