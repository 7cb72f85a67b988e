package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"cardtable/bots"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games"
	"cardtable/table"
)

// TestNoLeaks plays random games of each game with a person in seat 1
// (choosing at random) and bots in the others, and checks every screen
// the person is shown: no card the seat has never been entitled to see —
// one held in the real state that no message to the seat ever named (an
// opponent's hand or army, the deck's order) — appears on it, in either
// its screen form (7♥) or its notation (7H).
func TestNoLeaks(t *testing.T) {
	cases := []struct {
		game  string
		opts  map[string]string
		seats []string
		steps int
	}{
		{"war", map[string]string{"slap": "5"}, []string{"human", "heuristic"}, 150},
		{"war", map[string]string{"underdog": "6"}, []string{"human", "heuristic", "heuristic"}, 120},
		{"regicide", nil, []string{"human"}, 120},
		{"regicide", nil, []string{"human", "heuristic"}, 120},
		{"regicide", nil, []string{"human", "heuristic", "heuristic"}, 120},
		{"regicide", nil, []string{"human", "heuristic", "heuristic", "heuristic"}, 120},
		{"watchtower", nil, []string{"human", "heuristic"}, 250},
		{"watchtower", nil, []string{"human", "heuristic", "heuristic"}, 250},
		{"watchtower", map[string]string{"refill-pick": "owner"}, []string{"human", "heuristic", "heuristic", "heuristic"}, 250},
	}
	for _, c := range cases {
		screens := 0
		for seed := uint64(1); seed <= 3; seed++ {
			name := fmt.Sprintf("%s/%dp/seed%d", c.game, len(c.seats), seed)
			t.Run(name, func(t *testing.T) {
				h := newHarness(t, c.game, c.opts, seed, c.seats...)
				lc := newLeakCheck(t, h, seed)
				lc.play(c.steps)
				screens += lc.screens
			})
		}
		if screens < 30 {
			t.Errorf("%s with %d players: only %d screens checked", c.game, len(c.seats), screens)
		}
	}
}

type leakCheck struct {
	t      *testing.T
	h      *harness
	rng    *rand.Rand
	shadow engine.State
	played int
	// seen are the cards any message to seat 0 has named so far.
	seen    map[cards.Card]bool
	screens int
	bot     *table.BotPlayer
}

func newLeakCheck(t *testing.T, h *harness, seed uint64) *leakCheck {
	rec := h.m.t.Record()
	g, _ := games.Lookup(rec.Game)
	o, err := engine.ResolveOptions(g.Options(), rec.Options)
	if err != nil {
		t.Fatal(err)
	}
	shadow, err := g.New(o, engine.Setup{Seed: *rec.Seed})
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := bots.ParseSpec(bots.Default(rec.Game))
	bot, err := table.NewBot(h.m.t, spec, seed+7, 0)
	if err != nil {
		t.Fatal(err)
	}
	lc := &leakCheck{t: t, h: h, rng: rand.New(rand.NewPCG(seed, 99)), shadow: shadow, seen: map[cards.Card]bool{}, bot: bot}
	lc.learn(h.m.t.Hello(0))
	return lc
}

// play makes random moves for the person and checks every screen.
func (lc *leakCheck) play(steps int) {
	for i := 0; i < steps && lc.h.m.mode != modeEnd; i++ {
		lc.check()
		lc.step()
	}
	lc.check()
}

// step moves the table on once: the person's move when asked (a pass
// screen passed on), else the next timer (a bot's move).
func (lc *leakCheck) step() {
	h := lc.h
	switch {
	case h.m.mode == modePass:
		h.key("x")
	case h.asking() == 0:
		h.m.pick.input.SetValue(lc.choose())
		h.key("enter")
	case len(h.timers) > 0:
		h.fire()
	default:
		lc.t.Fatalf("the table is stuck: nobody asked, no timer (move %d)", h.m.t.Version())
	}
}

// choose is the person's move: mostly what the game's default bot would
// play (so games last), sometimes any legal action.
func (lc *leakCheck) choose() string {
	legal := lc.h.m.t.Legal(0)
	if lc.rng.IntN(3) == 0 {
		return legal[lc.rng.IntN(len(legal))]
	}
	mv, err := lc.bot.Act(context.Background(), lc.h.m.t.TurnFor(0))
	if err != nil {
		lc.t.Fatal(err)
	}
	return mv.Action
}

