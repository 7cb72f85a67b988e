package analysis

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"math"
	"os"
	"slices"
	"testing"
)

var fitWrite = flag.Bool("fit-write", false, "with TestFitCalibration: write the fitted tables to calibration_table.go")

// gameFit is how one game's calibration is fitted: its samples (made by
// TestSampleCalibration), its stages and the measure of a sample's
// progress they split, the depths with samples of their own, and the
// curve fitted at each stage to the positions where the search won some
// playouts (isotonic or logistic); reportStages adds each stage's
// reliability to the report.
type gameFit struct {
	game         string
	data         string
	stages       []int
	measure      func(sample) int
	depths       []Depth
	curve        func([]point) curve
	reportStages bool
}

// gameFits are the games with a calibration; each game's table is exactly
// what the documented command makes from these files.
var gameFits = []gameFit{
	{"regicide", "testdata/calibration.jsonl", regicideStages, func(s sample) int { return s.Defeated }, []Depth{Quick, Deep}, isotonic, false},
	{"watchtower", "testdata/calibration-watchtower.jsonl", watchtowerStages, func(s sample) int { return watchtowerStage(s.In, s.Campaigners) }, []Depth{Quick}, logistic, true},
}

// heldOut says whether sample s is kept out of the fit to judge it: every
// third game.
func heldOut(s sample) bool { return s.Index%3 == 2 }

// fitted is one game's fit: each depth's calibration for each number of
// players.
type fitted map[Depth]map[int]*calibration

// fitAll fits every depth and number of players of gf on the training
// samples of data.
func (gf gameFit) fitAll(data []sample) fitted {
	out := fitted{}
	for _, depth := range gf.depths {
		out[depth] = map[int]*calibration{}
		for players := 0; players <= 4; players++ {
			var train []sample
			for _, s := range data {
				if (players == 0 || s.Players == players) && !heldOut(s) {
					train = append(train, s)
				}
			}
			if len(train) >= minPlayersSamples {
				out[depth][players] = gf.fit(depth, train)
			}
		}
	}
	return out
}

// fit fits one calibration: for each stage, isotonic regression of the
// outcome on the share among the positions where the search won some
// playouts, and below it, at share 0, the share of wins among the
// positions of every stage where it won none (no win in the search is a
// fact of its own, rare early in a game: pooled over the stages it is
// measured at all).
func (gf gameFit) fit(depth Depth, train []sample) *calibration {
	c := &calibration{}
	var zeroN, zeroWon float64
	for _, s := range train {
		if s.Shares[string(depth)] == 0 {
			zeroN, zeroWon = zeroN+1, zeroWon+s.outcome()
		}
	}
	zero := round6((zeroWon + 0.5) / (zeroN + 1))
	for st := range gf.stages {
		var pts []point
		for _, s := range train {
			if x := s.Shares[string(depth)]; x > 0 && stageOf(gf.stages, gf.measure(s)) == st {
				pts = append(pts, point{x, s.outcome()})
			}
		}
		if len(pts) < minStageSamples {
			pts = pts[:0]
			for _, s := range train {
				if x := s.Shares[string(depth)]; x > 0 {
					pts = append(pts, point{x, s.outcome()})
				}
			}
		}
		cv := gf.curve(pts)
		cv.Share = append([]float64{0}, cv.Share...)
		cv.Chance = append([]float64{min(zero, cv.Chance[0])}, cv.Chance...)
		c.stages = append(c.stages, cv)
	}
	return c
}

// minPlayersSamples is the fewest training samples a number of players
// is fitted on alone; with fewer its games use the fit of every number of
// players together (players 0 in the table).
const minPlayersSamples = 100

// minStageSamples is the fewest samples a stage is fitted on alone (else
// on every stage's).
const minStageSamples = 20

type point struct{ x, y float64 }

func won01(w bool) float64 {
	if w {
		return 1
	}
	return 0
}

