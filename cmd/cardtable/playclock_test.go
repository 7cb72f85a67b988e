package main

import (
	"strings"
	"testing"
)

// cardtable play --clock times the person's seat (and programs): each
// prompt says the time left; bounds and combinations the clock cannot
// take are refused naming what to give.
func TestPlayClock(t *testing.T) {
	out, errOut, code := play(t, strings.Repeat("flip\n", 12), "play", "war", "--protocol", "lines", "--seed", "3", "-o", "max-battles=5", "--clock", "30s", "--reserve", "1m")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "version 0, 1m30s left); legal: flip") {
		t.Errorf("the first prompt gives no time left (30 s and a minute's reserve):\n%.600s", out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "war", "--protocol", "lines", "--clock", "1s"}, "5s to 10m0s"},
		{[]string{"play", "war", "--protocol", "lines", "--reserve", "1m"}, "go with --clock"},
		{[]string{"play", "regicide", "--protocol", "lines", "--clock", "30s", "--on-timeout", "lose"}, "co-operative"},
		{[]string{"play", "war", "--protocol", "lines", "--clock", "30s", "--on-timeout", "draw"}, `timeout "draw"`},
	} {
		_, errOut, code := play(t, "", tc.args...)
		if code == 0 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want it refused saying %q", tc.args, code, errOut, tc.want)
		}
	}
}
