package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/i18n"
	"cardtable/puzzles"
)

// PuzzlesConfig starts the terminal's Regicide puzzles
// (cardtable puzzles regicide).
type PuzzlesConfig struct {
	Set *puzzles.Set
	// Start is the first puzzle shown (its id).
	Start int
	// Theme keeps to the puzzles with that theme ("": all; puzzles.Themes,
	// puzzles.ThemeTwoTries).
	Theme string
	// In and Out are the terminal (nil: the process's own).
	In  io.Reader
	Out io.Writer
	// Lang is the language the screen speaks (empty: English).
	Lang string
}

// RunPuzzles shows the puzzles of cfg.Set one after another, from
// cfg.Start, until the person quits: the board as the seat sees it, what
// the puzzle reveals, the legal actions to choose from; after an answer,
// whether it was right and the line that wins, and the streak.
func RunPuzzles(ctx context.Context, cfg PuzzlesConfig) error {
	if cfg.Set == nil || len(cfg.Set.Puzzles) == 0 {
		return errors.New("tui: no puzzles to show")
	}
	m := &puzzleModel{set: cfg.Set, theme: cfg.Theme, words: i18n.For(cfg.Lang)}
	if err := m.show(cfg.Start); err != nil {
		return err
	}
	opts := []tea.ProgramOption{tea.WithContext(ctx)}
	if cfg.In != nil {
		opts = append(opts, tea.WithInput(cfg.In))
	}
	if cfg.Out != nil {
		opts = append(opts, tea.WithOutput(cfg.Out))
	}
	_, err := tea.NewProgram(m, opts...).Run()
	if errors.Is(err, tea.ErrProgramKilled) && m.quit {
		return nil
	}
	return err
}

// puzzleModel is the puzzles screen.
type puzzleModel struct {
	set           *puzzles.Set
	shown         *puzzles.Shown
	cursor        int
	outcome       *puzzles.Outcome
	streak, best  int
	err           string
	width, height int
	quit          bool
	// theme keeps to puzzles with it; step is the solution's step shown
	// on the board once answered (-1: the puzzle's position).
	theme string
	step  int
	// words speak the reader's language.
	words *i18n.Printer
}

// say writes message id with args in the screen's language.
func (m *puzzleModel) say(id string, args ...engine.Arg) string { return m.words.T(id, args...) }

// themeName names a puzzle theme in the screen's language.
func (m *puzzleModel) themeName(theme string) string {
	id := "puzzles.theme." + theme
	if _, ok := i18n.Messages(i18n.Default)[id]; !ok {
		return theme
	}
	return m.say(id)
}

func (m *puzzleModel) show(id int) error {
	sh, _, err := m.set.Show(id)
	if err != nil {
		return err
	}
	m.shown, m.cursor, m.outcome, m.err, m.step = sh, 0, nil, "", -1
	return nil
}

// nextTheme moves to the next theme (after the last: all puzzles) and
// shows the first puzzle after this one that has it.
func (m *puzzleModel) nextTheme() {
	order := append([]string{""}, append(slices.Clone(puzzles.Themes), puzzles.ThemeTwoTries)...)
	for range order {
		m.theme = order[(slices.Index(order, m.theme)+1)%len(order)]
		if next := m.set.Next(m.shown.ID, m.theme); next != 0 {
			if err := m.show(next); err != nil {
				m.err = err.Error()
			}
			return
		}
	}
}

func (m *puzzleModel) Init() tea.Cmd { return nil }

func (m *puzzleModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case tea.KeyPressMsg:
		return m, m.key(msg.String())
	}
	return m, nil
}

func (m *puzzleModel) key(k string) tea.Cmd {
	switch k {
	case "ctrl+z":
		return tea.Suspend
	case "q", "ctrl+c", "esc":
		m.quit = true
		return tea.Quit
	}
	if k == "t" {
		m.nextTheme()
		return nil
	}
	if m.outcome != nil {
		switch k {
		case "n", "enter", "space":
			if err := m.show(m.set.Next(m.shown.ID, m.theme)); err != nil {
				m.err = err.Error()
			}
		case "right", "l":
			m.step = min(m.step+1, len(m.outcome.Solution)-1)
		case "left", "h":
			m.step = max(m.step-1, -1)
		case "home":
			m.step = -1
		case "end":
			m.step = len(m.outcome.Solution) - 1
		}
		return nil
	}
	n := len(m.shown.Legal)
	switch k {
	case "up", "k":
		m.cursor = (m.cursor + n - 1) % n
	case "down", "j":
		m.cursor = (m.cursor + 1) % n
	case "enter":
		out, err := m.set.Answer(m.shown.ID, m.shown.Legal[m.cursor])
		if err != nil {
			m.err = err.Error()
			return nil
		}
		m.outcome = out
		if out.Correct {
			m.streak++
			m.best = max(m.best, m.streak)
		} else {
			m.streak = 0
		}
	}
	return nil
}

