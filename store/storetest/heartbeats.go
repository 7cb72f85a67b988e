package storetest

import (
	"testing"
	"time"

	"cardtable/store"
)

// RunHeartbeats runs the heartbeats suite (store.Heartbeats's comments) on
// stores open gives; persistent stores (reopen) keep the beats across a
// reopen.
func RunHeartbeats(t *testing.T, open Open, persistent bool) {
	s, name := fresh(t, open)
	hb, ok := s.(store.Heartbeats)
	if !ok {
		t.Fatalf("%T does not implement store.Heartbeats", s)
	}
	if at, err := hb.LastBeat(ctx, ""); err != nil || !at.IsZero() {
		t.Fatalf("LastBeat before any beat: %v, %v; want the zero time", at, err)
	}
	beat := func(server string, at time.Time) {
		t.Helper()
		if err := hb.Beat(ctx, server, at); err != nil {
			t.Fatal(err)
		}
	}
	beat("", epoch.Add(2*time.Second))
	beat("", epoch.Add(time.Second)) // earlier: changes nothing
	beat("node-1", epoch.Add(time.Hour))
	check := func(hb store.Heartbeats) {
		t.Helper()
		for server, want := range map[string]time.Time{"": epoch.Add(2 * time.Second), "node-1": epoch.Add(time.Hour), "none": {}} {
			if at, err := hb.LastBeat(ctx, server); err != nil || !at.Equal(want.Truncate(time.Microsecond)) {
				t.Errorf("LastBeat(%q) = %v, %v; want %v", server, at, err, want)
			}
		}
	}
	check(hb)
	if !persistent {
		return
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	check(open(t, name).(store.Heartbeats))
}
