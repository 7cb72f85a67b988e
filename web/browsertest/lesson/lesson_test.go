package lesson_test

import (
	"fmt"
	"strings"
	"testing"

	"cardtable/i18n"
	"cardtable/tutorial"
	"cardtable/web/webtest"
)

// TestBrowserLessons plays every lesson in Chromium as a newcomer would:
// Watchtower and Regicide from the lobby's game cards on a laptop, War,
// Slap War and Watchtower again from the rules page on a phone; after
// Watchtower's lesson on the laptop, a real game against a bot to its
// end. At each of the learner's steps the panel names the step, says the
// step's words and the move it asks for, whose button or cards are
// outlined; the first step is first answered with another button, which
// is explained and changes nothing; the lesson ends with its closing
// words and the way to a real game. The lesson table passes axe.
func TestBrowserLessons(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	s := webtest.NewSite(t)
	for _, l := range tutorial.All() {
		t.Run(l.Name, func(t *testing.T) {
			tb := s.Tab(t)
			if l.Name == "watchtower" || l.Name == "regicide" {
				tb.Resize(webtest.Laptop)
				fromLobby(tb, l.Game)
			} else {
				tb.Resize(webtest.Phone)
				fromRules(tb, l.Game, l.Name)
			}
			playLesson(t, tb, l)
			if l.Name == "watchtower" {
				realGame(t, s, tb)
			}
		})
	}
	// Watchtower on a phone, from its rules page.
	t.Run("watchtower-phone", func(t *testing.T) {
		l, _ := tutorial.Lookup("watchtower")
		tb := s.Tab(t)
		tb.Resize(webtest.Phone)
		fromRules(tb, "watchtower", "watchtower")
		playLesson(t, tb, l)
	})
}

// realGame follows the lesson's "Play a real game" to the lobby, then
// plays Watchtower against the heuristic bot to its end (two rounds at
// most, then the forced showdown), as the person the lesson taught.
func realGame(t *testing.T, s *webtest.Site, tb *webtest.Tab) {
	tb.Click(".lesson-links a.button.primary")
	tb.Wait("the lobby", "document.querySelector('.game-card[data-game=watchtower]')")
	c := s.Create(t, webtest.One("watchtower", map[string]string{"max-rounds": "2"}, "human", "heuristic"))
	tb.Sit(c)
	for turn := 0; turn < 200; turn++ {
		tb.WaitPlaying("a turn or the end", "window.cardtableTable.shownLegal > 0 || document.querySelector('.end')")
		if webtest.Eval[bool](tb, "!!document.querySelector('.end')") {
			tb.Shot("watchtower-real-game-end")
			return
		}
		v := tb.Version()
		for _, sel := range []string{".blind button", "[data-action=done]", "[data-action=end]", "[data-action]"} {
			if webtest.Eval[bool](tb, fmt.Sprintf("!!document.querySelector(%q)", sel)) {
				tb.Click(sel)
				break
			}
		}
		tb.WaitPlaying("the move applied", fmt.Sprintf("window.cardtableTable.shown > %d || document.querySelector('.end')", v))
	}
	t.Fatal("the game against the bot did not end in 200 moves")
}

// fromLobby picks the game's card in the lobby and follows its lesson
// link.
func fromLobby(tb *webtest.Tab, game string) {
	tb.Open("/")
	tb.Wait("the game cards", fmt.Sprintf("document.querySelector('.game-card[data-game=%q]')", game))
	tb.Click(fmt.Sprintf(".game-card[data-game=%q]", game))
	tb.Wait("the lesson link", fmt.Sprintf("document.querySelector('a.learn-link[href=\"/learn/%s\"]')", game))
	tb.Shot("lobby-" + game)
	tb.Click("a.learn-link")
}

// fromRules opens the game's rules page and follows the guide's button
// (Slap War: the lessons' page, from the lobby's list of lessons).
func fromRules(tb *webtest.Tab, game, lesson string) {
	tb.Open("/rules/" + game)
	tb.Wait("the guide's button", fmt.Sprintf("document.querySelector('.guide a[href=\"/learn/%s\"]')", game))
	if lesson == game {
		tb.Click(".guide a.button")
		return
	}
	tb.Open("/learn/")
	tb.Wait("the lessons", fmt.Sprintf("document.querySelector('a[href=\"/learn/%s\"]')", lesson))
	tb.Click(fmt.Sprintf("a[href=\"/learn/%s\"]", lesson))
}

// calmSide names what a lesson's side panel should not offer (empty when
// it offers none of it).
const calmSide = `[...document.querySelectorAll('aside.side [data-life], aside.side .chat, aside.side .invites, aside.side textarea, aside.side input, aside.side > :not(.log) button')].map((e) => e.outerHTML.slice(0, 80)).join(' | ')`

// wrongFirst is a button each lesson's first step does not take (none in
// War, whose only move is to flip).
var wrongFirst = map[string]string{"watchtower": "done", "regicide": "yield", "slap-war": "slap"}

