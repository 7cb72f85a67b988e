package main

import (
	"bytes"
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/games/war"
)

// TestUsageRefusalsInTheCommandsLanguage: the CLI's own refusals of its
// flags say themselves in the command's language (--lang). In the
// pseudo-locale no English word is left but the flags, the values typed
// and the names the person types back (games, files, lines, json); in
// Welsh the sentence differs from English; without --lang, or with
// --lang en, they read byte for byte as they always did.
func TestUsageRefusalsInTheCommandsLanguage(t *testing.T) {
	all := []engine.Game{war.Game{}}
	kept := regexp.MustCompile(`--?[a-z][a-z-]*|"[^"]*"|\b(cardtable|war|length|games|lines|json|docs/protocol-agent\.md|ms|FILE|CPU|players|heuristic|ismcts|random)\b|[0-9]+(ms|s)?`)
	for _, c := range []struct {
		args    []string
		english string
	}{
		{[]string{"sim", "war", "-n", "0"}, "cardtable: -n 0: give the number of games, at least 1\n"},
		{[]string{"sim", "war", "--workers=-1"}, "cardtable: --workers -1: give a positive number, or 0 for one per CPU\n"},
		{[]string{"sim", "war", "--plot-metric", "length"}, "cardtable: --plot-metric length: say where to draw it with --plot FILE\n"},
		{[]string{"sim", "nosuch"}, `cardtable: unknown game "nosuch"; games: war` + "\n"},
		{[]string{"arena", "war", "--bots", "random", "-n", "0"}, "cardtable: -n 0: give the number of deals, at least 1\n"},
		{[]string{"play", "war", "-n", "0"}, "cardtable: -n 0: give the number of games, at least 1\n"},
		{[]string{"play", "war", "--speed=-1s"}, "cardtable: --speed -1s: give a pause of 0 or more, e.g. 800ms\n"},
		{[]string{"play", "war", "--protocol", "xml"}, `cardtable: --protocol "xml": give lines (plain text) or json (docs/protocol-agent.md)` + "\n"},
		{[]string{"play", "war", "--seed", "x"}, `cardtable: --seed "x": give a whole number from 0 to 18446744073709551615` + "\n"},
		{[]string{"puzzles", "war", "--mine", "2"}, `cardtable: no puzzles for "war"; only regicide has puzzles` + "\n"},
		{[]string{"play", "war", "--seats", "random:x=1,random"}, `cardtable: --seats: seat 1: bots: random takes no settings (got "x")` + "\n"},
		{[]string{"play", "war", "--reserve", "3s"}, "cardtable: --reserve and --on-timeout go with --clock; give the time per move, e.g. --clock 30s\n"},
		{[]string{"sim", "war", "--sweep", "players=2,3", "-n", "0"}, "cardtable: -n 0: give the number of games per setting, at least 1\n"},
		{[]string{"play", "war", "-o", "players=3", "--seats", "random,random"}, "cardtable: --seats: 2 seats given for a 3-seat game; give one spec per seat\n"},
		// A seat's spec refused by its form (table, bots) or its bot's name.
		{[]string{"play", "war", "--seats", "human,"}, "cardtable: --seats: seat 2: table: empty seat; write human, human:NAME, a bot (expert, expert:iterations=64) or cmd:PROGRAM ARGS\n"},
		{[]string{"play", "war", "--seats", "human,nosuch"}, `cardtable: --seats: seat 2: bots: no bot "nosuch" for war; bots for war: heuristic, ismcts, random` + "\n"},
		{[]string{"play", "war", "--seats", "human,expert:x"}, `cardtable: --seats: seat 2: bots: "expert:x": setting "x" is not key=value; write NAME:key=value, e.g. expert:iterations=64` + "\n"},
		{[]string{"play", "war", "--seats", "human,cmd:"}, `cardtable: --seats: seat 2: table: seat "cmd:" names no program; write cmd:PROGRAM ARGS, e.g. cmd:python3 examples/regicide_agent.py` + "\n"},
		{[]string{"play", "war", "--seats", "human,human:"}, `cardtable: --seats: seat 2: table: seat "human:": no name after human:; write human or human:NAME` + "\n"},
		{[]string{"play", "war", "--seats", "human,random:x=1:x=2"}, `cardtable: --seats: seat 2: bots: "random:x=1:x=2": setting "x" given twice` + "\n"},
	} {
		for _, english := range [][]string{c.args, append(slices.Clone(c.args), "--lang", "en")} {
			if _, errOut, code := cardtableWith(t, all, "", english...); code != exitUsage || errOut != c.english {
				t.Errorf("%v: exit %d %q\nwant exit %d %q", english, code, errOut, exitUsage, c.english)
			}
		}
		_, qps, code := cardtableWith(t, all, "", append(slices.Clone(c.args), "--lang", "qps")...)
		if words := regexp.MustCompile(`[A-Za-z]{2,}`).FindAllString(kept.ReplaceAllString(qps, ""), -1); code != exitUsage || len(words) > 0 {
			t.Errorf("%v --lang qps: exit %d, English left %q in %q", c.args, code, words, qps)
		}
		_, cy, code := cardtableWith(t, all, "", append(slices.Clone(c.args), "--lang", "cy")...)
		if code != exitUsage || cy == c.english || !strings.HasPrefix(cy, "cardtable: ") {
			t.Errorf("%v --lang cy: exit %d %q", c.args, code, cy)
		}
	}
}

// TestServeRefusalsInTheEnvironmentsLanguage: serve and solve have no
// --lang; their refusals of their flags follow LANG, and read as before
// without it.
func TestServeRefusalsInTheEnvironmentsLanguage(t *testing.T) {
	serve := []string{"serve", "--addr", "127.0.0.1:0", "--bot-max-workers=0"}
	solve := []string{"solve", "regicide", "--deals", "0"}
	for _, c := range []struct {
		args       []string
		lang, want string
	}{
		{serve, "", "cardtable: --bot-max-workers 0: give 1 or more\n"},
		{serve, "cy_GB.UTF-8", "cardtable: --bot-max-workers 0: rhowch 1 neu fwy\n"},
		{serve, "he_IL.UTF-8", "cardtable: --bot-max-workers 0: יש לתת 1 או יותר\n"},
		{solve, "", "cardtable: --deals 0: solve at least 1 deal\n"},
		{solve, "sk_SK.UTF-8", "cardtable: --deals 0: riešte aspoň 1 rozdanie\n"},
	} {
		args, lang, want := c.args, c.lang, c.want
		var out, errOut bytes.Buffer
		a := newApp(strings.NewReader(""), &out, &errOut)
		a.getenv = func(k string) string {
			if k == "LANG" {
				return lang
			}
			return ""
		}
		if code := run(context.Background(), args, a); code != exitUsage || errOut.String() != want {
			t.Errorf("LANG=%s: exit %d %q\nwant exit %d %q", lang, code, errOut.String(), exitUsage, want)
		}
	}
}
