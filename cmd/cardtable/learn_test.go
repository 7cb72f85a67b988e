package main

import (
	"strings"
	"testing"
)

// cardtable learn lists the lessons with their titles in the language
// asked for; a lesson off a terminal, an unknown lesson and a negative
// speed are usage errors naming what to do.
func TestLearnListsAndRefuses(t *testing.T) {
	out, _, code := cardtable(t, "", "learn")
	if code != 0 || !strings.Contains(out, "watchtower  Learn Watchtower") || !strings.Contains(out, "slap-war    Learn Slap War") {
		t.Errorf("cardtable learn: exit %d:\n%s", code, out)
	}
	out, _, code = cardtable(t, "", "learn", "--lang", "cy")
	if code != 0 || !strings.Contains(out, "Dysgwch Tŵr Gwylio") {
		t.Errorf("cardtable learn --lang cy: exit %d:\n%s", code, out)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"learn", "chess"}, `no lesson "chess"; lessons: watchtower, regicide, war, slap-war`},
		{[]string{"learn", "war"}, "cardtable learn plays on a terminal"},
		{[]string{"learn", "war", "--speed=-1s"}, "--speed -1s: give a pause of 0 or more"},
		{[]string{"learn", "war", "--lang", "xx"}, "--lang"},
	} {
		_, errOut, code := cardtable(t, "", tt.args...)
		if code != 2 || !strings.Contains(errOut, tt.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("cardtable %v: exit %d, stderr %q; want exit 2 and one line containing %q", tt.args, code, errOut, tt.want)
		}
	}
	if out, _, code := cardtable(t, "", "learn", "--help"); code != 0 || !strings.Contains(out, "Example") {
		t.Errorf("cardtable learn --help: exit %d, no examples:\n%s", code, out)
	}
}
