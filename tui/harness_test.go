package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games"
	"cardtable/table"
)

// harness drives a Model the way Bubble Tea does, synchronously: every
// command is run and its message fed back to Update, except timers, which
// are kept for the test to fire (so no test waits on a clock).
type harness struct {
	t      testing.TB
	m      *Model
	timers []tea.Msg
	// delays are the timers' durations, in the same order.
	delays []time.Duration
	// raw is what the model wrote to the terminal as it is (tea.Raw).
	raw []any
}

// newHarness seats "human" or a bot name in each seat of game.
func newHarness(t testing.TB, game string, opts map[string]string, seed uint64, seats ...string) *harness {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	given := map[string]string{"players": itoa(len(seats))}
	for k, v := range opts {
		given[k] = v
	}
	o, err := engine.ResolveOptions(g.Options(), given)
	if err != nil {
		t.Fatal(err)
	}
	infos := make([]table.SeatInfo, len(seats))
	for i, s := range seats {
		infos[i] = table.SeatInfo{Name: table.SeatName(i), Kind: table.KindHuman}
		if s != "human" {
			infos[i] = table.SeatInfo{Name: table.SeatName(i), Kind: table.KindBot, Bot: s}
		}
	}
	tb, err := table.New(g, o, engine.Setup{Seed: seed}, infos)
	if err != nil {
		t.Fatal(err)
	}
	ps := make([]table.Player, len(seats))
	for i, s := range seats {
		if s == "human" {
			continue
		}
		spec, err := bots.ParseSpec(s)
		if err != nil {
			t.Fatal(err)
		}
		if ps[i], err = table.NewBot(tb, spec, seed, i); err != nil {
			t.Fatal(err)
		}
	}
	return startHarness(t, Config{Table: tb, Players: ps})
}

func startHarness(t testing.TB, cfg Config) *harness {
	h := &harness{t: t, m: newModel(context.Background(), cfg)}
	h.m.after = func(d time.Duration, msg tea.Msg) tea.Cmd {
		h.timers = append(h.timers, msg)
		h.delays = append(h.delays, d)
		return nil
	}
	h.size(100, 30)
	if cfg.Review != nil && cfg.Table == nil {
		if err := h.m.startReview(cfg.Review, false); err != nil {
			t.Fatal(err)
		}
	}
	h.run(h.m.Init())
	return h
}

func itoa(n int) string { return string(rune('0' + n)) }

// run runs cmd and everything it leads to.
func (h *harness) run(cmd tea.Cmd) {
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
		case tea.RawMsg:
			h.raw = append(h.raw, msg.Msg)
		default:
			_, next := h.m.Update(msg)
			queue = append(queue, next)
		}
	}
}

func (h *harness) send(msg tea.Msg) {
	_, cmd := h.m.Update(msg)
	h.run(cmd)
}

func (h *harness) size(w, hgt int) { h.send(tea.WindowSizeMsg{Width: w, Height: hgt}) }

// fire delivers the timers set so far (a slap window closing, the next
// step of a battle).
func (h *harness) fire() {
	timers := h.timers
	h.timers, h.delays = nil, nil
	for _, msg := range timers {
		h.send(msg)
	}
}

var namedKeys = map[string]tea.Key{
	"enter": {Code: tea.KeyEnter}, "up": {Code: tea.KeyUp}, "down": {Code: tea.KeyDown},
	"left": {Code: tea.KeyLeft}, "right": {Code: tea.KeyRight}, "tab": {Code: tea.KeyTab},
	"esc": {Code: tea.KeyEscape}, "space": {Code: tea.KeySpace, Text: " "},
	"backspace": {Code: tea.KeyBackspace}, "pgup": {Code: tea.KeyPgUp}, "pgdown": {Code: tea.KeyPgDown},
	"home": {Code: tea.KeyHome}, "end": {Code: tea.KeyEnd},
}

// key presses one key: a name from namedKeys or a single character.
func (h *harness) key(name string) {
	k, ok := namedKeys[name]
	if !ok {
		r := []rune(name)
		if len(r) != 1 {
			h.t.Fatalf("key %q: not a key", name)
		}
		k = tea.Key{Code: r[0], Text: name}
	}
	h.send(tea.KeyPressMsg(k))
}

// typeText types s, one key per character.
func (h *harness) typeText(s string) {
	for _, r := range s {
		if r == ' ' {
			h.key("space")
			continue
		}
		h.key(string(r))
	}
}

// play types an action and presses enter.
func (h *harness) play(action string) {
	h.typeText(action)
	h.key("enter")
}

// screen is what the terminal shows, without styles.
func (h *harness) screen() string { return ansi.Strip(h.m.View().Content) }

func (h *harness) wantScreen(parts ...string) {
	h.t.Helper()
	s := h.screen()
	for _, p := range parts {
		if !strings.Contains(s, p) {
			h.t.Fatalf("screen lacks %q:\n%s", p, s)
		}
	}
}

// asking is the seat the table asks now (-1: nobody).
func (h *harness) asking() int {
	if h.m.win == nil {
		return -1
	}
	return h.m.win.asking
}
