// Package rulespage renders a game's rules page (GET /rules/{game}) in the
// reader's language: the game's player's guide first (tutorial.GuideFor:
// the goal, a turn, the key terms, a worked example drawn as cards, and
// the way to its lesson), then, folded, the same Markdown as `cardtable
// rules` (each game's Rules(), or its translation in i18n/rules) through
// goldmark, then every option with its default and the values it
// accepts, the options in force at a table marked.
package rulespage

import (
	"bytes"
	_ "embed"
	"html/template"
	"sort"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/tutorial"
)

//go:embed rules.tmpl
var rulesSource string

var rulesTemplate = template.Must(template.New("rules").Parse(rulesSource))

// markdown renders the games' rules: GitHub tables, heading ids for links
// to a section (a translation gives each heading the English one's, as
// {#id}, so a link to a section works in every language), and no raw HTML
// passed through (the text is ours, but the page must not depend on it
// being tame).
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.Table, extension.Strikethrough),
	goldmark.WithParserOptions(parser.WithAutoHeadingID(), parser.WithAttribute()),
)

// Table is the table whose options a rules page marks.
type Table struct {
	// ID is the table's id (for the link back to it).
	ID string
	// Options are the options in force at the table.
	Options map[string]string
	// Missing is set when the page was asked for a table that does not
	// exist: the page says so and marks nothing.
	Missing bool
}

type rulesOption struct {
	Key, Default, Help string
	// Accepts says the values it takes, those typed as they are as code.
	Accepts template.HTML
	// Value is the value in force at the table ("" without one); Changed
	// when it is not the default.
	Value   string
	Changed bool
}

type rulesGame struct{ Name, Label string }

// words are the page's sentences in the reader's language; those that
// hold markup (a link, code) are HTML built by phrase.
type words struct {
	Title, Heading, Back, Nav, Options, OptionsTable, Option, Help, Usual, Accepts, ThisTable, Changed, Lobby string
	Notice, OptionsHow                                                                                        template.HTML
}

// Render renders game g's rules page in p's language: the same Markdown
// as `cardtable rules` (g.Rules(), or its translation), then every option
// with its default and the values it accepts, marking the options in
// force at t when t is given. all are the games linked from the page.
func Render(g engine.Game, all []engine.Game, t *Table, p *i18n.Printer) ([]byte, error) {
	rules := g.Rules()
	if md, ok := i18n.Rules(p.Language().Code, g.Name()); ok {
		rules = md
	}
	var md bytes.Buffer
	if err := markdown.Convert([]byte(rules), &md); err != nil {
		return nil, err
	}
	title := p.Game(g.Name())
	data := struct {
		Name, Lang, Dir string
		Rules           template.HTML
		Guide           *guidePage
		Options         []rulesOption
		Games           []rulesGame
		Table           *Table
		W               words
	}{Name: g.Name(), Lang: p.Language().Tag, Dir: p.Language().Dir, Rules: template.HTML(md.String()), Table: t}
	if guide, err := tutorial.GuideFor(g.Name(), p); err == nil {
		data.Guide = newGuidePage(guide, p)
	}
	changed := 0
	for _, o := range g.Options() {
		ro := rulesOption{Key: o.Key, Default: o.Default, Accepts: accepts(p, o), Help: p.OptionHelp(g.Name(), o)}
		if t != nil && t.Options != nil {
			if v, ok := t.Options[o.Key]; ok {
				ro.Value, ro.Changed = v, v != o.Default
			}
		}
		if ro.Changed {
			changed++
		}
		data.Options = append(data.Options, ro)
	}
	for _, o := range all {
		data.Games = append(data.Games, rulesGame{Name: o.Name(), Label: p.T("rules.page.game-rules", engine.TextArg("game", p.Game(o.Name())))})
	}
	sort.Slice(data.Games, func(i, j int) bool { return data.Games[i].Label < data.Games[j].Label })
	data.W = pageWords(p, title, t, changed)
	var out bytes.Buffer
	if err := rulesTemplate.Execute(&out, data); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// pageWords are the page's sentences for the table t (nil: none) at
// which changed options differ from the usual ones.
func pageWords(p *i18n.Printer, title string, t *Table, changed int) words {
	game := engine.TextArg("game", title)
	w := words{
		Title: p.T("rules.page.title", game), Heading: p.T("rules.page.heading", game), Back: p.T("rules.page.back"),
		Nav: p.T("rules.page.nav"), Options: p.T("rules.page.options"), OptionsTable: p.T("rules.page.options-table"),
		Option: p.T("rules.page.col-option"), Help: p.T("rules.page.col-help"), Usual: p.T("rules.page.col-usual"),
		Accepts: p.T("rules.page.col-accepts"), ThisTable: p.T("rules.page.col-table"), Changed: p.T("rules.page.changed"),
		Lobby:      p.T("rules.page.lobby"),
		OptionsHow: phrase(p, "rules.page.options-how", map[string]template.HTML{"flag": "<code>-o key=value</code>"}),
	}
	if t == nil {
		return w
	}
	if t.Missing {
		w.Notice = phrase(p, "rules.page.no-table", map[string]template.HTML{"id": "<code>" + template.HTML(template.HTMLEscapeString(t.ID)) + "</code>"})
		return w
	}
	link := map[string]template.HTML{"table": `<a href="/t/` + template.HTML(template.HTMLEscapeString(t.ID)) + `">` + template.HTML(template.HTMLEscapeString(p.T("rules.page.this-table"))) + "</a>"}
	if changed > 0 {
		w.Notice = phrase(p, "rules.page.marked-changed", link, engine.CountArg(changed))
	} else {
		w.Notice = phrase(p, "rules.page.marked-usual", link)
	}
	w.Notice += " " + template.HTML(`<a href="#options">`+template.HTMLEscapeString(p.T("rules.page.see-options"))+"</a>")
	return w
}

// accepts says the values option o takes as HTML, each value typed as it
// is set as code.
func accepts(p *i18n.Printer, o engine.Option) template.HTML {
	text := template.HTMLEscapeString(p.AcceptsMarked(o, func(v string) string { return "\ue000" + v + "\ue001" }))
	return template.HTML(strings.NewReplacer("\ue000", "<code>", "\ue001", "</code>").Replace(text))
}

// phrase writes message id as HTML: the message's text escaped, with the
// placeholders named in markup replaced by that markup (a link, code).
func phrase(p *i18n.Printer, id string, markup map[string]template.HTML, args ...engine.Arg) template.HTML {
	for name := range markup {
		args = append(args, engine.TextArg(name, "\ue000"+name+"\ue001"))
	}
	text := template.HTMLEscapeString(p.T(id, args...))
	for name, html := range markup {
		text = strings.ReplaceAll(text, "\ue000"+name+"\ue001", string(html))
	}
	return template.HTML(text)
}
