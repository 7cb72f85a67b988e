// Package rulespage renders a game's rules page (GET /rules/{game}): the
// same Markdown as `cardtable rules` (each game's Rules()) through
// goldmark, then every option with its default and the values it accepts,
// the options in force at a table marked.
package rulespage

import (
	"bytes"
	_ "embed"
	"html/template"
	"sort"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"

	"cardtable/engine"
)

//go:embed rules.tmpl
var rulesSource string

var rulesTemplate = template.Must(template.New("rules").Parse(rulesSource))

// markdown renders the games' rules: GitHub tables, heading ids for links
// to a section, and no raw HTML passed through (the text is ours, but the
// page must not depend on it being tame).
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.Table, extension.Strikethrough),
	goldmark.WithParserOptions(parser.WithAutoHeadingID()),
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
	Key, Default, Accepts, Help string
	// Value is the value in force at the table ("" without one); Changed
	// when it is not the default.
	Value   string
	Changed bool
}

type rulesGame struct{ Name, Title string }

// Render renders game g's rules page: the same Markdown as `cardtable
// rules` (g.Rules()), then every option with its default and the values it
// accepts, marking the options in force at t when t is given. all are the
// games linked from the page.
func Render(g engine.Game, all []engine.Game, t *Table) ([]byte, error) {
	var md bytes.Buffer
	if err := markdown.Convert([]byte(g.Rules()), &md); err != nil {
		return nil, err
	}
	data := struct {
		Name, Title string
		Rules       template.HTML
		Options     []rulesOption
		Games       []rulesGame
		Table       *Table
		Changed     int
	}{Name: g.Name(), Title: g.Title(), Rules: template.HTML(md.String()), Table: t}
	for _, o := range g.Options() {
		ro := rulesOption{Key: o.Key, Default: o.Default, Accepts: o.Accepts(), Help: o.Help}
		if t != nil && t.Options != nil {
			if v, ok := t.Options[o.Key]; ok {
				ro.Value, ro.Changed = v, v != o.Default
			}
		}
		if ro.Changed {
			data.Changed++
		}
		data.Options = append(data.Options, ro)
	}
	for _, o := range all {
		data.Games = append(data.Games, rulesGame{Name: o.Name(), Title: o.Title()})
	}
	sort.Slice(data.Games, func(i, j int) bool { return data.Games[i].Title < data.Games[j].Title })
	var out bytes.Buffer
	if err := rulesTemplate.Execute(&out, data); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
