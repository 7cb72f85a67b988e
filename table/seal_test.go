package table

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"cardtable/engine"
)

// windowKind is a simultaneous window to seal: where to find one, what
// the answering seat may answer (the empty answer: it stays silent), and
// what the other seats answer to close it.
type windowKind struct {
	name    string
	game    string
	opts    map[string]string
	want    func(legal []string) bool
	answers []string
	close   string
}

var windowKinds = []windowKind{
	{"slap reveal", "war", map[string]string{"slap": "5"}, has("pass"), []string{"", "slap@40", "slap@1500", "pass"}, "pass"},
	// A false slap leaves its seat to flip: it answers twice.
	{"flips", "war", map[string]string{"slap": "5"}, has("flip"), []string{"", "flip", "slap@0,flip"}, "flip"},
	{"go-next signals", "regicide", map[string]string{"players": "3"}, has("signal good"), []string{"", "signal good", "signal rather-not", "signal none"}, "signal none"},
}

func has(action string) func([]string) bool {
	return func(legal []string) bool { return slices.Contains(legal, action) }
}

// windowAt plays kind's game with random legal moves from seeded deals
// until a simultaneous window it wants opens, and returns the table there
// (the same table for the same kind every time).
func windowAt(t *testing.T, kind windowKind) *Table {
	t.Helper()
	for seed := uint64(1); seed < 300; seed++ {
		tb := newTable(t, kind.game, kind.opts, seed)
		rng := rand.New(rand.NewPCG(seed, 3))
		for step := 0; step < 3000 && !tb.Over(); step++ {
			moving := tb.ToMove()
			if len(moving) > 1 && kind.want(tb.Legal(moving[0])) {
				return tb
			}
			seat := moving[0]
			legal := tb.Legal(seat)
			if _, err := tb.Play(seat, legal[rng.IntN(len(legal))], tb.Version()); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("no %s window found", kind.name)
	return nil
}

// answerer plays the window's first seat: once released it answers its
// turns with answers (comma-separated), then nothing more; with none it
// stays silent.
type answerer struct {
	answers []string
	release chan struct{}
	acked   chan Message
}

func (a *answerer) Act(ctx context.Context, turn Turn) (Move, error) {
	select {
	case <-a.release:
	case <-ctx.Done():
		return Move{}, ctx.Err()
	}
	if len(a.answers) == 0 {
		<-ctx.Done()
		return Move{}, ctx.Err()
	}
	m := Move{Action: a.answers[0], Version: turn.Version, ID: a.answers[0]}
	a.answers = a.answers[1:]
	return m, nil
}

func (a *answerer) Tell(m Message) error {
	if m.Type == TypeSealed {
		a.acked <- m
	}
	return nil
}

// agentEnd is the far end of a JSONPlayer: an agent that records every
// byte it is sent and answers its first turn with answer once released.
type agentEnd struct {
	mu      sync.Mutex
	got     bytes.Buffer
	asked   chan struct{}
	release chan struct{}
	answer  string
	lines   chan Message
}

func newAgentEnd(answer string) (*agentEnd, *JSONPlayer, func()) {
	toTable, fromAgent := io.Pipe()
	toAgent, fromTable := io.Pipe()
	quit := make(chan struct{})
	a := &agentEnd{asked: make(chan struct{}), release: make(chan struct{}), answer: answer, lines: make(chan Message, 1024)}
	p := NewJSONPlayer(toTable, fromTable)
	go func() {
		sc := bufio.NewScanner(toAgent)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		first := true
		for sc.Scan() {
			a.mu.Lock()
			a.got.Write(sc.Bytes())
			a.got.WriteByte('\n')
			a.mu.Unlock()
			var m Message
			json.Unmarshal(sc.Bytes(), &m)
			a.lines <- m
			if m.Type == TypeTurn && first {
				first = false
				close(a.asked)
				go func(v int) {
					select {
					case <-a.release:
						fmt.Fprintf(fromAgent, "{\"action\":%q,\"version\":%d}\n", a.answer, v)
					case <-quit:
					}
				}(m.Version)
			}
		}
	}()
	return a, p, func() { close(quit); p.Close(); fromTable.Close(); fromAgent.Close() }
}

func (a *agentEnd) bytes() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.got.String()
}

// recorder is a watcher that keeps every message as JSON lines.
type recorder struct {
	mu  sync.Mutex
	got bytes.Buffer
}

func (r *recorder) Act(context.Context, Turn) (Move, error) { return Move{}, io.EOF }

func (r *recorder) Tell(m Message) error {
	b, _ := json.Marshal(m)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.got.Write(append(b, '\n'))
	return nil
}

func (r *recorder) bytes() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.got.String()
}

// lockedBuffer is a transcript written by the runner and read by the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// guard bounds every wait: a guard, not a timing assertion.
const guard = 5 * time.Second

