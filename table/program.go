package table

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// ProgramPlayer plays a seat with an outside program: it starts the
// program, speaks the agent protocol to it on its standard input and
// output (a strict JSONPlayer: a line that is not a command ends its
// game), and bounds every move and every write by Timeout. When the
// program crashes, hangs or writes garbage, Act or Tell returns an error
// saying what it did, and the game ends; Close then stops it for good.
type ProgramPlayer struct {
	json    *JSONPlayer
	cmd     *exec.Cmd
	argv    []string
	stdin   *os.File // our end of its standard input
	stdout  *os.File // our end of its standard output
	stderr  *tail
	exited  chan struct{}
	waitErr error
	closing sync.Once
	// ended is set once the program was told the game is over: it is then
	// given exitGrace to exit by itself.
	ended bool
}

// DefaultTimeout is how long a program seat may take over one move.
const DefaultTimeout = 10 * time.Second

// exitGrace is how long a program is given to exit by itself once its
// game is over (its input closed) before it is killed.
const exitGrace = 5 * time.Second

// toldGrace is how long a program told the timeout error has to read it
// (and exit) before it is stopped.
const toldGrace = 250 * time.Millisecond

// StartProgram starts argv (a program and its arguments) for a seat. A
// timeout of 0 means no limit.
func StartProgram(argv []string, timeout time.Duration) (*ProgramPlayer, error) {
	if len(argv) == 0 {
		return nil, errors.New("table: no program to start")
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("table: starting %s: %w", argv[0], err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("table: starting %s: %w", argv[0], err)
	}
	p := &ProgramPlayer{argv: argv, stdin: inW, stdout: outR, stderr: &tail{max: 2048}, exited: make(chan struct{})}
	p.cmd = exec.Command(argv[0], argv[1:]...)
	p.cmd.Stdin, p.cmd.Stdout, p.cmd.Stderr = inR, outW, p.stderr
	p.cmd.WaitDelay = exitGrace
	ownGroup(p.cmd)
	err = p.cmd.Start()
	// The child holds its own copies of its ends of the pipes.
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("table: cannot start program %q: %w", strings.Join(argv, " "), err)
	}
	go func() {
		p.waitErr = p.cmd.Wait()
		close(p.exited)
	}()
	p.json = NewJSONPlayer(outR, deadlineWriter{f: inW, timeout: timeout})
	p.json.Timeout = timeout
	p.json.Strict = true
	return p, nil
}

// Act implements Player.
func (p *ProgramPlayer) Act(ctx context.Context, turn Turn) (Move, error) {
	m, err := p.json.Act(ctx, turn)
	if errors.Is(err, ErrInputEnded) {
		return Move{}, p.failure(errors.New("closed its output before moving"), true)
	}
	if err != nil {
		return Move{}, p.failure(err, false)
	}
	return m, nil
}

// Tell implements Player. The end of the game closes the program's input,
// the sign for it to exit.
func (p *ProgramPlayer) Tell(m Message) error {
	if err := p.json.Tell(m); err != nil {
		return p.failure(fmt.Errorf("could not be sent a %s message (%v)", m.Type, err), true)
	}
	if m.Type == TypeEnd {
		p.ended = true
		p.stdin.Close()
	}
	return nil
}

// failure describes what the program did wrong and stops it. When its
// pipes broke (gone: it most likely exited) it is given a moment to be
// seen exiting, so the message can say how it ended.
func (p *ProgramPlayer) failure(err error, gone bool) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		p.Close()
		return err
	}
	if gone {
		select {
		case <-p.exited:
		case <-time.After(exitGrace):
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "program %q %v", strings.Join(p.argv, " "), err)
	select {
	case <-p.exited:
		fmt.Fprintf(&b, "; it exited (%s)", p.cmd.ProcessState)
	default:
		b.WriteString("; it was stopped")
	}
	p.Close()
	if words := p.stderr.String(); words != "" {
		fmt.Fprintf(&b, "; its last words on stderr: %q", words)
	}
	return errors.New(b.String())
}

// Close ends the program: its input is closed and, when its game is over,
// it gets a moment to exit by itself; then it and every process it
// started are killed. Close waits until it has exited and the reading
// goroutine is done.
func (p *ProgramPlayer) Close() error {
	p.closing.Do(func() {
		p.stdin.Close()
		switch {
		case p.ended:
			select {
			case <-p.exited:
			case <-time.After(exitGrace):
			}
		case p.json.toldTimeout.Load():
			select {
			case <-p.exited:
			case <-time.After(toldGrace):
			}
		}
		killGroup(p.cmd)
		<-p.exited
		p.json.Close()
		p.stdout.Close()
	})
	return nil
}

// ExitStatus says how the program ended ("exit status 0"), once Close has
// returned; empty before.
func (p *ProgramPlayer) ExitStatus() string {
	select {
	case <-p.exited:
		return p.cmd.ProcessState.String()
	default:
		return ""
	}
}

// deadlineWriter bounds each write to a program, so one that stops
// reading cannot block the table.
type deadlineWriter struct {
	f       *os.File
	timeout time.Duration
}

func (w deadlineWriter) Write(b []byte) (int, error) {
	if w.timeout > 0 {
		w.f.SetWriteDeadline(time.Now().Add(w.timeout))
	}
	n, err := w.f.Write(b)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		err = fmt.Errorf("it read nothing for %v", w.timeout)
	}
	return n, err
}

// tail keeps the last max bytes written to it: a program's last words.
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = t.buf[over:]
	}
	return len(b), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.buf))
}
