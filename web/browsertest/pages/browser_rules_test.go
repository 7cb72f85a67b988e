package pages_test

import (
	"strings"
	"testing"

	"cardtable/web/webtest"
)

// testRules opens each game's rules from a table as a person would (the
// Rules link on the table page), checks the page shows the game's rules
// rendered from Markdown with the table's options marked, and holds the
// page to axe-core's rules at a phone's and a laptop's width.
func testRules(t *testing.T, s *webtest.Site) {
	c := s.Create(t, webtest.One("war", map[string]string{"slap": "5"}, "human", "heuristic"))
	tb := s.Tab(t)
	tb.Sit(c)
	tb.Wait("the rules link", "document.querySelector('a[href^=\"/rules/war\"]')")
	// The link opens a tab of its own, so the game stays open: follow it.
	href := webtest.Eval[string](tb, "document.querySelector('a[href^=\"/rules/war\"]').getAttribute('href')")
	if href != "/rules/war?table="+c.ID {
		t.Errorf("the table's rules link is %q", href)
	}
	tb.Open(href)
	tb.Wait("the rules page", "document.querySelector('.rules-page h1')")
	if h := tb.Text("h1"); h != "War: the rules" {
		t.Errorf("the rules page's heading is %q", h)
	}
	if !tb.Has(".md h2") || !tb.Has(".md li strong") {
		t.Errorf("the rules' Markdown is not rendered (no headings or bold list items)")
	}
	if got := tb.Text("tr.changed[data-option=slap] .in-force"); !strings.Contains(got, "5") || !strings.Contains(got, "changed") {
		t.Errorf("slap=5 is marked %q at the table's rules", got)
	}
	if tb.Has("tr.changed[data-option=players]") {
		t.Errorf("players, at its default, is marked as changed")
	}
	for _, sz := range []webtest.Size{webtest.Phone, webtest.Laptop} {
		tb.Resize(sz)
		tb.NoOverflow("war rules " + sz.Name)
		tb.Shot("rules-war-" + sz.Name)
	}
	tb.Axe("war rules")
	for _, g := range []string{"regicide", "watchtower"} {
		tb.Open("/rules/" + g)
		tb.Wait("the rules page", "document.querySelector('.rules-page .md h2')")
		tb.NoOverflow(g + " rules")
		tb.Shot("rules-" + g)
		tb.Axe(g + " rules")
	}
}
