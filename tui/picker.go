package tui

import (
	"fmt"
	"regexp"
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"cardtable/engine"
	"cardtable/i18n"
)

// picker is how a person chooses an action: the legal actions as a list to
// move through with the arrows, and a line to type an action in the game's
// notation, which filters the list and completes with tab.
type picker struct {
	input textinput.Model
	// explain says in words what an action means ("" when its notation
	// says it all).
	explain func(string) string
	// group names an action's group in a long list ("challenge"); nil:
	// the list is not grouped.
	group  func(string) string
	legal  []string
	cursor int
	// offset is the first list row shown (rows count group headings and
	// the highlighted action's explanation).
	offset int
	// words speak the reader's language.
	words *i18n.Printer
	// hint and shortHint are the input's placeholder, whole and its first
	// words (for a pane too narrow for the whole).
	hint, shortHint string
}

func newPicker(w *i18n.Printer) picker {
	in := textinput.New()
	in.Prompt = "› "
	in.CharLimit = 80
	steadyCursor(&in)
	return picker{input: in, words: w, hint: w.T("tui.picker.placeholder"), shortHint: w.T("tui.picker.placeholder-short")}
}

// steadyCursor stops the input's cursor blinking: a steady cursor needs no
// timer running behind the table.
func steadyCursor(in *textinput.Model) {
	st := in.Styles()
	st.Cursor.Blink = false
	in.SetStyles(st)
}

func (p *picker) focus() tea.Cmd { return p.input.Focus() }

// reset offers a new list of legal actions (nil: nothing to choose). Two
// actions that read the same on screen (Regicide's "play JK1" and "play
// JK2": both "play Jester") are listed once; the other can still be typed.
func (p *picker) reset(legal []string) {
	p.legal = nil
	seen := map[string]bool{}
	for _, a := range legal {
		shown := strings.ToLower(glyphs(a))
		if !seen[shown] {
			seen[shown] = true
			p.legal = append(p.legal, a)
		}
	}
	p.cursor, p.offset = 0, 0
	p.input.SetValue("")
}

func (p *picker) typed() string { return strings.TrimSpace(p.input.Value()) }

