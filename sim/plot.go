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
	p.Title.Text = fmt.Sprintf("%s: length of %d games\n%s", title, r.Games, r.Options)
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
	p.Add(h)
	p.Add(plotter.NewGrid())
	if err := p.Save(8*vg.Inch, 4.5*vg.Inch, path); err != nil {
		return fmt.Errorf("sim: writing plot %s: %w", path, err)
	}
	return nil
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
