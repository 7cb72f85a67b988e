package ismcts_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"cardtable/bots"
	"cardtable/bots/ismcts"
	"cardtable/engine"
)

func TestParseParams(t *testing.T) {
	cases := []struct {
		params map[string]string
		want   ismcts.Config
	}{
		{nil, ismcts.DefaultConfig()},
		{map[string]string{"iterations": "250"}, ismcts.Config{Iterations: 250, C: 0.7, Workers: 1}},
		{map[string]string{"time": "500ms"}, ismcts.Config{Time: 500 * time.Millisecond, C: 0.7, Workers: 1}},
		{map[string]string{"time": "2s", "iterations": "10"}, ismcts.Config{Iterations: 10, Time: 2 * time.Second, C: 0.7, Workers: 1}},
		{map[string]string{"c": "1.4", "workers": "4", "rollout-depth": " 30 "}, ismcts.Config{Iterations: 1000, C: 1.4, Workers: 4, RolloutDepth: 30}},
		{map[string]string{"c": "0", "rollout-depth": "0"}, ismcts.Config{Iterations: 1000, C: 0, Workers: 1}},
	}
	for _, c := range cases {
		got, err := ismcts.ParseParams(c.params)
		if err != nil {
			t.Errorf("ParseParams(%v): %v", c.params, err)
			continue
		}
		if got.Iterations != c.want.Iterations || got.Time != c.want.Time || got.C != c.want.C ||
			got.Workers != c.want.Workers || got.RolloutDepth != c.want.RolloutDepth {
			t.Errorf("ParseParams(%v) = %+v, want %+v", c.params, got, c.want)
		}
	}
}

// A bad setting is refused with an error wrapping engine.ErrBadOption that
// names the setting and what it accepts (or, for an unknown key, every
// valid key).
func TestParseParamsErrors(t *testing.T) {
	cases := []struct {
		key, value string
		mention    []string
	}{
		{"iteration", "10", []string{`"iteration"`, "iterations", "time", "c", "workers", "rollout-depth"}},
		{"iterations", "0", []string{"iterations", "positive integer"}},
		{"iterations", "many", []string{"iterations", `"many"`}},
		{"time", "fast", []string{"time", "duration"}},
		{"time", "-1s", []string{"time", "positive"}},
		{"time", "0s", []string{"time", "positive"}},
		{"c", "-0.5", []string{"c", ">= 0"}},
		{"c", "NaN", []string{"c", ">= 0"}},
		{"workers", "0", []string{"workers", "1 to 256"}},
		{"workers", "1000", []string{"workers", "1 to 256"}},
		{"rollout-depth", "-1", []string{"rollout-depth", ">= 0"}},
	}
	for _, c := range cases {
		_, err := ismcts.ParseParams(map[string]string{c.key: c.value})
		if !errors.Is(err, engine.ErrBadOption) {
			t.Errorf("ParseParams(%s=%s) error %v, want one wrapping ErrBadOption", c.key, c.value, err)
			continue
		}
		for _, m := range c.mention {
			if !strings.Contains(err.Error(), m) {
				t.Errorf("ParseParams(%s=%s) error %q does not mention %q", c.key, c.value, err, m)
			}
		}
		if !strings.HasPrefix(err.Error(), "ismcts: ") {
			t.Errorf("error %q lacks the package prefix", err)
		}
	}
}

func TestNewRefusesBadConfig(t *testing.T) {
	for _, cfg := range []ismcts.Config{
		{},
		{Iterations: 10, C: 0.7, Workers: 0},
		{Iterations: -1, C: 0.7, Workers: 1},
		{Time: -time.Second, C: 0.7, Workers: 1},
		{Iterations: 10, C: -1, Workers: 1},
		{Iterations: 10, C: 0.7, Workers: 1, RolloutDepth: -2},
	} {
		if _, err := ismcts.New(cfg, 1); !errors.Is(err, engine.ErrBadOption) {
			t.Errorf("New(%+v) error %v, want one wrapping ErrBadOption", cfg, err)
		}
	}
}

// The registry makes the bot from --bot-opt settings for any game and
// passes setting errors through.
func TestRegistryEntry(t *testing.T) {
	g := nimGame{}
	opts := engine.MustResolve(g, map[string]string{"stones": "7"})
	b, err := bots.New("ismcts", g, opts, map[string]string{"iterations": "300", "workers": "2"}, 9)
	if err != nil {
		t.Fatalf("bots.New(ismcts): %v", err)
	}
	s := newState(t, g, map[string]string{"stones": "7"}, 1)
	if got := b.Act(s, 0); got != 3 {
		t.Errorf("7 stones: registry bot took %d, want 3", got)
	}
	if _, err := bots.New("ismcts", g, opts, map[string]string{"workers": "x"}, 9); !errors.Is(err, engine.ErrBadOption) {
		t.Errorf("bots.New with workers=x: error %v, want one wrapping ErrBadOption", err)
	}
}

func TestSplitParams(t *testing.T) {
	own := map[string]string{"plays": "an integer >= 1"}
	var got []string
	rest, err := ismcts.SplitParams("mybot", map[string]string{"plays": " 4 ", "iterations": " 9"}, own, func(k, v string) error {
		got = append(got, k+"="+v)
		return nil
	})
	if err != nil || len(got) != 1 || got[0] != "plays=4" || len(rest) != 1 || rest["iterations"] != "9" {
		t.Errorf("SplitParams read %v and left %v (err %v); want plays=4 read and iterations=9 left", got, rest, err)
	}
	_, err = ismcts.SplitParams("mybot", map[string]string{"plays": "x"}, own, func(string, string) error { return errors.New("bad") })
	if !errors.Is(err, engine.ErrBadOption) || err.Error() != `mybot: invalid option: plays="x": want an integer >= 1` {
		t.Errorf("error %v: want one naming the setting and what it accepts, wrapping engine.ErrBadOption", err)
	}
}