func (m *puzzleModel) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.WindowTitle = "cardtable puzzles"
	return v
}

// render draws the screen; it reads only the shown puzzle (what the seat
// sees and the puzzle reveals) and, once answered, the outcome.
func (m *puzzleModel) render() string {
	if m.width > 0 && (m.width < MinWidth || m.height < MinHeight) {
		return m.say("tui.puzzles.too-small", engine.NumArg("w", MinWidth), engine.NumArg("h", MinHeight), engine.NumArg("width", m.width), engine.NumArg("height", m.height))
	}
	sh := m.shown
	var b strings.Builder
	b.WriteString(styleTitle.Render(m.say("tui.puzzles.title", engine.NumArg("n", sh.ID))) +
		styleDim.Render(" · "+m.say("tui.puzzles.misses", engine.NumArg("misses", sh.Misses), engine.NumArg("panel", sh.Panel))+" · ") +
		styleHighlight.Render(m.say("tui.puzzles.streak", engine.NumArg("n", m.streak))) + styleDim.Render(" "+m.say("tui.puzzles.best", engine.NumArg("n", m.best))) +
		styleDim.Render(m.labels()) + "\n")
	b.WriteString(regicideUI{}.board(m.scene()) + "\n")
	b.WriteString(m.revealed() + "\n")
	if m.outcome != nil {
		b.WriteString(m.result())
	} else {
		b.WriteString(m.choices())
	}
	if m.err != "" {
		b.WriteString("\n" + styleAlert.Render(m.err))
	}
	return b.String()
}

// labels are the title's labels: two choices only, the theme chosen.
func (m *puzzleModel) labels() string {
	out := ""
	if len(m.shown.Legal) == 2 {
		out += " · " + m.say("tui.puzzles.two")
	}
	if m.theme != "" {
		out += " · " + m.say("tui.puzzles.theme", engine.TextArg("theme", m.themeName(m.theme)))
	}
	return out
}

// scene is the board drawn: the puzzle's position, or after an answer the
// solution's step. The puzzle reveals the Tavern in order, so the board
// does not say the healed cards' order is unknown.
func (m *puzzleModel) scene() scene {
	v := *m.shown.View
	if m.outcome != nil && m.step >= 0 {
		v = *m.outcome.Solution[m.step].View
	}
	v.RecycledAtBottom, v.Recycled = 0, nil
	return scene{view: &v, viewer: 0, labels: []string{m.say("tui.you")}, options: map[string]string{}, game: regicide.Game{}, lastActor: -1, width: m.width, words: m.words}
}

func (m *puzzleModel) revealed() string {
	r := m.shown.Revealed
	if m.outcome != nil && m.step >= 0 {
		r = m.outcome.Solution[m.step].Revealed
	}
	box := styleHighlight.Render(m.say("tui.puzzles.revealed")) + styleDim.Render(" "+m.say("tui.puzzles.revealed-why")) + "\n" +
		section(m.say("tui.puzzles.tavern"), cardList(r.Tavern)) + "\n" +
		section(m.say("tui.puzzles.castle"), cardList(r.Castle))
	return lipgloss.NewStyle().Width(max(m.width-2, 40)).Render(box)
}

// choices lists the legal actions around the cursor, as many as fit, each
// on one line (cut with "…"); the highlighted one's forecast follows the
// list whole, wrapped to the screen, when its line could not hold it.
func (m *puzzleModel) choices() string {
	sh := m.shown
	width := max(m.width, MinWidth)
	var b strings.Builder
	b.WriteString(styleTitle.Render(m.say("tui.puzzles.find")) + "\n")
	hint := func(a string) string {
		if h, ok := sh.HintsI18n[a]; ok {
			return m.words.WithSeats(func(int) string { return m.say("tui.you") }).SayArg(h, "parts")
		}
		return strings.TrimPrefix(sh.Hints[a], a+": ")
	}
	rows := max(m.height-lipgloss.Height(m.renderTop())-3, 3)
	chosen := glyphs(sh.Legal[m.cursor])
	whole := ""
	if h := hint(sh.Legal[m.cursor]); h != "" && ansi.StringWidth("▶ "+chosen+"  "+h) > width {
		whole = lipgloss.NewStyle().Width(width).Render(chosen + ": " + h)
		rows = max(rows-lipgloss.Height(whole), 3)
	}
	from := max(0, min(m.cursor-rows/2, len(sh.Legal)-rows))
	for i := from; i < len(sh.Legal) && i < from+rows; i++ {
		a, mark := glyphs(sh.Legal[i]), "  "
		if i == m.cursor {
			mark = "▶ "
		}
		line := mark + a
		if h := hint(sh.Legal[i]); h != "" {
			line += "  " + h
		}
		name, rest := mark+a, strings.TrimPrefix(fit(line, width), mark+a)
		if i == m.cursor {
			name = styleSelected.Render(name)
		}
		b.WriteString(name + styleDim.Render(rest) + "\n")
	}
	if whole != "" {
		b.WriteString(styleDim.Render(whole) + "\n")
	}
	theme := m.say("tui.puzzles.all-themes")
	if m.theme != "" {
		theme = m.themeName(m.theme)
	}
	b.WriteString(styleKeys.Render(m.say("tui.puzzles.keys-choose", engine.NumArg("n", m.cursor+1), engine.NumArg("of", len(sh.Legal)), engine.TextArg("theme", theme))))
	return b.String()
}

