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

	"cardtable/games/regicide"
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
}

// RunPuzzles shows the puzzles of cfg.Set one after another, from
// cfg.Start, until the person quits: the board as the seat sees it, what
// the puzzle reveals, the legal actions to choose from; after an answer,
// whether it was right and the line that wins, and the streak.
func RunPuzzles(ctx context.Context, cfg PuzzlesConfig) error {
	if cfg.Set == nil || len(cfg.Set.Puzzles) == 0 {
		return errors.New("tui: no puzzles to show")
	}
	m := &puzzleModel{set: cfg.Set, theme: cfg.Theme}
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
}

// The puzzle screen's sentences, in one place (for the translations to
// come).
const (
	puzzleWordTwo       = " · only two choices"
	puzzleWordTheme     = " · theme: %s"
	puzzleWordNoTheme   = "no puzzle has the theme %q"
	puzzleWordSolution  = "The solution, step by step (←/→ on the board):"
	puzzleWordStart     = "the puzzle's position"
	puzzleWordThemes    = "Themes: %s."
	puzzleKeysAnswered  = "←/→ step through the solution · n next puzzle · t theme · q quit"
	puzzleKeysChoose    = "↑↓ choose (%d of %d) · enter answer · t theme (%s) · q quit"
	puzzleWordAllThemes = "all"
)

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
		return fmt.Sprintf("The puzzles need a terminal of at least %d×%d (this one is %d×%d).", MinWidth, MinHeight, m.width, m.height)
	}
	sh := m.shown
	var b strings.Builder
	b.WriteString(styleTitle.Render(fmt.Sprintf("Regicide puzzle %d", sh.ID)) +
		styleDim.Render(fmt.Sprintf(" · %d of %d bots miss it · ", sh.Misses, sh.Panel)) +
		styleHighlight.Render(fmt.Sprintf("streak %d", m.streak)) + styleDim.Render(fmt.Sprintf(" (best %d)", m.best)) +
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
		out += puzzleWordTwo
	}
	if m.theme != "" {
		out += fmt.Sprintf(puzzleWordTheme, m.theme)
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
	return scene{view: &v, viewer: 0, labels: []string{"you"}, options: map[string]string{}, game: regicide.Game{}, lastActor: -1, width: m.width}
}

func (m *puzzleModel) revealed() string {
	r := m.shown.Revealed
	if m.outcome != nil && m.step >= 0 {
		r = m.outcome.Solution[m.step].Revealed
	}
	box := styleHighlight.Render("Revealed by the puzzle") + styleDim.Render(" (hidden in a real game; the order Hearts will shuffle back is not)") + "\n" +
		section("Tavern, top first:", cardList(r.Tavern)) + "\n" +
		section("Castle, next first:", cardList(r.Castle))
	return lipgloss.NewStyle().Width(max(m.width-2, 40)).Render(box)
}

// choices lists the legal actions around the cursor, as many as fit.
func (m *puzzleModel) choices() string {
	sh := m.shown
	var b strings.Builder
	b.WriteString(styleTitle.Render("Find the one play that keeps the game winnable:") + "\n")
	rows := max(m.height-lipgloss.Height(m.renderTop())-3, 3)
	from := max(0, min(m.cursor-rows/2, len(sh.Legal)-rows))
	for i := from; i < len(sh.Legal) && i < from+rows; i++ {
		a := sh.Legal[i]
		line := "  " + a
		if h := sh.Hints[a]; h != "" {
			line += styleDim.Render("  " + strings.TrimPrefix(h, a+": "))
		}
		if i == m.cursor {
			line = styleSelected.Render("▶ "+a) + strings.TrimPrefix(line, "  "+a)
		}
		b.WriteString(line + "\n")
	}
	theme := m.theme
	if theme == "" {
		theme = puzzleWordAllThemes
	}
	b.WriteString(styleKeys.Render(fmt.Sprintf(puzzleKeysChoose, m.cursor+1, len(sh.Legal), theme)))
	return b.String()
}

// renderTop is the screen above the choices, to size the list.
func (m *puzzleModel) renderTop() string {
	return "title\n" + regicideUI{}.board(m.scene()) + "\n" + m.revealed()
}

func (m *puzzleModel) result() string {
	out := m.outcome
	var b strings.Builder
	if out.Correct {
		b.WriteString(styleWin.Render(" Right ") + fmt.Sprintf(" %s is the only play that keeps the game winnable.\n", out.Answer))
	} else {
		b.WriteString(styleLoss.Render(" Not this one ") + fmt.Sprintf(" %s loses whatever follows. The one winning play: %s.\n", out.Action, out.Answer))
	}
	b.WriteString(m.solution())
	themes := ""
	if len(out.Themes) > 0 {
		themes = " " + fmt.Sprintf(puzzleWordThemes, strings.Join(out.Themes, ", "))
	}
	b.WriteString(styleDim.Render(fmt.Sprintf("The game's bot played %s; %d of %d bots miss this puzzle.", out.BotChoice, out.Misses, out.Panel)+themes) + "\n")
	b.WriteString(styleKeys.Render(puzzleKeysAnswered))
	return b.String()
}

// solution lists the solution's sentences around the step on the board,
// as many as fit, the step on the board highlighted.
func (m *puzzleModel) solution() string {
	sol := m.outcome.Solution
	var b strings.Builder
	b.WriteString(styleTitle.Render(puzzleWordSolution) + "\n")
	rows := max(m.height-lipgloss.Height(m.renderTop())-6, 3)
	wrap := lipgloss.NewStyle().Width(max(m.width-6, 40))
	// The step on the board, then as many after it (and then before it)
	// as fit, each sentence wrapped under its number.
	lines := map[int][]string{}
	used := 0
	for _, i := range m.around(len(sol)) {
		text := puzzleWordStart
		if i >= 0 {
			text = sol[i].Sentence
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