// isotonic fits a monotone curve to pts by pool-adjacent-violators, each
// block's chance drawn towards the points' mean by one pseudo-sample (so
// that no block says 0 or 1 from a handful of games) and pooled again
// where that breaks the order.
func isotonic(pts []point) curve {
	slices.SortStableFunc(pts, func(a, b point) int {
		switch {
		case a.x < b.x:
			return -1
		case a.x > b.x:
			return 1
		}
		return 0
	})
	mean := 0.0
	for _, p := range pts {
		mean += p.y / float64(len(pts))
	}
	type block struct{ n, sx, sy float64 }
	pool := func(bs []block, value func(block) float64) []block {
		var out []block
		for _, b := range bs {
			out = append(out, b)
			for len(out) > 1 && value(out[len(out)-2]) >= value(out[len(out)-1]) {
				a, z := out[len(out)-2], out[len(out)-1]
				out = append(out[:len(out)-2], block{a.n + z.n, a.sx + z.sx, a.sy + z.sy})
			}
		}
		return out
	}
	var bs []block
	for i := 0; i < len(pts); {
		j := i
		b := block{}
		for ; j < len(pts) && pts[j].x == pts[i].x; j++ {
			b.n, b.sx, b.sy = b.n+1, b.sx+pts[j].x, b.sy+pts[j].y
		}
		bs = append(bs, b)
		i = j
	}
	raw := func(b block) float64 { return b.sy / b.n }
	drawn := func(b block) float64 { return (b.sy + mean) / (b.n + 1) }
	bs = pool(pool(bs, raw), drawn)
	var c curve
	for _, b := range bs {
		c.Share = append(c.Share, round6(b.sx/b.n))
		c.Chance = append(c.Chance, round6(drawn(b)))
	}
	return c
}

// logistic fits a logistic curve in the share's log-odds to pts (Platt's
// scaling: chance = σ(a·logit(share) + b), a > 0) by Newton's method on
// the log loss plus a·a/2 (the most probable curve under a prior of a
// ~ N(0, 1), b free), and returns it as a curve with knots at fixed
// shares. Watchtower's share is already a fitted logistic model's chance
// (its evaluation's), squeezed towards a fair share where the playouts
// were cut short: two parameters straighten it without following the
// noise of a few hundred games, as an isotonic fit would. The prior draws
// the slope towards 0, the positions' mean outcome for all, as far as the
// shares' spread leaves it unproven: where they hardly vary or hardly
// tell winners from losers (the open game) the chance stays near the base
// rate; where they do (the end) it follows them.
func logistic(pts []point) curve {
	logit := func(p float64) float64 {
		p = min(max(p, 0.001), 0.999)
		return math.Log(p / (1 - p))
	}
	sigma := func(z float64) float64 { return 1 / (1 + math.Exp(-z)) }
	a, b := 1.0, 0.0
	for range 100 {
		var g0, g1, h00, h01, h11 float64
		for _, p := range pts {
			x := logit(p.x)
			q := sigma(a*x + b)
			w := q * (1 - q)
			g0, g1 = g0+(q-p.y)*x, g1+(q-p.y)
			h00, h01, h11 = h00+w*x*x, h01+w*x, h11+w
		}
		g0, h00, h11 = g0+slopePrior*a, h00+slopePrior, h11+1e-9
		det := h00*h11 - h01*h01
		da, db := (h11*g0-h01*g1)/det, (h00*g1-h01*g0)/det
		a, b = a-da, b-db
		if math.Abs(da)+math.Abs(db) < 1e-12 {
			break
		}
	}
	var c curve
	shares := []float64{0.001}
	for x := 0.01; x < 1; x += 0.02 {
		shares = append(shares, round6(x))
	}
	shares = append(shares, 0.999)
	for _, x := range shares {
		y := 0.0
		if a > 0 {
			y = sigma(a*logit(x) + b)
		} else {
			for _, p := range pts {
				y += p.y / float64(len(pts))
			}
		}
		c.Share, c.Chance = append(c.Share, x), append(c.Chance, round6(y))
	}
	return c
}

