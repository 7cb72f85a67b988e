package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"cardtable/puzzles"
)

// TestPuzzlesMineAndCheck mines a small file twice (with different
// --workers: the same bytes, header naming the command) and checks it.
func TestPuzzlesMineAndCheck(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, w := range []string{"1", "2"} {
		out := filepath.Join(dir, "p"+w+".jsonl")
		_, stderr, code := cardtable(t, "", "puzzles", "regicide", "--mine", "1", "--seed", "3", "--nodes", "50000", "--workers", w, "--out", out, "-q")
		if code != 0 {
			t.Fatalf("mine: exit %d: %s", code, stderr)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, string(data))
	}
	if files[0] != files[1] {
		t.Fatalf("--workers 1 and 2 made different files:\n%s\n%s", files[0], files[1])
	}
	if !strings.Contains(files[0], `"command":"cardtable puzzles regicide --mine 1 --seed 3 --nodes 50000 --bot heuristic"`) {
		t.Errorf("the header does not name the command:\n%s", files[0])
	}
	stdout, stderr, code := cardtable(t, "", "puzzles", "regicide", "--check", "--file", filepath.Join(dir, "p1.jsonl"), "--workers", "1")
	if code != 0 || !strings.Contains(stdout, "checked 1 of 1 puzzles") || !strings.Contains(stdout, "0 failed") {
		t.Fatalf("check: exit %d\n%s%s", code, stdout, stderr)
	}
	pruned := filepath.Join(dir, "pruned.jsonl")
	stdout, stderr, code = cardtable(t, "", "puzzles", "regicide", "--check", "--prune", "--file", filepath.Join(dir, "p1.jsonl"), "--workers", "1", "--out", pruned)
	data, err := os.ReadFile(pruned)
	if code != 0 || !strings.Contains(stdout, "kept 1 puzzles") || err != nil || !strings.Contains(string(data), `"rule":"every-order"`) || !strings.Contains(string(data), `"mined":1`) {
		t.Fatalf("prune: exit %d\n%s%s\n%s", code, stdout, stderr, data)
	}
}

// TestPuzzlesUsageErrors: each mistake exits 2 (or 1 for a bad file) with
// a message naming it, and writes nothing.
func TestPuzzlesUsageErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte("{}\n"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"puzzles", "war"}, 2, "only regicide"},
		{[]string{"puzzles", "regicide", "--mine=-3"}, 2, "1 or more"},
		{[]string{"puzzles", "regicide", "--mine", "2", "--check"}, 2, "do one"},
		{[]string{"puzzles", "regicide", "--check", "--sample", "-1"}, 2, "--sample"},
		{[]string{"puzzles", "regicide", "--puzzle", "999999"}, 2, "no puzzle 999999"},
		{[]string{"puzzles", "regicide", "--check", "--prune"}, 2, "--prune goes with"},
		{[]string{"puzzles", "regicide", "--mine", "1", "--bot", "nobody", "--out", filepath.Join(dir, "x.jsonl")}, 1, "no bot"},
		{[]string{"puzzles", "regicide", "--check", "--file", bad}, 1, "line 1"},
	} {
		_, stderr, code := cardtable(t, "", tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d %q; want %d and %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x.jsonl")); err == nil {
		t.Error("a refused mine wrote its file")
	}
}

// TestMissingPuzzleInTheCommandsLanguage: a --puzzle number the re-check
// dropped is refused naming the puzzles on either side, in the command's
// language: the English reads as the set says it, Welsh and Hebrew differ
// from it and keep the three numbers, and the pseudo-locale leaves no
// English word but the flag.
func TestMissingPuzzleInTheCommandsLanguage(t *testing.T) {
	set, err := puzzles.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	gap := 0
	for i := 1; i < len(set.Puzzles) && gap == 0; i++ {
		if set.Puzzles[i].ID-set.Puzzles[i-1].ID > 1 {
			gap = i
		}
	}
	if gap == 0 {
		t.Fatal("the shipped set has no gap in its numbers to ask for")
	}
	before, after := set.Puzzles[gap-1].ID, set.Puzzles[gap].ID
	id := strconv.Itoa(before + 1)
	_, en, code := cardtable(t, "", "puzzles", "regicide", "--puzzle", id)
	want := fmt.Sprintf("cardtable: --puzzle %s: puzzles: no puzzle %s; the nearest are %d and %d;", id, id, before, after)
	if code != exitUsage || !strings.HasPrefix(en, want) {
		t.Fatalf("--puzzle %s: exit %d %q; want exit %d and %q", id, code, en, exitUsage, want)
	}
	for _, lang := range []string{"cy", "he"} {
		_, out, code := cardtable(t, "", "puzzles", "regicide", "--puzzle", id, "--lang", lang)
		if code != exitUsage || out == en || !strings.HasPrefix(out, "cardtable: --puzzle "+id+": ") ||
			!strings.Contains(out, strconv.Itoa(before)) || !strings.Contains(out, strconv.Itoa(after)) || !strings.Contains(out, strconv.Itoa(set.LastID())) {
			t.Errorf("--puzzle %s --lang %s: exit %d %q", id, lang, code, out)
		}
	}
	_, qps, _ := cardtable(t, "", "puzzles", "regicide", "--puzzle", id, "--lang", "qps")
	if words := regexp.MustCompile(`[A-Za-z]{2,}`).FindAllString(strings.NewReplacer("cardtable", "", "--puzzle", "").Replace(qps), -1); len(words) > 0 {
		t.Errorf("--puzzle %s --lang qps: English left %q in %q", id, words, qps)
	}
}
