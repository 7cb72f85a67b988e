package tui

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"cardtable/bots"
	"cardtable/cards"
	"cardtable/games"
	"cardtable/games/watchtower"
	"cardtable/table"
)

// watchtowerMidGame plays a three-player Watchtower (the person's moves
// by the heuristic bot) until the person is asked with a long list — place,
// burn and challenge — and an army of at least ten cards with one won.
func watchtowerMidGame(t *testing.T) *harness {
	t.Helper()
	h := newHarness(t, "watchtower", nil, 7, "human", "heuristic", "heuristic")
	spec, _ := bots.ParseSpec("heuristic")
	bot, err := table.NewBot(h.m.t, spec, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2000 && !h.m.t.Over(); i++ {
		switch {
		case h.asking() == 0:
			v := h.m.t.View(0).(*watchtower.View)
			me := v.Players[0]
			groups := map[string]bool{}
			for _, a := range h.m.pick.legal {
				groups[watchtowerUI{}.group(a)] = true
			}
			if len(me.Army) >= 10 && len(me.Won) > 0 && groups["place"] && groups["burn"] && groups["challenge"] && len(h.m.pick.legal) > 20 {
				return h
			}
			mv, err := bot.Act(context.Background(), h.m.t.TurnFor(0))
			if err != nil {
				t.Fatal(err)
			}
			h.m.pick.input.SetValue(mv.Action)
			h.key("enter")
		case h.m.mode == modePass:
			h.key("x")
		case len(h.timers) > 0:
			h.fire()
		default:
			t.Fatalf("stuck at move %d", h.m.t.Version())
		}
	}
	t.Fatal("no position with a long list and a big army with a won card")
	return nil
}

// armyText is the person's army as the board should show it: sorted, the
// won cards starred.
func armyText(v *watchtower.View) string {
	return ansi.Strip(armyList(v.Players[0].Army, v.Players[0].Won))
}

// The Watchtower board at 80, 120 and 200 columns: the round out of the
// cap, the whole army sorted with the won cards marked (wrapped, never
// cut), end and the challenges at the top of a grouped list, the
// highlighted action's explanation whole, nothing wider than the
// terminal.
func TestWatchtowerBoardAtEveryWidth(t *testing.T) {
	h := watchtowerMidGame(t)
	v := h.m.t.View(0).(*watchtower.View)
	army := armyText(v)
	if !strings.Contains(army, "*") {
		t.Fatalf("no won card marked in %q", army)
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		h.size(size[0], size[1])
		h.key("home")
		s := h.screen()
		if _, _, wide := h.m.columns(); wide {
			s = actionsColumn(h)
		}
		flat := strings.Join(strings.Fields(s), " ")
		for _, want := range []string{"round " + strconv.Itoa(v.Round) + " of 75", "army " + strconv.Itoa(len(v.Players[0].Army)) + ": " + army,
			"▸ end end your turn", "── challenge ·"} {
			if !strings.Contains(flat, want) {
				t.Errorf("%dx%d: the screen lacks %q:\n%s", size[0], size[1], want, s)
			}
		}
		for _, line := range strings.Split(s, "\n") {
			if w := ansi.StringWidth(line); w > size[0] {
				t.Errorf("%dx%d: a line of %d cells: %q", size[0], size[1], w, line)
			}
			if strings.Contains(line, "…") {
				t.Errorf("%dx%d: a cut line: %q", size[0], size[1], line)
			}
		}
		// The first challenge, highlighted: its explanation whole.
		h.key("pgdown")
		first := h.m.pick.choice()
		if !strings.HasPrefix(first, "challenge") {
			t.Fatalf("pgdown from end went to %q, want the first challenge", first)
		}
		explained := watchtowerExplain(h.m.teller(), first)
		if flat := strings.Join(strings.Fields(actionsColumn(h)), " "); !strings.Contains(flat, explained) {
			t.Errorf("%dx%d: the highlighted %q's explanation %q is not whole on screen:\n%s", size[0], size[1], first, explained, h.screen())
		}
	}
	// Home and End go to the ends of the list, pgdown and pgup by group.
	h.key("end")
	if got, want := h.m.pick.choice(), h.m.pick.legal[len(h.m.pick.legal)-1]; got != want {
		t.Errorf("end highlights %q, want the last action %q", got, want)
	}
	h.key("pgup")
	if g := (watchtowerUI{}).group(h.m.pick.choice()); g != "burn" && g != "place" {
		t.Errorf("pgup from the last burn went to %q", h.m.pick.choice())
	}
	h.key("home")
	if h.m.pick.choice() != "end" {
		t.Errorf("home highlights %q, want end", h.m.pick.choice())
	}
}

// saveMidGame writes the record of h's game to a file in dir.
func saveMidGame(t *testing.T, h *harness, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "mid.json")
	if err := writeRecord(path, h.m.t.Record()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// actionsColumn is the screen's column of actions (and, in the wide
// layout, the board), without the log beside it.
func actionsColumn(h *harness) string {
	leftW, _, _ := h.m.columns()
	var out []string
	for _, line := range strings.Split(h.screen(), "\n") {
		out = append(out, ansi.Truncate(line, leftW, ""))
	}
	return strings.Join(out, "\n")
}

// A long army wraps under itself at the board's width: every card shown,
// sorted, no line cut or too wide.
func TestWatchtowerArmyWraps(t *testing.T) {
	army := cards.Stack("KS 2C 9H 4D AS 3C 3D 7H 10S JD QC 5H 6S 8C 9D 10H JS QD KH AC")
	v := &watchtower.View{Seat: 0, Phase: "play", Round: 3, Turn: 0, Barracks: 5,
		Players: []watchtower.PlayerView{
			{Seat: 0, ArmySize: len(army), Army: army, Won: cards.Stack("QC 7H"), Fortress: []watchtower.Stack{}},
			{Seat: 1, ArmySize: 2, Fortress: []watchtower.Stack{}},
		}}
	g, _ := games.Lookup("watchtower")
	sc := scene{view: v, viewer: 0, labels: []string{"Ann", "Bob"}, options: map[string]string{"max-rounds": "75"}, game: g, width: 50}
	s := ansi.Strip(wrapBoard(watchtowerUI{}.board(sc), 50))
	for _, line := range strings.Split(s, "\n") {
		if len([]rune(line)) > 50 || strings.Contains(line, "…") {
			t.Errorf("a line of %d cells or cut: %q", len([]rune(line)), line)
		}
	}
	want := "2♣ 3♣ 3♦ 4♦ 5♥ 6♠ 7♥* 8♣ 9♦ 9♥ 10♥ 10♠ J♦ J♠ Q♣* Q♦ K♥ K♠ A♣ A♠"
	if flat := strings.Join(strings.Fields(s), " "); !strings.Contains(flat, want) {
		t.Errorf("the army is not whole and sorted (%s):\n%s", want, s)
	}
	if strings.Count(s, "\n") < 4 {
		t.Errorf("a 20-card army at 50 columns did not wrap:\n%s", s)
	}
}

// TestWatchtowerLogSaysAMoveOnce: the log tells a move once, in the
// game's own sentence ("seat 1 (you) places 3♠"), not as typed and again
// under it ("seat 1 (you): place 3♠ · seat 1 (you) places 3♠") — issue 29 §7.
func TestWatchtowerLogSaysAMoveOnce(t *testing.T) {
	h := newHarness(t, "watchtower", map[string]string{"players": "4"}, 3, "human", "heuristic", "heuristic", "heuristic")
	h.size(100, 30)
	var place string
	for _, a := range h.m.t.Legal(0) {
		if strings.HasPrefix(a, "place ") {
			place = a
			break
		}
	}
	if place == "" {
		t.Fatal("no place to play")
	}
	h.play(place)
	card := strings.TrimPrefix(ansi.Strip(prettyAction(place)), "place ")
	s := h.screen()
	if strings.Count(s, card) < 1 || strings.Contains(s, "seat 1 (you): place ") || !strings.Contains(s, "seat 1 (you) places "+card) {
		t.Fatalf("the log after %s:\n%s", place, s)
	}
}

// TestActionListCutsNoExplanationAt80x24: at 80×24 the list's last row
// keeps its explanation whole; "(+N more below)" goes beside the action
// alone rather than cut the explanation short with "…" (issue 29 §7).
func TestActionListCutsNoExplanationAt80x24(t *testing.T) {
	h := newHarness(t, "watchtower", map[string]string{"players": "4"}, 3, "human", "heuristic", "heuristic", "heuristic")
	h.play("place 3S")
	h.size(80, 24)
	s := h.screen()
	if strings.Contains(s, "…") || !strings.Contains(s, "more below") {
		t.Fatalf("the action list at 80×24:\n%s", s)
	}
}

// TestWatchtowerEndAt80x24ShowsEverySeat: at 80×24 the end screen of a
// four-player game keeps every seat's rows on the board under the result,
// the last seat's too (issue 29 §7).
func TestWatchtowerEndAt80x24ShowsEverySeat(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		h := newHarness(t, "watchtower", map[string]string{"players": "4"}, seed, "human", "heuristic", "heuristic", "heuristic")
		lc := newLeakCheck(t, h, seed)
		for i := 0; i < 5000 && h.m.mode != modeEnd; i++ {
			lc.step()
		}
		if h.m.mode != modeEnd {
			t.Fatalf("seed %d: the game did not end", seed)
		}
		h.size(80, 24)
		s := h.screen()
		board, _, ok := strings.Cut(s, "The game is over.")
		if !ok {
			t.Fatalf("seed %d: no end screen:\n%s", seed, s)
		}
		for _, seat := range []string{"seat 1 (you)", "seat 2 (heuristic)", "seat 3 (heuristic)", "seat 4 (heuristic)"} {
			// The seat's own row on the board (the result names them too).
			if !strings.Contains(board, "\n  "+seat+" ") {
				t.Errorf("seed %d: the end screen's board at 80×24 drops %s:\n%s", seed, seat, s)
			}
		}
	}
}
