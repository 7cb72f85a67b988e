package tui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The end-to-end tests run the real cardtable binary in a real terminal:
// tmux starts it in a detached session, send-keys types, capture-pane
// reads the screen. Each test polls the pane for the text it expects, up
// to a deadline, instead of sleeping fixed times.

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
)

// cardtableBinary builds cmd/cardtable once per test run.
func cardtableBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "cardtable-tmux-")
		if err != nil {
			buildErr = err
			return
		}
		binary = filepath.Join(dir, "cardtable")
		out, err := exec.Command("go", "build", "-o", binary, "../cmd/cardtable").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binary
}

// needTmux finds tmux, installing it when it is missing and we are root.
// Under CI=true a tmux that cannot be had fails the test; elsewhere it
// skips with a message.
func needTmux(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("tmux"); err == nil {
		return p
	}
	if os.Geteuid() == 0 {
		t.Log("tmux is missing: installing it with apt-get")
		if out, err := exec.Command("sh", "-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux").CombinedOutput(); err != nil {
			t.Logf("apt-get: %v\n%s", err, out)
		}
		if p, err := exec.LookPath("tmux"); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("tmux is needed for the terminal tests and could not be installed (apt-get install tmux)")
	}
	t.Skip("tmux is not installed (apt-get install tmux); skipping the terminal tests")
	return ""
}

// pane is one program running in its own tmux server.
type pane struct {
	t      *testing.T
	tmux   string
	socket string
}

