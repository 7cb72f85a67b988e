package tui

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTmuxQuitCommandPastes: at 80×24 the quit dialog of a game kept with
// --save prints the command that goes on with it outside the box, from
// the first column: read back from the pane as a person copies it (the
// line, or the lines a backslash joins when it is wider than the
// terminal), sh -n accepts it and sh reads the right words; after
// quitting, the command is printed again alone on its line, and names
// the record written.
func TestTmuxQuitCommandPastes(t *testing.T) {
	dir := t.TempDir()
	long := filepath.Join(dir, "a folder with a rather long name", "and another one's inside it")
	if err := os.MkdirAll(long, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, save string
		lines      int
	}{
		{"fits", "my-game.json", 1},
		{"wider than the terminal", filepath.Join(long, "Ann's regicide game.json"), 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := startPane(t, 80, 24, dir, nil, "play", "regicide", "--seed", "3", "--save", c.save)
			p.wait("▸ play")
			p.keys("q")
			screen := p.wait("Go on with it later", "y quit")
			lines := commandOnScreen(t, screen)
			if len(lines) < c.lines || c.lines == 1 && len(lines) != 1 {
				t.Errorf("the command takes %d lines, want %d:\n%s", len(lines), c.lines, screen)
			}
			words := shellWords(t, strings.Join(lines, "\n"))
			if len(words) != 3 || words[0] != "play" || words[1] != "--record" || words[2] != c.save {
				t.Fatalf("the command reads back as %q", words)
			}
			p.keys("y")
			p.wait("[exit 0]")
			record := words[2]
			if !filepath.IsAbs(record) {
				record = filepath.Join(dir, record)
			}
			if _, err := os.Stat(record); err != nil {
				t.Errorf("the record it names: %v", err)
			}
			after := p.captureJoined()
			want := ResumeCommand(c.save, nil)
			if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(want) + `$`).MatchString(after) {
				t.Errorf("after quitting, no line holds %q alone:\n%s", want, after)
			}
		})
	}
}

// commandOnScreen is the command as a person copies it from the screen:
// the line starting "cardtable play" and those a trailing backslash
// joins to it.
func commandOnScreen(t *testing.T, screen string) []string {
	t.Helper()
	var out []string
	for _, l := range strings.Split(screen, "\n") {
		l = strings.TrimRight(l, " ")
		if len(out) == 0 && !strings.HasPrefix(l, "cardtable play") {
			continue
		}
		out = append(out, l)
		if !strings.HasSuffix(l, `\`) {
			return out
		}
	}
	t.Fatalf("no command from the first column on the screen:\n%s", screen)
	return nil
}

// TestTmuxWatchtowerNamesPlayers: at 80×24, Ann's Watchtower game reads
// with her name in the steps of the log ("Ann (you) is done with setup"),
// never as "seat 1".
func TestTmuxWatchtowerNamesPlayers(t *testing.T) {
	p := startPane(t, 80, 24, t.TempDir(), nil, "play", "watchtower", "--seed", "7", "--speed", "0", "--seats", "human:Ann,heuristic")
	p.wait("▸ done")
	p.keys("Enter")
	s := p.wait("Ann (you) is done with setup")
	for range 3 {
		if strings.Contains(s, "seat 1") {
			t.Fatalf("the screen writes seat 1 for Ann:\n%s", s)
		}
		p.keys("Enter")
		s = p.changed(s)
	}
}
