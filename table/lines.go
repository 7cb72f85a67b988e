package table

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"cardtable/engine"
	"cardtable/i18n"
)

// LinesPlayer plays a seat in plain text (`cardtable play --protocol
// lines`): it writes what the seat sees — its view, each action as it may
// know it, its legal actions — and reads one action in the game's notation
// per line. Its transcript is laid out like `cardtable replay`'s: "N. seat
// K: ACTION" with the view after it, so a script can follow both.
//
// Besides an action, a line may be "hint ACTION" (the game's forecast, in
// Regicide), "legal" / "?" (the legal actions again) or "quit" (the game
// stops there: ErrQuit). It is also the
// spectator's transcript writer (Watch), which prints the public views.
type LinesPlayer struct {
	w     *bufio.Writer
	lines chan line
	stop  chan struct{}
	// shown is the version whose view was last written.
	shown int
}

// ErrQuit is a LinesPlayer's answer to "quit": the person stops the game.
var ErrQuit = errors.New("you quit")

// NewLinesPlayer reads actions from r and writes the transcript to w.
func NewLinesPlayer(r io.Reader, w io.Writer) *LinesPlayer {
	p := &LinesPlayer{w: bufio.NewWriter(w), lines: make(chan line), stop: make(chan struct{}), shown: -1}
	go readLines(r, p.lines, p.stop)
	return p
}

// Watch writes a spectator's transcript to w (nothing is read): every
// action and the public view after it.
func Watch(w io.Writer) *LinesPlayer {
	return &LinesPlayer{w: bufio.NewWriter(w), shown: -1}
}

// Close stops reading; a line read after it is dropped.
func (p *LinesPlayer) Close() {
	if p.stop != nil {
		select {
		case <-p.stop:
		default:
			close(p.stop)
		}
	}
}

// Tell implements Player.
func (p *LinesPlayer) Tell(m Message) error {
	switch m.Type {
	case TypeHello:
		fmt.Fprintf(p.w, "\nstart:\n%s\n", Indent(viewText(m.View)))
		p.shown = m.Version
	case TypeEvent:
		fmt.Fprintf(p.w, "\n%s\n", ActionLine(m.Version, *m.Actor, m.Action))
		if m.Hint != "" {
			fmt.Fprintf(p.w, "   (%s)\n", m.Hint)
		}
		fmt.Fprintf(p.w, "%s\n", Indent(viewText(m.View)))
		p.shown = m.Version
	case TypeSealed:
		// The seat's own answer in an open window: shown with the others'
		// when the last is in (docs/protocol-agent.md).
		fmt.Fprintf(p.w, "taken: %s (shown with the others' answers when every seat has answered)\n", m.Action)
	case TypeError:
		fmt.Fprintf(p.w, "error (%s): %s\n", m.Code, m.Text)
	case TypeHint:
		fmt.Fprintf(p.w, "hint: %s\n", m.Hint)
	case TypeEnd:
		// The final view and result are the command's to print: they are
		// the same for every seat and the spectator.
	}
	return p.w.Flush()
}

// Act implements Player: it writes the legal actions and reads lines
// until one is an action.
func (p *LinesPlayer) Act(ctx context.Context, turn Turn) (Move, error) {
	if p.lines == nil {
		return Move{}, errors.New("table: a spectator's transcript cannot act")
	}
	p.writeTurn(turn)
	for {
		if err := p.w.Flush(); err != nil {
			return Move{}, err
		}
		var l line
		select {
		case <-ctx.Done():
			return Move{}, ctx.Err()
		case l = <-p.lines:
		}
		if l.err != nil {
			if errors.Is(l.err, io.EOF) {
				return Move{}, errors.New("the input ended before a move")
			}
			return Move{}, fmt.Errorf("reading moves: %w", l.err)
		}
		text := strings.TrimSpace(string(l.text))
		switch {
		case text == "":
			continue
		case text == "quit":
			return Move{}, ErrQuit
		case text == "?" || text == "legal":
			p.prompt(turn)
			continue
		case strings.HasPrefix(text, "hint "):
			hint, err := turn.Hint(strings.TrimSpace(strings.TrimPrefix(text, "hint ")))
			if err != nil {
				p.Tell(ErrorMessage(turn.Seat, turn.Version, "", err))
			} else {
				fmt.Fprintf(p.w, "hint: %s\n", i18n.English.Say(hint))
			}
			continue
		}
		return Move{Action: text, Version: turn.Version}, nil
	}
}

// writeTurn writes the seat's view, unless it was just written, and its
// legal actions.
func (p *LinesPlayer) writeTurn(turn Turn) {
	if turn.Version != p.shown {
		fmt.Fprintf(p.w, "%s\n", Indent(viewText(turn.View)))
		p.shown = turn.Version
	}
	p.prompt(turn)
}

func (p *LinesPlayer) prompt(turn Turn) {
	left := ""
	if c := turn.Clock; c != nil {
		left = fmt.Sprintf(", %s left", (time.Duration(c.LeftMS) * time.Millisecond).Round(time.Second))
	}
	fmt.Fprintf(p.w, "\nyour move (%s, version %d%s); legal: %s\n", SeatName(turn.Seat), turn.Version, left, strings.Join(turn.Legal, ", "))
}

// ActionLine is a transcript's line for the action that brought the game
// to version (actions counted from 1): "3. seat 2: play AD 3C".
func ActionLine(version, actor int, action string) string {
	return fmt.Sprintf("%d. %s: %s", version, SeatName(actor), action)
}

// Indent indents every line of text by three spaces, as transcripts do.
func Indent(text string) string {
	return "   " + strings.ReplaceAll(strings.TrimRight(text, "\n"), "\n", "\n   ")
}

func viewText(v engine.View) string {
	if v == nil {
		return ""
	}
	return v.String()
}

// readLines sends r's lines to lines until r ends (then its error, once)
// or stop is closed.
func readLines(r io.Reader, lines chan<- line, stop <-chan struct{}) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), MaxLine)
	for sc.Scan() {
		select {
		case lines <- line{text: append([]byte(nil), sc.Bytes()...)}:
		case <-stop:
			return
		}
	}
	err := sc.Err()
	if err == nil {
		err = io.EOF
	}
	if errors.Is(err, bufio.ErrTooLong) {
		err = fmt.Errorf("a line longer than %d bytes", MaxLine)
	}
	for {
		select {
		case lines <- line{err: err}:
		case <-stop:
			return
		}
	}
}
