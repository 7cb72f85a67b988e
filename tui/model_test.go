package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/games/war"
	"cardtable/games/watchtower"
	"cardtable/i18n"
	"cardtable/record"
	"cardtable/table"
)

func TestRegicideScreenForecastAndRefusal(t *testing.T) {
	h := newHarness(t, "regicide", nil, 7, "human")
	h.wantScreen("Enemy J♦", "attack 10", "health 20", "immune to ♦", "Castle", "Tavern 32", "your hand:",
		"Jester powers left: 2", "▸ play", "forecast: play")
	v := h.m.t.View(0).(*regicide.View)
	for _, c := range v.Hand {
		h.wantScreen(cardText(c))
	}
	// Typing filters the list and the forecast follows the highlighted play.
	h.typeText("play 3")
	h.wantScreen("▸ play 3♣", "forecast: play 3♣:")
	if strings.Contains(h.screen(), "play 9♣") {
		t.Fatalf("typing %q left play 9♣ listed:\n%s", "play 3", h.screen())
	}
	h.key("esc")
	// An illegal play gets the engine's sentence and changes nothing.
	h.play("play 3C 9C")
	if h.m.t.Version() != 0 {
		t.Fatalf("an illegal play was applied: version %d", h.m.t.Version())
	}
	h.wantScreen("the 3 of Clubs and the 9 of Clubs: neither a combo (one rank)")
	h.key("esc")
	h.play("play 3C 3D")
	if h.m.t.Version() != 1 {
		t.Fatalf("play 3C 3D: version %d, want 1", h.m.t.Version())
	}
	h.wantScreen("seat 1 (you): play 3♣ 3♦", "suffers 10", "▸ discard", "forecast: discard")
}

// TestRefusalInTheTablesLanguage: a refused play says the engine's reason
// in the table's language (its message), naming the cards in it.
func TestRefusalInTheTablesLanguage(t *testing.T) {
	for _, code := range []string{"cy", "hy"} {
		w := i18n.For(code)
		h := newHarness(t, "regicide", nil, 7, "human")
		h.m.words = w
		h.play("play 3C 9C")
		if h.m.t.Version() != 0 {
			t.Fatalf("an illegal play was applied: version %d", h.m.t.Version())
		}
		played, _ := cards.ParseList("3C 9C")
		want := w.T("regicide.refuse.not-combo", engine.CardsArg("cards", played))
		if h.m.status != glyphs(want) || !strings.Contains(h.screen(), w.T("card.the.clubs", engine.TextArg("rank", "3"))) {
			t.Errorf("%s: the refusal reads %q, want %q:\n%s", code, h.m.status, want, h.screen())
		}
	}
}

// TestWatchtowerRefusalInTheTablesLanguage: a Watchtower move the rules
// refuse says why in the table's language, its card in notation.
func TestWatchtowerRefusalInTheTablesLanguage(t *testing.T) {
	for _, code := range []string{"he", "sk"} {
		h := newHarness(t, "watchtower", nil, 3, "human", "heuristic")
		h.m.words = i18n.For(code)
		_, err := h.m.t.Check(0, "place QC")
		msg, ok := engine.SaidOf(err)
		if !ok || !strings.HasPrefix(msg.ID, "watchtower.refuse.place") {
			t.Fatalf("place QC: %v; want a refusal saying why as a message", err)
		}
		h.play("place QC")
		if want := glyphs(h.m.teller().saying(msg)); h.m.status != want || !strings.Contains(h.screen(), "Q♣") {
			t.Errorf("%s: the refusal reads %q, want %q", code, h.m.status, want)
		}
		// The first turn is a setup turn (WT-03): end is refused, saying so.
		_, err = h.m.t.Check(0, "end")
		if msg, ok := engine.SaidOf(err); !ok || msg.ID != "watchtower.refuse.setup-turn" {
			t.Errorf("end on a setup turn: %v", err)
		} else if got := h.m.teller().saying(msg); !strings.Contains(got, "done") || !strings.Contains(got, "(WT-03)") {
			t.Errorf("%s: the setup refusal reads %q", code, got)
		}
	}
}

