package tui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"cardtable/table"
)

// The quit dialog says what becomes of the game: kept in the --save file
// (with the command that goes on with it), saved already, or lost unless
// saved now.
func TestQuitDialogTellsTheTruth(t *testing.T) {
	h := newHarness(t, "regicide", nil, 7, "human")
	h.key("q")
	h.wantScreen("Quit?", "The game is not saved: s saves its record first.", "y quit · s save, then quit")
	h.key("n")
	h.m.cfg.SavePath, h.m.cfg.KeepsOnQuit = "my game.json", true
	h.key("q")
	h.wantScreen("The game so far is kept in my game.json when you quit.", "cardtable play --record 'my game.json'")
	if strings.Contains(h.screen(), "not saved") {
		t.Fatalf("the dialog says the game is lost:\n%s", h.screen())
	}
	h.key("n")
	// Saved with s, then played on: the dialog says the file is behind.
	h.m.cfg.KeepsOnQuit = false
	h.m.cfg.SavePath = filepath.Join(t.TempDir(), "g.json")
	h.key("q")
	h.key("s")
	if h.m.quit != true {
		t.Fatal("s in the quit dialog with a save path did not save and quit")
	}
}

// A record saved from the table gets the permissions --save gives (a
// plain create: 0666 less the umask), not a temporary file's 0600; saving
// over a file keeps its permissions.
func TestSavedRecordPermissions(t *testing.T) {
	h := newHarness(t, "regicide", nil, 7, "human")
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain")
	f, err := os.Create(plain)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	path := filepath.Join(dir, "g.json")
	if err := writeRecord(path, h.m.t.Record()); err != nil {
		t.Fatal(err)
	}
	want, _ := os.Stat(plain)
	got, _ := os.Stat(path)
	if got.Mode().Perm() != want.Mode().Perm() {
		t.Errorf("saved with %v, a plain create gives %v", got.Mode().Perm(), want.Mode().Perm())
	}
	if err := os.Chmod(path, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := writeRecord(path, h.m.t.Record()); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.Stat(path); got.Mode().Perm() != 0o640 {
		t.Errorf("saving over a 0640 file left %v", got.Mode().Perm())
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// The resume command is what a shell reads back as the right words.
func TestResumeCommandPastes(t *testing.T) {
	seats := []table.SeatInfo{{Name: "seat 1", Kind: table.KindHuman},
		{Name: "seat 2", Kind: table.KindProgram, Bot: "cmd:python3 my agent's.py"}}
	got := ResumeCommand("/tmp/a game's record.json", seats)
	out, err := exec.Command("sh", "-c", "for w in "+strings.TrimPrefix(got, "cardtable ")+`; do printf '%s\n' "$w"; done`).Output()
	if err != nil {
		t.Fatal(err)
	}
	words := strings.Split(strings.TrimSpace(string(out)), "\n")
	want := []string{"play", "--record", "/tmp/a game's record.json", "--seats", "human,cmd:python3 my agent's.py"}
	if strings.Join(words, "|") != strings.Join(want, "|") {
		t.Errorf("%s\nreads back as %q, want %q", got, words, want)
	}
	if got := ResumeCommand("game.json", seats[:1]); got != "cardtable play --record game.json" {
		t.Errorf("a plain path: %q", got)
	}
}
