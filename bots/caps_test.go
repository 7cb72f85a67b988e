package bots

import (
	"reflect"
	"testing"
	"time"

	"cardtable/engine"
)

// OverCaps lists the capped settings given over their caps, in key order,
// with the cap written as the setting would be; settings that cost nothing
// a cap bounds, and zero caps, are never over.
func TestOverCaps(t *testing.T) {
	caps := engine.BotCaps{Think: 2 * time.Second, Iterations: 20000, Workers: 1, Candidates: 16}
	for _, tc := range []struct {
		spec string
		want []OverCap
	}{
		{"ismcts", nil},
		{"ismcts:iterations=20000:time=2s:workers=1", nil},
		{"ismcts:time=2001ms:iterations=20001:c=99:rollout-depth=100000", []OverCap{
			{Key: "iterations", Value: "20001", Cap: CapIterations, Max: "20000"},
			{Key: "time", Value: "2001ms", Cap: CapThink, Max: "2s"},
		}},
		{"expert:workers=2:plays=17:covers=16:loss=1", []OverCap{
			{Key: "plays", Value: "17", Cap: CapCandidates, Max: "16"},
			{Key: "workers", Value: "2", Cap: CapWorkers, Max: "1"},
		}},
		{"expert:candidates= 40 ", []OverCap{{Key: "candidates", Value: "40", Cap: CapCandidates, Max: "16"}}},
	} {
		spec, err := ParseSpec(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := spec.OverCaps(caps); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s.OverCaps = %+v, want %+v", tc.spec, got, tc.want)
		}
		if got := spec.OverCaps(engine.BotCaps{}); got != nil {
			t.Errorf("%s.OverCaps(no caps) = %+v, want none", tc.spec, got)
		}
	}
	o := OverCap{Key: "time", Value: "1000h", Cap: CapThink, Max: "2s"}
	if got, want := o.Error(), "time=1000h is over this server's cap of 2s; ask for at most 2s"; got != want {
		t.Errorf("OverCap.Error() = %q, want %q", got, want)
	}
}
