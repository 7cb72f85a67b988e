package engine

import (
	"errors"
	"strings"
	"testing"
	"time"

	"cardtable/cards"
)

var testSpecs = []Option{
	{Key: "players", Kind: Int, Default: "2", Min: 2, Max: 4},
	{Key: "pickup", Kind: Enum, Default: "winner-first", Values: []string{"winner-first", "seat"}},
	{Key: "peace", Kind: Bool, Default: "false"},
	{Key: "auto-war", Kind: RankOpt, Default: "off", Words: []string{"off"}},
	{Key: "window", Kind: Duration, Default: "2s", Min: 100, Max: 60000},
	{Key: "first", Kind: Int, Default: "random", Min: 0, Max: 3, Words: []string{"random"}},
}

func TestResolveDefaults(t *testing.T) {
	o, err := ResolveOptions(testSpecs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o.Int("players") != 2 || o.Get("pickup") != "winner-first" || o.Bool("peace") || o.Rank("auto-war") != 0 ||
		o.Duration("window") != 2*time.Second || o.Int("first") != -1 {
		t.Errorf("defaults resolved to %s", o)
	}
}

func TestResolveCanonical(t *testing.T) {
	o, err := ResolveOptions(testSpecs, map[string]string{
		"players": "3", "pickup": "SEAT", "peace": "on", "auto-war": "t", "window": "1500ms", "first": "1",
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "auto-war=10,first=1,peace=true,pickup=seat,players=3,window=1.5s"
	if o.String() != want {
		t.Errorf("String() = %q, want %q", o.String(), want)
	}
	if o.Rank("auto-war") != cards.Ten {
		t.Errorf("Rank = %v", o.Rank("auto-war"))
	}
}

func TestResolveErrors(t *testing.T) {
	tests := []struct {
		given map[string]string
		says  string
	}{
		{map[string]string{"pikup": "seat"}, "valid options: players, pickup"},
		{map[string]string{"players": "5"}, "from 2 to 4"},
		{map[string]string{"players": "x"}, "from 2 to 4"},
		{map[string]string{"pickup": "random"}, "winner-first, seat"},
		{map[string]string{"peace": "maybe"}, "true or false"},
		{map[string]string{"auto-war": "1"}, "rank 2-10, J, Q, K or A or off"},
		{map[string]string{"window": "90s"}, "duration from 100ms to 1m (e.g."},
		{map[string]string{"first": "4"}, "or random"},
	}
	for _, tt := range tests {
		_, err := ResolveOptions(testSpecs, tt.given)
		if !errors.Is(err, ErrBadOption) || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("ResolveOptions(%v) error = %v; want ErrBadOption saying %q", tt.given, err, tt.says)
		}
	}
}

func TestParseOptionArgs(t *testing.T) {
	m, err := ParseOptionArgs([]string{"players=3", "peace=true,auto-war=2", "players=4"})
	if err != nil {
		t.Fatal(err)
	}
	if m["players"] != "4" || m["peace"] != "true" || m["auto-war"] != "2" || len(m) != 3 {
		t.Errorf("ParseOptionArgs = %v", m)
	}
	for _, bad := range []string{"players", "=3", "a=1,b"} {
		if _, err := ParseOptionArgs([]string{bad}); !errors.Is(err, ErrBadOption) {
			t.Errorf("ParseOptionArgs(%q) error = %v", bad, err)
		}
	}
}

func TestWinReturns(t *testing.T) {
	sum := func(r []float64) (s float64) {
		for _, x := range r {
			s += x
		}
		return
	}
	for _, tt := range []struct {
		n       int
		winners []int
		want    []float64
	}{
		{2, []int{1}, []float64{-1, 1}},
		{3, []int{0}, []float64{2, -1, -1}},
		{4, []int{1, 3}, []float64{-1, 1, -1, 1}},
		{3, nil, []float64{0, 0, 0}},
		{2, []int{0, 1}, []float64{0, 0}},
	} {
		got := WinReturns(tt.n, tt.winners)
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("WinReturns(%d, %v) = %v, want %v", tt.n, tt.winners, got, tt.want)
				break
			}
		}
		if sum(got) != 0 {
			t.Errorf("WinReturns(%d, %v) sums to %v", tt.n, tt.winners, sum(got))
		}
	}
}

func TestCheckSeat(t *testing.T) {
	if CheckSeat(1, []int{0, 1}) != nil {
		t.Error("seat 1 refused")
	}
	if !errors.Is(CheckSeat(2, []int{0, 1}), ErrNotYourTurn) {
		t.Error("seat 2 accepted")
	}
	if !errors.Is(CheckSeat(0, nil), ErrGameOver) {
		t.Error("move after the end accepted")
	}
}
