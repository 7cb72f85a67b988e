package i18n_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"cardtable/engine"
	"cardtable/games"
	"cardtable/games/watchtower"
	"cardtable/i18n"
	"cardtable/record"
)

// playOut plays a seeded game of g to its end with random legal actions;
// each calls check after every action.
func playOut(t *testing.T, g engine.Game, opts map[string]string, seed uint64, each ...func(engine.State)) engine.Result {
	t.Helper()
	o, err := engine.ResolveOptions(g.Options(), opts)
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New(o, engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	var seats []int
	var legal []engine.Action
	for !s.Terminal() {
		seats = s.ToMove(seats[:0])
		seat := seats[rng.IntN(len(seats))]
		legal = s.Legal(seat, legal[:0])
		if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
		for _, f := range each {
			f(s)
		}
	}
	return s.Result()
}

// TestResultDetailIsItsEnglishRendering checks, over many ends of every
// game, that the English sentence kept in Result.Detail is what the English
// catalogue writes from Result.DetailI18n, so records keep their words
// while readers get theirs; and that the message survives JSON.
func TestResultDetailIsItsEnglishRendering(t *testing.T) {
	cases := []struct {
		game string
		opts map[string]string
	}{
		{"war", nil}, {"war", map[string]string{"players": "3"}}, {"war", map[string]string{"max-battles": "30"}},
		{"regicide", nil}, {"regicide", map[string]string{"players": "2"}},
		{"watchtower", nil}, {"watchtower", map[string]string{"players": "4"}}, {"watchtower", map[string]string{"players": "3", "max-rounds": "3"}},
	}
	for _, c := range cases {
		g, err := games.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		ends := map[string]bool{}
		for seed := range uint64(60) {
			res := playOut(t, g, c.opts, seed)
			if res.DetailI18n.IsZero() {
				t.Fatalf("%s %v seed %d: no DetailI18n for %q", c.game, c.opts, seed, res.Detail)
			}
			if got := i18n.English.Say(res.DetailI18n); got != res.Detail {
				t.Errorf("%s %v seed %d: English %q, Detail %q", c.game, c.opts, seed, got, res.Detail)
			}
			data, err := json.Marshal(res)
			if err != nil {
				t.Fatal(err)
			}
			var back engine.Result
			if err := json.Unmarshal(data, &back); err != nil {
				t.Fatalf("%s: %v in %s", c.game, err, data)
			}
			if !back.DetailI18n.Equal(res.DetailI18n) {
				t.Errorf("%s: %s came back as %+v", c.game, data, back.DetailI18n)
			}
			for _, l := range i18n.Languages() {
				if s := i18n.For(l.Code).Say(res.DetailI18n); s == "" || s == res.DetailI18n.ID {
					t.Errorf("%s: %s says %q of %s", c.game, l.Code, s, res.DetailI18n.ID)
				}
			}
			ends[res.DetailI18n.ID] = true
		}
		t.Logf("%s %v: ends %v", c.game, c.opts, ends)
	}
}

// TestWatchtowerEventsAreTheirEnglishRendering checks every event of
// seeded Watchtower games: the English text in the view is what the
// English catalogue writes from the message beside it.
func TestWatchtowerEventsAreTheirEnglishRendering(t *testing.T) {
	g, err := games.Lookup("watchtower")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for seed := range uint64(40) {
		opts := map[string]string{"players": []string{"2", "3", "4"}[seed%3]}
		playOut(t, g, opts, seed, func(s engine.State) {
			v := s.View(engine.Spectator).(*watchtower.View)
			if len(v.Events) != len(v.EventsI18n) {
				t.Fatalf("seed %d: %d events, %d messages", seed, len(v.Events), len(v.EventsI18n))
			}
			for i, m := range v.EventsI18n {
				seen[m.ID] = true
				if got := i18n.English.Say(m); got != v.Events[i] {
					t.Errorf("seed %d: %s written %q, the event says %q", seed, m.ID, got, v.Events[i])
				}
			}
		})
	}
	if len(seen) < 25 {
		t.Errorf("only %d kinds of event seen: %v", len(seen), seen)
	}
}

// TestTableEndingsAreTheirEnglishRendering checks the endings a table
// gives a game (resigned, timeout, aborted, agreed draw): their English
// detail, with the seats' names, is the catalogue's.
func TestTableEndingsAreTheirEnglishRendering(t *testing.T) {
	g, _ := games.Lookup("war")
	s, err := g.New(engine.MustResolve(g, nil), engine.Setup{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"ann", "bob"}
	named := i18n.English.WithSeats(func(seat int) string { return names[seat] })
	seat := 1
	for _, by := range []string{record.EndResigned, record.EndTimeout, record.EndAborted, record.EndAgreedDraw} {
		e := record.Ending{By: by, Seat: &seat}
		if by == record.EndAgreedDraw {
			e.Seat = nil
		}
		res := e.Result(s, names)
		if got := named.Say(res.DetailI18n); got != res.Detail || res.Detail == "" {
			t.Errorf("%s: English %q, detail %q", by, got, res.Detail)
		}
	}
}

// TestOptionsInEnglish checks that the English catalogue says each game's
// options as the games do (Option.Help, Option.Accepts) and names every
// game, and that every language says them.
func TestOptionsInEnglish(t *testing.T) {
	for _, g := range games.All() {
		if got := i18n.English.Game(g.Name()); got != g.Title() {
			t.Errorf("English.Game(%q) = %q, want %q", g.Name(), got, g.Title())
		}
		for _, o := range g.Options() {
			if got := i18n.English.OptionHelp(g.Name(), o); got != o.Help {
				t.Errorf("%s -o %s: catalogue %q, game %q", g.Name(), o.Key, got, o.Help)
			}
			if got := i18n.English.Accepts(o); got != o.Accepts() {
				t.Errorf("%s -o %s accepts: catalogue %q, game %q", g.Name(), o.Key, got, o.Accepts())
			}
			if _, ok := i18n.Messages("en")["option."+g.Name()+"."+o.Key]; !ok {
				t.Errorf("%s -o %s has no message", g.Name(), o.Key)
			}
		}
	}
}
