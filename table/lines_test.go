package table

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

// A lines player shows its view and legal actions, answers "legal" and
// "hint", passes any other line on as a move (the table judges it), and
// reports a refusal with its code and sentence.
func TestLinesPlayer(t *testing.T) {
	tb := newTable(t, "regicide", map[string]string{"players": "1"}, 1)
	legal := tb.Legal(0)
	in := strings.Join([]string{"", "legal", "hint " + legal[0], "hint dance", "dance", legal[0]}, "\n") + "\n"
	var out bytes.Buffer
	p := NewLinesPlayer(strings.NewReader(in), &out)
	defer p.Close()
	p.Tell(tb.Hello(0))
	m, err := p.Act(context.Background(), tb.TurnFor(0))
	if err != nil || m.Action != "dance" || m.Version != 0 {
		t.Fatalf("Act = %+v, %v; want the move dance at version 0", m, err)
	}
	_, err = tb.Play(0, m.Action, m.Version)
	p.Tell(ErrorMessage(0, tb.Version(), "", err))
	if tb.Version() != 0 {
		t.Fatal("a refused move changed the table")
	}
	m, err = p.Act(context.Background(), tb.TurnFor(0))
	if err != nil || m.Action != legal[0] {
		t.Fatalf("Act = %+v, %v", m, err)
	}
	ap, err := tb.Play(0, m.Action, m.Version)
	if err != nil {
		t.Fatal(err)
	}
	p.Tell(ap.For(0, "")[0])
	got := out.String()
	for _, want := range []string{
		"start:\n   turn 0, seat 1, play", "your hand (seat 1): ",
		"your move (seat 1, version 0); legal: " + strings.Join(legal, ", "),
		"hint: " + legal[0] + ": attack",
		"error (notation): ",
		"\n1. seat 1: " + legal[0] + "\n   (" + legal[0] + ": attack",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("transcript lacks %q:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "your move (seat 1, version 0)"); n != 3 {
		t.Errorf("the legal actions were listed %d times, want 3 (first, on legal, after the refusal):\n%s", n, got)
	}
	if _, err := p.Act(context.Background(), tb.TurnFor(0)); err == nil || !strings.Contains(err.Error(), "input ended") {
		t.Errorf("Act at the end of the input = %v", err)
	}
}

// Garbage protocol lines get error objects with a code and a sentence,
// and the table does not move until a good command comes.
func TestJSONGarbageChangesNothing(t *testing.T) {
	tb := newTable(t, "regicide", map[string]string{"players": "1"}, 2)
	legal := tb.Legal(0)
	in := strings.Join([]string{
		`garbage`, `{"action":1}`, `{"action":"x","version":0,"colour":"red"}`, `{"type":"dance","action":"x"}`,
		`{"action":""  ,"version":0}`, `{"action":"play AS"}`, `[1,2]`, `{"action":"yield","version":0} {}`,
		`{"type":"hint","action":"dance","id":"h1"}`,
		`{"action":"dance","version":0}`, `{"action":"` + legal[0] + `","version":7}`,
		`{"action":"` + legal[0] + `","version":0,"id":"ok"}`,
	}, "\n") + "\n"
	var out bytes.Buffer
	p := NewJSONPlayer(strings.NewReader(in), &out)
	defer p.Close()
	r := &Runner{Table: tb, Players: []Player{&untilMoved{p: p}}}
	r.Run(context.Background())
	if tb.Version() != 1 || tb.Record().Actions[0].Action != legal[0] {
		t.Fatalf("table at version %d, record %v; want the one good move", tb.Version(), tb.Record().Actions)
	}
	var codes []string
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if strings.Contains(line, `"type":"error"`) {
			if !strings.Contains(line, `"message":"`) {
				t.Errorf("error without a sentence: %s", line)
			}
			codes = append(codes, between(line, `"code":"`, `"`))
		}
	}
	want := "bad-message bad-message bad-message bad-message bad-message bad-message bad-message bad-message notation notation stale"
	if strings.Join(codes, " ") != want {
		t.Errorf("error codes %v, want %s\n%s", codes, want, out.String())
	}
}

func between(s, from, to string) string {
	_, after, _ := strings.Cut(s, from)
	v, _, _ := strings.Cut(after, to)
	return v
}

// untilMoved plays through p until the seat's first move is applied,
// then stops the game.
type untilMoved struct {
	p     Player
	moved bool
}

func (u *untilMoved) Tell(m Message) error {
	if m.Type == TypeEvent && *m.Actor == m.Seat {
		u.moved = true
	}
	return u.p.Tell(m)
}

func (u *untilMoved) Act(ctx context.Context, turn Turn) (Move, error) {
	if u.moved {
		return Move{}, context.Canceled
	}
	return u.p.Act(ctx, turn)
}

// TestJSONTimeRanOut: a JSON seat whose move's context ends because its
// clock ran out (cause ErrTimeRanOut) is told the timeout error before
// Act returns; one ended for another reason (the game over, the program
// answered elsewhere) is told nothing.
func TestJSONTimeRanOut(t *testing.T) {
	for _, c := range []struct {
		cause error
		told  bool
	}{{ErrTimeRanOut, true}, {context.Canceled, false}} {
		tb := newTable(t, "regicide", map[string]string{"players": "1"}, 2)
		var out bytes.Buffer
		r, w := io.Pipe() // a program that never answers
		p := NewJSONPlayer(r, &out)
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(c.cause)
		if _, err := p.Act(ctx, tb.TurnFor(0)); !errors.Is(err, context.Canceled) {
			t.Errorf("Act ended with %v, want the context's end", err)
		}
		w.Close()
		p.Close()
		told := strings.Contains(out.String(), `"code":"timeout"`) && strings.Contains(out.String(), "your time ran out")
		if told != c.told {
			t.Errorf("cause %v: told timeout %v, want %v:\n%s", c.cause, told, c.told, out.String())
		}
	}
}
