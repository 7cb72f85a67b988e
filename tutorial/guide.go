package tutorial

import (
	"fmt"
	"strings"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/games/war"
	"cardtable/games/watchtower"
	"cardtable/i18n"
)

// A guide is a game's player's guide: its goal, a turn, the key terms —
// catalogue messages, no rule IDs — and a worked example: a few steps of
// the game's lesson, the real positions before and after drawn from the
// learner's views as rows of cards, told in the lesson's own words. The
// rules page (server/rulespage) opens with it, drawing the cards as the
// table does; the terminal's help (?) shows it as text.

// Guide is a game's guide in one language.
type Guide struct {
	// Title heads the guide; Goal and Turn are paragraphs; Steps, when
	// set, are a turn's numbered steps after Turn.
	Title, Goal, Turn string
	Steps             []string
	// Terms are the key terms, each a term and what it means.
	Terms []Term
	// Example is the worked example.
	Example Example
	// Lesson names the game's lesson (cardtable learn NAME, /learn/NAME).
	Lesson string
	// Labels are the guide's headings: "The goal", "A turn", "Key terms",
	// "A worked example", "Before", "The move", "After".
	Labels GuideLabels
}

// GuideLabels are a guide's headings in its language.
type GuideLabels struct {
	Goal, Turn, Terms, Example, Before, Move, After string
}

// Term is one key term.
type Term struct{ Term, Meaning string }

// Example is a worked example: the position before, the moves, the
// position after, and what the lesson says of them.
type Example struct {
	Title  string
	Before []Row
	Moves  []string
	After  []Row
	Say    []string
}

// Row is one line of a drawn position: whose cards, the cards in
// notation ("##" face down), and a note ("attack 10 · health 20").
type Row struct {
	Label string
	Cards []string
	Note  string
}

// guideSpec is where a game's guide comes from: its message ids' stem,
// its lesson and the lesson steps of its example.
type guideSpec struct {
	lesson      string
	first, last int
	terms       []string
	steps       int
	before      bool
}

var guideSpecs = map[string]guideSpec{
	"war":        {lesson: "war", first: 6, last: 7, terms: []string{"battle", "war", "slap", "variants"}},
	"regicide":   {lesson: "regicide", first: 0, last: 0, terms: []string{"suits", "immune", "exact", "jester", "tavern"}, steps: 4, before: true},
	"watchtower": {lesson: "watchtower", first: 5, last: 8, terms: []string{"fortress", "army", "barracks", "challenge", "assassin"}, before: true},
}

// GuideFor returns game's guide in p's language, its example played
// through the game's lesson; an error for a game without one.
func GuideFor(game string, p *i18n.Printer) (*Guide, error) {
	spec, ok := guideSpecs[game]
	if !ok {
		return nil, fmt.Errorf("tutorial: no guide for %q", game)
	}
	l, err := Lookup(spec.lesson)
	if err != nil {
		return nil, err
	}
	id := func(s string) string { return "tutorial.guide." + game + "." + s }
	g := &Guide{Title: p.T("tutorial.guide.title", engine.TextArg("game", p.Game(game))), Goal: p.T(id("goal")), Turn: p.T(id("turn")), Lesson: l.Name,
		Labels: GuideLabels{Goal: p.T("tutorial.guide.goal"), Turn: p.T("tutorial.guide.turn"), Terms: p.T("tutorial.guide.terms"),
			Example: p.T("tutorial.guide.example"), Before: p.T("tutorial.guide.before"), Move: p.T("tutorial.guide.move"), After: p.T("tutorial.guide.after")}}
	for i := 1; i <= spec.steps; i++ {
		g.Steps = append(g.Steps, p.T(id(fmt.Sprintf("step%d", i))))
	}
	for _, t := range spec.terms {
		g.Terms = append(g.Terms, Term{Term: p.T(id("term." + t)), Meaning: p.T(id("term." + t + ".means"))})
	}
	g.Example, err = l.example(spec, p)
	if err != nil {
		return nil, err
	}
	g.Example.Title = p.T(id("example"))
	return g, nil
}

// example plays the lesson to the spec's steps and draws the learner's
// view before the first and after the last.
func (s *Script) example(spec guideSpec, p *i18n.Printer) (Example, error) {
	var ex Example
	tb, err := s.NewTable("")
	if err != nil {
		return ex, err
	}
	names := []string{}
	for i := range tb.NumSeats() {
		names = append(names, p.T("tutorial.guide.seat-tutor"))
		if i == s.Learner {
			names[i] = p.T("tutorial.guide.seat-you")
		}
	}
	for i, st := range s.Steps[:spec.last+1] {
		if i == spec.first && spec.before {
			ex.Before = rows(tb.View(s.Learner), names, p)
		}
		if i >= spec.first && st.Seat == s.Learner {
			ex.Moves = append(ex.Moves, Notation(st.Do))
		}
		switch {
		case i == spec.first && len(st.Say) > 0:
			// The first step's earlier words lead up to the example.
			ex.Say = append(ex.Say, st.Say[len(st.Say)-1])
		case i > spec.first:
			ex.Say = append(ex.Say, st.Say...)
		}
		if _, err := tb.Play(st.Seat, st.Do, tb.Version()); err != nil {
			return ex, fmt.Errorf("tutorial: %s example, step %d: %w", s.Name, i, err)
		}
	}
	if spec.last+1 == len(s.Steps) {
		ex.Say = append(ex.Say, s.End[0])
	} else if next := s.Steps[spec.last+1]; next.Seat == s.Learner {
		ex.Say = append(ex.Say, next.Say[0])
	}
	for i, id := range ex.Say {
		ex.Say[i] = p.T(id)
	}
	ex.After = rows(tb.View(s.Learner), names, p)
	return ex, nil
}

