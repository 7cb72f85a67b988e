package plot

import (
	"fmt"
	"image/color"
	"maps"
	"slices"
	"strconv"
	"strings"

	"cardtable/sim"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// sweepLine is one line of a sweep plot: its legend and, per value of
// the first axis, a figure (nil where the setting has none).
type sweepLine struct {
	name   string
	points []*sim.Figure
}

// Sweep draws figure y (sim.SweepFigures) against the sweep's first
// axis to path (.svg, .png or .pdf), each line with its 95% interval as a
// shaded band: one line per seat for a share in a zero-sum game, and with
// several axes one line per combination of the other axes' values. The
// first axis's values are spaced by value when they are all numbers, else
// evenly with their names.
func Sweep(r *sim.SweepReport, y, title, path string) error {
	if err := CheckPath(path); err != nil {
		return err
	}
	xs, names := sweepX(r.Sweep[0].Values)
	lines := sweepLines(r, y)
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: %s by %s, %d games per setting, seed %d", title, y, r.Sweep[0].Key, r.Games, r.Seed)
	if len(r.Fixed) > 0 {
		var fixed []string
		for _, k := range slices.Sorted(maps.Keys(r.Fixed)) {
			fixed = append(fixed, k+"="+r.Fixed[k])
		}
		p.Title.Text += "\noptions: " + strings.Join(fixed, " ")
	}
	p.X.Label.Text = r.Sweep[0].Key
	p.Y.Label.Text = y + " (95% interval shaded)"
	p.Add(plotter.NewGrid())
	p.Legend.Top = true
	legends := 0
	for i, l := range lines {
		c := plotutil.Color(i)
		var pts, band plotter.XYs
		var upper plotter.XYs
		for j, f := range l.points {
			if f == nil {
				continue
			}
			pts = append(pts, plotter.XY{X: xs[j], Y: f.Value})
			band = append(band, plotter.XY{X: xs[j], Y: f.Lo})
			upper = append(upper, plotter.XY{X: xs[j], Y: f.Hi})
		}
		if len(pts) == 0 {
			continue
		}
		for k := len(upper) - 1; k >= 0; k-- {
			band = append(band, upper[k])
		}
		poly, err := plotter.NewPolygon(band)
		if err != nil {
			return fmt.Errorf("sim: plotting %s: %w", y, err)
		}
		rr, g, b, _ := c.RGBA()
		poly.Color = color.NRGBA{R: uint8(rr >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 60}
		poly.LineStyle.Width = 0
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return fmt.Errorf("sim: plotting %s: %w", y, err)
		}
		line.Color, points.Color = c, c
		points.Shape = draw.CircleGlyph{}
		p.Add(poly, line, points)
		if len(lines) > 1 || l.name != "" {
			p.Legend.Add(l.name, line, points)
			legends++
		}
	}
	// Every value of the axis is a labelled tick, with room on both sides
	// for the end points and above the lines for the legend.
	var ticks []plot.Tick
	for i, x := range xs {
		ticks = append(ticks, plot.Tick{Value: x, Label: names[i]})
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	lo, hi := xs[0], xs[0]
	for _, x := range xs {
		lo, hi = min(lo, x), max(hi, x)
	}
	pad := 0.06 * max(hi-lo, 1)
	p.X.Min, p.X.Max = lo-pad, hi+pad
	if legends > 0 {
		p.Y.Max += 0.07 * float64(legends) * (p.Y.Max - p.Y.Min)
	}
	if err := p.Save(8*vg.Inch, 4.5*vg.Inch, path); err != nil {
		return fmt.Errorf("sim: writing plot %s: %w", path, err)
	}
	return nil
}

// sweepX places the first axis's values: at their own value when every
// one is a number, else at 0, 1, 2, ... with their names.
func sweepX(values []string) (xs []float64, names []string) {
	numeric := true
	for i, v := range values {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			numeric = false
			x = float64(i)
		}
		xs = append(xs, x)
	}
	if !numeric {
		for i := range xs {
			xs[i] = float64(i)
		}
	}
	return xs, values
}

// sweepLines groups the rows by the values of every axis but the first,
// and splits a group by seat when the figure has one per seat.
func sweepLines(r *sim.SweepReport, y string) []sweepLine {
	var lines []sweepLine
	index := map[string]int{}
	first := r.Sweep[0]
	for _, row := range r.Rows {
		var others []string
		for _, a := range r.Sweep[1:] {
			others = append(others, a.Key+"="+row.Setting[a.Key])
		}
		x := indexOf(first.Values, row.Setting[first.Key])
		figs := row.Figures(y)
		for s, f := range figs {
			name := strings.Join(others, " ")
			if y == "share" && row.Team == nil {
				name = strings.TrimSpace(fmt.Sprintf("seat %d %s", s+1, name))
			}
			i, ok := index[name]
			if !ok {
				i = len(lines)
				index[name] = i
				lines = append(lines, sweepLine{name: name, points: make([]*sim.Figure, len(first.Values))})
			}
			lines[i].points[x] = &f
		}
	}
	return lines
}

func indexOf(values []string, v string) int {
	for i, x := range values {
		if x == v {
			return i
		}
	}
	return 0
}