func TestHotSeatPassScreenShowsNoHand(t *testing.T) {
	h := newHarness(t, "regicide", map[string]string{"first": "0"}, 3, "human", "human")
	// Even the first person gets the screen handed over.
	h.wantScreen("Pass to seat 1")
	if strings.Contains(h.screen(), "your hand") {
		t.Fatalf("the first hand-over shows a hand:\n%s", h.screen())
	}
	h.key("x")
	if h.asking() != 0 {
		t.Fatalf("asking seat %d, want seat 1 first", h.asking())
	}
	for h.m.mode != modePass {
		if h.asking() != 0 {
			t.Fatalf("seat %d asked without a hand-over", h.asking()+1)
		}
		h.key("enter")
	}
	screen := h.screen()
	if !strings.Contains(screen, "Pass to seat 2") {
		t.Fatalf("no hand-over to seat 2:\n%s", screen)
	}
	v := h.m.t.View(0).(*regicide.View)
	for seat := 0; seat < 2; seat++ {
		hand := h.m.t.View(seat).(*regicide.View).Hand
		for _, c := range hand {
			if strings.Contains(screen, cardText(c)) {
				t.Fatalf("the hand-over screen shows %s from seat %d's hand:\n%s", cardText(c), seat+1, screen)
			}
		}
	}
	if strings.Contains(screen, "your hand") {
		t.Fatalf("the hand-over screen has a hand:\n%s", screen)
	}
	_ = v
	h.key("x")
	if h.asking() != 1 || h.m.mode != modePlay {
		t.Fatalf("after the key: asking %d, mode %d; want seat 2 at the table", h.asking(), h.m.mode)
	}
	for _, c := range h.m.t.View(1).(*regicide.View).Hand {
		h.wantScreen(cardText(c))
	}
}

// warUntilSlap flips until a slap window asks the person.
func warUntilSlap(t *testing.T, h *harness) *war.View {
	t.Helper()
	for i := 0; i < 400; i++ {
		if v := h.m.t.View(0).(*war.View); v.Slap != nil && h.asking() == 0 {
			return v
		}
		if h.m.t.Over() {
			break
		}
		h.play("flip")
	}
	t.Fatal("no slap window came")
	return nil
}

func TestWarSlapWindowTimedAndPass(t *testing.T) {
	h := newHarness(t, "war", map[string]string{"slap": "5"}, 7, "human", "heuristic")
	h.wantScreen("Slap War on 5", "seat 1 (you)", "seat 2 (heuristic)", "cards", "▸ flip")
	warUntilSlap(t, h)
	h.wantScreen("SLAP WINDOW: the 5 is showing", "SLAP! space")
	if !h.m.slap.active || len(h.timers) == 0 {
		t.Fatal("the slap window runs no clock")
	}
	h.key("space")
	last := h.m.t.Record().Actions
	found := false
	for _, a := range last[len(last)-2:] {
		if a.Seat == 0 && strings.HasPrefix(a.Action, "slap@") {
			found = true
		}
	}
	if !found {
		t.Fatalf("space did not send a timed slap: %v", last[len(last)-2:])
	}
	// The next window: no key, the clock runs out, the person passes.
	h.timers = nil
	warUntilSlap(t, h)
	before := h.m.t.Version()
	h.fire()
	acts := h.m.t.Record().Actions[before:]
	if len(acts) == 0 || !containsAction(acts, 0, "pass") {
		t.Fatalf("the window closed without the person's pass: %v", acts)
	}
}

// The slap window counts down on screen: a redraw tick while it is open,
// none once it closed.
func TestWarSlapCountdown(t *testing.T) {
	h := newHarness(t, "war", map[string]string{"slap": "5", "slap-window": "20s"}, 7, "human", "heuristic")
	warUntilSlap(t, h)
	h.wantScreen("SLAP! space · ", " s ▰▰▰▰▰▰▰▰▰▰", "else pass")
	ticks := func() (n int, tick slapTickMsg) {
		for _, msg := range h.timers {
			if m, ok := msg.(slapTickMsg); ok {
				n, tick = n+1, m
			}
		}
		return n, tick
	}
	n, tick := ticks()
	if n != 1 {
		t.Fatalf("an open slap window has %d redraw ticks pending, want 1: %v", n, h.timers)
	}
	h.timers = nil
	h.send(tick)
	if n, _ := ticks(); n != 1 {
		t.Fatalf("a tick in an open window asked for %d more, want 1", n)
	}
	// Back-date the window: the countdown shows it nearly run out.
	h.m.slap.shownAt = time.Now().Add(-19500 * time.Millisecond)
	h.wantScreen("0.5 s ▰▱▱▱▱▱▱▱▱▱")
	h.key("space")
	h.timers = nil
	h.send(tick)
	if n, _ := ticks(); n != 0 || h.m.slap.active {
		t.Fatalf("after the slap: %d ticks pending, window active %v", n, h.m.slap.active)
	}
}

func containsAction(acts []record.Action, seat int, text string) bool {
	for _, a := range acts {
		if a.Seat == seat && a.Action == text {
			return true
		}
	}
	return false
}