// renderTop is the screen above the choices, to size the list.
func (m *puzzleModel) renderTop() string {
	return "title\n" + regicideUI{}.board(m.scene()) + "\n" + m.revealed()
}

// actionMsg says a Regicide action of a puzzle in words: the cards
// played, a yield, the Jester's power (anything else in notation).
func actionMsg(text string) engine.Msg {
	f := strings.Fields(text)
	switch {
	case len(f) > 1 && f[0] == "play":
		if cs, err := cards.ParseList(strings.Join(f[1:], " ")); err == nil {
			return engine.Say("tui.puzzles.act.play", engine.CardsArg("cards", cs))
		}
	case text == "yield":
		return engine.Say("tui.puzzles.act.yield")
	case text == "power":
		return engine.Say("tui.puzzles.act.power")
	}
	return engine.Say("tui.puzzles.act.other", engine.TextArg("action", prettyAction(text)))
}

func (m *puzzleModel) result() string {
	out := m.outcome
	// The sentences name the plays in words, so they wrap to the screen.
	wrap := lipgloss.NewStyle().Width(max(m.width-1, 40))
	var why string
	if out.Correct {
		why = wrap.Render(styleWin.Render(" "+m.say("tui.puzzles.right")+" ") + " " + m.say("tui.puzzles.right-why", engine.MsgArg("action", actionMsg(out.Answer))))
	} else {
		why = wrap.Render(styleLoss.Render(" "+m.say("tui.puzzles.wrong")+" ") + " " + m.say("tui.puzzles.wrong-why", engine.MsgArg("action", actionMsg(out.Action)), engine.MsgArg("answer", actionMsg(out.Answer))))
	}
	themes := ""
	if len(out.Themes) > 0 {
		names := make([]string, len(out.Themes))
		for i, t := range out.Themes {
			names[i] = m.themeName(t)
		}
		themes = " " + m.say("tui.puzzles.themes", engine.TextArg("themes", strings.Join(names, ", ")))
	}
	bots := wrap.Render(styleDim.Render(m.say("tui.puzzles.bots", engine.MsgArg("action", actionMsg(out.BotChoice)), engine.NumArg("misses", out.Misses), engine.NumArg("panel", out.Panel)) + themes))
	var b strings.Builder
	b.WriteString(why + "\n")
	b.WriteString(m.solution(lipgloss.Height(why) + lipgloss.Height(bots) - 2))
	b.WriteString(bots + "\n")
	b.WriteString(styleKeys.Render(m.say("tui.puzzles.keys-answered")))
	return b.String()
}

// solution lists the solution's sentences around the step on the board,
// as many as fit (extra: the lines the result's sentences wrapped to
// beyond one each), the step on the board highlighted.
func (m *puzzleModel) solution(extra int) string {
	sol := m.outcome.Solution
	var b strings.Builder
	b.WriteString(styleTitle.Render(m.say("tui.puzzles.solution")) + "\n")
	rows := max(m.height-lipgloss.Height(m.renderTop())-6-extra, 3)
	wrap := lipgloss.NewStyle().Width(max(m.width-6, 40))
	// The step on the board, then as many after it (and then before it)
	// as fit, each sentence wrapped under its number.
	lines := map[int][]string{}
	used := 0
	for _, i := range m.around(len(sol)) {
		text := m.say("tui.puzzles.start")
		if i >= 0 {
			text = m.words.Say(sol[i].SentenceI18n)
		}
		ls := strings.Split(wrap.Render(text), "\n")
		if used+len(ls) > rows && used > 0 {
			break
		}
		used += len(ls)
		lines[i] = ls
	}
	for i := -1; i < len(sol); i++ {
		ls, ok := lines[i]
		if !ok {
			continue
		}
		num := "   "
		if i >= 0 {
			num = fmt.Sprintf("%2d.", i+1)
		}
		for k, l := range ls {
			text := num + " " + l
			if k > 0 {
				text = "    " + l
			}
			if i == m.step {
				text = styleSelected.Render(text)
			}
			b.WriteString(text + "\n")
		}
	}
	return b.String()
}

// around lists the steps from the one on the board outwards: it, then the
// next and the one before, alternately (-1 is the puzzle's position).
func (m *puzzleModel) around(n int) []int {
	out := []int{m.step}
	for d := 1; len(out) < n+1; d++ {
		if m.step+d < n {
			out = append(out, m.step+d)
		}
		if m.step-d >= -1 {
			out = append(out, m.step-d)
		}
		if m.step+d >= n && m.step-d < -1 {
			break
		}
	}
	return out
}
