package table

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"cardtable/bots"
	"cardtable/record"
	"cardtable/server/testclock"
)

// stall is a player who never moves: it waits for its ask to be cut off,
// keeping every turn and error it is told.
type stall struct {
	mu     sync.Mutex
	turns  []Turn
	errors []Message
}

func (p *stall) Act(ctx context.Context, turn Turn) (Move, error) {
	p.mu.Lock()
	p.turns = append(p.turns, turn)
	p.mu.Unlock()
	<-ctx.Done()
	return Move{}, ctx.Err()
}

func (p *stall) Tell(m Message) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if m.Type == TypeError {
		p.errors = append(p.errors, m)
	}
	return nil
}

// asked is how many turns p was given (read while the runner runs).
func (p *stall) asked() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.turns)
}

// thinker takes its time (the clock moved by hand) and plays the first
// legal action.
type thinker struct {
	clk   *testclock.Clock
	think time.Duration
	turns []Turn
}

func (p *thinker) Act(ctx context.Context, turn Turn) (Move, error) {
	p.turns = append(p.turns, turn)
	p.clk.Advance(p.think)
	return Move{Action: turn.Legal[0], Version: turn.Version}, nil
}

func (p *thinker) Tell(Message) error { return nil }

func heuristic(t *testing.T, tb *Table, seat int) Player {
	p, err := NewBot(tb, bots.Spec{Name: "heuristic"}, 1, seat)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// run plays r in the background; the returned channel gets its result.
func run(r *Runner) chan error {
	done := make(chan error, 1)
	go func() { done <- r.Run(context.Background()) }()
	return done
}

// waitTurns waits until p has been asked n times (the runner is blocked
// in its Act).
func waitTurns(t *testing.T, n func() int, want int) {
	t.Helper()
	for start := time.Now(); n() < want; time.Sleep(time.Millisecond) {
		if time.Since(start) > 20*time.Second {
			t.Fatalf("asked %d times, want %d", n(), want)
		}
	}
}

// A program (or person) seat whose time runs out in Regicide: its turn
// carried its clock; at its deadline it is told its time ran out, the
// game's default bot takes the seat (named in the record) and the game
// goes on to its end.
func TestRunnerClockBotTakesOver(t *testing.T) {
	clk := testclock.New(time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC))
	tb := newTable(t, "regicide", map[string]string{"players": "2", "first": "0"}, 5)
	p := &stall{}
	r := &Runner{Table: tb, Players: []Player{p, heuristic(t, tb, 1)}, Settings: Settings{Pace: PaceLive, Move: 30 * time.Second, Timeout: TimeoutBot}, Time: clk, Seed: 5}
	done := run(r)
	waitTurns(t, p.asked, 1)
	if c := p.turns[0].Clock; c == nil || c.LeftMS != 30000 || c.MoveMS != 30000 {
		t.Fatalf("the turn's clock %+v", c)
	}
	clk.Advance(30 * time.Second)
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	if len(p.errors) != 1 || p.errors[0].Code != CodeTimeout {
		t.Errorf("errors told to the stalled seat: %+v", p.errors)
	}
	if s := tb.Seats()[0]; s.Kind != KindBot || s.Bot != "heuristic" || !tb.Over() {
		t.Errorf("after the timeout: seat %+v, over %v", s, tb.Over())
	}
	if _, _, err := record.Replay(tb.Record()); err != nil {
		t.Errorf("the record does not replay: %v", err)
	}
}

// A JSON seat (a program's, or a person's over --protocol json) whose time
// runs out is told the timeout error once: by its own Act, cut off with the
// cause ErrTimeRanOut, not again by the runner.
func TestRunnerClockJSONToldOnce(t *testing.T) {
	clk := testclock.New(time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC))
	tb := newTable(t, "regicide", map[string]string{"players": "2", "first": "0"}, 5)
	in, never := io.Pipe() // it never moves
	defer never.Close()
	var out lockedBuffer
	p := NewJSONPlayer(in, &out)
	defer p.Close()
	r := &Runner{Table: tb, Players: []Player{p, heuristic(t, tb, 1)}, Settings: Settings{Pace: PaceLive, Move: 30 * time.Second, Timeout: TimeoutBot}, Time: clk, Seed: 5}
	done := run(r)
	waitTurns(t, func() int { return strings.Count(out.String(), `"type":"turn"`) }, 1)
	clk.Advance(30 * time.Second)
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	if n := strings.Count(out.String(), `"code":"timeout"`); n != 1 {
		t.Errorf("the seat was told its time ran out %d times, want once:\n%s", n, out.String())
	}
}

// timeout lose at a two-seat War table: the seat loses on time.
func TestRunnerClockLoses(t *testing.T) {
	clk := testclock.New(time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC))
	tb := newTable(t, "war", nil, 5)
	p := &stall{}
	r := &Runner{Table: tb, Players: []Player{p, heuristic(t, tb, 1)}, Settings: Settings{Pace: PaceLive, Move: 10 * time.Second, Timeout: TimeoutLose}, Time: clk}
	done := run(r)
	waitTurns(t, p.asked, 1)
	clk.Advance(10 * time.Second)
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	if res := tb.Result(); res.End != record.EndTimeout || len(res.Winners) != 1 || res.Winners[0] != 1 {
		t.Errorf("result %+v", res)
	}
}

// A move over its time spends the reserve: the next turn says so.
func TestRunnerClockReserve(t *testing.T) {
	clk := testclock.New(time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC))
	tb := newTable(t, "war", map[string]string{"max-battles": "3"}, 5)
	p := &thinker{clk: clk, think: 15 * time.Second}
	r := &Runner{Table: tb, Players: []Player{p, heuristic(t, tb, 1)}, Settings: Settings{Pace: PaceLive, Move: 10 * time.Second, Reserve: 20 * time.Second}, Time: clk}
	if err := r.Run(context.Background()); err != nil && !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	if len(p.turns) < 2 {
		t.Fatalf("%d turns", len(p.turns))
	}
	if c := p.turns[1].Clock; c == nil || c.ReserveMS != 15000 || c.LeftMS != 25000 {
		t.Errorf("the second turn's clock %+v; want 15 s of reserve, 25 s left", c)
	}
	if c := p.turns[0].Clock; c == nil || c.LeftMS != 30000 {
		t.Errorf("the first turn's clock %+v", c)
	}
}

// A person in plain text whose time runs out is told that the game's
// default bot plays their seat from then on (they hear no more of the
// game), not only that their time ran out — issue 29 §7.
func TestLinesTimeoutSaysTheBotTookOver(t *testing.T) {
	clk := testclock.New(time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC))
	tb := newTable(t, "regicide", map[string]string{"players": "2", "first": "0"}, 5)
	out := &lockedBuffer{}
	in, w := io.Pipe() // a person who never answers
	defer w.Close()
	p := NewLinesPlayer(in, out)
	defer p.Close()
	r := &Runner{Table: tb, Players: []Player{p, heuristic(t, tb, 1)}, Settings: Settings{Pace: PaceLive, Move: 30 * time.Second, Timeout: TimeoutBot}, Time: clk, Seed: 5}
	done := run(r)
	waitTurns(t, func() int { return strings.Count(out.String(), "your move (seat 1") }, 1)
	clk.Advance(30 * time.Second)
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	if want := "error (timeout): your time ran out: the heuristic bot plays your seat from here to the end"; !strings.Contains(out.String(), want) {
		t.Errorf("the person was not told the bot took over (%q):\n%s", want, out.String())
	}
}
