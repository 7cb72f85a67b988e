package bots

import (
	"strings"
	"testing"
)

func TestParseSpec(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		params   int
	}{
		{"expert", "expert", 0},
		{" expert:iterations=64 ", "expert:iterations=64", 1},
		{"expert:time=1s:iterations=64", "expert:iterations=64:time=1s", 2},
	} {
		s, err := ParseSpec(tc.in)
		if err != nil {
			t.Fatalf("ParseSpec(%q): %v", tc.in, err)
		}
		if s.String() != tc.want || len(s.Params) != tc.params {
			t.Errorf("ParseSpec(%q) = %q with %d settings, want %q with %d", tc.in, s, len(s.Params), tc.want, tc.params)
		}
	}
	for _, tc := range []struct{ in, says string }{
		{"", "no bot name"},
		{":iterations=4", "no bot name"},
		{"expert:iterations", "not key=value"},
		{"expert:=4", "not key=value"},
		{"expert:a=1:a=2", "given twice"},
	} {
		if _, err := ParseSpec(tc.in); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("ParseSpec(%q) error = %v, want one saying %q", tc.in, err, tc.says)
		}
	}
}

func TestSpecOver(t *testing.T) {
	shared := map[string]string{"ismcts.iterations": "50", "random.x": "1", "depth": "2", "c": "3"}
	got := Spec{Name: "ismcts", Params: map[string]string{"c": "0.5"}}.Over(shared)
	if got.String() != "ismcts:c=0.5:depth=2:iterations=50" {
		t.Errorf("Over = %s, want c=0.5 (its own), depth=2, iterations=50 and not random's x", got)
	}
}
