package rulespage

import (
	"html/template"

	"cardtable/cards"
	"cardtable/i18n"
	"cardtable/tutorial"
)

// guidePage is a game's player's guide as the page draws it: its cards
// as tokens the page's script (guide.js) turns into the table's drawn
// cards, each a picture named in the reader's language.
type guidePage struct {
	*tutorial.Guide
	Before, After []guideRow
	// Learn is the lesson's page in the browser; Terminal says the
	// lesson's command; Full heads the folded full rules.
	Learn, LearnLabel, Full string
	Terminal                template.HTML
}

type guideRow struct {
	Label, Note string
	Cards       []guideCard
}

// guideCard is one card: its notation (## face down), how it reads as
// text, its name, and its colour.
type guideCard struct {
	Code, Text, Name string
	Red              bool
}

func newGuidePage(g *tutorial.Guide, p *i18n.Printer) *guidePage {
	return &guidePage{Guide: g, Before: guideRows(g.Example.Before, p), After: guideRows(g.Example.After, p),
		Learn: "/learn/" + g.Lesson, LearnLabel: p.T("tutorial.guide.learn"), Full: p.T("tutorial.guide.full"),
		Terminal: phrase(p, "tutorial.guide.terminal", map[string]template.HTML{"command": "<code>cardtable learn " + template.HTML(template.HTMLEscapeString(g.Lesson)) + "</code>"})}
}

func guideRows(rows []tutorial.Row, p *i18n.Printer) []guideRow {
	var out []guideRow
	for _, r := range rows {
		gr := guideRow{Label: r.Label, Note: r.Note}
		for _, code := range r.Cards {
			gc := guideCard{Code: code, Text: tutorial.Glyphs([]string{code}), Name: p.T("card.name.facedown")}
			if c, err := cards.Parse(code); err == nil {
				gc.Name, gc.Red = p.CardName(c), c.Suit() == cards.Hearts || c.Suit() == cards.Diamonds
			}
			gr.Cards = append(gr.Cards, gc)
		}
		out = append(out, gr)
	}
	return out
}
