package analysis

import (
	"encoding/json"
	"flag"
	"math"
	"os"
	"testing"

	"cardtable/bots/regicidebot"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

var (
	fitSamples = flag.Int("fit", 0, "sample this many Regicide positions, refit the expert's calibration and print it (about 2 s of CPU a sample)")
	fitData    = flag.String("fit-data", "", "append the samples to this JSON-lines file and fit every sample in it (alone: fit the file's samples)")
)

// sample is one position the calibration is fitted on: the share of won
// iterations of a search through one action at each depth, the enemies
// defeated, and whether the expert, playing on after that action, won.
type sample struct {
	Seed     uint64             `json:"seed"`
	Step     int                `json:"step"`
	Action   string             `json:"action"`
	Shares   map[string]float64 `json:"shares"`
	Defeated int                `json:"defeated"`
	Won      bool               `json:"won"`
}

// TestFitCalibration, run with -fit N, samples N solo positions from games
// the heuristic plays (seeds SubSeed(77, i)), at a random decision of each
// game: the action appraised is the expert's choice (two times in five),
// the heuristic's, or any legal action; its shares come from searches of
// every depth's iteration budget; the expert at its defaults then plays the
// game out. It fits each depth's calibration by logistic regression and
// prints the coefficients, the held-out Brier scores (uncalibrated share,
// calibrated chance) and a reliability table.
func TestFitCalibration(t *testing.T) {
	if *fitSamples == 0 && *fitData == "" {
		t.Skip("run with -fit N (and -fit-data FILE) to refit the calibration")
	}
	data := loadSamples(t)
	have := len(data)
	for i := have; i < have+*fitSamples; i++ {
		s := drawSample(t, cards.SubSeed(77, uint64(i)))
		data = append(data, s)
		saveSample(t, s)
		if i%20 == 0 {
			t.Logf("%d samples", i+1)
		}
	}
	for _, depth := range []Depth{Quick, Deep} {
		fitDepth(t, depth, data)
	}
}

func drawSample(t *testing.T, seed uint64) sample {
	g := regicide.Game{}
	s, err := g.New(engine.MustResolve(g, nil), engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := cards.NewRNG(seed)
	heuristic := newExpert(t, 0, seed)
	// Walk the heuristic's game, choosing a decision uniformly among
	// those met (reservoir sampling), then replay to it.
	var chosen int
	seen := 0
	probe := s.Clone()
	for step := 0; !probe.Terminal(); step++ {
		if len(probe.Legal(0, nil)) > 1 {
			seen++
			if rng.IntN(seen) == 0 {
				chosen = step
			}
		}
		if err := probe.Apply(0, heuristic.Act(probe, 0)); err != nil {
			t.Fatal(err)
		}
	}
	heuristic = newExpert(t, 0, seed)
	for range chosen {
		if err := s.Apply(0, heuristic.Act(s, 0)); err != nil {
			t.Fatal(err)
		}
	}
	legal := s.Legal(0, nil)
	var a engine.Action
	switch r := rng.IntN(5); {
	case r < 2:
		a = newExpert(t, regicidebot.DefaultIterations, seed).Act(s, 0)
	case r < 4:
		a = heuristic.Act(s, 0)
	default:
		a = legal[rng.IntN(len(legal))]
	}
	out := sample{Seed: seed, Step: chosen, Action: s.ActionString(a), Shares: map[string]float64{},
		Defeated: s.(*regicide.State).Facts().Defeated}
	for _, depth := range []Depth{Quick, Deep} {
		st := depth.settings("regicide")
		stats := regicideExpert(st, calibration{}).mustBot(t, st.PlayedIterations, expertSeed(chosen+1)).Appraise(s, 0, []engine.Action{a})
		out.Shares[string(depth)] = stats[0].Mean
	}
	if err := s.Apply(0, a); err != nil {
		t.Fatal(err)
	}
	player := newExpert(t, regicidebot.DefaultIterations, cards.SubSeed(seed, 1))
	for !s.Terminal() {
		if err := s.Apply(0, player.Act(s, 0)); err != nil {
			t.Fatal(err)
		}
	}
	out.Won = won(s)
	return out
}

// newExpert is the expert at iterations (0: the policy alone).
func newExpert(t *testing.T, iterations int, seed uint64) *regicidebot.Bot {
	st := regicidebot.DefaultSettings()
	st.Search.Iterations = iterations
	b, err := regicidebot.New(st, seed)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (x *expert) mustBot(t *testing.T, iterations int, seed uint64) appraiser {
	b, err := x.newBot(iterations, seed)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func loadSamples(t *testing.T) []sample {
	if *fitData == "" {
		return nil
	}
	f, err := os.Open(*fitData)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []sample
	dec := json.NewDecoder(f)
	for dec.More() {
		var s sample
		if err := dec.Decode(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

func saveSample(t *testing.T, s sample) {
	if *fitData == "" {
		return
	}
	f, err := os.OpenFile(*fitData, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := json.NewEncoder(f).Encode(s); err != nil {
		t.Fatal(err)
	}
}

// fitDepth fits depth's calibration on the first two thirds of data and
// reports it on the last third.
func fitDepth(t *testing.T, depth Depth, data []sample) {
	xs := make([][calibrationFeatures]float64, len(data))
	ys := make([]float64, len(data))
	for i, s := range data {
		xs[i] = calibrationX(s.Shares[string(depth)], s.Defeated)
		if s.Won {
			ys[i] = 1
		}
	}
	cut := len(data) * 2 / 3
	w := fitLogistic(xs[:cut], ys[:cut])
	cal := calibration{w: w}
	var brierRaw, brierCal, brierBase, base float64
	for _, y := range ys[:cut] {
		base += y / float64(cut)
	}
	var bins [5][2]float64
	for i := cut; i < len(data); i++ {
		brierBase += (base - ys[i]) * (base - ys[i])
		raw := data[i].Shares[string(depth)]
		p := cal.chance(raw, data[i].Defeated)
		brierRaw += (raw - ys[i]) * (raw - ys[i])
		brierCal += (p - ys[i]) * (p - ys[i])
		b := min(int(p*5), 4)
		bins[b][0]++
		bins[b][1] += ys[i]
	}
	n := float64(len(data) - cut)
	t.Logf("%s: %d samples (%d held out); weights %#v", depth, len(data), len(data)-cut, w)
	t.Logf("%s: held-out Brier: the training set's win rate %.3f for all %.4f, the search's share %.4f, calibrated %.4f", depth, base, brierBase/n, brierRaw/n, brierCal/n)
	for b, c := range bins {
		if c[0] > 0 {
			t.Logf("%s: chance %d-%d%%: %3.0f positions, won %.0f%%", depth, b*20, b*20+20, c[0], 100*c[1]/c[0])
		}
	}
}

// fitLogistic fits the weights of P(y) = logistic(w·x) by Newton's method.
func fitLogistic(xs [][calibrationFeatures]float64, ys []float64) [calibrationFeatures]float64 {
	const k = calibrationFeatures
	var w [k]float64
	for range 30 {
		var g [k]float64
		var h [k][k]float64
		for i, x := range xs {
			p := logistic(dot(w, x))
			for j := range k {
				g[j] += (p - ys[i]) * x[j]
				for l := range k {
					h[j][l] += p*(1-p)*x[j]*x[l] + boolTo(j == l)*1e-6
				}
			}
		}
		step := solve(h, g)
		for j := range k {
			w[j] -= step[j]
		}
	}
	return w
}

func boolTo(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// solve returns x with h·x = g by Gaussian elimination with pivoting.
func solve(h [calibrationFeatures][calibrationFeatures]float64, g [calibrationFeatures]float64) [calibrationFeatures]float64 {
	const k = calibrationFeatures
	for c := range k {
		p := c
		for r := c + 1; r < k; r++ {
			if math.Abs(h[r][c]) > math.Abs(h[p][c]) {
				p = r
			}
		}
		h[c], h[p] = h[p], h[c]
		g[c], g[p] = g[p], g[c]
		for r := c + 1; r < k; r++ {
			f := h[r][c] / h[c][c]
			for j := c; j < k; j++ {
				h[r][j] -= f * h[c][j]
			}
			g[r] -= f * g[c]
		}
	}
	var x [k]float64
	for r := k - 1; r >= 0; r-- {
		s := g[r]
		for j := r + 1; j < k; j++ {
			s -= h[r][j] * x[j]
		}
		x[r] = s / h[r][r]
	}
	return x
}

// A calibration must rise with the share at every number of enemies
// defeated, or an estimate's interval would come out of order.
func TestCalibrationIsMonotone(t *testing.T) {
	for depth, cal := range calibrations {
		for defeated := 0; defeated <= 12; defeated++ {
			prev := -1.0
			for i := 0; i <= 1000; i++ {
				c := cal.chance(float64(i)/1000, defeated)
				if c < prev || c < 0 || c > 1 {
					t.Fatalf("%s: at %d defeated the chance falls to %v at share %v (from %v)", depth, defeated, c, float64(i)/1000, prev)
				}
				prev = c
			}
		}
	}
}