// startPane runs args (the cardtable binary's arguments) in a detached
// tmux session of w×h cells, in dir. When the program ends the pane keeps
// its last screen and prints its exit status.
func startPane(t *testing.T, w, h int, dir string, env []string, args ...string) *pane {
	t.Helper()
	tmux := needTmux(t)
	bin := cardtableBinary(t)
	p := &pane{t: t, tmux: tmux, socket: fmt.Sprintf("cardtable-test-%d-%s", os.Getpid(), strings.ReplaceAll(t.Name(), "/", "-"))}
	quoted := []string{shellQuote(bin)}
	for _, a := range args {
		quoted = append(quoted, shellQuote(a))
	}
	// The machine's locale does not choose the language: English, unless
	// env says otherwise.
	env = append([]string{"LANG=C.UTF-8", "LC_ALL=", "LC_MESSAGES=", "LANGUAGE="}, env...)
	script := "cd " + shellQuote(dir) + " && " + strings.Join(env, " ") + " " + strings.Join(quoted, " ") + "; echo \"[exit $?]\"; sleep 600"
	cmd := exec.Command(tmux, "-L", p.socket, "-f", "/dev/null", "new-session", "-d", "-s", "main",
		"-x", fmt.Sprint(w), "-y", fmt.Sprint(h), "sh", "-c", script)
	cmd.Env = append(os.Environ(), "TERM=xterm-256color")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	t.Cleanup(func() {
		_ = exec.Command(tmux, "-L", p.socket, "kill-server").Run()
		// The server leaves its socket behind.
		dir := os.Getenv("TMUX_TMPDIR")
		if dir == "" {
			dir = "/tmp"
		}
		_ = os.Remove(filepath.Join(dir, fmt.Sprintf("tmux-%d", os.Getuid()), p.socket))
	})
	return p
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// keys sends tmux key names (Enter, Space, Left) or literal text (-l).
func (p *pane) keys(keys ...string) {
	p.t.Helper()
	args := append([]string{"-L", p.socket, "send-keys", "-t", "main"}, keys...)
	if out, err := exec.Command(p.tmux, args...).CombinedOutput(); err != nil {
		p.t.Fatalf("send-keys %v: %v\n%s", keys, err, out)
	}
}

// text types s literally.
func (p *pane) text(s string) {
	p.t.Helper()
	if out, err := exec.Command(p.tmux, "-L", p.socket, "send-keys", "-t", "main", "-l", s).CombinedOutput(); err != nil {
		p.t.Fatalf("send-keys -l %q: %v\n%s", s, err, out)
	}
}

func (p *pane) capture() string {
	p.t.Helper()
	out, err := exec.Command(p.tmux, "-L", p.socket, "capture-pane", "-p", "-t", "main").CombinedOutput()
	if err != nil {
		p.t.Fatalf("capture-pane: %v\n%s", err, out)
	}
	return string(out)
}

// deadline is how long a screen may take to show what a test waits for
// (generous: the machine is shared; a pass takes well under a second).
const deadline = 30 * time.Second

// wait polls the pane until every part shows, and returns the screen.
func (p *pane) wait(parts ...string) string {
	p.t.Helper()
	end := time.Now().Add(deadline)
	for {
		s := p.capture()
		missing := ""
		for _, part := range parts {
			if !strings.Contains(s, part) {
				missing = part
				break
			}
		}
		if missing == "" {
			return s
		}
		if time.Now().After(end) {
			p.t.Fatalf("the screen never showed %q:\n%s", missing, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestTmuxRegicide(t *testing.T) {
	dir := t.TempDir()
	p := startPane(t, 100, 30, dir, nil, "play", "regicide", "--seed", "7", "--speed", "0")
	p.wait("Regicide", "Enemy J♦", "your hand: 2♠ 3♣ 3♦ 5♦ 5♥ 7♠ 9♣ A♠", "forecast: play 2♠")
	// An illegal play: the engine's sentence, nothing played.
	p.text("play 3C 9C")
	p.keys("Enter")
	p.wait("the 3 of Clubs and the 9 of Clubs: neither a combo (one rank)", "move 1")
	// A lone Escape is told from an Alt chord by a pause: wait for its
	// effect before typing on.
	p.keys("Escape")
	p.wait("type an action")
	// A combo, with its forecast before confirming.
	p.text("play 3c 3d")
	p.wait("forecast: play 3♣ 3♦: attack 6")
	p.keys("Enter")
	p.wait("seat 1 (you): play 3♣ 3♦", "seat 1 (you) suffers 10", "▸ discard")
	// Suffering: the covers are listed, the first one discarded.
	p.keys("Enter")
	s := p.wait("seat 1 (you): discard")
	if strings.Contains(s, "suffers 10") {
		t.Fatalf("still suffering after the discard:\n%s", s)
	}
	// Help shows the rules; quitting asks first and saves on s.
	p.keys("?")
	p.wait("Keys at the table", "Regicide")
	p.keys("Escape")
	p.wait("Enemy J♦")
	p.keys("q")
	p.wait("Quit?")
	p.keys("s")
	p.wait("Save the record", "regicide-7.json")
	p.keys("Enter")
	p.wait("[exit 0]")
	if _, err := os.Stat(filepath.Join(dir, "regicide-7.json")); err != nil {
		t.Fatalf("quit with s saved nothing: %v", err)
	}
}

func TestTmuxSlapWar(t *testing.T) {
	p := startPane(t, 100, 30, t.TempDir(), nil, "play", "war", "--seed", "7", "-o", "slap=5", "-o", "slap-window=20s", "--speed", "0")
	p.wait("War", "Slap War on 5", "▸ flip")
	// Flip once per move (the header's move number), so no Enter meant for
	// a flip lands in the slap window.
	pressed := ""
	end := time.Now().Add(deadline)
	for {
		s := p.capture()
		if strings.Contains(s, "SLAP!") {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("no slap window:\n%s", s)
		}
		if move := moveNumber.FindString(s); strings.Contains(s, "▸ flip") && move != pressed {
			pressed = move
			p.keys("Enter")
		}
		time.Sleep(30 * time.Millisecond)
	}
	first := secondsLeft(t, p.wait("SLAP WINDOW: the 5 is showing", "SLAP! space · "))
	time.Sleep(400 * time.Millisecond)
	if later := secondsLeft(t, p.capture()); later >= first {
		t.Fatalf("the countdown did not run: %.1f s left, then %.1f s", first, later)
	}
	p.keys("Space")
	s := p.wait("seat 1 (you): slap@", "last trick:", "by a slap")
	if strings.Contains(s, "SLAP!") {
		t.Fatalf("the slap window is still open after the slap:\n%s", s)
	}
}

var moveNumber = regexp.MustCompile(`move \d+`)

var slapLeft = regexp.MustCompile(`SLAP! space · (\d+\.\d) s`)

// secondsLeft reads the slap window's countdown off a screen.
func secondsLeft(t *testing.T, screen string) float64 {
	t.Helper()
	m := slapLeft.FindStringSubmatch(screen)
	if m == nil {
		t.Fatalf("no countdown on screen:\n%s", screen)
	}
	v, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestTmuxWatchtowerChallenge(t *testing.T) {
	p := startPane(t, 100, 30, t.TempDir(), nil, "play", "watchtower", "--seed", "7", "--speed", "0")
	p.wait("Watchtower", "setup", "army 4: 3♥ 4♠ 8♦ A♠", "▸ done")
	p.text("done")
	p.keys("Enter")
	p.wait("round 1", "challenge 2 3 1")
	p.text("challenge 2 3 1")
	p.keys("Enter")
	p.wait("seat 1 (you) challenges seat 2 (heuristic) for 3", "picks blind from seat 2 (heuristic)'s army", "▸ pick 1")
	p.keys("Enter")
	p.wait("seat 1 (you) picks position 1 of", "flip: seat 1")
}

func TestTmuxTooSmallAndResize(t *testing.T) {
	p := startPane(t, 60, 20, t.TempDir(), nil, "play", "regicide", "--seed", "7")
	p.wait("at least 80×24", "60×20")
	if out, err := exec.Command(p.tmux, "-L", p.socket, "resize-window", "-t", "main", "-x", "120", "-y", "40").CombinedOutput(); err != nil {
		t.Fatalf("resize-window: %v\n%s", err, out)
	}
	p.wait("Enemy J♦", "your hand:")
}

// captureStyled is the pane with its colours and styles as escape codes.
func (p *pane) captureStyled() string {
	p.t.Helper()
	out, err := exec.Command(p.tmux, "-L", p.socket, "capture-pane", "-p", "-e", "-t", "main").CombinedOutput()
	if err != nil {
		p.t.Fatalf("capture-pane -e: %v\n%s", err, out)
	}
	return string(out)
}

// TestTmuxColourAndNoColor: hearts and diamonds are drawn in colour, and
// under NO_COLOR in none (bold stays).
func TestTmuxColourAndNoColor(t *testing.T) {
	for _, noColor := range []bool{false, true} {
		t.Run(fmt.Sprintf("NO_COLOR=%v", noColor), func(t *testing.T) {
			var env []string
			if noColor {
				env = []string{"NO_COLOR=1"}
			}
			p := startPane(t, 100, 30, t.TempDir(), env, "play", "regicide", "--seed", "7")
			p.wait("your hand: 2♠ 3♣ 3♦")
			s := p.captureStyled()
			coloured := strings.Contains(s, "\x1b[38;") || strings.Contains(s, "\x1b[31") || strings.Contains(s, "\x1b[91")
			if coloured == noColor {
				t.Errorf("colour codes on screen: %v\n%q", coloured, s)
			}
		})
	}
}

// TestTmuxHotSeat: two people play Regicide at one terminal; the screen is
// handed over between them with no hand on the hand-over screen.
func TestTmuxHotSeat(t *testing.T) {
	p := startPane(t, 100, 30, t.TempDir(), nil, "play", "regicide", "-o", "players=2", "-o", "first=0",
		"--seats", "human:Ann,human:Bob", "--seed", "3")
	s := p.wait("Pass to Ann — press a key")
	if strings.Contains(s, "your hand") {
		t.Fatalf("the first hand-over shows a hand:\n%s", s)
	}
	p.keys("x")
	p.wait("Your move, Ann", "your hand: 2♠ 3♥ 5♣ 6♠ 7♦ 10♥ A♣")
	pressed := ""
	end := time.Now().Add(deadline)
	for {
		s = p.capture()
		if strings.Contains(s, "Pass to Bob") {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("never handed to Bob:\n%s", s)
		}
		if move := moveNumber.FindString(s); strings.Contains(s, "Your move, Ann") && move != pressed {
			pressed = move
			p.keys("Enter")
		}
		time.Sleep(30 * time.Millisecond)
	}
	if strings.Contains(s, "your hand") || strings.Contains(s, "2♠ 3♥") {
		t.Fatalf("the hand-over to Bob shows a hand:\n%s", s)
	}
	p.keys("x")
	p.wait("Your move, Bob", "your hand:")
}

var clockLeft = regexp.MustCompile(`clock: seat 1 \(you\) (\d+):(\d\d)`)

// clockSeconds reads the header's clock off a screen.
func clockSeconds(t *testing.T, screen string) int {
	t.Helper()
	m := clockLeft.FindStringSubmatch(screen)
	if m == nil {
		t.Fatalf("no clock in the header:\n%s", screen)
	}
	mins, _ := strconv.Atoi(m[1])
	sec, _ := strconv.Atoi(m[2])
	return 60*mins + sec
}

// TestTmuxClock: cardtable play --clock on the terminal table shows the
// person's time in the header, counting down while they think; a flip
// stops it and the next move starts a whole move time again. (Running out
// is tested on the model with the clock moved by hand: clock_test.go.)
func TestTmuxClock(t *testing.T) {
	p := startPane(t, 80, 24, t.TempDir(), nil, "play", "war", "--seed", "7", "--speed", "0", "--clock", "1m")
	first := clockSeconds(t, p.wait("War", "▸ flip", "clock: seat 1 (you) "))
	if first > 60 || first < 50 {
		t.Fatalf("the first move's clock shows %d s, want a minute", first)
	}
	end := time.Now().Add(deadline)
	later := first
	for later >= first && time.Now().Before(end) {
		time.Sleep(200 * time.Millisecond)
		later = clockSeconds(t, p.capture())
	}
	if later >= first {
		t.Fatalf("the clock did not count down from %d s", first)
	}
	p.keys("Enter")
	p.wait("battle 2")
	if next := clockSeconds(t, p.wait("clock: seat 1 (you) ")); next <= later {
		t.Errorf("after the flip the clock shows %d s, want the next move's whole minute (it was at %d s)", next, later)
	}
}

// TestTmuxClockProgramTimesOut: at a clocked terminal table a program seat
// that never answers is told its time ran out (the agent protocol's
// `timeout` error, as cardtable play's runner tells it), stopped, and the
// game's default bot plays on for it.
func TestTmuxClockProgramTimesOut(t *testing.T) {
	dir := t.TempDir()
	// The program reads its messages into a file and never moves.
	if err := os.WriteFile(filepath.Join(dir, "agent.sh"), []byte("cat > seen.jsonl\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := startPane(t, 100, 30, dir, nil, "play", "war", "--seed", "7", "--speed", "0", "--clock", "5s", "--seats", "human,cmd:sh agent.sh")
	p.wait("War", "▸ flip")
	p.keys("Enter")
	p.wait("time ran out", "heuristic plays on for them")
	end := time.Now().Add(deadline)
	for {
		seen, _ := os.ReadFile(filepath.Join(dir, "seen.jsonl"))
		if strings.Contains(string(seen), `"code":"timeout"`) && strings.Contains(string(seen), "your time ran out") {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("the program was not told its time ran out; it read:\n%s", seen)
		}
		time.Sleep(50 * time.Millisecond)
	}
	p.keys("Enter")
	p.wait("battle 2")
}