// flat is text with its runs of white space made one space.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

func playLesson(t *testing.T, tb *webtest.Tab, l *tutorial.Script) {
	en := i18n.English
	tb.Wait("the lesson table", "window.cardtableTable && window.cardtableTable.lesson.active && document.querySelector('.lesson-panel h2')")
	tb.Shot(l.Name + "-start")
	tb.Axe(l.Name + " lesson")
	// A lesson's side is calm: the seats and the log, no resigning,
	// aborting, leaving to a bot, inviting or chat.
	if got := webtest.Eval[string](tb, calmSide); got != "" {
		t.Errorf("%s lesson: the side panel offers %s", l.Name, got)
	}
	wrongTried := false
	for i, step := range l.Steps {
		if step.Seat != l.Learner {
			continue
		}
		v := l.Version(i)
		tb.Wait(fmt.Sprintf("step %d asked", i), fmt.Sprintf("window.cardtableTable.shownLegal > 0 && document.querySelector('.lesson-panel[data-version=\"%d\"][data-expect=%q]')", v, step.Do))
		panel := flat(tb.Text(".lesson-panel"))
		for _, want := range []string{en.T(step.Say[len(step.Say)-1]), fmt.Sprintf("step %d of %d", v+1, len(l.Steps))} {
			if !strings.Contains(panel, flat(want)) {
				t.Fatalf("step %d: the panel lacks %q:\n%s", i, want, panel)
			}
		}
		if !tb.Has(".lesson-expected") {
			t.Errorf("step %d: nothing outlined for %q", i, step.Do)
		}
		if w, ok := wrongFirst[l.Name]; ok && !wrongTried {
			wrongTried = true
			tb.Click(fmt.Sprintf("[data-action=%q]", w))
			tb.Wait("the wrong move explained", "document.querySelector('.lesson-wrong')")
			if got := tb.Version(); got != v {
				t.Fatalf("a wrong move changed the table: version %d, want %d", got, v)
			}
			if step.Wrong != "" && !strings.Contains(flat(tb.Text(".lesson-wrong")), flat(en.T(step.Wrong))) {
				t.Errorf("the explanation lacks the step's own words %q: %q", en.T(step.Wrong), tb.Text(".lesson-wrong"))
			}
			tb.Shot(l.Name + "-wrong")
		}
		play(tb, l.Game, step.Do)
	}
	tb.Wait("the lesson's end", "document.querySelector('.lesson-panel[data-done=true] .lesson-links')")
	panel := flat(tb.Text(".lesson-panel"))
	for _, id := range l.End {
		if !strings.Contains(panel, flat(en.T(id))) {
			t.Errorf("the end lacks %q:\n%s", en.T(id), panel)
		}
	}
	tb.Shot(l.Name + "-end")
	tb.NoOverflow(l.Name + " lesson end")
}

// play makes move as a person: Regicide's plays and discards by clicking
// the cards in the hand then the bar's button; any other move by its
// button.
func play(tb *webtest.Tab, game, move string) {
	tb.T.Helper()
	sel := fmt.Sprintf("[data-action=%q]", move)
	if game == "regicide" {
		tb.Choose(move)
	} else {
		tb.Wait("the button "+move, fmt.Sprintf("document.querySelector(%q)", sel))
		tb.Click(sel)
	}
}

// TestBrowserGuide opens each rules page at a phone's and a laptop's
// width: the guide's example is drawn with the table's cards (every card
// token replaced by a drawn card keeping its name), nothing scrolls
// sideways, axe passes; the full rules are folded, and an address into
// them opens the fold.
func TestBrowserGuide(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	s := webtest.NewSite(t)
	tb := s.Tab(t)
	for _, sz := range []webtest.Size{webtest.Laptop, webtest.Phone} {
		tb.Resize(sz)
		for _, game := range []string{"watchtower", "regicide", "war"} {
			tb.Open("/rules/" + game)
			tb.Wait("the guide's cards drawn", "document.querySelector('.guide svg.guide-card') && !document.querySelector('.guide [data-card]')")
			if n := webtest.Eval[int](tb, "[...document.querySelectorAll('.guide svg.guide-card')].filter((c) => !c.getAttribute('aria-label')).length"); n != 0 {
				t.Errorf("%s: %d drawn cards without a name", game, n)
			}
			if webtest.Eval[bool](tb, "document.querySelector('details.full-rules').open") {
				t.Errorf("%s: the full rules are not folded", game)
			}
			tb.NoOverflow(game + " guide " + sz.Name)
			tb.Shot("guide-" + game + "-" + sz.Name)
			tb.Axe(game + " guide " + sz.Name)
		}
	}
	id := webtest.Eval[string](tb, "document.querySelector('.full-rules .md h2[id]').id")
	tb.Open("/rules/war#" + id)
	tb.Wait("the fold opened by the address", "document.querySelector('details.full-rules').open")
}
