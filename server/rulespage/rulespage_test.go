package rulespage_test

import (
	"html/template"
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/games"
	"cardtable/i18n"
	"cardtable/server/rulespage"
)

// TestRulesPage renders each game's rules page from its Rules() Markdown:
// headings, lists and tables come out as HTML, every option is listed with
// its default, and a table's options in force are marked where they
// differ from the default.
func TestRulesPage(t *testing.T) {
	for _, g := range games.All() {
		page, err := rulespage.Render(g, games.All(), nil, i18n.English)
		if err != nil {
			t.Fatalf("%s: %v", g.Name(), err)
		}
		html := string(page)
		for _, want := range []string{"<h1>" + g.Title() + ": the rules</h1>", "<h2 id=", "<li>", `data-option="players"`} {
			if !strings.Contains(html, want) {
				t.Errorf("%s: the page lacks %q", g.Name(), want)
			}
		}
		if strings.Contains(html, "## ") || strings.Contains(html, "**") {
			t.Errorf("%s: Markdown left unrendered on the page", g.Name())
		}
		if strings.Contains(html, "this table") {
			t.Errorf("%s: without a table the page speaks of one", g.Name())
		}
	}
	wt, _ := games.Lookup("watchtower")
	page, err := rulespage.Render(wt, games.All(), nil, i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "<table>") {
		t.Errorf("Watchtower's Markdown tables are not rendered as tables")
	}
	war, _ := games.Lookup("war")
	page, err = rulespage.Render(war, games.All(), &rulespage.Table{ID: "abc", Options: map[string]string{"players": "2", "slap": "5"}}, i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	if !strings.Contains(html, `<tr class="changed" data-option="slap">`) {
		t.Errorf("slap=5 is not marked as changed")
	}
	if strings.Contains(html, `<tr class="changed" data-option="players">`) {
		t.Errorf("players=2, the default, is marked as changed")
	}
	if !strings.Contains(html, "1 differs from the usual rules") || !strings.Contains(html, `href="/t/abc"`) {
		t.Errorf("the page does not say how many options differ, or links no table")
	}
	page, _ = rulespage.Render(war, games.All(), &rulespage.Table{ID: "nope", Missing: true}, i18n.English)
	if !strings.Contains(string(page), "There is no table") || strings.Contains(string(page), `class="changed"`) {
		t.Errorf("a missing table is not said, or options are marked")
	}
}

// TestRulesPageInEachLanguage renders every game's page in each language:
// the translated rules with the English headings' anchors (a link to a
// section works in every language), the page's own words, its language
// and direction, and no English sentence of the page left.
func TestRulesPageInEachLanguage(t *testing.T) {
	war, _ := games.Lookup("war")
	for _, l := range i18n.Languages()[1:] {
		p := i18n.For(l.Code)
		for _, g := range games.All() {
			page, err := rulespage.Render(g, games.All(), &rulespage.Table{ID: "abc", Options: map[string]string{"slap": "5", "players": "3"}}, p)
			if err != nil {
				t.Fatalf("%s %s: %v", l.Code, g.Name(), err)
			}
			html := string(page)
			want := []string{`<html lang="` + l.Code + `" dir="` + l.Dir + `"`, "<h1>" + template.HTMLEscapeString(p.T("rules.page.heading", engine.TextArg("game", p.Game(g.Name())))) + "</h1>",
				`id="options"`, `href="/t/abc"`}
			for _, w := range want {
				if !strings.Contains(html, w) {
					t.Errorf("%s %s: the page lacks %q", l.Code, g.Name(), w)
				}
			}
			for _, english := range []string{"the rules</h1>", "Back to the table", "what it does", "The options in force", "Set in the lobby"} {
				if strings.Contains(html, english) {
					t.Errorf("%s %s: English left on the page: %q", l.Code, g.Name(), english)
				}
			}
			if strings.Contains(html, "{#") {
				t.Errorf("%s %s: a heading anchor is left as text", l.Code, g.Name())
			}
		}
		page, _ := rulespage.Render(war, games.All(), nil, p)
		if !strings.Contains(string(page), `id="the-game"`) {
			t.Errorf("%s: War's first section lost its anchor #the-game", l.Code)
		}
	}
}
