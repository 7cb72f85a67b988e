package tui

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/textinput"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"cardtable/engine"
	"cardtable/games/watchtower"
	"cardtable/i18n"
	"cardtable/record"
	"cardtable/tutorial"
)

// tooSmall is the whole screen on a terminal below MinWidth×MinHeight.
func tooSmall(p *i18n.Printer, w, h int) string {
	return p.T("tui.too-small", engine.NumArg("w", MinWidth), engine.NumArg("h", MinHeight), engine.NumArg("width", w), engine.NumArg("height", h))
}

// passView is the hot-seat hand-over: whose turn it is and the last public
// action, never a hand.
func (m *Model) passView() string {
	name := m.label(m.passTo)
	var b strings.Builder
	b.WriteString(styleTitle.Render(m.words.Game(m.t.Game().Name())) + "\n\n")
	b.WriteString(styleAlert.Render(" "+m.say("tui.pass.title", engine.TextArg("seat", name))+" ") + "\n\n")
	if n := len(m.log); n > 0 {
		e := m.log[n-1]
		b.WriteString(styleLabel.Render(m.say("tui.pass.last")+" ") + m.label(e.actor) + ": " + prettyAction(e.public) + "\n")
	}
	b.WriteString(styleDim.Render("\n" + m.say("tui.pass.only", engine.TextArg("seat", name)) + "\n" + m.say("tui.pass.keys")))
	return lipgloss.Place(m.width, m.height, lipgloss.Center, lipgloss.Center, styleBox.Render(b.String()))
}

// quitView asks before quitting and says truly what becomes of the game:
// kept in the --save or --record file, already saved, or lost unless
// saved now.
func (m *Model) quitView() string {
	text := styleTitle.Render(m.say("tui.quit.title")) + "\n\n"
	keys := m.say("tui.quit.keys-save")
	command := ""
	switch {
	case m.mode == modeReview:
		keys = m.say("tui.quit.keys")
	case m.cfg.KeepsOnQuit:
		text += m.say("tui.quit.kept", engine.TextArg("file", m.cfg.SavePath))
		if !m.t.Over() {
			text += "\n" + m.say("tui.quit.go-on")
			command = ResumeCommand(m.cfg.SavePath, m.t.Seats())
		}
		text += "\n\n"
		keys = m.say("tui.quit.keys")
	case m.failure != nil && m.cfg.KeepsStopped:
		text += m.say("tui.quit.stopped") + "\n\n"
		keys = m.say("tui.quit.keys-save-too")
	case m.saved != "" && m.savedAt == m.t.Version():
		text += m.say("tui.quit.saved", engine.TextArg("file", m.saved)) + "\n\n"
		keys = m.say("tui.quit.keys")
	case m.saved != "":
		text += m.say("tui.quit.behind", engine.TextArg("file", m.saved), engine.CountArg(m.t.Version()-m.savedAt)) + "\n\n"
	default:
		text += m.say("tui.quit.unsaved") + "\n\n"
	}
	if m.mayResign() {
		text += m.say("tui.quit.resign", engine.TextArg("seat", m.label(m.win.asking))) + "\n\n"
	}
	text += keys
	box := lipgloss.PlaceHorizontal(m.width, lipgloss.Center, styleBox.Width(min(m.width-4, 76)).Render(text))
	if command != "" {
		// The command stands outside the box, from the first column, on a
		// line of its own (or lines joined by the shell, when it is wider
		// than the terminal), so that a triple-click copies it whole and
		// nothing else.
		box += "\n\n" + strings.Join(commandLines(command, m.width), "\n")
	}
	return lipgloss.PlaceVertical(m.height, lipgloss.Center, box)
}

// commandLines lays a shell command out in lines of at most width cells:
// one line when it fits; else broken where a shell joins the lines back
// (a backslash ending a line, between words where it can, and inside a
// quoted word by closing the quote first) — pasted whole, the lines are
// the same command.
func commandLines(cmd string, width int) []string {
	if len(cmd) <= width || width < 8 {
		return []string{cmd}
	}
	var lines []string
	for len(cmd) > width {
		cut, quoted := breakAt(cmd, width-2)
		if quoted {
			lines = append(lines, cmd[:cut]+"'\\")
			cmd = "'" + cmd[cut:]
			continue
		}
		lines = append(lines, cmd[:cut]+"\\")
		cmd = cmd[cut:]
	}
	return append(lines, cmd)
}

