package tui

import (
	"regexp"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"cardtable/cards"
)

// The palette and every style of the terminal table, in one place. Colours
// are downsampled by Bubble Tea to what the terminal supports, and dropped
// under NO_COLOR; nothing here writes escape codes by hand.
var (
	colorRed    = lipgloss.Color("#e0433a")
	colorAccent = lipgloss.Color("#e5b93b")
	colorDim    = lipgloss.Color("#8a8a8a")
	colorGood   = lipgloss.Color("#5fb85f")

	styleRedCard   = lipgloss.NewStyle().Foreground(colorRed).Bold(true)
	styleBlackCard = lipgloss.NewStyle().Bold(true)
	styleFaceDown  = lipgloss.NewStyle().Foreground(colorDim)
	styleTitle     = lipgloss.NewStyle().Bold(true).Foreground(colorAccent)
	styleLabel     = lipgloss.NewStyle().Foreground(colorDim)
	styleDim       = lipgloss.NewStyle().Foreground(colorDim)
	styleHighlight = lipgloss.NewStyle().Bold(true).Foreground(colorAccent)
	styleSelected  = lipgloss.NewStyle().Reverse(true).Bold(true)
	styleStatusErr = lipgloss.NewStyle().Foreground(colorRed).Bold(true)
	styleStatusOK  = lipgloss.NewStyle().Foreground(colorGood)
	styleForecast  = lipgloss.NewStyle().Foreground(colorGood)
	styleAlert     = lipgloss.NewStyle().Bold(true).Reverse(true).Foreground(colorAccent)
	styleResult    = lipgloss.NewStyle().Bold(true).Reverse(true)
	styleWin       = lipgloss.NewStyle().Bold(true).Reverse(true).Foreground(colorGood)
	styleLoss      = lipgloss.NewStyle().Bold(true).Reverse(true).Foreground(colorRed)
	styleBox       = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(colorDim).Padding(0, 1)
	styleKeys      = lipgloss.NewStyle().Foreground(colorDim)
)

var suitSymbols = [4]string{cards.Clubs: "♣", cards.Diamonds: "♦", cards.Hearts: "♥", cards.Spades: "♠"}

// jesterText is how a joker reads on screen. Only Regicide deals jokers,
// and it calls them Jesters, as the browser does: the two are the same
// card to a player, so the engine's JK1 and JK2 both read "Jester".
const jesterText = "Jester"

// cardText is a card as people read it on screen: rank and suit symbol
// ("10♥"), jokers as "Jester".
func cardText(c cards.Card) string {
	if c.IsJoker() {
		return jesterText
	}
	if !c.Valid() {
		return c.String()
	}
	return c.Rank().String() + suitSymbols[c.Suit()]
}

// card renders one card in its suit's colour: hearts and diamonds red,
// clubs and spades in the terminal's own colour.
func card(c cards.Card) string {
	switch {
	case c.IsJoker():
		return styleHighlight.Render(jesterText)
	case c.Suit() == cards.Hearts || c.Suit() == cards.Diamonds:
		return styleRedCard.Render(cardText(c))
	}
	return styleBlackCard.Render(cardText(c))
}

// cardList renders cards separated by spaces ("—" for none).
func cardList(cs []cards.Card) string {
	if len(cs) == 0 {
		return styleDim.Render("—")
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = card(c)
	}
	return strings.Join(parts, " ")
}

// notationCard renders a card written in notation ("7H", "##" face down);
// anything that is not a card is shown as it is.
func notationCard(s string) string {
	if s == "##" {
		return styleFaceDown.Render("░░")
	}
	c, err := cards.Parse(s)
	if err != nil {
		return s
	}
	return card(c)
}

// oneOfMany finds "1 tricks" and the like in the engines' texts.
var oneOfMany = regexp.MustCompile(`\b1 (trick|card|enemie|battle|war|turn|round)s\b`)

// maybeMany finds "2 card(s)".
var maybeMany = regexp.MustCompile(`\b\d+ (army )?card\(s\)`)

// singular writes "1 tricks" as "1 trick" ("1 enemies" as "1 enemy",
// "2 card(s)" as "2 cards"): the engines' event texts count with a plain
// plural.
func singular(text string) string {
	text = maybeMany.ReplaceAllStringFunc(text, func(m string) string {
		m = strings.TrimSuffix(m, "(s)")
		if strings.HasPrefix(m, "1 ") {
			return m
		}
		return m + "s"
	})
	return oneOfMany.ReplaceAllStringFunc(text, func(m string) string {
		if m == "1 enemies" {
			return "1 enemy"
		}
		return strings.TrimSuffix(m, "s")
	})
}

// prettyAction writes an action's card words with suit symbols and
// colours ("play 7H 7S" → "play 7♥ 7♠"); other words stay as they are.
func prettyAction(text string) string {
	words := strings.Fields(singular(text))
	for i, w := range words {
		core := strings.TrimRight(w, ":,;.)")
		lead := strings.TrimLeft(core, "([")
		if looksLikeCard(lead) {
			words[i] = core[:len(core)-len(lead)] + notationCard(lead) + w[len(core):]
		}
	}
	return strings.Join(words, " ")
}

// pad fills s with spaces to width cells (styled text measured as shown).
func pad(s string, width int) string {
	if n := ansi.StringWidth(s); n < width {
		return s + strings.Repeat(" ", width-n)
	}
	return s
}

// looksLikeCard reports whether w is a card in the notation the engines
// write ("7H", "10D", "QC"; not a rank or a number alone, which actions
// also use, nor an English word that parses as one, such as "as").
func looksLikeCard(w string) bool {
	if len(w) < 2 {
		return false
	}
	c, err := cards.Parse(w)
	return err == nil && c.String() == w
}

// glyphs writes the cards in text with their suit symbols, without
// colour ("cannot play QC" → "cannot play Q♣"), for lines drawn in a
// style of their own, such as the status line.
func glyphs(text string) string {
	words := strings.Split(singular(text), " ")
	for i, w := range words {
		core := strings.TrimRight(w, ":,;.)\"'")
		lead := strings.TrimLeft(core, "([\"'")
		if looksLikeCard(lead) {
			c, _ := cards.Parse(lead)
			words[i] = core[:len(core)-len(lead)] + cardText(c) + w[len(core):]
		}
	}
	return strings.Join(words, " ")
}

// fit cuts every line of s to width cells, so nothing ever wraps and
// garbles the screen.
func fit(s string, width int) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if ansi.StringWidth(l) > width {
			lines[i] = ansi.Truncate(l, width, "…")
		}
	}
	return strings.Join(lines, "\n")
}

// clip keeps at most n lines of s.
func clip(s string, n int) string {
	if n <= 0 {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
