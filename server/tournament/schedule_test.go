package tournament

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"cardtable/store"
	"cardtable/store/memstore"
)

func TestParseSlot(t *testing.T) {
	for _, ok := range []string{"swiss:watchtower@1h", "arena:war:slap@30m", "solo:regicide@24h", "swiss:war:classic@2h"} {
		if _, err := ParseSlot(ok); err != nil {
			t.Errorf("ParseSlot(%q): %v", ok, err)
		}
	}
	for bad, want := range map[string]string{
		"swiss:watchtower":       "KIND:GAME",
		"swiss@1h":               "KIND:GAME",
		"swiss:watchtower@5m":    "every",
		"swiss:watchtower@9999h": "every",
		"arena:watchtower@1h":    "arena is War",
		"solo:regicide:slap@1h":  "preset",
	} {
		if _, err := ParseSlot(bad); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseSlot(%q): %v; want an error about %q", bad, err, want)
		}
	}
}

// TestScheduleMakesEachSlotOnce: two nodes' directors making the same
// slots make each tournament once, starting at the next hour (UTC), open
// to entrants.
func TestScheduleMakesEachSlotOnce(t *testing.T) {
	st := memstore.New()
	var nodes []*Service
	for range 2 {
		sl, _ := ParseSlot("swiss:watchtower@1h")
		sl2, _ := ParseSlot("arena:war:slap@30m")
		s, ok := New(Config{Store: st, Schedule: []Slot{sl, sl2}, Log: slog.New(slog.DiscardHandler)})
		if !ok {
			t.Fatal("the memory store keeps no tournaments")
		}
		nodes = append(nodes, s)
	}
	now := time.Date(2026, 12, 6, 17, 12, 0, 0, time.UTC)
	for range 3 {
		for _, s := range nodes {
			s.schedule(context.Background(), now)
		}
	}
	ts, _ := st.ListTournaments(context.Background(), nil, 0)
	if len(ts) != 2 {
		t.Fatalf("%d tournaments made by two nodes for two slots; want 2", len(ts))
	}
	for _, tn := range ts {
		switch tn.Kind {
		case store.KindSwiss:
			if !tn.Starts.Equal(time.Date(2026, 12, 6, 18, 0, 0, 0, time.UTC)) || tn.Settings["rounds"] != "5" || tn.Status != store.StatusOpen || tn.Creator != "" {
				t.Errorf("the Swiss: %+v", tn)
			}
		case store.KindArena:
			if !tn.Starts.Equal(time.Date(2026, 12, 6, 17, 30, 0, 0, time.UTC)) || !tn.Ends.Equal(tn.Starts.Add(30*time.Minute)) || tn.Options["slap"] == "" {
				t.Errorf("the arena: %+v", tn)
			}
		}
	}
	// The next hour: the next Swiss.
	nodes[0].schedule(context.Background(), now.Add(time.Hour))
	if ts, _ := st.ListTournaments(context.Background(), nil, 0); len(ts) != 4 {
		t.Errorf("an hour later: %d tournaments, want 4", len(ts))
	}
}