// breakAt finds where to break cmd so that the line fits in room cells
// with what closes it: after the last space that fits, else before the
// last character that fits; quoted says the break falls inside single
// quotes (the line then needs one more cell, for the closing quote). An
// escaped character (\') is never split from its backslash, nor a
// character from its UTF-8 bytes.
func breakAt(cmd string, room int) (cut int, quoted bool) {
	inQuote, space := false, 0
	last, lastQuoted := 1, false
	for i := 0; i < len(cmd); i++ {
		if i >= room || inQuote && i >= room-1 {
			break
		}
		if i > 0 && utf8.RuneStart(cmd[i]) {
			last, lastQuoted = i, inQuote
		}
		switch cmd[i] {
		case '\'':
			inQuote = !inQuote
		case '\\':
			if !inQuote {
				i++
			}
		case ' ':
			if !inQuote {
				space = i + 1
			}
		}
	}
	if space > 0 {
		return space, false
	}
	return last, lastQuoted
}

// helpTopic says which screen's keys the help shows.
type helpTopic int

const (
	helpPlay helpTopic = iota
	helpPass
	helpEnd
	helpReview
)

// helpKeyIDs are the help's messages (Markdown) for each screen.
var helpKeyIDs = map[helpTopic]string{
	helpPlay: "tui.help.play", helpPass: "tui.help.pass", helpEnd: "tui.help.end", helpReview: "tui.help.review",
}

// helpScreen shows the current screen's keys and the game's rules, as
// rendered Markdown, in a scrollable viewport.
type helpScreen struct {
	vp     viewport.Model
	text   string
	topic  helpTopic
	loaded bool
	// light is set when the terminal said its background is light.
	light bool
	// words speak the reader's language.
	words *i18n.Printer
}

// resize fits the viewport to the terminal and renders the text to its
// width.
func (h *helpScreen) resize(w, hgt int) {
	h.vp.SetWidth(w)
	h.vp.SetHeight(max(hgt-2, 1))
	if h.text != "" {
		h.vp.SetContent(renderMarkdown(h.text, w, !h.light))
	}
}

// helpRules is the game's text for the help in p's language: its
// player's guide (tutorial.GuideFor: the goal, a turn, the key terms and
// a worked example, no rule IDs), and for Watchtower the quick reference
// of its moves after it; a game without a guide shows its rules.
func helpRules(p *i18n.Printer, g engine.Game) string {
	if g == nil {
		return ""
	}
	guide, err := tutorial.GuideFor(g.Name(), p)
	if err != nil {
		if md, ok := i18n.Rules(p.Language().Code, g.Name()); ok {
			return i18n.StripHeadingIDs(md)
		}
		return g.Rules()
	}
	if g.Name() != "watchtower" {
		return guide.Markdown()
	}
	quick := watchtower.QuickRef()
	if md, ok := i18n.Rules(p.Language().Code, "watchtower-quickref"); ok {
		quick = i18n.StripHeadingIDs(md)
	}
	return guide.Markdown() + "\n" + quick
}

func (m *Model) showHelp(topic helpTopic) {
	if !m.help.loaded {
		m.help.vp = viewport.New()
		m.help.loaded = true
	}
	m.help.topic = topic
	m.help.text = m.lessonHelp() + m.say(helpKeyIDs[topic]) + "\n\n" + helpRules(m.words, m.game())
	m.help.words = m.words
	m.help.resize(m.width, m.height)
	m.help.vp.GotoTop()
	m.overlay = overlayHelp
}

func (h *helpScreen) view(w, _ int) string {
	head := styleTitle.Render(h.words.T("tui.help.title")) + styleKeys.Render("  "+h.words.T("tui.help.keys", engine.NumArg("n", int(h.vp.ScrollPercent()*100))))
	return head + "\n" + h.vp.View()
}

