package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func jsonDoc(t *testing.T, out string) map[string]any {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	return doc
}

func canonical(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A sweep's rows are the reports of separate sim runs of each setting on
// the same seed.
func TestSweepRowsEqualSeparateRuns(t *testing.T) {
	out, errOut, code := cardtableRigged(t, "sim", "highcard", "--sweep", "target=1,2", "--sweep", "players=2,3", "-n", "120", "--seed", "4", "--json", "--bot", "random")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	doc := jsonDoc(t, out)
	rows := doc["rows"].([]any)
	if doc["kind"] != "sweep" || len(rows) != 4 {
		t.Fatalf("kind %v, %d rows; want a sweep of 2×2 rows", doc["kind"], len(rows))
	}
	for _, r := range rows {
		row := r.(map[string]any)
		setting := row["setting"].(map[string]any)
		delete(row, "setting")
		dropTiming(row)
		alone := simJSON(t, "-n", "120", "--seed", "4", "--bot", "random", "-o", "target="+setting["target"].(string), "-o", "players="+setting["players"].(string))
		dropTiming(alone)
		if got, want := canonical(t, row), canonical(t, alone); got != want {
			t.Errorf("row %v differs from its own run:\n got %s\nwant %s", setting, got, want)
		}
	}
}

func TestSweepTableCSVAndPlot(t *testing.T) {
	dir := t.TempDir()
	csv, svg := filepath.Join(dir, "sweep.csv"), filepath.Join(dir, "ties.svg")
	out, errOut, code := cardtableRigged(t, "sim", "highcard", "--sweep", "target=1,3,5", "-n", "200", "--csv", csv, "--plot", svg, "--y", "ties")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"High Card: sweep of 3 settings, 200 games each, seed 1 (the same seeds for every setting)", "target  seat 1 wins", "\n5       ", "ties"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, " \n") {
		t.Errorf("table has trailing spaces:\n%s", out)
	}
	b, err := os.ReadFile(csv)
	if err != nil || len(strings.Split(strings.TrimSpace(string(b)), "\n")) != 4 || !strings.HasPrefix(string(b), "target,games,seats.0.wins") {
		t.Errorf("CSV %v:\n%s\nwant a header and 3 rows", err, b)
	}
	plot, err := os.ReadFile(svg)
	if err != nil || !strings.Contains(string(plot), "ties by target") {
		t.Errorf("plot %v: want an SVG titled ties by target", err)
	}
}

