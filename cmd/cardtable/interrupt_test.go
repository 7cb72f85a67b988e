package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"cardtable/record"
)

// mainEnv makes the test binary run the real command (main, its signal
// handling included) on its arguments instead of the tests.
const mainEnv = "CARDTABLE_TEST_MAIN"

// huge is a search no one waits for the end of.
const huge = "ismcts:iterations=2000000000"

// Ctrl-C stops sim, arena and play in the middle of a search that would
// run for days (the commands are uncapped: it is the user's own CPU): the
// process exits at once, with code 130 and one line saying it was
// interrupted. Each runs as a real process, sent a real SIGINT once it
// has burnt a third of a second of CPU, that is, once it is searching.
// A game played with --save keeps its record, which replays.
func TestCtrlCStopsALongSearch(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	saved := t.TempDir() + "/game.json"
	for _, tc := range []struct {
		args []string
		want string // the error output's one line starts so
	}{
		{[]string{"sim", "regicide", "-n", "4", "--workers", "2", "--bot", huge, "-q"}, "cardtable: interrupted\n"},
		{[]string{"arena", "watchtower", "--bots", huge + ",heuristic", "-n", "1", "-q"}, "cardtable: interrupted\n"},
		{[]string{"play", "regicide", "--seats", huge, "--protocol", "lines"},
			"cardtable: interrupted; the game was not saved (--save FILE keeps a game to go on with later)\n"},
		{[]string{"play", "watchtower", "--seats", huge + ",heuristic", "--protocol", "lines", "--save", saved},
			"cardtable: interrupted; the game so far is in " + saved + " (go on with: cardtable play --record "},
	} {
		name := strings.Join(tc.args[:2], " ")
		cmd := exec.Command(exe, tc.args...)
		cmd.Env = append(os.Environ(), mainEnv+"=1")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		searching(t, name, cmd.Process.Pid, exited)
		if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		select {
		case err = <-exited:
		case <-time.After(hang):
			cmd.Process.Kill()
			t.Fatalf("%s: still running %v after Ctrl-C", name, hang)
		}
		if strings.Contains(tc.want, saved) {
			keptRecord(t, saved)
		}
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
			t.Errorf("%s: after Ctrl-C: %v, want exit code %d", name, err, exitInterrupted)
		}
		if got := stderr.String(); !strings.HasPrefix(got, tc.want) || strings.Count(got, "\n") != 1 || !strings.HasSuffix(got, "\n") {
			t.Errorf("%s: after Ctrl-C the error output is %q, want one line starting %q", name, got, tc.want)
		}
	}
}

// hang bounds a wait for a process: not a speed figure, a guard so that a
// command Ctrl-C does not stop fails the test instead of hanging it.
const hang = 20 * time.Second

// searching waits until process pid has used a third of a second of CPU:
// its signal handling is installed (the first thing main does) and it is
// searching. It fails t if the process exits first.
func searching(t *testing.T, name string, pid int, exited chan error) {
	t.Helper()
	for deadline := time.Now().Add(hang); ; {
		select {
		case err := <-exited:
			t.Fatalf("%s exited before Ctrl-C: %v", name, err)
		default:
		}
		if ticks, err := cpuTicks(pid); err != nil {
			t.Fatalf("%s: %v", name, err)
		} else if ticks >= 33 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not start searching within %v", name, hang)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// cpuTicks is the user and system CPU time of process pid so far, in
// clock ticks (a hundredth of a second on Linux), from /proc.
func cpuTicks(pid int) (int, error) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, err
	}
	// The fields after the command name (which may hold spaces) start
	// with the state; utime and stime are the 12th and 13th of them.
	fields := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	utime, err := strconv.Atoi(fields[11])
	if err != nil {
		return 0, err
	}
	stime, err := strconv.Atoi(fields[12])
	return utime + stime, err
}

// keptRecord checks that path holds the record of an unfinished game of
// Watchtower that replays.
func keptRecord(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("the record was not kept: %v", err)
	}
	defer f.Close()
	rec, err := record.Decode(f)
	if err != nil {
		t.Fatalf("the record kept: %v", err)
	}
	s, _, err := record.Replay(rec)
	if err != nil || rec.Game != "watchtower" || s.Terminal() {
		t.Errorf("the record kept (%s, %d actions) replays to %v, %v; want an unfinished game", rec.Game, len(rec.Actions), s, err)
	}
}
