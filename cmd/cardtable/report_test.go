package main

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/games/war"
)

// TestSimReportInALanguage: sim's report for people follows --lang (and
// LANG): read in the pseudo-locale, every word left in ASCII is a key the
// report shares with --json (an end, a figure, a bot, an option) or a
// unit; in Hebrew its headings are Hebrew; --json is the same document in
// every language.
func TestSimReportInALanguage(t *testing.T) {
	all := []engine.Game{war.Game{}, regicide.Game{}}
	args := []string{"sim", "regicide", "-n", "40", "--bot", "heuristic", "-q", "--workers", "1"}
	out, errOut, code := cardtableWith(t, all, "", append(args, "--lang", "qps")...)
	if code != 0 {
		t.Fatalf("sim --lang qps: exit %d %s", code, errOut)
	}
	doc, _, _ := cardtableWith(t, all, "", append(args, "--json")...)
	var rep struct {
		Ends, Metrics map[string]json.RawMessage
		Bots          []string
	}
	if err := json.Unmarshal([]byte(doc), &rep); err != nil {
		t.Fatal(err)
	}
	keys := append(slices.Collect(maps.Keys(rep.Ends)), slices.Collect(maps.Keys(rep.Metrics))...)
	keys = append(keys, rep.Bots...)
	keys = append(keys, "exact-kill=tavern,first=random,immunity=true,players=1,solo-yield=false")
	slices.SortFunc(keys, func(a, b string) int { return len(b) - len(a) })
	left := out
	for _, k := range keys {
		left = strings.ReplaceAll(left, k, "")
	}
	left = regexp.MustCompile(`[0-9.]+(ns|µs|ms|s)\b`).ReplaceAllString(left, "")
	if words := regexp.MustCompile(`[A-Za-z]{2,}`).FindAllString(left, -1); len(words) > 0 {
		t.Errorf("English left in the pseudo-locale's report: %q\n%s", words, out)
	}
	he, _, _ := cardtableWith(t, all, "", append(args, "--lang", "he")...)
	for _, want := range []string{"רג'יסייד: 40 משחקים, זרע 1", "\nסיומים:\n", "\nהתפלגויות (משחקים לכל ערך):\n", "40 משחקים ב-"} {
		if !strings.Contains(he, want) {
			t.Errorf("the Hebrew report lacks %q:\n%s", want, he)
		}
	}
	for _, lang := range []string{"he", "cy"} {
		if other, _, _ := cardtableWith(t, all, "", append(args, "--json", "--lang", lang)...); !sameExceptTimes(other, doc) {
			t.Errorf("--json --lang %s differs from English's", lang)
		}
	}
	sweep := []string{"sim", "war", "--sweep", "players=2,3", "-n", "50", "-q"}
	cy, _, _ := cardtableWith(t, all, "", append(sweep, "--lang", "cy")...)
	en, _, _ := cardtableWith(t, all, "", sweep...)
	for _, want := range []string{"Rhyfel: ysgubiad o 2 gosodiad, 50 gêm yr un, hedyn 1", "buddugoliaethau sedd 1", "cymedr", "\nhyd mewn brwydrau; "} {
		if !strings.Contains(cy, want) {
			t.Errorf("the Welsh sweep lacks %q:\n%s", want, cy)
		}
	}
	if !strings.HasPrefix(en, "War: sweep of 2 settings, 50 games each, seed 1") || !strings.Contains(en, "seat 1 wins") {
		t.Errorf("the English sweep changed:\n%s", en)
	}
}

// sameExceptTimes compares two --json reports but for their timings.
func sameExceptTimes(a, b string) bool {
	strip := regexp.MustCompile(`"(elapsed_s|games_per_s|seconds|s_per_decision[a-z0-9_]*)":\s*[0-9.e+-]+`)
	return strip.ReplaceAllString(a, "") == strip.ReplaceAllString(b, "")
}

