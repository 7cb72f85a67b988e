package tui

import (
	"math/rand/v2"
	"regexp"
	"testing"

	"cardtable/engine"
	"cardtable/games"
	"cardtable/games/watchtower"
	"cardtable/i18n"
)

// gluedNotation is a card ("4S", "10H") or a named rank ("K") in notation
// with a word ending glued on by a hyphen: "4S-ը", "9S-ին", "K-երի".
var gluedNotation = regexp.MustCompile(`(?:\b(?:10|[2-9JQKA])[SHDC]|\b[JQKA])-\pL`)

// TestWatchtowerLogReadsInArmenian plays seeded Watchtower games at random
// and writes every event of its log in each language as the terminal
// does: a card or rank in notation stands on its own beside the word that
// takes the grammar ("4S քարտը"), never with an ending glued on ("4S-ը"),
// and every event is written whole (no message id, no placeholder left).
func TestWatchtowerLogReadsInArmenian(t *testing.T) {
	g, err := games.Lookup("watchtower")
	if err != nil {
		t.Fatal(err)
	}
	tellers := map[string]teller{}
	for _, l := range i18n.Languages() {
		tellers[l.Code] = teller{words: i18n.For(l.Code), labels: []string{"Անի", "Bob", "Cleo"}}
	}
	events, seen := 0, map[string]bool{}
	for seed := uint64(1); seed <= 6; seed++ {
		opts, err := engine.ResolveOptions(g.Options(), map[string]string{"players": "3", "max-rounds": "3"})
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.New(opts, engine.Setup{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		for step := 0; step < 2000 && !s.Result().Over; step++ {
			seat := s.ToMove(nil)[0]
			legal := s.Legal(seat, nil)
			if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
			v, _ := s.View(seat).(*watchtower.View)
			for _, m := range v.EventsI18n {
				events++
				seen[m.ID] = true
				for code, tl := range tellers {
					line := tl.saying(m)
					if gluedNotation.MatchString(line) {
						t.Errorf("%s: %s reads %q: an ending glued to notation", code, m.ID, line)
					}
					if line == m.ID || regexp.MustCompile(`\{\{|\}\}`).MatchString(line) {
						t.Errorf("%s: %s is not written whole: %q", code, m.ID, line)
					}
				}
			}
		}
	}
	for _, id := range []string{"watchtower.event.place", "watchtower.event.burn", "watchtower.event.challenge", "watchtower.event.takes"} {
		if !seen[id] {
			t.Errorf("the games never said %s (of %d events): the test covers too little", id, events)
		}
	}
}
