package tui

import (
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"cardtable/engine"
)

// War asks for nothing but flips, so the terminal table flips for the
// person on request: auto-flip at a chosen pace (a), which waits for every
// decision that matters (a slap window, the end), or the whole game at
// once (F, with no other person at the table).

// autoPaces are the auto-flip paces, in flips a second (a battle takes
// one flip, a war one more for each war round).
var autoPaces = []int{1, 3, 10}

// autoPlay is the state of War's auto-flip.
type autoPlay struct {
	on bool
	// pace indexes autoPaces.
	pace int
	// finish plays the game out at once: every flip at once, every slap
	// window passed, bots without pauses.
	finish bool
	gen    int
}

// autoFlipMsg flips for the person when auto-flip's pause has passed.
type autoFlipMsg struct{ gen int }

// interval is the pause before each auto-flip.
func (a *autoPlay) interval() time.Duration {
	return time.Second / time.Duration(autoPaces[a.pace])
}

// isWar reports whether the table plays War.
func (m *Model) isWar() bool {
	_, ok := m.ui.(warUI)
	return ok
}

// warLegal is the list a person picks from in War. In a flip phase the
// false slap (slapping with no slap card showing, which locks the seat out
// of the next window) is not listed, so no enter meant for a flip can make
// one; it can still be typed. In a slap window slap comes first, written
// plainly: slapping in an open window never costs anything, so an enter
// pressed to flip slaps (timed like any slap) rather than passing every
// slap by accident; passing is a choice (↓ enter) or the window running
// out.
func warLegal(legal []string, slapWindow bool) []string {
	out := make([]string, 0, len(legal))
	for _, a := range legal {
		isSlap := strings.HasPrefix(a, "slap")
		switch {
		case isSlap && !slapWindow:
			continue
		case isSlap:
			a = "slap"
		}
		out = append(out, a)
	}
	if slapWindow {
		slices.SortStableFunc(out, func(a, b string) int {
			return boolInt(a != "slap") - boolInt(b != "slap")
		})
	}
	return out
}

// autoNext schedules the next auto-flip when the person is asked to flip,
// or flips at once while finishing; slap windows are left to the person
// (finishing passes them).
func (m *Model) autoNext() tea.Cmd {
	a := &m.auto
	a.gen++
	if !a.on || m.win == nil || m.win.asking < 0 {
		return nil
	}
	if a.finish {
		if m.slap.active {
			return m.submit("pass")
		}
		return m.submit("flip")
	}
	if m.slap.active || !slices.Contains(m.pick.legal, "flip") {
		return nil
	}
	return m.after(a.interval(), autoFlipMsg{gen: a.gen})
}

// autoFlip flips for the person, if nothing changed since it was planned.
func (m *Model) autoFlip(msg autoFlipMsg) tea.Cmd {
	if msg.gen != m.auto.gen || !m.auto.on || m.win == nil || m.win.asking < 0 || m.slap.active {
		return nil
	}
	return m.submit("flip")
}

// warKey handles War's auto-play keys (with nothing typed); handled is
// false for any other key.
func (m *Model) warKey(k string) (tea.Cmd, bool) {
	if !m.isWar() || m.pick.typed() != "" || m.mode != modePlay {
		return nil, false
	}
	a := &m.auto
	switch k {
	case "a":
		a.on = !a.on
		if !a.on {
			a.gen++
			m.setStatus(m.say("tui.war.auto-off"), false)
			return nil, true
		}
		m.setStatus(m.say("tui.war.auto-on", engine.CountArg(autoPaces[a.pace])), false)
		return m.autoNext(), true
	case "+", "=", "-":
		if k == "-" {
			a.pace = max(a.pace-1, 0)
		} else {
			a.pace = min(a.pace+1, len(autoPaces)-1)
		}
		m.setStatus(m.say("tui.war.auto-pace", engine.CountArg(autoPaces[a.pace])), false)
		if a.on {
			return m.autoNext(), true
		}
		return nil, true
	case "F":
		if len(m.persons) != 1 {
			m.setStatus(m.say("tui.war.finish-refused"), true)
			return nil, true
		}
		a.on, a.finish = true, true
		m.setStatus(m.say("tui.war.finishing"), false)
		return m.autoNext(), true
	}
	return nil, false
}

// autoLabel says what auto-flip is doing, for the actions' head.
func (m *Model) autoLabel() string {
	switch {
	case m.auto.finish:
		return m.say("tui.war.finishing")
	case m.auto.on:
		return m.say("tui.war.auto-label", engine.NumArg("n", autoPaces[m.auto.pace]))
	}
	return ""
}

// warKeysHint is War's part of the key line: F (finish the game at once)
// only where it is taken, against bots.
func (m *Model) warKeysHint() string {
	people := len(m.persons) != 1
	n := engine.NumArg("n", autoPaces[m.auto.pace])
	switch {
	case m.auto.on && people:
		return m.say("tui.war.keys-auto-people", n)
	case m.auto.on:
		return m.say("tui.war.keys-auto", n)
	case people:
		return m.say("tui.war.keys-people")
	}
	return m.say("tui.war.keys")
}
