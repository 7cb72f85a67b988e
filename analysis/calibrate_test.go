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

var fitWrite = flag.Bool("fit-write", false, "with TestFitCalibration: write the fitted table to calibration_table.go")

// calibrationData is the samples the shipped table was fitted on
// (TestSampleCalibration made them).
const calibrationData = "testdata/calibration.jsonl"

// heldOut says whether sample s is kept out of the fit to judge it: every
// third game.
func heldOut(s sample) bool { return s.Index%3 == 2 }

// fitted is one fit: each depth's calibration for each number of players.
type fitted map[Depth]map[int]*calibration

// fitAll fits every depth and number of players on the training samples.
func fitAll(data []sample) fitted {
	out := fitted{}
	for _, depth := range []Depth{Quick, Deep} {
		out[depth] = map[int]*calibration{}
		for players := 0; players <= 4; players++ {
			var train []sample
			for _, s := range data {
				if (players == 0 || s.Players == players) && !heldOut(s) {
					train = append(train, s)
				}
			}
			if len(train) >= minPlayersSamples {
				out[depth][players] = fitCalibration(depth, train)
			}
		}
	}
	return out
}

// fitCalibration fits one calibration: for each stage, isotonic
// regression of the outcome on the share among the positions where the
// search won some playouts, and below it, at share 0, the share of wins
// among the positions of every stage where it won none (no win in the
// search is a fact of its own, rare early in a game: pooled over the
// stages it is measured at all).
func fitCalibration(depth Depth, train []sample) *calibration {
	c := &calibration{}
	var zeroN, zeroWon float64
	for _, s := range train {
		if s.Shares[string(depth)] == 0 {
			zeroN, zeroWon = zeroN+1, zeroWon+won01(s.Won)
		}
	}
	zero := round6((zeroWon + 0.5) / (zeroN + 1))
	for st := range stageFrom {
		var pts []point
		for _, s := range train {
			if x := s.Shares[string(depth)]; x > 0 && stageOf(s.Defeated) == st {
				pts = append(pts, point{x, won01(s.Won)})
			}
		}
		if len(pts) < minStageSamples {
			pts = pts[:0]
			for _, s := range train {
				if x := s.Shares[string(depth)]; x > 0 {
					pts = append(pts, point{x, won01(s.Won)})
				}
			}
		}
		cv := isotonic(pts)
		cv.Share = append([]float64{0}, cv.Share...)
		cv.Chance = append([]float64{min(zero, cv.Chance[0])}, cv.Chance...)
		c.stages[st] = cv
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

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// TestCalibrationTableIsTheFit refits the calibration from the shipped
// samples and compares it with the table built in: the table is exactly
// what the documented command makes from seeded games.
func TestCalibrationTableIsTheFit(t *testing.T) {
	data := loadSamples(t, calibrationData)
	if len(data) == 0 {
		t.Fatalf("no samples in %s", calibrationData)
	}
	got := fitAll(data)
	for depth, byPlayers := range calibrations {
		for players, want := range byPlayers {
			if g := got[depth][players]; g == nil || fmt.Sprint(*g) != fmt.Sprint(*want) {
				t.Errorf("%s, %d players: the table built in differs from the fit of %s; run go test ./analysis -run FitCalibration -fit-write", depth, players, calibrationData)
			}
		}
	}
	if len(got) != len(calibrations) || len(got[Quick]) != len(calibrations[Quick]) {
		t.Errorf("the fit has %d depths, %d player counts; the table %d, %d", len(got), len(got[Quick]), len(calibrations), len(calibrations[Quick]))
	}
}

// TestFitCalibration fits the calibration on the training samples of
// -fit-data (default testdata/calibration.jsonl), prints its reliability on
// the held-out ones (every third game) and, with -fit-write, writes the
// table to calibration_table.go.
func TestFitCalibration(t *testing.T) {
	path := *fitData
	if path == "" {
		path = calibrationData
	}
	data := loadSamples(t, path)
	fit := fitAll(data)
	for _, depth := range []Depth{Quick, Deep} {
		for players := 0; players <= 4; players++ {
			if c := fit[depth][players]; c != nil || players > 0 {
				if c == nil {
					c = fit[depth][0]
				}
				t.Log("\n" + reliability(depth, players, data, c))
			}
		}
	}
	if *fitWrite {
		writeTable(t, fit)
	}
}

// reliability reports a fit on the held-out samples of players players:
// Brier scores against the training win rate and the raw share, the
// positions with no win in the search, and predicted against observed by
// decile of the predicted chance.
func reliability(depth Depth, players int, data []sample, c *calibration) string {
	var b bytes.Buffer
	base, nTrain := 0.0, 0.0
	for _, s := range data {
		if (players == 0 || s.Players == players) && !heldOut(s) {
			base, nTrain = base+won01(s.Won), nTrain+1
		}
	}
	base /= nTrain
	var n, brierCal, brierBase, brierRaw, zeroN, zeroWon, zeroMax float64
	var dec [10][3]float64
	for _, s := range data {
		if players != 0 && s.Players != players || !heldOut(s) {
			continue
		}
		y, raw := won01(s.Won), s.Shares[string(depth)]
		p := c.chance(raw, s.Defeated)
		n++
		brierCal += (p - y) * (p - y)
		brierBase += (base - y) * (base - y)
		brierRaw += (raw - y) * (raw - y)
		if raw == 0 {
			zeroN, zeroWon, zeroMax = zeroN+1, zeroWon+y, max(zeroMax, p)
		}
		k := min(int(p*10), 9)
		dec[k][0], dec[k][1], dec[k][2] = dec[k][0]+1, dec[k][1]+p, dec[k][2]+y
	}
	fmt.Fprintf(&b, "%s, %s: %.0f training samples (won %.1f%%), %.0f held out\n", depth, playersWords(players), nTrain, 100*base, n)
	fmt.Fprintf(&b, "Brier (held out): calibrated %.4f, training win rate for all %.4f, raw share %.4f\n", brierCal/n, brierBase/n, brierRaw/n)
	fmt.Fprintf(&b, "no win in the search: %.0f held out, won %.0f, calibrated chance at most %.1f%%\n", zeroN, zeroWon, 100*zeroMax)
	fmt.Fprintf(&b, "| predicted | positions | mean predicted | observed |\n")
	for k, d := range dec {
		if d[0] > 0 {
			fmt.Fprintf(&b, "| %d–%d %% | %.0f | %.1f %% | %.1f %% |\n", 10*k, 10*k+10, d[0], 100*d[1]/d[0], 100*d[2]/d[0])
		}
	}
	return b.String()
}

// writeTable writes fit as calibration_table.go.
func writeTable(t *testing.T, fit fitted) {
	var b bytes.Buffer
	b.WriteString("// Code generated by go test ./analysis -run FitCalibration -fit-write; DO NOT EDIT.\n\npackage analysis\n\n")
	b.WriteString("// calibrations are each depth's fitted calibration for each number of\n// players (calibrate.go, docs/analysis.md).\nvar calibrations = map[Depth]map[int]*calibration{\n")
	for _, depth := range []Depth{Quick, Deep} {
		fmt.Fprintf(&b, "%s: {\n", map[Depth]string{Quick: "Quick", Deep: "Deep"}[depth])
		for players := 0; players <= 4; players++ {
			c := fit[depth][players]
			if c == nil {
				continue
			}
			fmt.Fprintf(&b, "%d: {stages: [len(stageFrom)]curve{\n", players)
			for _, cv := range c.stages {
				fmt.Fprintf(&b, "{Share: %#v, Chance: %#v},\n", cv.Share, cv.Chance)
			}
			b.WriteString("}},\n")
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
	for depth, byPlayers := range calibrations {
		for players, cal := range byPlayers {
			for defeated := 0; defeated <= 12; defeated++ {
				prev := -1.0
				for i := 0; i <= 1000; i++ {
					c := cal.chance(float64(i)/1000, defeated)
					if c < prev || c < 0 || c > 1 {
						t.Fatalf("%s, %d players: at %d defeated the chance falls to %v at share %v (from %v)", depth, players, defeated, c, float64(i)/1000, prev)
					}
					prev = c
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