// rows draws a view as rows of cards (a game's layout: War's trick,
// Regicide's enemy and hand, Watchtower's fortresses and armies).
func rows(v engine.View, names []string, p *i18n.Printer) []Row {
	switch v := v.(type) {
	case *war.View:
		return warRows(v, names)
	case *regicide.View:
		return regicideRows(v, p)
	case *watchtower.View:
		return watchtowerRows(v, names, p)
	}
	return nil
}

func warRows(v *war.View, names []string) []Row {
	table := v.Table
	if v.Last != nil && len(flatten(table)) == 0 {
		table = v.Last.Table
	}
	var out []Row
	for i, cs := range table {
		out = append(out, Row{Label: names[i], Cards: cs})
	}
	return out
}

func flatten(t [][]string) []string {
	var out []string
	for _, cs := range t {
		out = append(out, cs...)
	}
	return out
}

func regicideRows(v *regicide.View, p *i18n.Printer) []Row {
	var out []Row
	if e := v.Enemy; e != nil {
		out = append(out, Row{Label: p.T("tutorial.guide.enemy"), Cards: []string{e.Card.String()},
			Note: p.T("tutorial.guide.enemy-note", engine.NumArg("attack", e.Attack-e.Shield), engine.NumArg("health", e.Health), engine.NumArg("damage", e.Damage))})
	}
	if len(v.Table) > 0 {
		out = append(out, Row{Label: p.T("tutorial.guide.played"), Cards: codes(v.Table)})
	}
	return append(out, Row{Label: p.T("tutorial.guide.hand"), Cards: codes(v.Hand)})
}

func watchtowerRows(v *watchtower.View, names []string, p *i18n.Printer) []Row {
	var out []Row
	for i, pl := range v.Players {
		var fort []string
		for _, st := range pl.Fortress {
			fort = append(fort, codes(st.Cards)...)
		}
		out = append(out, Row{Label: p.T("tutorial.guide.fortress", engine.TextArg("seat", names[i])), Cards: fort})
		army := codes(pl.Army)
		if pl.Army == nil {
			army = strings.Fields(strings.Repeat("## ", pl.ArmySize))
		}
		out = append(out, Row{Label: p.T("tutorial.guide.army", engine.TextArg("seat", names[i])), Cards: army})
	}
	return out
}

func codes(cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// Markdown writes the guide for a reader of text (the terminal's help):
// cards as rank and suit symbol, face-down cards as ░░.
func (g *Guide) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n**%s** %s\n\n**%s** %s\n\n", g.Title, g.Labels.Goal, g.Goal, g.Labels.Turn, g.Turn)
	for i, s := range g.Steps {
		fmt.Fprintf(&b, "%d. %s\n", i+1, s)
	}
	if len(g.Steps) > 0 {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "## %s\n\n", g.Labels.Terms)
	for _, t := range g.Terms {
		fmt.Fprintf(&b, "- **%s**: %s\n", t.Term, t.Meaning)
	}
	ex := g.Example
	fmt.Fprintf(&b, "\n## %s: %s\n\n", g.Labels.Example, ex.Title)
	section := func(label string, rs []Row) {
		if len(rs) == 0 {
			return
		}
		fmt.Fprintf(&b, "**%s**\n\n", label)
		for _, r := range rs {
			fmt.Fprintf(&b, "- %s: %s", r.Label, Glyphs(r.Cards))
			if r.Note != "" {
				fmt.Fprintf(&b, " (%s)", r.Note)
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	section(g.Labels.Before, ex.Before)
	fmt.Fprintf(&b, "**%s** `%s`\n\n", g.Labels.Move, strings.Join(ex.Moves, "`, `"))
	section(g.Labels.After, ex.After)
	for _, s := range ex.Say {
		fmt.Fprintf(&b, "%s\n\n", s)
	}
	return b.String()
}

// Notation writes a move's cards with their suits' symbols ("play 7S" →
// "play 7♠"); other words stay as they are.
func Notation(move string) string {
	words := strings.Fields(move)
	for i, w := range words {
		if _, err := cards.Parse(w); err == nil && len(w) >= 2 {
			words[i] = Glyphs([]string{w})
		}
	}
	return strings.Join(words, " ")
}

var suitGlyphs = [4]string{cards.Clubs: "♣", cards.Diamonds: "♦", cards.Hearts: "♥", cards.Spades: "♠"}

// Glyphs writes cards in notation as people read them: "7♠", "░░" for a
// face-down card, "—" for none.
func Glyphs(cs []string) string {
	if len(cs) == 0 {
		return "—"
	}
	out := make([]string, len(cs))
	for i, code := range cs {
		out[i] = "░░"
		if c, err := cards.Parse(code); err == nil {
			out[i] = "Jester"
			if !c.IsJoker() {
				out[i] = c.Rank().String() + suitGlyphs[c.Suit()]
			}
		}
	}
	return strings.Join(out, " ")
}
