package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
)

// picker is how a person chooses an action: the legal actions as a list to
// move through with the arrows, and a line to type an action in the game's
// notation, which filters the list and completes with tab.
type picker struct {
	input textinput.Model
	// explain says in words what an action means ("" when its notation
	// says it all).
	explain func(string) string
	legal   []string
	cursor  int
	offset  int
}

func newPicker() picker {
	in := textinput.New()
	in.Prompt = "› "
	in.Placeholder = "type an action, or pick one with ↑/↓ and enter"
	in.CharLimit = 80
	steadyCursor(&in)
	return picker{input: in}
}

// steadyCursor stops the input's cursor blinking: a steady cursor needs no
// timer running behind the table.
func steadyCursor(in *textinput.Model) {
	st := in.Styles()
	st.Cursor.Blink = false
	in.SetStyles(st)
}

func (p *picker) focus() tea.Cmd { return p.input.Focus() }

// reset offers a new list of legal actions (nil: nothing to choose).
func (p *picker) reset(legal []string) {
	p.legal = legal
	p.cursor, p.offset = 0, 0
	p.input.SetValue("")
}

func (p *picker) typed() string { return strings.TrimSpace(p.input.Value()) }

// matches are the legal actions the typed text selects (case-insensitive):
// first those starting with it, then those having each typed word at the
// start of one of theirs, in any order ("play 5h 5d" finds "play 5D 5H",
// "a 5" every Ace with a five), else those containing it.
func (p *picker) matches() []string {
	t := strings.ToLower(p.typed())
	if t == "" {
		return p.legal
	}
	var prefix, words, within []string
	for _, a := range p.legal {
		la := strings.ToLower(a)
		switch {
		case strings.HasPrefix(la, t):
			prefix = append(prefix, a)
		case wordsMatch(strings.Fields(t), strings.Fields(la)):
			words = append(words, a)
		case strings.Contains(la, t):
			within = append(within, a)
		}
	}
	if len(prefix)+len(words) > 0 {
		return append(prefix, words...)
	}
	return within
}

// wordsMatch reports whether each typed word starts a different word of
// the action.
func wordsMatch(typed, action []string) bool {
	used := make([]bool, len(action))
	for _, w := range typed {
		found := false
		for i, aw := range action {
			if !used[i] && strings.HasPrefix(aw, w) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// choice is what enter would send: the typed text when it is exactly an
// action listed, else the highlighted match, else the typed text as it is
// (for the engine to explain what is wrong with it).
func (p *picker) choice() string {
	t := p.typed()
	ms := p.matches()
	for _, a := range ms {
		if strings.EqualFold(a, t) {
			return a
		}
	}
	if len(ms) > 0 {
		return ms[min(p.cursor, len(ms)-1)]
	}
	return t
}

func (p *picker) move(delta int) {
	n := len(p.matches())
	if n == 0 {
		return
	}
	p.cursor = min(max(p.cursor+delta, 0), n-1)
}

// complete extends the typed text to what every match shares, or to the
// highlighted match when it already does.
func (p *picker) complete() {
	ms := p.matches()
	if len(ms) == 0 {
		return
	}
	common := ms[0]
	for _, a := range ms[1:] {
		for !strings.HasPrefix(strings.ToLower(a), strings.ToLower(common)) {
			common = common[:len(common)-1]
		}
	}
	if len(common) <= len(p.typed()) {
		common = ms[min(p.cursor, len(ms)-1)]
	}
	p.input.SetValue(common)
	p.input.CursorEnd()
	p.cursor = 0
}

// update passes a key to the input line; the list follows the text.
func (p *picker) update(msg tea.Msg) tea.Cmd {
	before := p.input.Value()
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	if p.input.Value() != before {
		p.cursor, p.offset = 0, 0
	}
	return cmd
}

// view draws the input line and rows of the list, the highlighted action
// kept in sight.
func (p *picker) view(width, rows int) string {
	var b strings.Builder
	p.input.SetWidth(max(width-4, 10))
	b.WriteString(p.input.View())
	ms := p.matches()
	rows--
	if rows <= 0 {
		return b.String()
	}
	if p.cursor < p.offset {
		p.offset = p.cursor
	}
	if p.cursor >= p.offset+rows {
		p.offset = p.cursor - rows + 1
	}
	if len(ms) == 0 {
		b.WriteString("\n" + styleDim.Render("  no legal action matches; enter sends it as typed"))
		return b.String()
	}
	end := min(len(ms), p.offset+rows)
	for i := p.offset; i < end; i++ {
		line := "  " + prettyAction(ms[i])
		if i == p.cursor {
			line = styleSelected.Render("▸") + " " + prettyAction(ms[i])
		}
		if p.explain != nil {
			if e := p.explain(ms[i]); e != "" {
				line += styleDim.Render("  " + e)
			}
		}
		if i == end-1 && end < len(ms) {
			line += styleDim.Render(fmt.Sprintf("   (+%d more)", len(ms)-end))
		}
		b.WriteString("\n" + line)
	}
	return b.String()
}
