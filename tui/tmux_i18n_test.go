package tui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/i18n"
)

// enterUntilIn presses enter at each new move asked of the person, read
// in the language w speaks, until want shows; it returns the screen.
func (p *pane) enterUntilIn(w *i18n.Printer, want string) string {
	p.t.Helper()
	yourMove := w.T("tui.header.your-move")
	move := regexp.MustCompile(strings.Replace(regexp.QuoteMeta(w.T("tui.header.move", engine.NumArg("n", 987654))), "987654", `\d+`, 1))
	pressed := ""
	end := time.Now().Add(4 * deadline)
	for {
		s := p.capture()
		if strings.Contains(s, want) {
			return s
		}
		if time.Now().After(end) {
			p.t.Fatalf("the screen never showed %q:\n%s", want, s)
		}
		if m := move.FindString(s); strings.Contains(s, yourMove) && m != pressed {
			pressed = m
			p.keys("Enter")
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// TestTmuxHebrew plays Regicide in Hebrew: the words are the catalogue's,
// in logical order (tmux lays text out left to right, as the terminal
// table does; a terminal that shows right-to-left text reorders each
// line itself), the board keeps its columns, cards and numbers are as
// they are, and the game plays to its end.
func TestTmuxHebrew(t *testing.T) {
	he := i18n.For("he")
	p := startPane(t, 100, 30, t.TempDir(), nil, "play", "regicide", "--seed", "7", "--speed", "0", "--lang", "he")
	hand := he.T("tui.regicide.your-hand") + " 2♠ 3♣ 3♦ 5♦ 5♥ 7♠ 9♣ A♠"
	s := p.wait(he.Game("regicide"), he.T("tui.regicide.castle"), he.T("tui.regicide.step"))
	for _, line := range strings.Split(s, "\n") {
		if strings.Contains(line, he.T("tui.regicide.castle")) && !strings.HasPrefix(line, he.T("tui.regicide.castle")) {
			t.Errorf("the piles' line does not start at the left edge: %q", line)
		}
		if strings.HasPrefix(strings.TrimSpace(line), he.T("tui.regicide.your-hand")) && strings.TrimRight(line, " ") != hand {
			t.Errorf("the hand reads %q, want %q (logical order, cards as they are)", strings.TrimRight(line, " "), hand)
		}
	}
	if !strings.HasPrefix(s, he.Game("regicide")) {
		t.Errorf("the header does not start at the left edge with the game's name:\n%s", s)
	}
	for _, english := range []string{"your hand", "Castle", "Tavern", "step:", "Log"} {
		if strings.Contains(s, english) {
			t.Errorf("English %q left on the Hebrew screen:\n%s", english, s)
		}
	}
	s = p.enterUntilIn(he, he.T("tui.actions.over"))
	if !strings.Contains(s, "מתוך 12 אויבים הובסו") {
		t.Errorf("the end's numbers are not in Hebrew:\n%s", s)
	}
}

// TestTmuxEachLanguagePlaysEachGame plays War, Regicide and Watchtower to
// their end in Hebrew, Slovak, Welsh and Armenian (English: the other
// tmux tests), each screen in its language from first to last.
func TestTmuxEachLanguagePlaysEachGame(t *testing.T) {
	for _, l := range i18n.Languages()[1:] {
		w := i18n.For(l.Code)
		t.Run(l.Code, func(t *testing.T) {
			t.Run("war", func(t *testing.T) {
				t.Parallel()
				p := startPane(t, 90, 26, t.TempDir(), nil, "play", "war", "--seed", "7", "--lang", l.Code)
				p.wait(w.Game("war"), w.T("tui.war.variants"))
				p.keys("F")
				won := w.T("tui.end.sentence", engine.TextArg("text", capitalise(w.T("tui.end.war.you-won", engine.NounArg("battles", 91, "noun.battles")))))
				p.wait(won, w.T("tui.actions.over"))
			})
			t.Run("regicide", func(t *testing.T) {
				t.Parallel()
				p := startPane(t, 100, 30, t.TempDir(), nil, "play", "regicide", "--seed", "1", "--speed", "0", "--lang", l.Code)
				p.wait(w.Game("regicide"), w.T("tui.regicide.enemy"))
				p.enterUntilIn(w, w.T("tui.actions.over"))
			})
			t.Run("watchtower", func(t *testing.T) {
				t.Parallel()
				p := startPane(t, 110, 34, t.TempDir(), nil, "play", "watchtower", "--seed", "3", "--speed", "0", "-o", "max-rounds=2", "--lang", l.Code)
				p.wait(w.Game("watchtower"), w.T("tui.watchtower.fortress"))
				p.enterUntilIn(w, w.T("tui.actions.over"))
			})
		})
	}
}