func (h *helpScreen) key(m *Model, k tea.KeyPressMsg) tea.Cmd {
	switch k.String() {
	case "esc", "q", "?", "enter":
		m.overlay = overlayNone
		return nil
	}
	var cmd tea.Cmd
	h.vp, cmd = h.vp.Update(k)
	return cmd
}

// saveDialog asks where to save the record.
type saveDialog struct {
	input    textinput.Model
	thenQuit bool
	err      string
}

// openSave saves at once to Config.SavePath, or asks for a file name
// (GAME-SEED.json by default).
func (m *Model) openSave() {
	if m.t == nil {
		// Reviewing a record: it is already a file.
		m.overlay = overlayNone
		return
	}
	rec := m.t.Record()
	if m.cfg.SavePath != "" {
		m.saveTo(m.cfg.SavePath, rec)
		return
	}
	in := textinput.New()
	in.Prompt = m.say("tui.save.prompt") + " "
	in.CharLimit = 200
	in.SetValue(defaultSaveName(rec))
	in.CursorEnd()
	steadyCursor(&in)
	in.Focus()
	m.save = saveDialog{input: in}
	m.overlay = overlaySave
}

func defaultSaveName(rec *record.Record) string {
	if rec.Seed != nil {
		return fmt.Sprintf("%s-%d.json", rec.Game, *rec.Seed)
	}
	return rec.Game + ".json"
}

func (d *saveDialog) key(m *Model, k tea.KeyPressMsg) tea.Cmd {
	switch k.String() {
	case "esc":
		m.overlay = overlayNone
		return nil
	case "enter":
		path := strings.TrimSpace(d.input.Value())
		if path == "" {
			d.err = m.say("tui.save.no-name")
			return nil
		}
		if err := m.saveTo(path, m.t.Record()); err != nil {
			d.err = err.Error()
			return nil
		}
		m.overlay = overlayNone
		if d.thenQuit {
			m.quit = true
			return tea.Quit
		}
		return nil
	}
	var cmd tea.Cmd
	d.input, cmd = d.input.Update(k)
	return cmd
}

func (d *saveDialog) view(p *i18n.Printer, w, h int) string {
	text := styleTitle.Render(p.T("tui.save.title")) + "\n\n" + d.input.View() + "\n\n"
	if d.err != "" {
		text += styleStatusErr.Render(d.err) + "\n\n"
	}
	text += styleKeys.Render(p.T("tui.save.keys"))
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, styleBox.Width(min(w-4, 70)).Render(text))
}

// saveTo writes rec to path atomically: a temporary file in the same
// folder, renamed over path once complete, so a failed save never leaves a
// half-written record.
func (m *Model) saveTo(path string, rec *record.Record) error {
	err := writeRecord(path, rec)
	if err != nil {
		m.setStatus(m.say("tui.save.failed", engine.TextArg("error", err.Error())), true)
		return err
	}
	m.saved, m.savedAt = path, m.t.Version()
	next := m.say("tui.save.go-on", engine.TextArg("command", ResumeCommand(path, m.t.Seats())))
	if m.t.Over() {
		next = "cardtable replay " + shellWord(path)
	}
	m.setStatus(m.say("tui.save.saved", engine.TextArg("file", path), engine.TextArg("next", next)), false)
	return nil
}

// writeRecord writes rec to path atomically: a temporary file beside it,
// renamed over path once complete. The file gets the permissions a plain
// create would give (what --save gives: 0666 less the umask, or those of
// the file it replaces), not a temporary file's 0600.
func writeRecord(path string, rec *record.Record) error {
	tmp, err := createBeside(path)
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := rec.Write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if fi, err := os.Stat(path); err == nil {
		if err := os.Chmod(tmp.Name(), fi.Mode().Perm()); err != nil {
			return err
		}
	}
	return os.Rename(tmp.Name(), path)
}

// createBeside creates a new temporary file in path's folder with mode
// 0666 (the umask applies, as to os.Create).
func createBeside(path string) (*os.File, error) {
	dir, base := filepath.Split(path)
	for i := 0; ; i++ {
		name := filepath.Join(dir, fmt.Sprintf(".%s.%d.%d.tmp", base, os.Getpid(), rand.Uint32()))
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if err == nil || !os.IsExist(err) || i == 100 {
			return f, err
		}
	}
}
