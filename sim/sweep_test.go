package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/sim/simtest"
)

func sweepOf(t *testing.T, games int64, given map[string]string, axes ...string) Sweep {
	t.Helper()
	sw := Sweep{Base: Config{Game: simtest.HighCard{}, Games: games, Seed: 11, Workers: 2}, Given: given}
	for _, text := range axes {
		a, err := ParseAxis(text)
		if err != nil {
			t.Fatal(err)
		}
		sw.Axes = append(sw.Axes, a)
	}
	return sw
}

func runSweep(t *testing.T, sw Sweep) *SweepReport {
	t.Helper()
	plan, err := sw.Plan()
	if err != nil {
		t.Fatalf("Plan: %v", err)
	}
	rep, err := plan.Run(context.Background(), nil)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return rep
}

// A grid has a row for every combination, the first axis varying
// slowest, and each row is the report of a separate run of its setting on
// the sweep's seed: the settings share their seeds.
func TestSweepRowsAreSeparateRunsOnTheSameSeeds(t *testing.T) {
	sw := sweepOf(t, 300, nil, "target=1,3", "players=2,3,4")
	sw.Bots = []bots.Spec{{Name: "random"}}
	rep := runSweep(t, sw)
	if len(rep.Rows) != 6 {
		t.Fatalf("%d rows, want 2×3", len(rep.Rows))
	}
	var labels []string
	for _, row := range rep.Rows {
		labels = append(labels, rep.Label(row))
	}
	if got := strings.Join(labels, " "); got != "target=1,players=2 target=1,players=3 target=1,players=4 target=3,players=2 target=3,players=3 target=3,players=4" {
		t.Errorf("rows %s, want the first axis varying slowest", got)
	}
	for _, row := range rep.Rows {
		cfg := config(t, 300, row.Setting, "random")
		cfg.Seed = 11
		if got, want := stableJSON(t, row.Report), stableJSON(t, run(t, cfg)); got != want {
			t.Errorf("row %s differs from a run of its setting:\n got %s\nwant %s", rep.Label(row), got, want)
		}
	}
}

func TestSweepPlanRefusesBadSettingsBeforeRunning(t *testing.T) {
	for _, tc := range []struct {
		given map[string]string
		axes  []string
		says  string
	}{
		{nil, []string{"targte=1,2"}, `unknown option "targte"; valid options: players, target`},
		{nil, []string{"target=1,9"}, `target="9": want an integer from 1 to 5`},
		{nil, []string{"target=2,02"}, "value 2 given twice"},
		{map[string]string{"target": "2"}, []string{"target=1,3"}, "sweep the option or fix it, not both"},
		{nil, []string{"target=1", "target=2"}, "--sweep target given twice"},
		{map[string]string{"players": "7"}, []string{"target=1"}, `players="7": want an integer from 2 to 4`},
	} {
		sw := sweepOf(t, 10, tc.given, tc.axes...)
		_, err := sw.Plan()
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("sweep %v with %v: %v, want an error saying %q", tc.axes, tc.given, err, tc.says)
		}
	}
	sw := sweepOf(t, 10, nil, "target=1,9")
	if _, err := sw.Plan(); !errors.Is(err, engine.ErrBadOption) {
		t.Errorf("bad sweep value: %v, want it to wrap engine.ErrBadOption", err)
	}
	sw = sweepOf(t, 10, nil, "players=2,3")
	sw.Bots = []bots.Spec{{Name: "random"}, {Name: "random"}}
	if _, err := sw.Plan(); err == nil || !strings.Contains(err.Error(), "setting players=3: sim: 2 bots named for 3 seats") {
		t.Errorf("bots for 2 seats in a 3-player setting: %v, want the setting named", err)
	}
	for _, text := range []string{"target", "=1,2", "target="} {
		if _, err := ParseAxis(text); err == nil || !strings.Contains(err.Error(), "KEY=V1,V2") {
			t.Errorf("ParseAxis(%q) = %v, want the form explained", text, err)
		}
	}
}

func TestSweepCSVAndFigures(t *testing.T) {
	rep := runSweep(t, sweepOf(t, 200, map[string]string{"target": "2"}, "players=2,4"))
	var b bytes.Buffer
	if err := rep.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "players,games,seats.0.wins,seats.0.share,seats.0.ci95_lo,seats.0.ci95_hi,") ||
		!strings.Contains(lines[0], "seats.3.ci95_hi,draws,length.mean") || !strings.HasSuffix(lines[0], "ends.target,ends.exhausted,metrics.ties.mean") {
		t.Fatalf("CSV:\n%s", b.String())
	}
	row2 := strings.Split(lines[1], ",")
	if row2[0] != "2" || row2[1] != "200" || row2[2+3*4] != "" {
		t.Errorf("2-player row %v: want players 2, 200 games and no seat 3", row2)
	}
	seat0 := rep.Rows[0].Seats[0]
	if row2[2] != strconv.FormatInt(seat0.Wins, 10) || row2[3] != strconv.FormatFloat(seat0.Share, 'g', -1, 64) {
		t.Errorf("seat 0 cells %v, want the JSON's %d wins and share %v", row2[2:4], seat0.Wins, seat0.Share)
	}
	figs := SweepFigures(simtest.HighCard{}, []Config{{Options: rep.Rows[0].Options}, {Options: rep.Rows[1].Options}})
	if got := strings.Join(figs, ","); got != "share,draws,length,ties,end:target,end:exhausted" {
		t.Errorf("SweepFigures = %s", got)
	}
	if f := rep.Rows[1].Figures("share"); len(f) != 4 || f[0].Lo > f[0].Value || f[0].Hi < f[0].Value {
		t.Errorf("4-player shares %v, want 4 figures inside their intervals", f)
	}
	if f := rep.Rows[0].Figures("length"); len(f) != 1 || !(f[0].Lo < f[0].Value && f[0].Value < f[0].Hi) || f[0].Value != rep.Rows[0].Length.Mean {
		t.Errorf("length figure %v, want the mean %v inside a proper interval", f, rep.Rows[0].Length.Mean)
	}
}

// Merging the shards of a sweep gives the sweep's document.
func TestMergedSweepShardsEqualTheSweep(t *testing.T) {
	sw := sweepOf(t, 150, nil, "target=1,2")
	want := runSweep(t, sw)
	var parts []*SweepReport
	for i := 0; i < 3; i++ {
		s := sw
		s.Base.Shard = Shard{Index: i, Of: 3}
		p := runSweep(t, s)
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var back SweepReport
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		for r, row := range back.Rows {
			row.Options = p.Rows[r].Options
		}
		parts = append(parts, &back)
	}
	got, err := MergeSweep(simtest.HighCard{}, parts)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want.Rows {
		if g, w := stableJSON(t, got.Rows[i].Report), stableJSON(t, want.Rows[i].Report); g != w {
			t.Errorf("row %d: merged %s\nwant %s", i, g, w)
		}
	}
	parts[1].Rows[0].Setting = map[string]string{"target": "5"}
	if _, err := MergeSweep(simtest.HighCard{}, parts); err == nil || !strings.Contains(err.Error(), "not slices of one sweep") {
		t.Errorf("shards of different settings merged: %v", err)
	}
}
