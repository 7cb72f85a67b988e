package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/i18n"
)

type rulesCmd struct {
	Game string `arg:"" help:"Game name (see cardtable games)."`
	Lang string `placeholder:"LANG" help:"The language to print them in: en, he, sk, cy or hy (default: LC_ALL, LC_MESSAGES or LANG; English otherwise)."`
}

func (rulesCmd) Help() string {
	return "Examples:\n  cardtable rules war\n  cardtable rules regicide | less\n  cardtable rules watchtower --lang he"
}

// Run prints the rules and a table of every option, in the reader's
// language (the translated rules, i18n/rules; English where none).
func (c *rulesCmd) Run(a *app) error {
	g, err := a.lookup(c.Game)
	if err != nil {
		return err
	}
	p, err := a.words(c.Lang)
	if err != nil {
		return err
	}
	rules := g.Rules()
	if md, ok := i18n.Rules(p.Language().Code, g.Name()); ok {
		rules = i18n.StripHeadingIDs(md)
	}
	fmt.Fprintln(a.stdout, strings.TrimRight(rules, "\n"))
	fmt.Fprintf(a.stdout, "\n%s\n\n", p.T("cli.rules.options"))
	tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", p.T("cli.rules.option"), p.T("cli.rules.default"), p.T("cli.rules.accepts"), p.T("cli.rules.help"))
	for _, o := range g.Options() {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", o.Key, o.Default, p.Accepts(o), p.OptionHelp(g.Name(), o))
	}
	return tw.Flush()
}

type gamesCmd struct{}

func (gamesCmd) Help() string { return "Example:\n  cardtable games" }

// Run lists the games.
func (c *gamesCmd) Run(a *app) error {
	tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "GAME\tTITLE\tSEATS\tOPTIONS")
	for _, g := range a.games() {
		lo, hi := g.Seats()
		seats := fmt.Sprint(lo)
		if hi != lo {
			seats = fmt.Sprintf("%d-%d", lo, hi)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", g.Name(), g.Title(), seats, optionKeys(g))
	}
	return tw.Flush()
}

func optionKeys(g engine.Game) string {
	var keys []string
	for _, o := range g.Options() {
		keys = append(keys, o.Key)
	}
	return strings.Join(keys, ", ")
}

type botsCmd struct {
	Game string `arg:"" optional:"" help:"Only the bots that play this game."`
}

func (botsCmd) Help() string { return "Examples:\n  cardtable bots\n  cardtable bots war" }

// Run lists the bots, marking each game's default.
func (c *botsCmd) Run(a *app) error {
	entries := bots.All()
	if c.Game != "" {
		g, err := a.lookup(c.Game)
		if err != nil {
			return err
		}
		entries = bots.For(g.Name())
	}
	tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "BOT\tGAMES\tHELP")
	for _, e := range entries {
		plays := "all"
		if len(e.Games) > 0 {
			plays = strings.Join(e.Games, ", ")
		}
		help := e.Help
		if c.Game != "" && bots.Default(strings.ToLower(c.Game)) == e.Name {
			help += " (default)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", e.Name, plays, help)
	}
	return tw.Flush()
}
