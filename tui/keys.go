package tui

import (
	tea "charm.land/bubbletea/v2"
)

// key routes a key press to the overlay or screen on top.
func (m *Model) key(k tea.KeyPressMsg) tea.Cmd {
	if k.String() == "ctrl+z" {
		// Suspended as any terminal program (fg brings the table back).
		return tea.Suspend
	}
	if k.String() == "ctrl+c" && m.overlay != overlayQuit {
		return m.askQuit()
	}
	switch m.overlay {
	case overlayHelp:
		return m.help.key(m, k)
	case overlayQuit:
		return m.quitKey(k)
	case overlaySave:
		return m.save.key(m, k)
	}
	switch m.mode {
	case modePass:
		return m.passKey(k)
	case modeEnd:
		return m.endKey(k)
	case modeReview:
		return m.reviewKey(k)
	}
	return m.playKey(k)
}

// playKey handles the table screen: the picker when a person is asked,
// help and quit always, any key to hurry the steps being shown.
func (m *Model) playKey(k tea.KeyPressMsg) tea.Cmd {
	asking := m.win != nil && m.win.asking >= 0
	empty := m.pick.typed() == ""
	switch k.String() {
	case "?":
		m.showHelp(helpPlay)
		return nil
	case "q":
		if empty {
			return m.askQuit()
		}
	case "esc":
		m.pick.input.SetValue("")
		return nil
	}
	if m.steps.active() {
		return m.skipSteps()
	}
	if cmd, ok := m.warKey(k.String()); ok {
		return cmd
	}
	if !asking {
		if k.String() == "f" {
			m.fast = !m.fast
		}
		return nil
	}
	if m.pick.navigate(k.String()) {
		return nil
	}
	switch k.String() {
	case "enter":
		return m.submit(m.pick.choice())
	case "space":
		if m.slap.active && empty {
			return m.submit("slap")
		}
		return m.pick.update(k)
	default:
		return m.pick.update(k)
	}
}

// passKey hands the screen to the next person: any key but quit and help.
func (m *Model) passKey(k tea.KeyPressMsg) tea.Cmd {
	switch k.String() {
	case "?":
		m.showHelp(helpPass)
		return nil
	case "q":
		return m.askQuit()
	}
	if m.win == nil || m.passTo < 0 {
		m.mode = modePlay
		return nil
	}
	return m.startAsking(m.passTo)
}

// endKey: save, review the game, quit.
func (m *Model) endKey(k tea.KeyPressMsg) tea.Cmd {
	switch k.String() {
	case "?":
		m.showHelp(helpEnd)
	case "s":
		m.openSave()
	case "left", "right", "r":
		m.startReview(m.t.Record(), true)
	case "q", "esc":
		if m.saved != "" {
			m.quit = true
			return tea.Quit
		}
		return m.askQuit()
	}
	return nil
}

// askQuit asks for confirmation before quitting.
func (m *Model) askQuit() tea.Cmd {
	m.overlay = overlayQuit
	return nil
}

func (m *Model) quitKey(k tea.KeyPressMsg) tea.Cmd {
	if k.String() == "r" && m.mayResign() {
		m.overlay = overlayNone
		return m.resign()
	}
	switch k.String() {
	case "y", "Y", "ctrl+c":
		m.quit = true
		return tea.Quit
	case "s":
		m.overlay = overlayNone
		m.openSave()
		if m.overlay == overlaySave {
			m.save.thenQuit = true
		} else if m.saved != "" {
			m.quit = true
			return tea.Quit
		}
	default:
		m.overlay = overlayNone
	}
	return nil
}
