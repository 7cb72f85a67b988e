package table

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"cardtable/record"
)

// programTable seats a program as seat 0 of a 2-player Regicide game
// against a random bot.
func programTable(t *testing.T, argv []string, timeout time.Duration) (*Table, *ProgramPlayer, *Runner) {
	t.Helper()
	tb := newTable(t, "regicide", map[string]string{"players": "2"}, 5)
	p, err := StartProgram(argv, timeout)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	bot := botPlayers(t, tb, 5)[1]
	return tb, p, &Runner{Table: tb, Players: []Player{p, bot}}
}

// A program that plays legal moves finishes its game, and exits by itself
// once its input is closed.
func TestProgramPlaysAGame(t *testing.T) {
	tb, p, r := programTable(t, agentArgv(t, "first"), time.Minute)
	if err := r.Run(context.Background()); err != nil {
		t.Fatalf("Run: %v", err)
	}
	p.Close()
	if !tb.Over() {
		t.Fatal("game not over")
	}
	if got := p.ExitStatus(); got != "exit status 0" {
		t.Errorf("the program ended with %q, want exit status 0 (it exits when its input closes)", got)
	}
	if _, _, err := record.Replay(tb.Record()); err != nil {
		t.Errorf("record does not replay: %v", err)
	}
}

// A crash, a hang and garbage each end the game with a *SeatError naming
// seat 0's program and what it did; the record keeps what was played.
func TestProgramFailures(t *testing.T) {
	// Only the hanging program meets its timeout: the others get a minute,
	// so a slow machine starting them cannot change what they are seen to do.
	for _, tc := range []struct {
		mode    string
		timeout time.Duration
		want    []string
	}{
		{"crash", time.Minute, []string{"seat 1: program", "closed its output before moving", "exit status 3", "out of ideas"}},
		{"hang", 200 * time.Millisecond, []string{"seat 1: program", "no move within 200ms", "it was stopped"}},
		{"garbage", time.Minute, []string{"seat 1: program", "wrote a line that is not a command", "(it was told: not a command", "I play the ace"}},
		{"noversion", time.Minute, []string{"seat 1: program", "wrote a line that is not a command (it was told: version: missing"}},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			before := runtime.NumGoroutine()
			tb, p, r := programTable(t, agentArgv(t, tc.mode), tc.timeout)
			err := r.Run(context.Background())
			var se *SeatError
			if !errors.As(err, &se) || se.Seat != 0 {
				t.Fatalf("Run = %v, want a SeatError for seat 0", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			p.Close()
			if p.ExitStatus() == "" {
				t.Error("the program is still running after Close")
			}
			rec := tb.Record()
			if rec.Result != nil || len(rec.Actions) != tb.Version() {
				t.Errorf("record: result %v, %d actions at version %d", rec.Result, len(rec.Actions), tb.Version())
			}
			waitGoroutines(t, before)
		})
	}
}

// Killing a program kills what it started too: no process is left behind.
func TestProgramCloseKillsItsChildren(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	argv := agentArgv(t, "hang")
	script := "sleep 300 & echo $! > " + pidFile + "; exec " + strings.Join(argv, " ")
	_, p, r := programTable(t, []string{"sh", "-c", script}, 200*time.Millisecond)
	if err := r.Run(context.Background()); err == nil {
		t.Fatal("a hung program's game ended without an error")
	}
	p.Close()
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	for i := 0; alive(pid); i++ {
		if i == 100 {
			t.Fatalf("the program's child %d outlived it", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A program that never reads ends its game like one that hangs.
func TestProgramThatNeverReads(t *testing.T) {
	tb := newTable(t, "war", nil, 5)
	p, err := StartProgram(agentArgv(t, "deaf"), 100*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	r := &Runner{Table: tb, Players: []Player{botPlayers(t, tb, 5)[0], p}}
	err = r.Run(context.Background())
	var se *SeatError
	if !errors.As(err, &se) || se.Seat != 1 {
		t.Fatalf("Run = %v, want a SeatError for seat 1", err)
	}
}

// alive reports whether pid is a running process (not gone, not a zombie).
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	fields := strings.Fields(string(b))
	return len(fields) > 2 && fields[2] != "Z"
}

// waitGoroutines fails unless the goroutines started since before end.
func waitGoroutines(t *testing.T, before int) {
	t.Helper()
	for i := 0; runtime.NumGoroutine() > before; i++ {
		if i == 200 {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines left behind (%d before):\n%s", runtime.NumGoroutine()-before, before, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A write to a program that stops reading fails after the timeout instead
// of blocking the table.
func TestDeadlineWriter(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	_, err = deadlineWriter{f: w, timeout: 50 * time.Millisecond}.Write(make([]byte, 1<<20))
	if err == nil || !strings.Contains(err.Error(), "it read nothing for 50ms") {
		t.Fatalf("Write to a full pipe = %v, want the timeout", err)
	}
}
