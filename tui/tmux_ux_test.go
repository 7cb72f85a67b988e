package tui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"cardtable/games/watchtower"
)

// pageUntil presses key until the screen shows want (at most n times),
// waiting after each press for the screen to change.
func (p *pane) pageUntil(key, want string, n int) string {
	p.t.Helper()
	s := p.capture()
	for i := 0; i < n && !strings.Contains(s, want); i++ {
		p.keys(key)
		s = p.changed(s)
	}
	if !strings.Contains(s, want) {
		p.t.Fatalf("the screen never showed %q:\n%s", want, s)
	}
	return s
}

// changed polls the pane until it differs from before (or a second has
// passed: the key may have changed nothing) and returns it.
func (p *pane) changed(before string) string {
	p.t.Helper()
	end := time.Now().Add(time.Second)
	for {
		s := p.capture()
		if s != before || time.Now().After(end) {
			return s
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestTmuxHelpMarkdown: at 80×24 the help is rendered Markdown (a table
// drawn with rules, no pipes or asterisks), and Watchtower's is the
// player's quick reference.
func TestTmuxHelpMarkdown(t *testing.T) {
	p := startPane(t, 80, 24, t.TempDir(), nil, "play", "watchtower", "--seed", "7", "--speed", "0")
	p.wait("Watchtower", "▸ done")
	p.keys("?")
	s := p.wait("Keys at the table", "│ move through the legal actions")
	if strings.Contains(s, "| key |") || strings.Contains(s, "---|") {
		t.Fatalf("the help shows Markdown syntax:\n%s", s)
	}
	s = p.pageUntil("PgDn", "How to win: build a watchtower", 10)
	if strings.Contains(s, "**") {
		t.Fatalf("emphasis shown as asterisks:\n%s", s)
	}
	p.pageUntil("PgDn", "2. Draw: one card", 10)
	p.pageUntil("PgDn", "The full rules, with every decision", 20)
	p.keys("Escape")
	p.wait("▸ done")
}

// TestTmuxWarAutoFlip: a flips on its own at the pace shown, + speeds it
// up, F plays the rest at once and shows the end.
func TestTmuxWarAutoFlip(t *testing.T) {
	p := startPane(t, 80, 24, t.TempDir(), nil, "play", "war", "--seed", "7")
	p.wait("War", "▸ flip", "a auto-flip · F finish the game")
	p.keys("a")
	p.wait("auto-flip 1/s", "a stop auto-flip")
	// No more keys: the battles go on by themselves.
	p.wait("battle 3")
	p.keys("+")
	p.wait("auto-flip 3/s")
	p.keys("F")
	s := p.wait("game over", "The game is over")
	if strings.Contains(s, "▸ flip") {
		t.Fatalf("still asked to flip after F:\n%s", s)
	}
}

// TestTmuxSlapWarEnterSlaps: Slap War lists no false slap while flipping;
// auto-flip waits in the slap window with slap highlighted, and enter
// slaps.
func TestTmuxSlapWarEnterSlaps(t *testing.T) {
	p := startPane(t, 100, 30, t.TempDir(), nil, "play", "war", "--seed", "7", "-o", "slap=5", "-o", "slap-window=20s", "--speed", "0")
	s := p.wait("Slap War on 5", "▸ flip")
	if strings.Contains(s, "slap@0") || strings.Contains(s, "false slap") {
		t.Fatalf("the flip phase lists a false slap:\n%s", s)
	}
	p.keys("a")
	p.keys("+")
	p.keys("+")
	p.wait("SLAP!", "▸ slap", "  pass")
	p.keys("Enter")
	s = p.wait("seat 1 (you): slap@", "by a slap")
	if strings.Contains(s, "SLAP!") {
		t.Fatalf("the slap window is still open after enter:\n%s", s)
	}
}

// enterUntil presses enter once per move (the header's move number) until
// the screen shows want, and returns it.
func (p *pane) enterUntil(want string) string {
	p.t.Helper()
	pressed := ""
	end := time.Now().Add(2 * deadline)
	for {
		s := p.capture()
		if strings.Contains(s, want) {
			return s
		}
		if time.Now().After(end) {
			p.t.Fatalf("the screen never showed %q:\n%s", want, s)
		}
		if move := moveNumber.FindString(s); strings.Contains(s, "your move") && move != pressed {
			pressed = move
			p.keys("Enter")
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// TestTmuxEndSentences: the end screen says who won and how, with names
// and the game's numbers — a War won with F, a Regicide solo game lost.
func TestTmuxEndSentences(t *testing.T) {
	t.Run("war", func(t *testing.T) {
		p := startPane(t, 80, 24, t.TempDir(), nil, "play", "war", "--seed", "7")
		p.wait("▸ flip")
		p.keys("F")
		s := p.wait("You won with all 52 cards after 91 battles.", "91 battles · 4 wars")
		if strings.Contains(s, "end: win") || strings.Contains(s, "seat 1 holds") {
			t.Fatalf("the end screen shows the engine's codes:\n%s", s)
		}
	})
	t.Run("regicide", func(t *testing.T) {
		p := startPane(t, 80, 24, t.TempDir(), nil, "play", "regicide", "--seed", "1", "--speed", "0")
		p.wait("Enemy")
		s := p.enterUntil("game over")
		for _, want := range []string{"The Jack of Diamonds defeated you with 1 enemy down.", "1 of 12 enemies defeated · 9 turns"} {
			if !strings.Contains(s, want) {
				t.Fatalf("the end screen lacks %q:\n%s", want, s)
			}
		}
	})
}

// TestTmuxRegicideLog: the log tells what each play set off (damage, an
// enemy defeated, the next enemy, the attack, cards drawn), solo offers
// no yield, and a Jester power is explained only while one is left.
func TestTmuxRegicideLog(t *testing.T) {
	p := startPane(t, 100, 30, t.TempDir(), nil, "play", "regicide", "--seed", "1", "--speed", "0")
	s := p.wait("Enemy", "Jester powers left: 2  (power: discard your hand, draw 8)")
	if strings.Contains(s, "yield") {
		t.Fatalf("solo offers a yield:\n%s", s)
	}
	s = p.enterUntil("next enemy J♦: attack 10")
	for _, want := range []string{"J♠ defeated: to the discard", "J♠ attacks: seat 1 (you) suffers", "· suffered 10"} {
		if !strings.Contains(s, want) {
			t.Fatalf("the log lacks %q:\n%s", want, s)
		}
	}
	p.enterUntil("drew 8 cards")
	s = p.enterUntil("Jester powers left: 0")
	if strings.Contains(s, "power: discard") {
		t.Fatalf("a power is explained with none left:\n%s", s)
	}
}

// resize changes the pane's size.
func (p *pane) resize(w, h int) {
	p.t.Helper()
	if out, err := exec.Command(p.tmux, "-L", p.socket, "resize-window", "-t", "main", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h)).CombinedOutput(); err != nil {
		p.t.Fatalf("resize-window: %v\n%s", err, out)
	}
}

// TestTmuxWatchtowerBoard: a game resumed in the middle, at 80, 120 and
// 200 columns: the round out of 75, the whole army sorted with its won
// cards starred, end and the challenges at the top of a grouped list,
// home/end and pgdown through it, nothing cut.
func TestTmuxWatchtowerBoard(t *testing.T) {
	h := watchtowerMidGame(t)
	v := h.m.t.View(0).(*watchtower.View)
	dir := t.TempDir()
	path := saveMidGame(t, h, dir)
	p := startPane(t, 80, 24, dir, nil, "play", "--record", path, "--speed", "0")
	army := fmt.Sprintf("army %d: %s", len(v.Players[0].Army), armyText(v))
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		p.resize(size[0], size[1])
		s := p.wait(fmt.Sprintf("round %d of 75", v.Round), army, "▸ end  end your turn", "── challenge ·")
		for _, line := range strings.Split(s, "\n") {
			if strings.Contains(line, "…") {
				t.Errorf("%dx%d: a cut line: %q", size[0], size[1], line)
			}
		}
		p.keys("End")
		last := h.m.pick.legal[len(h.m.pick.legal)-1]
		p.wait("▸ " + ansi.Strip(prettyAction(last)))
		p.keys("Home")
		p.wait("▸ end")
		p.keys("PgDn")
		p.wait("▸ challenge")
		p.keys("Home")
		p.wait("▸ end")
	}
}

// captureJoined is the pane with wrapped lines joined, history included.
func (p *pane) captureJoined() string {
	p.t.Helper()
	out, err := exec.Command(p.tmux, "-L", p.socket, "capture-pane", "-p", "-J", "-S", "-100", "-t", "main").CombinedOutput()
	if err != nil {
		p.t.Fatalf("capture-pane -J: %v\n%s", err, out)
	}
	return string(out)
}

// TestTmuxQuitAndSaves: the quit dialog says the --save file keeps the
// game; a record saved from the end screen gets the permissions of one
// written by --save.
func TestTmuxQuitAndSaves(t *testing.T) {
	dir := t.TempDir()
	p := startPane(t, 100, 30, dir, []string{"umask 022;"}, "play", "war", "--seed", "7", "-o", "max-battles=3", "--save", "by-flag.json")
	p.wait("▸ flip")
	p.keys("q")
	p.wait("The game so far is kept in by-flag.json when you quit.", "cardtable play --record by-flag.json")
	p.keys("Escape")
	p.wait("▸ flip")
	p.keys("F")
	p.wait("The game is over")
	p.keys("q")
	p.wait("The game so far is kept in by-flag.json", "y quit")
	p.keys("y")
	p.wait("[exit 0]")
	t.Run("saved by s", func(t *testing.T) { saveFromTheEnd(t, dir) })
	byFlag, err1 := os.Stat(filepath.Join(dir, "by-flag.json"))
	byKey, err2 := os.Stat(filepath.Join(dir, "war-7.json"))
	if err1 != nil || err2 != nil {
		t.Fatalf("records: %v, %v", err1, err2)
	}
	if byFlag.Mode().Perm() != byKey.Mode().Perm() || byKey.Mode().Perm() != 0o644 {
		t.Errorf("--save wrote %v, s wrote %v; want both 0644 under umask 022", byFlag.Mode().Perm(), byKey.Mode().Perm())
	}
}

// saveFromTheEnd plays the same game without --save and saves it with s
// from the end screen.
func saveFromTheEnd(t *testing.T, dir string) {
	p := startPane(t, 100, 30, dir, []string{"umask 022;"}, "play", "war", "--seed", "7", "-o", "max-battles=3")
	p.wait("▸ flip")
	p.keys("q")
	p.wait("The game is not saved: s saves its record first.")
	p.keys("n")
	p.keys("F")
	p.wait("The game is over")
	p.keys("s")
	p.wait("Save the record", "war-7.json")
	p.keys("Enter")
	p.wait("saved the record to war-7.json (cardtable replay war-7.json)")
	p.keys("q")
	p.wait("[exit 0]")
}

// TestTmuxProgramFailure: a program seat that answers without a version
// stops the game; the end screen names the reason it was told, and the
// command printed to go on is one a shell reads back word for word.
func TestTmuxProgramFailure(t *testing.T) {
	dir := t.TempDir()
	agent := "while read line; do case \"$line\" in *'\"turn\"'*) echo '{\"action\":\"flip\"}';; esac; done\n"
	if err := os.WriteFile(filepath.Join(dir, "noversion.sh"), []byte(agent), 0o644); err != nil {
		t.Fatal(err)
	}
	p := startPane(t, 200, 40, dir, nil, "play", "war", "--seed", "7", "--speed", "0", "--seats", "human,cmd:sh noversion.sh")
	// The program is asked for its first flip at once.
	p.wait("The game stopped", "it was told: version: missing")
	p.keys("q")
	p.wait("The game was stopped; its record so far is kept")
	p.keys("y")
	p.wait("[exit 1]")
	s := p.captureJoined()
	_, cmd, ok := strings.Cut(s, "(go on with: ")
	if !ok {
		t.Fatalf("no command to go on with:\n%s", s)
	}
	cmd, _, _ = strings.Cut(cmd, ")\n")
	words, err := exec.Command("sh", "-c", "for w in "+strings.TrimPrefix(cmd, "cardtable ")+`; do printf '%s\n' "$w"; done`).Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSpace(string(words)), "\n")
	if len(got) != 5 || got[0] != "play" || got[1] != "--record" || got[3] != "--seats" || got[4] != "human,cmd:sh noversion.sh" {
		t.Fatalf("the command %q reads back as %q", cmd, got)
	}
	if _, err := os.Stat(got[2]); err != nil {
		t.Errorf("the record it names: %v", err)
	}
	os.Remove(got[2])
}

// TestTmuxInputHintFits: the action input's hint is whole at 120 columns
// and, where the pane beside the log is too narrow for it (80 columns),
// its first words — never a sentence cut off mid-way.
func TestTmuxInputHintFits(t *testing.T) {
	t.Run("120 columns", func(t *testing.T) {
		p := startPane(t, 120, 24, t.TempDir(), nil, "play", "watchtower", "--seed", "5")
		p.wait("› type an action, or pick one with ↑/↓ and enter")
	})
	t.Run("80 columns", func(t *testing.T) {
		p := startPane(t, 80, 24, t.TempDir(), nil, "play", "watchtower", "--seed", "5")
		s := p.wait("▸ done")
		for _, l := range strings.Split(s, "\n") {
			if strings.HasPrefix(l, "› ") && strings.TrimSpace(l) != "› type an action" {
				t.Fatalf("at 80 columns the input reads %q; want its short hint:\n%s", l, s)
			}
		}
	})
}