// matches are the legal actions the typed text selects (case-insensitive):
// first those starting with it, then those having each typed word at the
// start of one of theirs, in any order ("play 5h 5d" finds "play 5D 5H",
// "a 5" every Ace with a five), else those containing it. A Jester may be
// typed as the screen writes it ("play jester") or in notation (JK1).
func (p *picker) matches() []string {
	t := strings.ToLower(p.typed())
	if t == "" {
		return p.legal
	}
	t = typedJester.ReplaceAllString(t, "jk")
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

// typedJester finds the screen's word for a joker in typed text, which
// the list matches as the start of the notation (JK1, JK2).
var typedJester = regexp.MustCompile(`\bje(s(t(er?)?)?)?\b`)

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

// home and end go to the first and the last match.
func (p *picker) home() { p.cursor = 0 }

func (p *picker) end() { p.cursor = max(len(p.matches())-1, 0) }

// page moves to the first action of the next (dir 1) or this or the
// previous (dir -1) group in a grouped list, or five rows in a plain one.
func (p *picker) page(dir int) {
	ms := p.matches()
	if p.group == nil || len(ms) == 0 {
		p.move(5 * dir)
		return
	}
	c := min(p.cursor, len(ms)-1)
	g := p.group(ms[c])
	if dir > 0 {
		for c < len(ms)-1 && p.group(ms[c]) == g {
			c++
		}
		p.cursor = c
		return
	}
	// Back to the start of this group, or of the one before when already
	// there.
	if c > 0 && p.group(ms[c-1]) != g {
		c--
		g = p.group(ms[c])
	}
	for c > 0 && p.group(ms[c-1]) == g {
		c--
	}
	p.cursor = c
}

// listRow is one row of the list: an action (item >= 0) or a heading or
// an explanation (item -1).
type listRow struct {
	text string
	// bare is an action's row without the explanation beside it.
	bare string
	item int
	// detail marks the highlighted action's explanation.
	detail bool
}

// rows lays the matches out for width cells: a heading before each group
// of two or more actions, each action with its explanation beside it when
// it fits whole, and the highlighted action's explanation under it in
// full when it does not — an explanation is never cut.
func (p *picker) rows(ms []string, width int) []listRow {
	var out []listRow
	for i, a := range ms {
		if p.group != nil {
			g := p.group(a)
			if (i == 0 || p.group(ms[i-1]) != g) && i+1 < len(ms) && p.group(ms[i+1]) == g {
				n := 0
				for j := i; j < len(ms) && p.group(ms[j]) == g; j++ {
					n++
				}
				out = append(out, listRow{text: styleLabel.Render(fmt.Sprintf("── %s · %d", g, n)), item: -1})
			}
		}
		line := "  " + prettyAction(a)
		if i == p.cursor {
			line = styleSelected.Render("▸") + " " + prettyAction(a)
		}
		e := ""
		if p.explain != nil {
			e = p.explain(a)
		}
		bare := line
		switch {
		case e == "":
		case ansi.StringWidth(line)+2+ansi.StringWidth(e) <= width:
			line += styleDim.Render("  " + e)
			e = ""
		}
		out = append(out, listRow{text: line, bare: bare, item: i})
		if e != "" && i == p.cursor {
			for j, l := range strings.Split(ansi.Wrap(e, max(width-6, 10), ""), "\n") {
				lead := "      "
				if j == 0 {
					lead = "    ↳ "
				}
				out = append(out, listRow{text: styleDim.Render(lead + l), item: -1, detail: true})
			}
		}
	}
	return out
}

// view draws the input line and rows of the list, the highlighted action
// (with its explanation and its group's heading) kept in sight.
func (p *picker) view(width, rows int) string {
	var b strings.Builder
	p.input.SetWidth(max(width-4, 10))
	// The whole hint where it fits, else its first words: the footer
	// names the keys too.
	p.input.Placeholder = p.hint
	if ansi.StringWidth(p.hint) > p.input.Width() {
		p.input.Placeholder = p.shortHint
	}
	b.WriteString(p.input.View())
	ms := p.matches()
	rows--
	if rows <= 0 {
		return b.String()
	}
	if len(ms) == 0 {
		b.WriteString("\n" + styleDim.Render("  "+p.words.T("tui.picker.no-match")))
		return b.String()
	}
	p.cursor = min(p.cursor, len(ms)-1)
	all := p.rows(ms, width)
	first, last := 0, 0
	for r, row := range all {
		if row.item == p.cursor {
			first, last = r, r
			if r > 0 && all[r-1].item < 0 && !all[r-1].detail {
				first = r - 1
			}
			for last+1 < len(all) && all[last+1].detail {
				last++
			}
		}
	}
	if first < p.offset {
		p.offset = first
	}
	if last >= p.offset+rows {
		p.offset = last - rows + 1
	}
	p.offset = max(min(p.offset, len(all)-rows), 0)
	end := min(len(all), p.offset+rows)
	for r := p.offset; r < end; r++ {
		line := all[r].text
		if r == end-1 && end < len(all) {
			// "(+N more below)" beside the last row, where it fits: else
			// beside the row without its explanation (another action's,
			// never the highlighted one's), else not at all — an
			// explanation is never cut to make room for it.
			more := styleDim.Render("   " + p.words.T("tui.picker.more", engine.CountArg(countItems(all[end:]))))
			switch {
			case ansi.StringWidth(line+more) <= width:
				line += more
			case all[r].item >= 0 && all[r].item != p.cursor && ansi.StringWidth(all[r].bare+more) <= width:
				line = all[r].bare + more
			}
		}
		b.WriteString("\n" + line)
	}
	return b.String()
}

func countItems(rows []listRow) int {
	n := 0
	for _, r := range rows {
		if r.item >= 0 {
			n++
		}
	}
	return n
}

// navigate moves the highlight or completes the input for the picker's
// keys (arrows, pages, home/end, tab) and says whether key was one of them;
// the table screen and the remote daily screen share it.
func (p *picker) navigate(key string) bool {
	switch key {
	case "up", "ctrl+p":
		p.move(-1)
	case "down", "ctrl+n":
		p.move(1)
	case "pgup":
		p.page(-1)
	case "pgdown":
		p.page(1)
	case "home":
		p.home()
	case "end":
		p.end()
	case "tab":
		p.complete()
	default:
		return false
	}
	return true
}
