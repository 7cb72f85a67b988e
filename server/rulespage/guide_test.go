package rulespage_test

import (
	"html/template"
	"strings"
	"testing"

	"cardtable/cards"
	"cardtable/games"
	"cardtable/i18n"
	"cardtable/server/rulespage"
)

// TestRulesPageOpensWithTheGuide: in every language each game's page
// opens with its player's guide — the way to the lesson (in the browser
// and the terminal), the goal, the
// key terms, the worked example's cards as tokens with their names in
// the reader's language (guide.js draws them as the table's cards) —
// and keeps the full rules, with their IDs, folded below it.
func TestRulesPageOpensWithTheGuide(t *testing.T) {
	ruleID := map[string]string{"war": "WAR-01", "regicide": "REG-01", "watchtower": "WT-"}
	sevenOfSpades, _ := cards.Parse("7S")
	for _, l := range i18n.Languages() {
		p := i18n.For(l.Code)
		for _, name := range []string{"war", "regicide", "watchtower"} {
			g, _ := games.Lookup(name)
			page, err := rulespage.Render(g, games.All(), nil, p)
			if err != nil {
				t.Fatal(err)
			}
			html := string(page)
			guide, fold := strings.Index(html, `<section class="panel guide"`), strings.Index(html, `<details class="panel full-rules"`)
			if guide < 0 || fold < guide {
				t.Fatalf("%s %s: no guide before the folded rules", l.Code, name)
			}
			for _, want := range []string{`href="/learn/` + name + `"`, template.HTMLEscapeString(p.T("tutorial.guide.learn")), "<code>cardtable learn " + name + "</code>", template.HTMLEscapeString(p.T("tutorial.guide.goal")), `data-card="`, `<dl class="guide-terms">`} {
				if !strings.Contains(html[guide:fold], want) {
					t.Errorf("%s %s: the guide lacks %q", l.Code, name, want)
				}
			}
			if !strings.Contains(html[fold:], "<h2 id=") || !strings.Contains(html[fold:], ruleID[name]) {
				t.Errorf("%s %s: the full rules with their IDs are not in the fold", l.Code, name)
			}
			if strings.Contains(html[guide:fold], "tutorial.") {
				t.Errorf("%s %s: a message id shows on the page", l.Code, name)
			}
			if name == "regicide" && !strings.Contains(html, `data-card="7S" role="img" aria-label="`+template.HTMLEscapeString(p.CardName(sevenOfSpades))+`"`) {
				t.Errorf("%s: the 7♠ is not named in the language", l.Code)
			}
		}
	}
}