var cardInJSON = regexp.MustCompile(`"(10|[2-9JQKA])[CDHS]"|"JK[12]"`)

// learn adds the cards a message to seat 0 names.
func (lc *leakCheck) learn(msg any) {
	b, err := json.Marshal(msg)
	if err != nil {
		lc.t.Fatal(err)
	}
	for _, m := range cardInJSON.FindAllString(string(b), -1) {
		if c, err := cards.Parse(strings.Trim(m, `"`)); err == nil {
			lc.seen[c] = true
		}
	}
	var words struct {
		Action string `json:"action"`
	}
	_ = json.Unmarshal(b, &words)
	for _, w := range strings.Fields(words.Action) {
		if c, err := cards.Parse(w); err == nil {
			lc.seen[c] = true
		}
	}
}

// check replays the new actions on the shadow state, learns what seat 0
// was told about them, and looks for unseen cards on the screen.
func (lc *leakCheck) check() {
	h := lc.h
	// Only the actions shown so far: a simultaneous window's sealed
	// answers are put in seat order when it closes.
	acts := h.m.t.Record().Actions[:h.m.t.Version()]
	for _, a := range acts[lc.played:] {
		if err := engine.ApplyText(lc.shadow, a.Seat, a.Action); err != nil {
			lc.t.Fatalf("shadow: %v", err)
		}
	}
	lc.played = len(acts)
	for _, e := range h.m.log {
		lc.learnText(e.text(0))
		for _, ev := range e.events {
			lc.learnText(ev)
		}
	}
	lc.learn(h.m.t.View(0))
	screen := h.screen()
	lc.screens++
	for _, c := range lc.shadow.(engine.CardHolder).AllCards() {
		if lc.seen[c] {
			continue
		}
		if c.IsJoker() {
			// Both Jesters read "Jester" on screen: one the seat saw names
			// either, and the word also stands in the rules' sentences.
			if !lc.seen[cards.Joker1] && !lc.seen[cards.Joker2] && showsJesterCard(screen) || shows(screen, c.String()) {
				lc.t.Fatalf("move %d: the screen of seat 1 shows %s, a card it never saw:\n%s", h.m.t.Version(), c, screen)
			}
			continue
		}
		if shows(screen, cardText(c)) || shows(screen, c.String()) {
			lc.t.Fatalf("move %d: the screen of seat 1 shows %s, a card it never saw:\n%s", h.m.t.Version(), c, screen)
		}
	}
}

// learnText adds the cards a text told seat 0 (log lines are built from
// the messages of seat 0 only).
func (lc *leakCheck) learnText(s string) {
	for _, w := range strings.Fields(s) {
		w = strings.Trim(w, ":,;.()[]")
		if c, err := cards.Parse(w); err == nil && len(w) > 1 {
			lc.seen[c] = true
		}
	}
}

// showsJesterCard reports whether the screen shows a Jester as a card
// ("your hand: 2♥ Jester"), not as a word of a sentence ("the Jester",
// "a Jester power").
func showsJesterCard(screen string) bool {
	for i := 0; ; {
		j := strings.Index(screen[i:], jesterText)
		if j < 0 {
			return false
		}
		at := i + j
		after := screen[at+len(jesterText):]
		prose := strings.HasSuffix(screen[:at], "the ") || strings.HasSuffix(screen[:at], "a ") ||
			strings.HasPrefix(after, " power") || strings.HasPrefix(after, "s") || strings.HasPrefix(after, " played")
		if !prose {
			return true
		}
		i = at + 1
	}
}

// shows reports whether text appears in screen as a word of its own.
func shows(screen, text string) bool {
	for i := 0; ; {
		j := strings.Index(screen[i:], text)
		if j < 0 {
			return false
		}
		at := i + j
		before, after := byte(' '), byte(' ')
		if at > 0 {
			before = screen[at-1]
		}
		if end := at + len(text); end < len(screen) {
			after = screen[end]
		}
		if !isAlnum(before) && !isAlnum(after) {
			return true
		}
		i = at + 1
	}
}

func isAlnum(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z'
}