func TestSweepUsageErrorsBeforeAnyGame(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--sweep", "target=1,9"}, `cardtable: sim: --sweep target=1,9: invalid option: target="9": want an integer from 1 to 5`},
		{[]string{"--sweep", "tagret=1,2"}, `unknown option "tagret"; valid options: players, target`},
		{[]string{"--sweep", "target"}, "write KEY=V1,V2,..."},
		{[]string{"--sweep", "target=1,2", "-o", "target=3"}, "sweep the option or fix it, not both"},
		{[]string{"--sweep", "target=1,2", "--plot", filepath.Join(dir, "x.svg"), "--y", "tricks"}, `--y "tricks": the sweep of highcard has no such figure; give share, draws, length, ties, end:target, end:exhausted`},
		{[]string{"--sweep", "target=1,2", "--y", "ties"}, "say where to draw it with --plot FILE"},
		{[]string{"--y", "ties"}, "use it with --sweep"},
		{[]string{"--sweep", "target=1,2", "--record-dir", dir}, "a sweep does not save records"},
		{[]string{"--sweep", "players=2,3", "--bot", "random,random"}, "setting players=3: sim: 2 bots named for 3 seats"},
	} {
		out, errOut, code := cardtable(t, "", append([]string{"sim", "highcard", "-n", "100000000"}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("sim %v: exit %d, stdout %q, stderr %q; want exit 2, nothing run and %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

func TestArenaRatingsTableAndJSON(t *testing.T) {
	out, errOut, code := cardtableRigged(t, "arena", "rigged", "--bots", "random,ismcts:iterations=2,ismcts:iterations=3", "-n", "10")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Rigged High Card arena: 3 bots, 2 players, seed 1", "3 match-ups × 2 seat arrangements × 10 deals = 60 games", "rank  bot", "ismcts:iterations=2", "head to head", "50.00% ["} {
		if !strings.Contains(out, want) {
			t.Errorf("arena report lacks %q:\n%s", want, out)
		}
	}
	one, errOut, code := cardtableRigged(t, "arena", "highcard", "--bots", "random,ismcts:iterations=2", "-n", "30", "--json", "--workers", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	two, _, _ := cardtableRigged(t, "arena", "highcard", "--bots", "random,ismcts:iterations=2", "-n", "30", "--json", "--workers", "2")
	a, b := dropArenaTiming(jsonDoc(t, one)), dropArenaTiming(jsonDoc(t, two))
	if canonical(t, a) != canonical(t, b) {
		t.Errorf("--workers 1 and 2 differ:\n%s\n%s", canonical(t, a), canonical(t, b))
	}
	if a["kind"] != "arena" || len(a["ratings"].([]any)) != 2 || len(a["head_to_head"].([]any)) != 2 {
		t.Errorf("arena JSON %s: want kind arena, 2 ratings and 2 head-to-head records", canonical(t, a))
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--bots", "random"}, "name at least two"},
		{[]string{"--bots", "random,nobody"}, `no bot "nobody"`},
		{[]string{"--bots", "random,ismcts", "-o", "players=3"}, "2 bots for a 3-player game"},
		{[]string{"--bots", "random,ismcts", "-n", "0"}, "-n 0"},
		{[]string{"--bots", "random,ismcts", "--shard", "3/3"}, "write I/N"},
	} {
		_, errOut, code := cardtableRigged(t, append([]string{"arena", "highcard"}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("arena %v: exit %d, %q; want exit 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// With --against every bot meets each reference opponent alone, in every
// split of the seats: the text gives a table per number of the bot's
// seats, the JSON the gauntlet rows.
func TestArenaAgainstReferenceOpponents(t *testing.T) {
	out, errOut, code := cardtableRigged(t, "arena", "rigged", "-o", "players=3", "--bots", "random,ismcts:iterations=2", "--against", "ismcts:iterations=3", "-n", "10")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"random, ismcts:iterations=2 against ismcts:iterations=3, 10 deals for every choice of seats", "= 120 games",
		"the bot in 1 of 3 seats, the opponent in 2 seats", "the bot in 2 of 3 seats, the opponent in 1 seat", "33.33% [", "66.67% ["} {
		if !strings.Contains(out, want) {
			t.Errorf("arena report lacks %q:\n%s", want, out)
		}
	}
	one, errOut, code := cardtableRigged(t, "arena", "rigged", "--bots", "random", "--against", "ismcts:iterations=3", "-n", "10")
	if code != 0 || !strings.Contains(one, "Rigged High Card arena: 1 bot, 2 players, seed 1") {
		t.Errorf("one bot against one opponent: exit %d, %s\n%s", code, errOut, one)
	}
	js, errOut, code := cardtableRigged(t, "arena", "rigged", "--bots", "random", "--against", "ismcts:iterations=3", "-n", "10", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	doc := jsonDoc(t, js)
	rows := doc["gauntlet"].([]any)
	if len(rows) != 1 || doc["against"].([]any)[0] != "ismcts:iterations=3" {
		t.Fatalf("arena JSON %s: want one gauntlet row against ismcts:iterations=3", canonical(t, doc))
	}
	if row := rows[0].(map[string]any); row["games"] != 20.0 || row["wins"] != 10.0 || row["losses"] != 10.0 || row["bot_seats"] != 1.0 {
		t.Errorf("gauntlet row %v: want 20 games, 10 won (seat 0), 10 lost", row)
	}
	if _, errOut, code := cardtableRigged(t, "arena", "rigged", "--bots", "random", "--against", "random"); code != 2 || !strings.Contains(errOut, "named twice") {
		t.Errorf("random against random: exit %d, %q", code, errOut)
	}
}

func dropArenaTiming(doc map[string]any) map[string]any {
	for _, k := range []string{"elapsed_s", "games_per_s", "workers"} {
		delete(doc, k)
	}
	for _, e := range doc["entries"].([]any) {
		delete(e.(map[string]any), "seconds")
		delete(e.(map[string]any), "s_per_decision")
	}
	return doc
}

// shards runs args with --shard i/n --json for every i, writes each output
// to a file and returns the files in reverse order.
func shards(t *testing.T, n int, args ...string) []string {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for i := n - 1; i >= 0; i-- {
		out, errOut, code := cardtableRigged(t, append(args, "--json", "--shard", strconv.Itoa(i)+"/"+strconv.Itoa(n))...)
		if code != 0 {
			t.Fatalf("shard %d/%d: exit %d: %s", i, n, code, errOut)
		}
		path := filepath.Join(dir, "part"+strconv.Itoa(i)+".json")
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	return files
}

// Merging the shards' JSON gives the single run's JSON, field by field,
// for a sim run, a sweep and an arena.
func TestMergeEqualsTheSingleRun(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		drop func(map[string]any)
	}{
		{"sim", []string{"sim", "highcard", "-n", "500", "--bot", "random,ismcts:iterations=2", "--rotate"}, dropTiming},
		{"sweep", []string{"sim", "regicide", "--sweep", "players=1,2", "-n", "90", "--bot", "random"}, func(d map[string]any) {
			delete(d, "elapsed_s")
			for _, r := range d["rows"].([]any) {
				dropTiming(r.(map[string]any))
			}
		}},
		{"arena", []string{"arena", "highcard", "--bots", "random,ismcts:iterations=2,ismcts:iterations=3", "-n", "40"}, func(d map[string]any) { dropArenaTiming(d) }},
	} {
		whole, errOut, code := cardtableRigged(t, append(tc.args, "--json")...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.name, code, errOut)
		}
		files := shards(t, 3, tc.args...)
		merged, errOut, code := cardtableRigged(t, append([]string{"merge"}, files...)...)
		if code != 0 {
			t.Fatalf("%s: merge: exit %d: %s", tc.name, code, errOut)
		}
		want, got := jsonDoc(t, whole), jsonDoc(t, merged)
		tc.drop(want)
		tc.drop(got)
		for k, v := range want {
			if canonical(t, got[k]) != canonical(t, v) {
				t.Errorf("%s: merged %s = %s, want %s", tc.name, k, canonical(t, got[k]), canonical(t, v))
			}
		}
		for k := range got {
			if _, ok := want[k]; !ok {
				t.Errorf("%s: merged document has %s, the single run does not", tc.name, k)
			}
		}
		_, errOut, code = cardtableRigged(t, append([]string{"merge"}, files[1:]...)...)
		if code != 2 || !strings.Contains(errOut, "shard 2 of 3 missing") {
			t.Errorf("%s: merge of 2 of 3 shards: exit %d, %q", tc.name, code, errOut)
		}
		_, errOut, code = cardtableRigged(t, append([]string{"merge", files[0]}, files...)...)
		if code != 2 || !strings.Contains(errOut, "given twice") {
			t.Errorf("%s: merge with a repeated shard: exit %d, %q", tc.name, code, errOut)
		}
	}
}

func TestMergeRefusesShardsOfDifferentRuns(t *testing.T) {
	a := shards(t, 2, "sim", "highcard", "-n", "100")
	b := shards(t, 2, "sim", "highcard", "-n", "100", "-o", "target=2")
	c := shards(t, 2, "sim", "highcard", "-n", "200")
	d := shards(t, 2, "arena", "highcard", "--bots", "random,ismcts:iterations=2", "-n", "10")
	for _, tc := range []struct {
		files []string
		want  string
	}{
		{[]string{a[0], b[1]}, "are not slices of one run: options players=2,target=3 against players=2,target=2"},
		{[]string{a[0], c[1]}, "100 games in all against 200"},
		{[]string{a[0], d[1]}, "is a sim run of highcard"},
	} {
		_, errOut, code := cardtableRigged(t, append([]string{"merge"}, tc.files...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("merge %v: exit %d, %q; want exit 2 and %q", tc.files, code, errOut, tc.want)
		}
	}
}
