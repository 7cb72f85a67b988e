package analysis

import (
	"strings"
	"testing"

	"cardtable/record"
)

// TestDocumentOf: a document is the analysis of a record with its game,
// seed, options and number of actions; each difference is named.
func TestDocumentOf(t *testing.T) {
	seed, other := uint64(3), uint64(4)
	doc := &Document{Game: "war", Seed: &seed, Steps: 2, Options: map[string]string{"slap": "5", "players": "2"}}
	rec := func(edit func(r *record.Record)) *record.Record {
		r := &record.Record{Game: "war", Seed: &seed, Options: map[string]string{"slap": "5"}, Actions: make([]record.Action, 2)}
		if edit != nil {
			edit(r)
		}
		return r
	}
	if err := doc.Of(rec(nil)); err != nil {
		t.Fatalf("the record's own analysis refused: %v", err)
	}
	for _, c := range []struct {
		edit func(r *record.Record)
		want string
	}{
		{func(r *record.Record) { r.Game = "regicide" }, "a war game, the record of a regicide game"},
		{func(r *record.Record) { r.Seed = &other }, "seed 3, the record seed 4"},
		{func(r *record.Record) { r.Seed = nil }, "the record a game without a seed"},
		{func(r *record.Record) { r.Actions = r.Actions[:1] }, "2 actions, the record has 1"},
		{func(r *record.Record) { r.Options["slap"] = "7" }, "slap=5, the record has slap=7"},
	} {
		if err := doc.Of(rec(c.edit)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want an error saying %q", err, c.want)
		}
	}
}