// TestAnalyzeTextInALanguage: analyze's text follows --lang: in the
// pseudo-locale every ASCII word left is the game's notation (the actions
// played, the cards) or the record's end key; in Welsh its headings are
// Welsh and a seat is a "sedd".
func TestAnalyzeTextInALanguage(t *testing.T) {
	all := []engine.Game{regicide.Game{}}
	dir := t.TempDir()
	if _, errOut, code := cardtableWith(t, all, "", "sim", "regicide", "-n", "1", "--seed", "5", "--bot", "heuristic", "-q", "--record-dir", dir, "--record-every", "1"); code != 0 {
		t.Fatalf("sim: exit %d %s", code, errOut)
	}
	file := filepath.Join(dir, "regicide-0.json")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Actions []struct{ Action string }
		Result  struct{ End string }
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	notation := map[string]bool{rec.Result.End: true}
	for _, a := range rec.Actions {
		for _, w := range strings.Fields(a.Action) {
			notation[w] = true
		}
	}
	out, errOut, code := cardtableWith(t, all, "", "analyze", file, "--lang", "qps")
	if code != 0 {
		t.Fatalf("analyze --lang qps: exit %d %s", code, errOut)
	}
	var english []string
	for _, w := range regexp.MustCompile(`[A-Za-z0-9]*[A-Za-z]{2,}[A-Za-z0-9]*`).FindAllString(out, -1) {
		if !notation[w] && !regexp.MustCompile(`^(10|[2-9AJQK])[CDHS]$`).MatchString(w) {
			english = append(english, w)
		}
	}
	if len(english) > 0 {
		t.Errorf("English left in the pseudo-locale's analysis: %q\n%s", english, out)
	}
	cy, _, _ := cardtableWith(t, all, "", "analyze", file, "--lang", "cy")
	for _, want := range []string{"Dadansoddiad o gêm o Teyrnladdiad (52 symudiad)", "\nO edrych yn ôl (mae'r datryswr yn gweld pob cerdyn):\n", "\nPenderfyniadau:\n", "\nCrynodeb:\n  sedd 1: 52 penderfyniad, "} {
		if !strings.Contains(cy, want) {
			t.Errorf("the Welsh analysis lacks %q:\n%s", want, cy)
		}
	}
}

// TestArenaReportInALanguage: arena's report follows --lang: in the
// pseudo-locale only the bots' specs, the options and the timings keep
// ASCII words, in Welsh its tables' headers are Welsh, and --json is the
// same in every language.
func TestArenaReportInALanguage(t *testing.T) {
	all := []engine.Game{war.Game{}, regicide.Game{}}
	for _, args := range [][]string{
		{"arena", "regicide", "--bots", "heuristic,random", "-n", "4", "-q", "--workers", "1"},
		{"arena", "war", "--bots", "heuristic,random", "-n", "4", "-q", "--workers", "1"},
		{"arena", "war", "--bots", "heuristic", "--against", "random", "-n", "4", "-q", "--workers", "1"},
	} {
		out, errOut, code := cardtableWith(t, all, "", append(args, "--lang", "qps")...)
		if code != 0 {
			t.Fatalf("%v --lang qps: exit %d %s", args, code, errOut)
		}
		left := regexp.MustCompile(`(heuristic|random|[a-z-]+=[a-z0-9.-]+,?|[0-9.]+(ns|µs|ms|s)\b)`).ReplaceAllString(out, "")
		if words := regexp.MustCompile(`[A-Za-z]{2,}`).FindAllString(left, -1); len(words) > 0 {
			t.Errorf("%v: English left in the pseudo-locale's report: %q\n%s", args, words, out)
		}
		doc, _, _ := cardtableWith(t, all, "", append(args, "--json")...)
		if cy, _, _ := cardtableWith(t, all, "", append(args, "--json", "--lang", "cy")...); !sameExceptTimes(cy, doc) {
			t.Errorf("%v: --json --lang cy differs from English's", args)
		}
	}
	cy, _, _ := cardtableWith(t, all, "", "arena", "regicide", "--bots", "heuristic,random", "-n", "4", "-q", "--lang", "cy")
	for _, want := range []string{"arena Teyrnladdiad: 2 fot, 1 chwaraewr, hedyn 1", "\nparau: y delau a enillodd", "4 dêl wedi'u chwarae gan bob bot"} {
		if !strings.Contains(cy, want) {
			t.Errorf("the Welsh arena lacks %q:\n%s", want, cy)
		}
	}
}

// TestRefusalsInTheCommandsLanguage: a game's refusal of an option says
// itself in the command's language (--lang), with the usage exit code;
// without --lang it reads as it always did.
func TestRefusalsInTheCommandsLanguage(t *testing.T) {
	all := []engine.Game{war.Game{}}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "war", "-o", "pickup=nope", "--lang", "cy"}, `cardtable: opsiwn pickup="nope": mae angen winner-first, loser-first, seat, shuffle` + "\n"},
		{[]string{"sim", "war", "-o", "beats-faces=K", "--lang", "he"}, "cardtable: beats-faces=K: הקלף המנצח חייב להיות קלף מספר 2-10 (למשל beats-faces=3)\n"},
		{[]string{"sim", "war", "-o", "pickup=nope"}, `cardtable: invalid option: pickup="nope": want winner-first, loser-first, seat, shuffle` + "\n"},
	} {
		if _, errOut, code := cardtableWith(t, all, "", c.args...); code != exitUsage || errOut != c.want {
			t.Errorf("%v: exit %d %q\nwant exit %d %q", c.args, code, errOut, exitUsage, c.want)
		}
	}
}