func TestWatchtowerChallengeAndBlindPick(t *testing.T) {
	h := newHarness(t, "watchtower", nil, 7, "human", "heuristic")
	h.wantScreen("setup", "barracks", "fortress", "army 4:")
	for i := 0; i < 200 && !h.m.t.Over(); i++ {
		if h.asking() != 0 {
			t.Fatalf("not asked (move %d)", h.m.t.Version())
		}
		legal := strings.Join(h.m.t.Legal(0), "\n")
		if strings.Contains(legal, "pick ") {
			h.wantScreen("picks blind from seat 2 (heuristic)'s army", "[1░]", "▸ pick 1")
			h.play("pick 1")
			h.wantScreen("seat 1 (you) picks position 1 of")
			return
		}
		if strings.Contains(legal, "challenge 2") && !strings.HasSuffix(strings.Fields(firstWith(legal, "challenge 2"))[3], "0") {
			h.play(firstWith(legal, "challenge 2"))
			h.wantScreen("pending", "battle: seat 1 (you) challenges seat 2 (heuristic)")
			continue
		}
		h.key("enter")
	}
	t.Fatal("no challenge with a blind pick came")
}

func firstWith(lines, prefix string) string {
	for _, l := range strings.Split(lines, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

func TestWatchtowerStepsShownOneAtATime(t *testing.T) {
	h := newHarness(t, "watchtower", nil, 7, "human", "heuristic")
	h.m.cfg.Speed = 1
	for i := 0; i < 300 && !h.m.t.Over(); i++ {
		if st := &h.m.steps; len(st.pending) >= 3 && st.shown == 0 {
			first, second, third := st.pending[0], st.pending[1], st.pending[2]
			h.wantScreen("what happens", first)
			if panel := ansi.Strip(h.m.stepsView()); third != first && third != second && strings.Contains(panel, third) {
				t.Fatalf("step 3 %q shown before its time:\n%s", third, panel)
			}
			h.fire()
			if st.shown != 1 {
				t.Fatalf("one timer showed %d steps, want 1", st.shown)
			}
			h.wantScreen(second)
			return
		}
		if h.asking() >= 0 {
			h.key("enter")
		} else {
			h.fire()
		}
	}
	t.Fatal("no move set off three steps")
}

func TestTooSmallTerminal(t *testing.T) {
	h := newHarness(t, "regicide", nil, 7, "human")
	h.size(60, 20)
	h.wantScreen("at least 80×24", "60×20")
	if strings.Contains(h.screen(), "Enemy") {
		t.Fatal("a too-small terminal still draws the table")
	}
	h.size(120, 40)
	h.wantScreen("Enemy", "Log")
	for _, line := range strings.Split(h.screen(), "\n") {
		if w := len([]rune(line)); w > 120 {
			t.Fatalf("a line of %d cells on a 120-cell terminal: %q", w, line)
		}
	}
}

func TestQuitAsksAndHelpShowsRules(t *testing.T) {
	h := newHarness(t, "regicide", nil, 7, "human")
	h.key("?")
	h.wantScreen("Help", "Keys at the table", "Regicide")
	h.key("esc")
	h.key("q")
	h.wantScreen("Quit?", "y quit")
	h.key("n")
	if h.m.quit || h.m.overlay != overlayNone {
		t.Fatal("n did not go back to the table")
	}
	h.key("q")
	h.key("y")
	if !h.m.quit {
		t.Fatal("y did not quit")
	}
}

func TestEndSaveAndReview(t *testing.T) {
	h := newHarness(t, "war", map[string]string{"max-battles": "3"}, 7, "human", "heuristic")
	for i := 0; i < 20 && !h.m.t.Over(); i++ {
		h.play("flip")
	}
	if h.m.mode != modeEnd {
		t.Fatalf("after the cap: mode %d, want the end", h.m.mode)
	}
	h.wantScreen("A draw: nobody won within 3 battles.", "3 battles · 0 wars", "s save")
	path := filepath.Join(t.TempDir(), "war.json")
	h.key("s")
	h.wantScreen("Save the record")
	h.m.save.input.SetValue(path)
	h.key("enter")
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no record saved: %v", err)
	}
	rec, err := record.Decode(f)
	f.Close()
	if err != nil {
		t.Fatalf("saved record: %v", err)
	}
	if _, _, err := record.Replay(rec); err != nil {
		t.Fatalf("saved record does not replay: %v", err)
	}
	r := startHarness(t, Config{Review: rec})
	r.wantScreen("Review · War", "action 0 of ")
	r.key("right")
	r.wantScreen("action 1 of ", "1. seat 1")
	r.key("left")
	r.wantScreen("action 0 of ")
}

func TestCardText(t *testing.T) {
	for in, want := range map[string]string{"7H": "7♥", "10D": "10♦", "AS": "A♠", "KC": "K♣", "JK1": "Jester", "JK2": "Jester"} {
		c, _ := cards.Parse(in)
		if got := cardText(c); got != want {
			t.Errorf("cardText(%s) = %q, want %q", in, got, want)
		}
	}
	_ = watchtower.View{}
}

func TestReflowKeepsBlocks(t *testing.T) {
	in := "# Title\n\nA paragraph\nover two lines.\n\n- item one\n  continued\n- item two\n1. step one\n   goes on\n2. step two\n| a | b |\n| c | d |"
	want := "# Title\n\nA paragraph over two lines.\n\n- item one continued\n- item two\n1. step one goes on\n2. step two\n| a | b |\n| c | d |"
	if got := reflow(in); got != want {
		t.Errorf("reflow:\n%s\nwant:\n%s", got, want)
	}
}

func TestResumedGameShowsItsPast(t *testing.T) {
	h := newHarness(t, "regicide", nil, 7, "human")
	h.play("play 3C 3D")
	h.play("discard 5H 5D")
	rec := h.m.t.Record()
	tb, err := table.Resume(h.m.t.Game(), rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := startHarness(t, Config{Table: tb, Players: make([]table.Player, 1)})
	r.wantScreen("resumed after 2 actions", "seat 1 (you): play 3♣ 3♦", "seat 1 (you): discard 5♥ 5♦", "your hand: 2♠ 7♠ 9♣ A♠")
}

func TestFastForwardWhileBotsPlay(t *testing.T) {
	h := newHarness(t, "regicide", map[string]string{"first": "1"}, 7, "heuristic", "human")
	h.m.cfg.Speed = time.Second
	h.m.win = nil // as while a bot thinks: nobody is asked
	h.key("f")
	if h.m.speed() != 0 {
		t.Fatalf("f while waiting: speed %v, want 0", h.m.speed())
	}
	h.key("f")
	if h.m.speed() != time.Second {
		t.Fatalf("f again: speed %v, want the configured 1s", h.m.speed())
	}
}

func TestPickerMatchesWordsInAnyOrder(t *testing.T) {
	p := newPicker(i18n.English)
	p.reset([]string{"play 5D", "play 5H", "play 5D 5H", "play AS 5D", "play AS 9C", "yield"})
	for typed, want := range map[string]string{
		"play 5h 5d": "play 5D 5H",
		"play 5":     "play 5D,play 5H,play 5D 5H,play AS 5D",
		"a 5":        "play AS 5D",
		"y":          "yield",
		"9c":         "play AS 9C",
		"zz":         "",
	} {
		p.input.SetValue(typed)
		if got := strings.Join(p.matches(), ","); got != want {
			t.Errorf("typed %q: matches %q, want %q", typed, got, want)
		}
	}
}

func TestSingular(t *testing.T) {
	for in, want := range map[string]string{
		"seat 1 8♦ (1 tricks); seat 2 (3 tricks)": "seat 1 8♦ (1 trick); seat 2 (3 tricks)",
		"with 1 card(s)":           "with 1 card",
		"with 2 card(s)":           "with 2 cards",
		"1 enemies down, 11 turns": "1 enemy down, 11 turns",
		"gives 4 army card(s) to":  "gives 4 army cards to",
	} {
		if got := singular(in); got != want {
			t.Errorf("singular(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestReviewOfASoloGameOpensOnTheHand: the review of a game with one
// person opens on their view (the hand they had on screen), not on the
// public one; Tab still goes round to everyone's (issue 29 §7).
func TestReviewOfASoloGameOpensOnTheHand(t *testing.T) {
	h := newHarness(t, "regicide", nil, 7, "human")
	h.play("play 3C 3D")
	r := startHarness(t, Config{Review: h.m.t.Record()})
	r.wantScreen("action 0 of 1", "view of seat 1", "your hand: ")
	r.key("tab")
	r.wantScreen("view of everyone (public view)")
	if strings.Contains(r.screen(), "your hand: ") {
		t.Fatalf("the public view shows the hand:\n%s", r.screen())
	}
}

// TestReviewAfterTheGameSaysYou: the review of the game just played (←/→
// on the end screen) names the person's seat as the table did, "seat 1
// (you)", not "seat 1" (issue 29 §7).
func TestReviewAfterTheGameSaysYou(t *testing.T) {
	h := newHarness(t, "war", map[string]string{"max-battles": "3"}, 7, "human", "heuristic")
	for i := 0; i < 20 && !h.m.t.Over(); i++ {
		h.play("flip")
	}
	h.key("left")
	h.wantScreen("view of seat 1 (you)")
}
