package table

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
	"time"
)

// JSONPlayer plays a seat over the agent protocol: one JSON message per
// line to w, one JSON command per line from r (docs/protocol-agent.md).
type JSONPlayer struct {
	w     *bufio.Writer
	lines chan line
	stop  chan struct{}
	// Timeout bounds each move (0: no limit).
	Timeout time.Duration
	// Strict ends the game on a line that is not a command (an outside
	// program that writes garbage is broken); otherwise the line gets an
	// error and the player is read on (a person typing).
	Strict bool
	// toldTimeout is set (by Act, on its caller's goroutine) once the
	// seat was told the timeout error: a program then gets a moment to
	// read it before it is stopped (ProgramPlayer.Close).
	toldTimeout atomic.Bool
}

type line struct {
	text []byte
	err  error
}

// ErrInputEnded is a JSON player's input ending before its move: for a
// program seat, the program closed its output (it exited, most likely).
var ErrInputEnded = errors.New("closed its input before moving")

// ErrTimeRanOut is the cause (context.Cause) of a move's context ended
// because the seat's clock ran out: a JSON player then tells its seat the
// `timeout` error before Act returns (docs/protocol-agent.md).
var ErrTimeRanOut = errors.New("the seat's time ran out")

// MaxLine is the longest command line read.
const MaxLine = 64 << 10

// NewJSONPlayer reads commands from r and writes messages to w.
func NewJSONPlayer(r io.Reader, w io.Writer) *JSONPlayer {
	p := &JSONPlayer{w: bufio.NewWriter(w), lines: make(chan line), stop: make(chan struct{})}
	go readLines(r, p.lines, p.stop)
	return p
}

// Close stops reading commands: the goroutine reading r ends once its
// current read returns (at once when r is closed or has ended).
func (p *JSONPlayer) Close() {
	select {
	case <-p.stop:
	default:
		close(p.stop)
	}
}

// Tell implements Player.
func (p *JSONPlayer) Tell(m Message) error {
	b, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("table: encoding a %s message: %w", m.Type, err)
	}
	p.w.Write(b)
	p.w.WriteByte('\n')
	return p.w.Flush()
}

// Act implements Player: it sends the turn and reads commands until one is
// an action, answering hint commands and telling errors on the way.
func (p *JSONPlayer) Act(ctx context.Context, turn Turn) (Move, error) {
	if err := p.Tell(turn.Message); err != nil {
		return Move{}, err
	}
	var deadline <-chan time.Time
	if p.Timeout > 0 {
		timer := time.NewTimer(p.Timeout)
		defer timer.Stop()
		deadline = timer.C
	}
	for {
		var l line
		select {
		case <-ctx.Done():
			if errors.Is(context.Cause(ctx), ErrTimeRanOut) {
				p.Tell(ErrorMessage(turn.Seat, turn.Version, "", Errorf(CodeTimeout, "your time ran out")))
				p.toldTimeout.Store(true)
			}
			return Move{}, ctx.Err()
		case <-deadline:
			p.Tell(ErrorMessage(turn.Seat, turn.Version, "", Errorf(CodeTimeout, "no move within %v", p.Timeout)))
			p.toldTimeout.Store(true)
			return Move{}, fmt.Errorf("no move within %v", p.Timeout)
		case l = <-p.lines:
		}
		if l.err != nil {
			if errors.Is(l.err, io.EOF) {
				return Move{}, ErrInputEnded
			}
			return Move{}, fmt.Errorf("reading its moves: %w", l.err)
		}
		if len(l.text) == 0 {
			continue
		}
		c, err := ParseCommand(l.text)
		if err == nil && IsTableCommand(c.Type) {
			err = Errorf(CodeBadMessage, "type %q is a command of the server's tables (docs/protocol.md), not of this protocol; send an action or a hint", c.Type)
		}
		if err != nil {
			p.Tell(ErrorMessage(turn.Seat, turn.Version, lineID(l.text), err))
			if p.Strict {
				// The failure names the reason the program was told, so
				// the person reading it need not read the protocol log.
				return Move{}, fmt.Errorf("wrote a line that is not a command (it was told: %v): %.80q", err, l.text)
			}
			// The turn again, as after every refusal (docs/protocol-agent.md).
			p.Tell(turn.Message)
			continue
		}
		if c.Type == CommandHint {
			hint, err := turn.Hint(c.Action)
			if err != nil {
				p.Tell(ErrorMessage(turn.Seat, turn.Version, c.ID, err))
				continue
			}
			m := Message{Type: TypeHint, Seat: turn.Seat, Version: turn.Version, Action: c.Action, ID: c.ID}
			m.SetHint(hint)
			p.Tell(m)
			continue
		}
		return Move{Action: c.Action, Version: *c.Version, ID: c.ID}, nil
	}
}

// lineID is the correlation id of a line that is not a valid command,
// when it has one, so its error answers it by that id.
func lineID(text []byte) string {
	var c struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(text, &c) != nil {
		return ""
	}
	return c.ID
}
