package pages_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/web/webtest"
)

// sayCases are messages the Go side and i18n.js must write alike.
func sayCases() []engine.Msg {
	var out []engine.Msg
	for _, n := range []int{0, 1, 2, 3, 4, 5, 6, 11, 20, 21, 100} {
		out = append(out, engine.Say("noun.cards", engine.CountArg(n)))
	}
	ks := cards.New(cards.King, cards.Spades)
	out = append(out,
		engine.Say("war.end.won", engine.SeatArg("seat", 1), engine.CountArg(412)),
		engine.Say("war.end.cap", engine.CountArg(10000)),
		engine.Say("war.end.draw", engine.NumArg("battle", 77)),
		engine.Say("regicide.end.killed", engine.SeatArg("seat", 0), engine.CardArg("enemy", ks), engine.NounArg("defeated", 2, "noun.enemies")),
		engine.Say("regicide.end.stuck", engine.SeatArg("seat", 3), engine.CardArg("enemy", cards.New(cards.Jack, cards.Hearts)), engine.NounArg("defeated", 0, "noun.enemies")),
		engine.Say("regicide.end.won-graded", engine.CountArg(3), engine.MsgArg("grade", engine.Say("regicide.grade.silver")), engine.NounArg("powers", 1, "noun.jester-powers")),
		engine.Say("list.and", engine.TextArg("a", "x"), engine.TextArg("b", "y")),
		engine.Say("card.name.jester"),
		// A puzzle's solution step: several messages in one (ArgMsgs).
		engine.Say("puzzles.step", engine.MsgsArg("parts", []engine.Msg{
			engine.Say("puzzles.step.play", engine.CardsArg("cards", []cards.Card{cards.New(5, cards.Hearts), cards.New(5, cards.Clubs)}), engine.NumArg("attack", 10)),
			engine.Say("puzzles.step.heal", engine.NounArg("cards", 2, "noun.cards")),
			engine.Say("puzzles.step.kills", engine.CardArg("enemy", ks), engine.NumArg("damage", 20)),
		})),
		engine.Say("puzzles.step", engine.MsgsArg("parts", []engine.Msg{engine.Say("puzzles.step.discard-nothing")})),
	)
	return out
}

// TestBrowserSpeaksAsGo loads i18n.js in each language and checks that it
// writes every case as package i18n does, and that Chromium's
// Intl.PluralRules has the plural categories go-i18n's rules have: the two
// sides read the same files with two CLDR implementations, which must
// agree.
func TestBrowserSpeaksAsGo(t *testing.T) {
	s := webtest.NewSite(t)
	tb := s.Tab(t)
	langs := append(i18n.Languages(), i18n.Language{Code: i18n.Pseudo, Tag: "en-XA"})
	for _, l := range langs {
		// A second instance of the module (another address) speaks the
		// language asked for, as the page's own.
		tb.Open("/puzzles?lang=" + l.Code)
		tb.Wait("the puzzles", "document.querySelector('main a, main button') && document.querySelector('.lang-footer select')")
		tb.Do(chromedp.Evaluate[chromedp.Void](`import("/static/js/i18n.js?test").then(m => { window.i18nTest = m })`))
		tb.Wait("i18n.js loaded", "window.i18nTest")
		if got := webtest.Eval[string](tb, "i18nTest.lang"); got != l.Code {
			t.Fatalf("?lang=%s: i18n.js speaks %q", l.Code, got)
		}
		if l.Code != i18n.Pseudo {
			cats := webtest.Eval[[]string](tb, `(() => { const c = new Intl.PluralRules(i18nTest.lang).resolvedOptions().pluralCategories; return ["zero","one","two","few","many","other"].filter(x => c.includes(x)) })()`)
			if want := i18n.PluralCategories(l.Code); !slices.Equal(cats, want) {
				t.Errorf("%s: Chromium's plural categories %v, go-i18n's %v", l.Code, cats, want)
			}
		}
		p := i18n.For(l.Code)
		for _, m := range sayCases() {
			data, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			got := webtest.Eval[string](tb, fmt.Sprintf("i18nTest.say(%s)", data))
			if want := p.Say(m); got != want {
				t.Errorf("%s: i18n.js says %s as %q, Go as %q", l.Code, data, got, want)
			}
		}
		dir := webtest.Eval[string](tb, "document.documentElement.dir + ' ' + document.documentElement.lang")
		if want := map[bool]string{true: "rtl", false: "ltr"}[l.Dir == "rtl"] + " " + l.Tag; dir != want {
			t.Errorf("%s: <html dir lang> = %q, want %q", l.Code, dir, want)
		}
	}
}