// slopePrior is the precision of logistic's prior on its slope (a ~
// N(0, 1/slopePrior)), chosen before any held-out figure was seen.
const slopePrior = 1.0

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// TestCalibrationTableIsTheFit refits the calibrations from the shipped
// samples and compares them with the tables built in: each table is
// exactly what the documented command makes from seeded games.
func TestCalibrationTableIsTheFit(t *testing.T) {
	for _, gf := range gameFits {
		data := loadSamples(t, gf.data)
		if len(data) == 0 {
			t.Fatalf("no samples in %s", gf.data)
		}
		got, want := gf.fitAll(data), calibrations[gf.game]
		for depth, byPlayers := range want {
			for players, w := range byPlayers {
				if g := got[depth][players]; g == nil || fmt.Sprint(*g) != fmt.Sprint(*w) {
					t.Errorf("%s, %s, %d players: the table built in differs from the fit of %s; run go test ./analysis -run FitCalibration -fit-write", gf.game, depth, players, gf.data)
				}
			}
		}
		for depth, byPlayers := range got {
			if len(byPlayers) != len(want[depth]) {
				t.Errorf("%s, %s: the fit has %d player counts, the table %d", gf.game, depth, len(byPlayers), len(want[depth]))
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: the fit has %d depths, the table %d", gf.game, len(got), len(want))
		}
	}
}

// TestFitCalibration fits each game's calibration on the training samples
// of its file (or of -fit-data for -fit-game), prints its reliability on
// the held-out ones (every third game) and, with -fit-write, writes the
// tables to calibration_table.go.
func TestFitCalibration(t *testing.T) {
	fits := map[string]fitted{}
	for _, gf := range gameFits {
		path := gf.data
		if *fitData != "" && gf.game == *fitGame {
			path = *fitData
		}
		data := loadSamples(t, path)
		fit := gf.fitAll(data)
		fits[gf.game] = fit
		for _, depth := range []Depth{Quick, Deep} {
			byPlayers := fit[depth]
			if byPlayers == nil {
				byPlayers = fit[Quick]
			}
			for players := 0; players <= 4; players++ {
				if c := byPlayers[players]; c != nil || (players > 0 && hasPlayers(data, players)) {
					if c == nil {
						c = byPlayers[0]
					}
					if c == nil {
						t.Logf("%s, %s, %s: too few samples to fit", gf.game, depth, playersWords(players))
						continue
					}
					if depth == Quick {
						t.Log("\n" + gf.curves(players, c))
					}
					for _, pick := range []string{"", "end"} {
						if !slices.ContainsFunc(data, func(s sample) bool { return s.Pick == pick }) {
							continue
						}
						for stage := -1; stage < len(gf.stages) && (stage < 0 || gf.reportStages); stage++ {
							t.Log("\n" + gf.reliability(depth, players, pick, stage, data, c))
						}
					}
				}
			}
		}
	}
	if *fitWrite {
		writeTable(t, fits)
	}
}

func hasPlayers(data []sample, players int) bool {
	return slices.ContainsFunc(data, func(s sample) bool { return s.Players == players })
}

// curves reports a fit's chance at a few shares at each stage.
func (gf gameFit) curves(players int, c *calibration) string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s, %s, the fitted chance at shares 0, 0.1, 0.2 … 0.9, 1:\n", gf.game, playersWords(players))
	for st := range c.stages {
		fmt.Fprintf(&b, "stage %d:", st)
		for x := 0; x <= 10; x++ {
			fmt.Fprintf(&b, " %.3f", c.chance(float64(x)/10, st))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// reliability reports a fit on the held-out samples of players players
// drawn as pick says (those with a share at depth) at stage (-1: every
// stage): Brier scores against the training outcomes' mean and the raw
// share, the positions with no win in the search, and predicted against
// observed by decile of the predicted chance.
func (gf gameFit) reliability(depth Depth, players int, pick string, stage int, data []sample, c *calibration) string {
	var b bytes.Buffer
	base, nTrain := 0.0, 0.0
	for _, s := range data {
		if (players == 0 || s.Players == players) && !heldOut(s) {
			base, nTrain = base+s.outcome(), nTrain+1
		}
	}
	base /= nTrain
	var n, brierCal, brierBase, brierRaw, zeroN, zeroWon, zeroMax, diff2 float64
	var dec [10][3]float64
	for _, s := range data {
		raw, ok := s.Shares[string(depth)]
		st := stageOf(gf.stages, gf.measure(s))
		if players != 0 && s.Players != players || !heldOut(s) || !ok || s.Pick != pick || stage >= 0 && st != stage {
			continue
		}
		y := s.outcome()
		p := c.chance(raw, st)
		n++
		brierCal += (p - y) * (p - y)
		brierBase += (base - y) * (base - y)
		diff2 += math.Pow((p-y)*(p-y)-(base-y)*(base-y), 2)
		brierRaw += (raw - y) * (raw - y)
		if raw == 0 {
			zeroN, zeroWon, zeroMax = zeroN+1, zeroWon+y, max(zeroMax, p)
		}
		k := min(int(p*10), 9)
		dec[k][0], dec[k][1], dec[k][2] = dec[k][0]+1, dec[k][1]+p, dec[k][2]+y
	}
	stageWords := ""
	if stage >= 0 {
		stageWords = fmt.Sprintf(", stage %d", stage)
	}
	fmt.Fprintf(&b, "%s, %s, %s: %.0f training samples (won %.1f%%), %.0f held out%s%s\n", gf.game, depth, playersWords(players), nTrain, 100*base, n, map[string]string{"end": " (end stream)"}[pick], stageWords)
	if n == 0 {
		return b.String()
	}
	fmt.Fprintf(&b, "Brier (held out): calibrated %.4f, training win rate for all %.4f, raw share %.4f\n", brierCal/n, brierBase/n, brierRaw/n)
	mean := (brierCal - brierBase) / n
	fmt.Fprintf(&b, "calibrated − naive: %+.4f, standard error %.4f\n", mean, math.Sqrt(max(diff2/n-mean*mean, 0)/max(n-1, 1)))
	fmt.Fprintf(&b, "no win in the search: %.0f held out, won %.0f, calibrated chance at most %.1f%%\n", zeroN, zeroWon, 100*zeroMax)
	fmt.Fprintf(&b, "| predicted | positions | mean predicted | observed |\n")
	for k, d := range dec {
		if d[0] > 0 {
			fmt.Fprintf(&b, "| %d–%d %% | %.0f | %.1f %% | %.1f %% |\n", 10*k, 10*k+10, d[0], 100*d[1]/d[0], 100*d[2]/d[0])
		}
	}
	return b.String()
}

// writeTable writes the games' fits as calibration_table.go.
func writeTable(t *testing.T, fits map[string]fitted) {
	var b bytes.Buffer
	b.WriteString("// Code generated by go test ./analysis -run FitCalibration -fit-write; DO NOT EDIT.\n\npackage analysis\n\n")
	b.WriteString("// calibrations are each game's fitted calibration at each depth for each\n// number of players (calibrate.go, docs/analysis.md).\nvar calibrations = map[string]map[Depth]map[int]*calibration{\n")
	for _, gf := range gameFits {
		fmt.Fprintf(&b, "%q: {\n", gf.game)
		for _, depth := range gf.depths {
			fmt.Fprintf(&b, "%s: {\n", map[Depth]string{Quick: "Quick", Deep: "Deep"}[depth])
			for players := 0; players <= 4; players++ {
				c := fits[gf.game][depth][players]
				if c == nil {
					continue
				}
				fmt.Fprintf(&b, "%d: {stages: []curve{\n", players)
				for _, cv := range c.stages {
					fmt.Fprintf(&b, "{Share: %#v, Chance: %#v},\n", cv.Share, cv.Chance)
				}
				b.WriteString("}},\n")
			}
			b.WriteString("},\n")
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("calibration_table.go", src, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A calibration must rise with the share at every number of enemies
// defeated, or an estimate's interval would come out of order.
func TestCalibrationIsMonotone(t *testing.T) {
	for game, byDepth := range calibrations {
		for depth, byPlayers := range byDepth {
			for players, cal := range byPlayers {
				for stage := range cal.stages {
					prev := -1.0
					for i := 0; i <= 1000; i++ {
						c := cal.chance(float64(i)/1000, stage)
						if c < prev || c < 0 || c > 1 {
							t.Fatalf("%s, %s, %d players: at stage %d the chance falls to %v at share %v (from %v)", game, depth, players, stage, c, float64(i)/1000, prev)
						}
						prev = c
					}
				}
			}
		}
	}
}

func playersWords(players int) string {
	if players == 0 {
		return "every number of players"
	}
	return fmt.Sprintf("%d players", players)
}
