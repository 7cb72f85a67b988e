package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
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
	// Start is the first puzzle shown (from 1).
	Start int
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
	m := &puzzleModel{set: cfg.Set}
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
}

func (m *puzzleModel) show(id int) error {
	sh, _, err := m.set.Show(id)
	if err != nil {
		return err
	}
	m.shown, m.cursor, m.outcome, m.err = sh, 0, nil, ""
	return nil
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
	if m.outcome != nil {
		if k == "n" || k == "enter" || k == "space" {
			if err := m.show(m.shown.ID%m.shown.Count + 1); err != nil {
				m.err = err.Error()
			}
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
	b.WriteString(styleTitle.Render(fmt.Sprintf("Regicide puzzle %d of %d", sh.ID, sh.Count)) +
		styleDim.Render(fmt.Sprintf(" · %d of %d bots miss it · ", sh.Misses, sh.Panel)) +
		styleHighlight.Render(fmt.Sprintf("streak %d", m.streak)) + styleDim.Render(fmt.Sprintf(" (best %d)", m.best)) + "\n")
	sc := scene{view: sh.View, viewer: 0, labels: []string{"you"}, options: map[string]string{}, game: regicide.Game{}, lastActor: -1, width: m.width}
	b.WriteString(regicideUI{}.board(sc) + "\n")
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

func (m *puzzleModel) revealed() string {
	r := m.shown.Revealed
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
	b.WriteString(styleKeys.Render(fmt.Sprintf("↑↓ choose (%d of %d) · enter answer · q quit", m.cursor+1, len(sh.Legal))))
	return b.String()
}

// renderTop is the screen above the choices, to size the list.
func (m *puzzleModel) renderTop() string {
	sc := scene{view: m.shown.View, viewer: 0, labels: []string{"you"}, options: map[string]string{}, game: regicide.Game{}, lastActor: -1, width: m.width}
	return "title\n" + regicideUI{}.board(sc) + "\n" + m.revealed()
}

func (m *puzzleModel) result() string {
	out := m.outcome
	var b strings.Builder
	if out.Correct {
		b.WriteString(styleWin.Render(" Right ") + fmt.Sprintf(" %s is the only play that keeps the game winnable.\n", out.Answer))
	} else {
		b.WriteString(styleLoss.Render(" Not this one ") + fmt.Sprintf(" %s loses whatever follows. The one winning play: %s.\n", out.Action, out.Answer))
	}
	steps := make([]string, len(out.Line))
	for i, a := range out.Line {
		steps[i] = fmt.Sprintf("%d. %s", i+1, a)
	}
	line := lipgloss.NewStyle().Width(max(m.width-2, 40)).Render(section("The line that wins:", strings.Join(steps, " · ")))
	b.WriteString(line + "\n")
	b.WriteString(styleDim.Render(fmt.Sprintf("The game's bot played %s; %d of %d bots miss this puzzle.", out.BotChoice, out.Misses, out.Panel)) + "\n")
	b.WriteString(styleKeys.Render("n next puzzle · q quit"))
	return b.String()
}
