package tui

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// Ctrl+Z suspends the table as any terminal program: the shell's prompt
// comes back with the job stopped, and fg brings the table back where it
// was (issue 29 §7).
func TestTmuxCtrlZSuspends(t *testing.T) {
	tmux := needTmux(t)
	bin := cardtableBinary(t)
	p := &pane{t: t, tmux: tmux, socket: fmt.Sprintf("cardtable-test-%d-%s", os.Getpid(), t.Name())}
	cmd := exec.Command(tmux, "-L", p.socket, "-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "100", "-y", "30",
		"bash", "--norc", "--noprofile", "-i")
	cmd.Env = append(os.Environ(), "TERM=xterm-256color", "PS1=shell$ ", "LANG=C.UTF-8", "LC_ALL=", "LANGUAGE=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command(tmux, "-L", p.socket, "kill-server").Run() })
	p.wait("shell$")
	p.text(shellQuote(bin) + " play war --seed 7 --speed 0")
	p.keys("Enter")
	p.wait("F finish the game", "Your move")
	p.keys("C-z")
	s := p.wait("Stopped")
	if strings.Contains(s, "F finish the game") {
		t.Fatalf("the table is still drawn after Ctrl+Z:\n%s", s)
	}
	p.text("fg")
	p.keys("Enter")
	p.wait("F finish the game", "Your move")
	p.keys("Enter")
	p.wait("battle 2")
}

// The offline daily deal says so on the table's top line: the day, and
// that it is offline and never counted (issue 29 §7).
func TestTmuxOfflineDailySaysDaily(t *testing.T) {
	p := startPane(t, 80, 24, t.TempDir(), nil, "play", "regicide", "--daily")
	s := p.wait("Your move")
	if !regexp.MustCompile(`Regicide · daily deal of \d{4}-\d\d-\d\d, offline, never counted`).MatchString(s) {
		t.Fatalf("the offline daily deal's table does not say it is the daily deal:\n%s", s)
	}
}
