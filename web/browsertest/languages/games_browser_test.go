package languages_test

import (
	"fmt"
	"strings"
	"testing"

	"cardtable/i18n"
	"cardtable/web/webtest"
)

// locales are the five languages and the pseudo-locale, whose accented
// letters show any English left.
func locales() []i18n.Language {
	return append(i18n.Languages(), i18n.Language{Code: i18n.Pseudo, Dir: "ltr", Tag: "en-XA"})
}

// The games as each locale plays them, kept short for the suite's time
// (docs/i18n.md): War against a bot, flipped by hand a few times and then
// finished by the server; Regicide solo, played by clicking until it ends
// (a solo game played so is lost within a few enemies); Watchtower against
// a bot with a round cap of 1, so that the first round ends in the forced
// showdown.
var games = []struct {
	name  string
	table map[string]any
	play  func(t *testing.T, tb *webtest.Tab, look func(string))
}{
	{"war", webtest.One("war", map[string]string{"beats-ace": "2", "auto-war": "7", "max-battles": "300"}, "human", "heuristic"), playWar},
	{"regicide", webtest.One("regicide", map[string]string{"players": "1"}, "human"), playRegicide},
	{"watchtower", webtest.One("watchtower", map[string]string{"max-rounds": "1"}, "human", "heuristic"), playWatchtower},
}

// TestBrowserGamesInEachLanguage plays each game to the end in each
// language, and looks at it at a laptop's and a phone's size: the table
// speaks the language in its direction (Hebrew right to left, mirrored),
// nothing overflows, axe finds nothing serious at the start and at the
// end, and in the pseudo-locale no text of the table — prompts, buttons,
// the board, the log, the forecast, the result — escaped the catalogue.
// To keep the suite's time, each game is played once a language, at the
// two sizes in turn (a language's War at one size, its Regicide at the
// other, …), and its end is looked at again at the other size; the
// finished game's replay is checked the same way in the pseudo-locale,
// Hebrew and Welsh.
func TestBrowserGamesInEachLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	s := webtest.NewSite(t)
	sizes := []webtest.Size{webtest.Laptop, webtest.Phone}
	for li, l := range locales() {
		for gi, g := range games {
			sz, other := sizes[(li+gi)%2], sizes[(li+gi+1)%2]
			t.Run(l.Code+"/"+g.name+"/"+sz.Name, func(t *testing.T) {
				c := s.Create(t, g.table)
				tb := s.Tab(t)
				tb.Resize(sz)
				tb.ChooseLanguage(l.Code) // remembered: the table speaks it
				tb.Sit(c)
				size := sz
				where := func(what string) string { return fmt.Sprintf("%s %s %s, %s", g.name, l.Code, size.Name, what) }
				look := func(what string) {
					t.Helper()
					speaks(t, tb, l, where(what))
					tb.NoOverflow(where(what))
					if l.Code == i18n.Pseudo {
						tb.Untranslated(where(what), "", "alice")
					}
				}
				look("the start")
				// axe at the start where the words differ most in
				// length or direction; at the end (both sizes) in every
				// language.
				if l.Code == i18n.Pseudo || l.Dir == "rtl" {
					tb.Axe(where("the start"))
				}
				g.play(t, tb, look)
				tb.WaitPlaying("the end", "document.querySelector('.end h2')")
				if got := tb.Text(".end h2"); got == "" || strings.Contains(got, "web.") {
					t.Errorf("%s: the result's headline reads %q", where("the end"), got)
				}
				for _, at := range []webtest.Size{sz, other} {
					size = at
					tb.Resize(at)
					look("the end")
					tb.Axe(where("the end"))
					mirrored(t, tb, l, at, where("the end"))
					tb.Shot(fmt.Sprintf("%s-%s-%s-end", g.name, l.Code, at.Name))
				}
				// The replay draws the same views with the same words: in
				// the pseudo-locale (every word), Hebrew (mirrored) and
				// Welsh (six plural forms).
				if l.Code == i18n.Pseudo || l.Code == "he" || l.Code == "cy" {
					replay(t, tb, l, c.ID, where)
				}
			})
		}
	}
}

// speaks checks that the page is in language l: <html lang dir> and the
// table's heading, the game's name as the catalogue writes it.
func speaks(t *testing.T, tb *webtest.Tab, l i18n.Language, where string) {
	t.Helper()
	dir := map[bool]string{true: "rtl", false: "ltr"}[l.Dir == "rtl"]
	if got := webtest.Eval[string](tb, "document.documentElement.lang + ' ' + document.documentElement.dir"); got != l.Tag+" "+dir {
		t.Errorf("%s: <html lang dir> = %q, want %q", where, got, l.Tag+" "+dir)
	}
}

// mirrored checks that a right-to-left page is laid out mirrored: the
// brand at the header's right, and on a laptop the side column (seats,
// log) left of the board; in a left-to-right language the other way.
func mirrored(t *testing.T, tb *webtest.Tab, l i18n.Language, sz webtest.Size, where string) {
	t.Helper()
	rtl := l.Dir == "rtl"
	got := webtest.Eval[[]bool](tb, `(() => {
		const r = (sel) => document.querySelector(sel).getBoundingClientRect();
		const mid = (x) => x.left + x.width / 2;
		return [mid(r(".table-header .home")) > innerWidth / 2, mid(r(".side")) < mid(r(".board"))];
	})()`)
	if got[0] != rtl {
		t.Errorf("%s: the brand stands on the %s (dir %s)", where, map[bool]string{true: "right", false: "left"}[got[0]], l.Dir)
	}
	if sz == webtest.Laptop && got[1] != rtl {
		t.Errorf("%s: the side column stands %s the board (dir %s)", where, map[bool]string{true: "left of", false: "right of"}[got[1]], l.Dir)
	}
}

