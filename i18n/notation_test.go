package i18n_test

import (
	"errors"
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/games"
	"cardtable/i18n"
)

// typedOnly is m with every text argument (what a person typed, notation)
// blanked, so that what is left of its rendering is the catalogue's words.
func typedOnly(m engine.Msg) engine.Msg {
	args := make([]engine.Arg, len(m.Args))
	for i, a := range m.Args {
		switch a.Kind {
		case engine.ArgText:
			a.Text = "#"
		case engine.ArgMsg:
			inner := typedOnly(*a.Msg)
			a.Msg = &inner
		}
		args[i] = a
	}
	return engine.Msg{ID: m.ID, Args: args}
}

// noEnglishLeft fails when the pseudo-locale's rendering of m, its typed
// text blanked, keeps an ASCII letter: a word that never went through
// the catalogues.
func noEnglishLeft(t *testing.T, what string, m engine.Msg) {
	t.Helper()
	got := i18n.For(i18n.Pseudo).Say(typedOnly(m))
	if strings.ContainsFunc(got, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }) {
		t.Errorf("%s: the pseudo-locale reads %q: English left in it", what, got)
	}
}

// TestNotationRefusalsAreMessages: each game's refusal of a garbled
// action says why as a message (every word of it from the catalogues,
// read in Welsh here), while its English text — what the protocols and
// --json carry — reads as it always did.
func TestNotationRefusalsAreMessages(t *testing.T) {
	for _, c := range []struct {
		game, opts, text, english, welsh string
	}{
		{"war", "", "dance", `war: malformed action: "dance" is not a War action; write flip, pass, slap (same as slap@0) or slap@MS with MS the milliseconds after the reveal, 0 to 59999`,
			`nid yw "dance" yn symudiad Rhyfel; ysgrifennwch flip, pass, slap (yr un fath â slap@0) neu slap@MS gydag MS yn filieiliadau ar ôl y datgeliad, 0 i 59999`},
		{"war", "", "slap@x", `war: malformed action: "slap@x": the milliseconds after slap@ must be a whole number from 0 to 59999; write flip`, `"slap@x": rhaid i'r milieiliadau`},
		{"regicide", "", "", `malformed action: regicide: empty action; valid forms: play CARD`, "symudiad gwag; ffurfiau dilys: play CARD"},
		{"regicide", "", "yield now", `malformed action: regicide: "yield" takes no argument; valid forms`, "nid yw yield yn cymryd dadl; ffurfiau dilys"},
		{"regicide", "", "next 9", `malformed action: regicide: "next 9": write next and a seat from 0 to 0`, `"next 9": ysgrifennwch next a sedd o 0 i 0`},
		{"regicide", "", "jump", `malformed action: regicide: unknown action "jump"; valid forms`, `symudiad anhysbys "jump"; ffurfiau dilys`},
		{"regicide", "", "signal maybe", `malformed action: regicide: write signal followed by one of none, good, rather-not`, "ysgrifennwch signal ac yna un o none, good, rather-not"},
		{"regicide", "", "play", `malformed action: regicide: play takes 1 to 4 cards, e.g. play 7H or play 5H 5S; valid forms`, "mae play yn cymryd 1 i 4 cerdyn"},
		{"regicide", "", "play 7X", `malformed action: regicide: cards: "7x": unknown suit "X" (write a rank`, `nid yw "7x" yn gerdyn; ffurfiau dilys`},
		{"regicide", "", "play 7h 7H", `malformed action: regicide: 7H is named twice`, "mae 7H wedi'i enwi ddwywaith"},
		{"watchtower", "", "", `malformed action: watchtower: "": empty action; write one of: place CARD (place 7H)`, `"": symudiad gwag; ysgrifennwch un o: place CARD`},
		{"watchtower", "", "fly 2", `malformed action: watchtower: "fly 2": unknown action "fly"; write one of`, `"fly 2": symudiad anhysbys "fly"; ysgrifennwch un o`},
		{"watchtower", "", "challenge 2 Q", `malformed action: watchtower: "challenge 2 Q": challenge takes 3 operand(s); write one of`, `"challenge 2 Q": fe'i hysgrifennir challenge SEAT RANK K; ysgrifennwch`},
		{"watchtower", "", "place JK1", `malformed action: watchtower: "place JK1": not a card of the 52-card pack: jk1;`, "nid yw'n gerdyn o'r pecyn 52 cerdyn: jk1;"},
		{"watchtower", "", "burn 11", `malformed action: watchtower: "burn 11": not a rank: 11;`, "nid yw'n rheng: 11;"},
		{"watchtower", "", "challenge 5 Q 1", `malformed action: watchtower: "challenge 5 Q 1": seat "5" is not a seat from 1 to 2;`, `nid yw sedd "5" yn sedd o 1 i 2;`},
		{"watchtower", "players=3", "campaign-battle 0", `malformed action: watchtower: "campaign-battle 0": seat "0" is not a seat from 1 to 3;`, `nid yw sedd "0" yn sedd o 1 i 3;`},
		{"watchtower", "", "challenge 2 Q 3", `malformed action: watchtower: "challenge 2 Q 3": K is 1 or 2 cards, or 0 against an empty army;`, "mae K yn 1 neu 2 gerdyn, neu 0 yn erbyn byddin wag;"},
		{"watchtower", "", "pick 53", `malformed action: watchtower: "pick 53": a slot is a position from 1 to 52;`, "mae slot yn safle o 1 i 52;"},
	} {
		g, err := games.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		given := map[string]string{}
		if k, v, ok := strings.Cut(c.opts, "="); ok {
			given[k] = v
		}
		s, err := g.New(engine.MustResolve(g, given), engine.Setup{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.ParseAction(0, c.text)
		what := c.game + " " + c.text
		if !errors.Is(err, engine.ErrNotation) || !strings.HasPrefix(err.Error(), c.english) {
			t.Errorf("%s: %v\nwant ErrNotation reading %q…", what, err, c.english)
			continue
		}
		m, ok := engine.SaidOf(err)
		if !ok {
			t.Errorf("%s: %v says no message", what, err)
			continue
		}
		if got := i18n.For("cy").Say(m); !strings.Contains(got, c.welsh) {
			t.Errorf("%s: in Welsh %q, want it to say %q", what, got, c.welsh)
		}
		noEnglishLeft(t, what, m)
	}
}
