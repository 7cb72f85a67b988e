package tui

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"cardtable/engine"
	"cardtable/games"
	"cardtable/table"
)

// scripted plays seat 2 in the sealing tests: it answers its turns with
// answer at once and keeps, as JSON lines, every message it is told —
// what a program seat would read.
type scripted struct {
	answer string
	told   strings.Builder
}

func (s *scripted) Act(_ context.Context, turn table.Turn) (table.Move, error) {
	return table.Move{Action: s.answer, Version: turn.Version}, nil
}

func (s *scripted) Tell(m table.Message) error {
	b, _ := json.Marshal(m)
	s.told.Write(append(b, '\n'))
	return nil
}

// slapTable is a two-seat Slap War table at a slap window, reached by
// random play from a fixed deal.
func slapTable(t *testing.T) *table.Table {
	t.Helper()
	g, _ := games.Lookup("war")
	opts := engine.MustResolve(g, map[string]string{"slap": "5", "slap-window": "60s"})
	for seed := uint64(1); seed < 100; seed++ {
		tb, err := table.New(g, opts, engine.Setup{Seed: seed}, []table.SeatInfo{{Name: "ann", Kind: table.KindHuman}, {Name: "prog", Kind: table.KindProgram}})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		for !tb.Over() && tb.Version() < 2000 {
			moving := tb.ToMove()
			if len(moving) == 2 && slices.Contains(tb.Legal(0), "pass") {
				return tb
			}
			legal := tb.Legal(moving[0])
			tb.Play(moving[0], legal[rng.IntN(len(legal))], tb.Version())
		}
	}
	t.Fatal("no slap window")
	return nil
}

// holding starts a harness whose commands run as the harness runs them,
// but the answers of other seats (moveMsg) are held for the test to
// deliver.
func holding(t *testing.T, tb *table.Table, other table.Player) (*harness, *[]tea.Msg) {
	h := &harness{t: t, m: newModel(context.Background(), Config{Table: tb, Players: []table.Player{nil, other}})}
	h.m.after = func(_ time.Duration, msg tea.Msg) tea.Cmd {
		h.timers = append(h.timers, msg)
		return nil
	}
	var held []tea.Msg
	run := func(cmd tea.Cmd) {
		queue := []tea.Cmd{cmd}
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			if c == nil {
				continue
			}
			switch msg := c().(type) {
			case nil, tea.QuitMsg:
			case tea.BatchMsg:
				queue = append(queue, msg...)
			case moveMsg:
				held = append(held, msg)
			default:
				_, next := h.m.Update(msg)
				queue = append(queue, next)
			}
		}
	}
	_, cmd := h.m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	run(cmd)
	run(h.m.Init())
	return h, &held
}

// countdown is the slap window's header, which counts down on its own.
var countdown = regexp.MustCompile(`SLAP! space · [0-9.]+ s [▰▱]+`)

func stillScreen(h *harness) string {
	return countdown.ReplaceAllString(h.screen(), "SLAP! (countdown)")
}

// An answer in a simultaneous window is hidden information on the
// terminal table too: the person's screen is the same whether the program
// in the other seat slapped early, slapped late, passed or has not
// answered, and what the program is told (the agent protocol's messages)
// is the same whatever the person answered, until the window closes.
func TestWindowAnswersSealedInTheTerminal(t *testing.T) {
	var before string
	for _, answer := range []string{"", "slap@40", "slap@1500", "pass"} {
		other := &scripted{answer: answer}
		h, held := holding(t, slapTable(t), other)
		if h.asking() != 0 || len(*held) != 1 {
			t.Fatalf("the window asks seat %d with %d answers held", h.asking(), len(*held))
		}
		screen := stillScreen(h)
		if !strings.Contains(screen, "SLAP!") {
			t.Fatalf("no slap window on screen:\n%s", screen)
		}
		if answer != "" {
			h.send((*held)[0])
		}
		if got := stillScreen(h); got != screen {
			t.Errorf("the person's screen changed when the program answered %q:\n%s\n---\n%s", answer, screen, got)
		}
		if before == "" {
			before = screen
		} else if screen != before {
			t.Errorf("the person's screen at the window differs:\n%s\n---\n%s", before, screen)
		}
	}
	var told string
	for i, answer := range []string{"", "slap", "pass"} {
		other := &scripted{answer: "pass"}
		h, _ := holding(t, slapTable(t), other)
		if answer != "" {
			h.play(answer)
			if h.m.win == nil || h.asking() != -1 {
				t.Fatalf("after the person's %q the window is not waiting for the program", answer)
			}
		}
		got := other.told.String()
		if i == 0 {
			told = got
		} else if got != told {
			t.Errorf("the program was told more when the person answered %q:\n%s\n---\n%s", answer, told, got)
		}
	}
}

// slow is a program seat that answers slap@0 (the fastest slap there is)
// after wait.
type slow struct {
	scripted
	wait time.Duration
}

func (s *slow) Act(ctx context.Context, turn table.Turn) (table.Move, error) {
	time.Sleep(s.wait)
	return table.Move{Action: "slap@0", Version: turn.Version}, nil
}

// A program's slap at the terminal table is timed by the table, from its
// turn to its answer, as the server and table.Runner time it: a program
// claiming slap@0 a third of a second late slaps a third of a second late.
func TestProgramSlapTimedInTheTerminal(t *testing.T) {
	other := &slow{wait: 300 * time.Millisecond}
	_, held := holding(t, slapTable(t), other)
	if len(*held) != 1 {
		t.Fatalf("%d answers held, want the program's", len(*held))
	}
	got := (*held)[0].(moveMsg).move.Action
	ms, ok := strings.CutPrefix(got, "slap@")
	if n, err := strconv.Atoi(ms); !ok || err != nil || n < 300 {
		t.Fatalf("the program's slap@0, answered 300 ms late, is played as %q", got)
	}
}