// replay opens the finished game's replay in the language (at the size
// the tab has), steps it to its middle and checks it as the table (the
// pseudo-locale: every word).
func replay(t *testing.T, tb *webtest.Tab, l i18n.Language, id string, where func(string) string) {
	t.Helper()
	tb.Open("/replay/" + id)
	tb.Wait("the replay", "document.querySelector('#board .board, #board > div') && document.querySelectorAll('#actions li').length > 0")
	steps := webtest.Eval[int](tb, "document.querySelectorAll('#actions li').length")
	tb.Click(fmt.Sprintf("#actions li:nth-child(%d) button", (steps+1)/2))
	tb.Wait("the step shown", fmt.Sprintf("document.querySelector('#actions li.current') && document.querySelector('#actions li.current').dataset.step === '%d'", (steps+1)/2))
	speaks(t, tb, l, where("the replay"))
	tb.NoOverflow(where("the replay"))
	tb.Axe(where("the replay"))
	if l.Code == i18n.Pseudo {
		tb.Untranslated(where("the replay"), "", "alice")
	}
	tb.Shot("replay-" + strings.Join(strings.Fields(strings.Trim(where(""), ", ")), "-"))
}

// turns calls turn on each of the seat's turns until the game ends (at
// most 80 turns: the games here are short).
func turns(t *testing.T, tb *webtest.Tab, game string, turn func()) {
	t.Helper()
	for range 80 {
		tb.WaitPlaying("a turn", "window.cardtableTable.shownLegal > 0 || document.querySelector('.end')")
		if tb.Has(".end") {
			return
		}
		turn()
	}
	t.Fatalf("%s played by clicking did not end in 80 turns", game)
}

// playWar flips by hand until a trick is over (at least three flips; a
// deal may chain wars — a 7 starts one under auto-war — so at most 30),
// looks at the table in play, then lets the server finish the game.
func playWar(t *testing.T, tb *webtest.Tab, look func(string)) {
	const trickShown = "document.querySelector('.last-trick') && document.querySelectorAll('.log-lines li').length > 0"
	for i := 0; i < 3 || !tb.Has(".last-trick"); i++ {
		if i == 30 {
			t.Fatalf("no War trick was over after %d flips", i)
		}
		tb.WaitPlaying("Flip", "document.querySelector('[data-action=flip]') || document.querySelector('.end')")
		if tb.Has(".end") {
			return
		}
		tb.Act("[data-action=flip]")
	}
	tb.Wait("the last trick", trickShown)
	look("in play")
	tb.Click("[data-action=finish]")
}

// playRegicide plays until the game ends: the first cards that make a
// play (the forecast read on the way), the cheapest cover when suffering,
// and any other choice offered.
func playRegicide(t *testing.T, tb *webtest.Tab, look func(string)) {
	looked := false
	turns(t, tb, "a solo Regicide game", func() {
		switch {
		case tb.Has(".hand .card-button") && webtest.Eval[string](tb, "window.cardtableTable.s.view.phase") == "play":
			tb.Click(".hand .card-button:not([disabled])")
			for k := 0; k < 4 && !tb.Has(".action-bar [data-action^='play ']"); k++ {
				tb.Wait("a play or a card to add", "document.querySelector(`.action-bar [data-action^='play ']`) || document.querySelector('.hand .card-button:not([disabled]):not(.selected)')")
				if !tb.Has(".action-bar [data-action^='play ']") {
					tb.Click(".hand .card-button:not([disabled]):not(.selected)")
				}
			}
			tb.Wait("the forecast", "document.querySelector('.forecast') && !document.querySelector('.forecast').textContent.includes('…')")
			if !looked {
				look("a forecast")
				looked = true
			}
			tb.Act(".action-bar [data-action^='play ']")
		case tb.Has(".covers button"):
			tb.Act(".covers button")
		default:
			tb.Act(".action-bar button[data-action]")
		}
	})
}

// playWatchtower finishes setup, then ends each turn, picking blind when
// asked and giving when the barracks is empty, until the round cap's
// showdown; a look in play once the first turn has been played.
func playWatchtower(t *testing.T, tb *webtest.Tab, look func(string)) {
	looked := false
	turns(t, tb, "a Watchtower game capped at one round", func() {
		switch {
		case tb.Has(".blind button"):
			tb.Act(".blind button")
		case tb.Has("[data-action=done]"):
			tb.Act("[data-action=done]")
		case tb.Has("[data-action=end]"):
			if !looked && tb.Has(".events li") {
				look("in play")
				looked = true
			}
			tb.Act("[data-action=end]")
		case tb.Has(".army .card-button"):
			tb.Act(".army .card-button")
		default:
			t.Fatalf("a Watchtower turn offers nothing this test plays: %v", webtest.Eval[[]string](tb, "window.cardtableTable.s.legal"))
		}
	})
}