// An answer in a simultaneous window is hidden information until the
// window closes: through a runner, every byte each other seat gets over
// the agent protocol — and a spectator's JSON and plain-text transcripts —
// from the game's start until the others answer is the same whether the
// answering seat answered one way, another, or not at all; it alone hears
// its answer taken (sealed). When the last answer comes, the window's
// answers are shown at once, in seat order.
func TestWindowAnswersSealedInRunner(t *testing.T) {
	for _, kind := range windowKinds {
		t.Run(kind.name, func(t *testing.T) {
			var first string
			for _, answer := range kind.answers {
				seen := sealedRun(t, kind, answer)
				if answer == kind.answers[0] {
					first = seen
				} else if seen != first {
					t.Errorf("what the others got while the window was open differs when seat 1 answers %q and when it answers %q:\n%s\n---\n%s", kind.answers[0], answer, first, seen)
				}
			}
		})
	}
}

// sealedRun runs kind's window with the first seat answering answer and
// returns everything the other seats and the spectators got until then.
func sealedRun(t *testing.T, kind windowKind, answer string) string {
	tb := windowAt(t, kind)
	window := tb.ToMove()
	v := tb.Version()
	ans := &answerer{release: make(chan struct{}), acked: make(chan Message, 4)}
	if answer != "" {
		ans.answers = strings.Split(answer, ",")
	}
	players := make([]Player, tb.NumSeats())
	agents := map[int]*agentEnd{}
	for seat := range players {
		if seat == window[0] {
			players[seat] = ans
			continue
		}
		a, p, stop := newAgentEnd(kind.close)
		defer stop()
		agents[seat], players[seat] = a, p
	}
	rec, text := &recorder{}, &lockedBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- (&Runner{Table: tb, Players: players, Watchers: []Player{rec, Watch(text)}}).Run(ctx)
	}()
	defer func() {
		cancel()
		<-done
	}()
	for _, seat := range window[1:] {
		select {
		case <-agents[seat].asked:
		case <-time.After(guard):
			t.Errorf("%q: %s was not asked while %s had not answered", answer, SeatName(seat), SeatName(window[0]))
		}
	}
	if answer != "" {
		close(ans.release)
		select {
		case ack := <-ans.acked:
			if first := strings.Split(answer, ",")[0]; ack.Version != v || !played(first, ack.Action) || ack.ID != first {
				t.Errorf("the answer's acknowledgement: %+v", ack)
			}
		case <-time.After(guard):
			t.Errorf("%q: the answer was not acknowledged to its seat", answer)
		}
	}
	var seen strings.Builder
	for seat := range players {
		if a := agents[seat]; a != nil {
			fmt.Fprintf(&seen, "%s:\n%s", SeatName(seat), a.bytes())
		}
	}
	fmt.Fprintf(&seen, "spectator:\n%s%s", rec.bytes(), text.String())
	if answer != "" {
		checkReveal(t, answer, window, v, agents[window[1]])
	}
	return seen.String()
}

// played reports whether action is how the table plays the answer sent:
// as sent, but a slap in a Slap War window at the time the table measured
// (slaptime.go), whatever time it claimed.
func played(sent, action string) bool {
	return action == sent || strings.HasPrefix(sent, "slap@") && regexp.MustCompile(`^slap@[0-9]+$`).MatchString(action)
}

// checkReveal closes the window (the other seat answers) and checks what
// it then hears: every answer at once, in seat order, from the version the
// window opened at, the first seat's as it answered.
func checkReveal(t *testing.T, answer string, window []int, v int, other *agentEnd) {
	close(other.release)
	mine := strings.Split(answer, ",")
	var events []Message
	for len(events) < len(window)-1+len(mine) {
		var m Message
		select {
		case m = <-other.lines:
		case <-time.After(guard):
			t.Fatalf("%q: the window did not close; events so far %+v", answer, events)
		}
		switch {
		case m.Type == TypeEvent && m.Version > v:
			events = append(events, m)
		case m.Version > v || len(events) > 0:
			t.Fatalf("%q: %s at version %d among the window's answers %+v", answer, m.Type, m.Version, events)
		}
	}
	for i, ev := range events {
		if ev.Version != v+i+1 || i > 0 && *ev.Actor < *events[i-1].Actor {
			t.Fatalf("%q: the window's answers are not shown in seat order from version %d: %+v", answer, v+1, events)
		}
		if i < len(mine) && (*ev.Actor != window[0] || !played(mine[i], ev.Action)) {
			t.Errorf("%q: answer %d shown as %s's %q", answer, i+1, SeatName(*ev.Actor), ev.Action)
		}
	}
}

