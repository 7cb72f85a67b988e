package pages_test

import (
	"testing"

	"cardtable/i18n"
	"cardtable/web/webtest"
)

// TestBrowserRulesInEachLanguage opens a table's rules in every language
// (?lang=, as a link would) at a phone's and a laptop's width: the page
// speaks the language and runs in its direction (Hebrew right to left),
// nothing overflows, axe finds nothing serious, the footer offers the
// languages; in the pseudo-locale no text of the page escaped the
// catalogue (the rules themselves are translated files, checked by
// i18n/rules_test.go).
func TestBrowserRulesInEachLanguage(t *testing.T) {
	s := webtest.NewSite(t)
	c := s.Create(t, webtest.One("war", map[string]string{"slap": "5"}, "human", "heuristic"))
	tb := s.Tab(t)
	for _, l := range append(i18n.Languages()[1:], i18n.Language{Code: i18n.Pseudo, Dir: "ltr", Tag: "en-XA"}) {
		tb.Open("/rules/war?table=" + c.ID + "&lang=" + l.Code)
		tb.Wait("the rules page", "document.querySelector('.rules-page .md h2') && document.querySelector('.lang-footer select')")
		if got := webtest.Eval[string](tb, "document.documentElement.lang + ' ' + document.documentElement.dir"); got != l.Tag+" "+l.Dir {
			t.Errorf("%s: <html lang dir> = %q", l.Code, got)
		}
		if got := webtest.Eval[int](tb, "document.querySelectorAll('.lang-footer option').length"); got != len(i18n.Languages()) {
			t.Errorf("%s: the picker offers %d languages", l.Code, got)
		}
		for _, sz := range []webtest.Size{webtest.Phone, webtest.Laptop} {
			tb.Resize(sz)
			tb.NoOverflow("war rules " + l.Code + " " + sz.Name)
			tb.Shot("rules-war-" + l.Code + "-" + sz.Name)
		}
		tb.Axe("war rules " + l.Code)
		if l.Code == i18n.Pseudo {
			tb.Untranslated("war rules", ".md")
		}
	}
}
