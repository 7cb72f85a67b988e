package tui

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games"
	"cardtable/i18n"
	"cardtable/table"
)

// namedHarness seats people and bots with names of their own: kinds[i] is
// "human" or a bot spec, names[i] the seat's name.
func namedHarness(t *testing.T, game string, opts map[string]string, seed uint64, names, kinds []string) *harness {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	given := map[string]string{"players": itoa(len(kinds))}
	for k, v := range opts {
		given[k] = v
	}
	o, err := engine.ResolveOptions(g.Options(), given)
	if err != nil {
		t.Fatal(err)
	}
	infos := make([]table.SeatInfo, len(kinds))
	for i, k := range kinds {
		infos[i] = table.SeatInfo{Name: names[i], Kind: table.KindHuman}
		if k != "human" {
			infos[i] = table.SeatInfo{Name: names[i], Kind: table.KindBot, Bot: k}
		}
	}
	tb, err := table.New(g, o, engine.Setup{Seed: seed}, infos)
	if err != nil {
		t.Fatal(err)
	}
	ps := make([]table.Player, len(kinds))
	for i, k := range kinds {
		if k == "human" {
			continue
		}
		spec, err := bots.ParseSpec(k)
		if err != nil {
			t.Fatal(err)
		}
		if ps[i], err = table.NewBot(tb, spec, seed, i); err != nil {
			t.Fatal(err)
		}
	}
	return startHarness(t, Config{Table: tb, Players: ps})
}

// seatNumber finds a seat written by its number, as the engines write it.
var seatNumber = regexp.MustCompile(`\bseat \d`)

// TestWatchtowerEventsNamePlayers plays Watchtower with every seat named
// (Ann at the terminal, bots Bob and Cy) at 80×24: the steps of each
// action, in the "what happens" panel and the log, name the players, and
// no screen ever writes a seat as "seat N".
func TestWatchtowerEventsNamePlayers(t *testing.T) {
	h := namedHarness(t, "watchtower", nil, 7, []string{"Ann", "Bob", "Cy"}, []string{"human", "heuristic", "heuristic"})
	h.size(80, 24)
	named := map[string]bool{}
	for i := 0; i < 300 && h.m.mode != modeEnd; i++ {
		s := h.screen()
		if m := seatNumber.FindString(s); m != "" {
			t.Fatalf("move %d: the screen writes %q:\n%s", h.m.t.Version(), m, s)
		}
		for _, e := range h.m.log {
			for _, ev := range e.events {
				if seatNumber.MatchString(ev) {
					t.Fatalf("an event reads %q", ev)
				}
				for _, who := range []string{"Ann", "Bob", "Cy"} {
					if strings.HasPrefix(ev, who+" ") {
						named[who] = true
					}
				}
			}
		}
		switch {
		case h.asking() == 0:
			h.key("enter")
		case len(h.timers) > 0:
			h.fire()
		default:
			t.Fatalf("stuck at move %d", h.m.t.Version())
		}
	}
	if len(named) < 3 {
		t.Errorf("the events named only %v of Ann, Bob and Cy", named)
	}
}

// TestPickerOneJester: Regicide's two Jesters read the same ("play
// Jester"), so the list shows the play once; "play jester" typed finds it.
func TestPickerOneJester(t *testing.T) {
	p := newPicker(i18n.English)
	p.reset([]string{"play JK1", "play JK2", "play 7H", "yield"})
	if got := strings.Join(p.legal, ","); got != "play JK1,play 7H,yield" {
		t.Errorf("the list holds %s", got)
	}
	view := ansi.Strip(p.view(60, 10))
	if strings.Count(view, "play Jester") != 1 || strings.Contains(view, "JK") {
		t.Errorf("the list reads:\n%s", view)
	}
	for _, typed := range []string{"play jester", "play jest", "play je", "play jk", "jester"} {
		p.input.SetValue(typed)
		if got := p.choice(); got != "play JK1" {
			t.Errorf("typed %q: enter would send %q", typed, got)
		}
	}
}

// TestQuitCommandOnItsOwnLine: with --save the quit dialog prints the
// command that goes on with the game outside its box, alone on a line
// from the first column.
func TestQuitCommandOnItsOwnLine(t *testing.T) {
	h := newHarness(t, "regicide", nil, 7, "human")
	h.size(80, 24)
	h.m.cfg.SavePath, h.m.cfg.KeepsOnQuit = "/tmp/my game's record.json", true
	h.key("q")
	want := ResumeCommand(h.m.cfg.SavePath, h.m.t.Seats())
	lines := strings.Split(h.screen(), "\n")
	found := false
	for _, l := range lines {
		if strings.TrimRight(l, " ") == want {
			found = true
		}
	}
	if !found {
		t.Fatalf("no line holds %q alone:\n%s", want, h.screen())
	}
}

// TestCommandLinesPasteBack lays long commands out at many widths: every
// line fits, and the lines pasted into a shell are the same words.
func TestCommandLinesPasteBack(t *testing.T) {
	seats := []table.SeatInfo{{Name: "seat 1", Kind: table.KindHuman},
		{Name: "seat 2", Kind: table.KindProgram, Bot: "cmd:python3 my agent's.py --deep"}}
	cmds := []string{
		ResumeCommand("/tmp/a-rather-long-folder-name/with/several/levels/of/folders/game.json", seats[:1]),
		ResumeCommand("/tmp/a game's record/with spaces/and 'quotes'/in its name é/game.json", seats),
		ResumeCommand("/tmp/"+strings.Repeat("x", 150)+".json", seats[:1]),
	}
	for _, cmd := range cmds {
		want := shellWords(t, cmd)
		for width := 12; width <= 100; width += 7 {
			lines := commandLines(cmd, width)
			for _, l := range lines {
				if ansi.StringWidth(l) > width {
					t.Fatalf("width %d: a line of %d cells: %q", width, ansi.StringWidth(l), l)
				}
			}
			if len(cmd) <= width && len(lines) != 1 {
				t.Errorf("width %d: a command that fits takes %d lines", width, len(lines))
			}
			if got := shellWords(t, strings.Join(lines, "\n")); strings.Join(got, "|") != strings.Join(want, "|") {
				t.Fatalf("width %d:\n%s\nreads back as %q, want %q", width, strings.Join(lines, "\n"), got, want)
			}
		}
	}
}

// shellWords is how sh reads the words of a command (a script, lines
// joined by backslashes).
func shellWords(t *testing.T, cmd string) []string {
	t.Helper()
	if out, err := exec.Command("sh", "-n", "-c", cmd).CombinedOutput(); err != nil {
		t.Fatalf("sh -n: %v\n%s\n%s", err, out, cmd)
	}
	out, err := exec.Command("sh", "-c", "set -- "+strings.TrimPrefix(cmd, "cardtable ")+"\nfor w; do printf '%s\\n' \"$w\"; done").Output()
	if err != nil {
		t.Fatalf("sh: %v\n%s", err, cmd)
	}
	return strings.Split(strings.TrimRight(string(out), "\n"), "\n")
}