// Sealing shows a window's answers in seat order whatever order they came
// in, so the games' simultaneous answers must commute: over random games,
// at every window, answers given in a random order leave exactly the state
// (serialized, generator included) that the table reaches by replaying
// them in seat order.
func TestWindowAnswersCommute(t *testing.T) {
	for _, tc := range []struct {
		game string
		opts map[string]string
	}{
		{"war", map[string]string{"slap": "5", "max-battles": "300"}},
		{"war", map[string]string{"players": "3", "slap": "Q", "false-slap": "ignore", "max-battles": "300"}},
		{"regicide", map[string]string{"players": "3"}},
		{"regicide", map[string]string{"players": "4"}},
		{"watchtower", map[string]string{"players": "3", "max-rounds": "20"}},
	} {
		windows := 0
		for seed := uint64(1); seed <= 40; seed++ {
			tb := newTable(t, tc.game, tc.opts, seed)
			raw := tb.State()
			rng := rand.New(rand.NewPCG(seed, 8))
			for step := 0; step < 4000 && !tb.Over(); step++ {
				moving := tb.ToMove()
				seat := moving[rng.IntN(len(moving))]
				legal := tb.Legal(seat)
				action := legal[rng.IntN(len(legal))]
				ap, err := tb.Play(seat, action, tb.Version())
				if err != nil {
					t.Fatal(err)
				}
				if err := engine.ApplyText(raw, seat, action); err != nil {
					t.Fatalf("%s seed %d: the answer %q of %s, taken by the table, is refused in the order given: %v", tc.game, seed, action, SeatName(seat), err)
				}
				if ap.Sealed || len(ap.Shown) < 2 {
					continue
				}
				windows++
				got, _ := tb.state.MarshalBinary()
				want, _ := raw.MarshalBinary()
				if !bytes.Equal(got, want) {
					t.Fatalf("%s seed %d: the window closed at version %d reached another state in seat order than in the order given", tc.game, seed, tb.Version())
				}
			}
		}
		if windows == 0 && tc.game != "watchtower" {
			t.Errorf("%s %v: no window closed", tc.game, tc.opts)
		}
		t.Logf("%s %v: %d windows", tc.game, tc.opts, windows)
	}
}

// A refusal in an open window tells nothing of the others' answers either:
// in a three-seat window (War's flips, Regicide's signals at four), a seat
// that answered and sends more, or sends what its position refuses, gets
// the same error whether another seat has answered too or not.
func TestWindowRefusalsSealed(t *testing.T) {
	for _, kind := range []windowKind{
		{name: "flips", game: "war", opts: map[string]string{"players": "3"}, want: has("flip"), close: "flip"},
		{name: "signals", game: "regicide", opts: map[string]string{"players": "4"}, want: has("signal good"), close: "signal none"},
	} {
		t.Run(kind.name, func(t *testing.T) {
			var first []string
			for _, other := range []bool{false, true} {
				tb := windowAt(t, kind)
				w, v := tb.ToMove(), tb.Version()
				if len(w) < 3 {
					t.Fatalf("a window of %d seats", len(w))
				}
				if _, err := tb.Play(w[0], kind.close, v); err != nil {
					t.Fatal(err)
				}
				if other {
					if ap, err := tb.Play(w[1], kind.close, v); err != nil || !ap.Sealed {
						t.Fatalf("the second answer: %v %+v", err, ap)
					}
				}
				var got []string
				for _, text := range []string{kind.close, "nonsense", "pass"} {
					_, err := tb.Play(w[0], text, v)
					if err == nil {
						t.Fatalf("%s's second answer %q was taken", SeatName(w[0]), text)
					}
					m := ErrorMessage(w[0], tb.Version(), "x", err)
					b, _ := json.Marshal(m)
					got = append(got, string(b))
				}
				if first == nil {
					first = got
				} else if !slices.Equal(got, first) {
					t.Errorf("%s's refusals differ when %s has answered too:\n%s\n---\n%s", SeatName(w[0]), SeatName(w[1]), strings.Join(first, "\n"), strings.Join(got, "\n"))
				}
			}
		})
	}
}

// The plain-text protocol acknowledges a sealed answer to its seat alone,
// without an action line: that comes with the others' at the close.
func TestLinesSealedAnswer(t *testing.T) {
	tb := windowAt(t, windowKinds[1])
	w, v := tb.ToMove(), tb.Version()
	ap, err := tb.Play(w[0], "flip", v)
	if err != nil || !ap.Sealed {
		t.Fatalf("the flip: %v %+v", err, ap)
	}
	for _, seat := range w {
		var buf bytes.Buffer
		p := NewLinesPlayer(strings.NewReader(""), &buf)
		for _, m := range ap.For(seat, "") {
			p.Tell(m)
		}
		p.Close()
		want := ""
		if seat == w[0] {
			want = "taken: flip (shown with the others' answers when every seat has answered)\n"
		}
		if buf.String() != want {
			t.Errorf("%s was written %q, want %q", SeatName(seat), buf.String(), want)
		}
	}
}
