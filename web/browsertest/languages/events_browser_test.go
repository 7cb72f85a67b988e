package languages_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/testclock"
	"cardtable/web/webtest"
)

// dana is a player whose name is Hebrew and ends in a digit: in an
// English sentence it must keep its own direction (the digit stays with
// the name), and the Latin "bob" in a Hebrew one.
const dana = "דנה 2"

// TestBrowserTableEventsInEachLanguage plays a live War table between
// dana (Hebrew name) and bob in English: bob's time runs out and a bot
// plays on for him, he takes his seat back, dana resigns, bob asks for a
// rematch and dana declines. Dana's English log and result hold her name
// in a <bdi> of its own, right to left, at a laptop's and a phone's size
// (no overflow, axe clean). Then the finished game's replay, at its last
// step, says every one of those table events in Hebrew and Welsh (as
// package i18n writes their messages, the names each in a <bdi>) at both
// sizes, and in the pseudo-locale holds no untranslated text.
func TestBrowserTableEventsInEachLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	clk := testclock.New(time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC))
	s := webtest.NewSite(t, func(c *server.Config) { c.Clock = clk })
	req := webtest.One("war", nil, "human", "human")
	req["name"] = dana
	req["settings"] = map[string]string{"pace": "live", "move": "20s", "reserve": "30s"}
	c := s.Create(t, req)
	d := s.Tab(t)
	d.ChooseLanguage("en")
	d.Sit(c)
	bob := s.Join(t, c, 1, "bob", "he")
	d.Wait("the clocks", "document.querySelectorAll('.clocks .clock').length === 2")
	d.WaitPlaying("a flip offered", "window.cardtableTable.s.legal.includes('flip')")
	d.Act("[data-action=flip]")
	d.Wait("bob's clock running", "document.querySelector('.clock[data-seat=\"1\"].running')")
	clk.Advance(51 * time.Second)
	bob.Wait("take my seat back", "document.querySelector('[data-life=take-back]')")
	bob.Click("[data-life=take-back]")
	logSays(d, "bob took the seat back from the bot")
	d.Click("[data-life=resign]")
	d.Click("[data-life=resign-yes]")
	bob.Wait("the result", "document.querySelector('.end') && document.querySelector('[data-life=rematch]')")
	bob.Click("[data-life=rematch]")
	d.Wait("the rematch asked", "document.querySelector('[data-life=rematch-decline]')")
	d.Click("[data-life=rematch-decline]")
	logSays(d, dana+" declined the rematch")

	// Dana's own page, in English: her name in every sentence of the log
	// and the result is a <bdi>, resolved right to left.
	for _, want := range []string{"bob's time ran out", dana + " resigned"} {
		logSays(d, want)
	}
	for _, sz := range []webtest.Size{webtest.Laptop, webtest.Phone} {
		d.Resize(sz)
		where := "dana's English table at the end, " + sz.Name
		names := webtest.Eval[[]string](d, `[...document.querySelectorAll('.log-lines bdi, .end bdi')].map((b) => b.textContent + (b.matches(':dir(rtl)') ? ' rtl' : ' ltr') + (b.getAttribute('translate') === 'no' ? '' : ' translated'))`)
		if !containsAll(names, dana+" rtl", "bob ltr") {
			t.Errorf("%s: the names in the log and the result are %q; want %q and %q in <bdi translate=no>", where, names, dana+" rtl", "bob ltr")
		}
		d.NoOverflow(where)
		d.Axe(where)
		d.Shot("table-events-en-" + sz.Name)
	}

	// Bob's page, in Hebrew: the same events in Hebrew, as package i18n
	// writes them, dana's name right to left and his own left to right.
	he := i18n.For("he").WithSeats(func(seat int) string { return []string{dana, "bob"}[seat] })
	for _, m := range []engine.Msg{engine.Say("table.event.timeout", engine.SeatArg("seat", 1)), engine.Say("table.event.takeback", engine.SeatArg("seat", 1)),
		engine.Say("table.event.end.resigned", engine.SeatArg("seat", 0)), engine.Say("table.event.rematch-decline", engine.SeatArg("seat", 0))} {
		logSays(bob, he.Say(m))
	}
	if got, want := bob.Text(".end p"), he.T("web.analysis.sentence", engine.TextArg("text", he.T("table.end.resigned", engine.SeatArg("seat", 0)))); got != want {
		t.Errorf("bob's Hebrew result says %q, want %q", got, want)
	}
	for _, sz := range []webtest.Size{webtest.Phone, webtest.Laptop} {
		bob.Resize(sz)
		where := "bob's Hebrew table at the end, " + sz.Name
		if names := webtest.Eval[[]string](bob, `[...document.querySelectorAll('.log-lines bdi')].map((b) => b.textContent + (b.matches(':dir(rtl)') ? ' rtl' : ' ltr'))`); !containsAll(names, dana+" rtl", "bob ltr") {
			t.Errorf("%s: the names in the log are %q", where, names)
		}
		bob.NoOverflow(where)
		bob.Axe(where)
		bob.Shot("table-events-he-" + sz.Name)
	}

	// The replay at its last step, every table event in the reader's
	// language as package i18n writes it.
	rep := replayOf(t, s, c.ID)
	r := s.Tab(t)
	for _, l := range []i18n.Language{lang("he"), lang("cy"), lang(i18n.Pseudo)} {
		sizes := []webtest.Size{webtest.Laptop, webtest.Phone}
		if l.Code == i18n.Pseudo {
			sizes = sizes[1:]
		}
		for _, sz := range sizes {
			where := fmt.Sprintf("the replay's events in %s, %s", l.Code, sz.Name)
			r.Resize(sz)
			r.Open(fmt.Sprintf("/replay/%s?lang=%s#step=%d", c.ID, l.Code, rep.Steps))
			r.Wait("the last step's events", fmt.Sprintf("document.querySelectorAll('.table-events li').length === %d", len(rep.Events)))
			speaks(t, r, l, where)
			got := webtest.Eval[[]string](r, "[...document.querySelectorAll('.table-events li em')].map((e) => e.textContent)")
			want := eventWords(t, l.Code, rep)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s:\n%s\nwant\n%s", where, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if l.Dir == "rtl" {
				if names := webtest.Eval[[]string](r, `[...document.querySelectorAll('.table-events bdi')].map((b) => b.textContent + (b.matches(':dir(ltr)') ? ' ltr' : ' rtl'))`); !containsAll(names, "bob ltr", dana+" rtl") {
					t.Errorf("%s: the names in the events are %q; want bob left to right and %s right to left, each a <bdi>", where, names, dana)
				}
				mirrored(t, r, l, sz, where)
			}
			r.NoOverflow(where)
			r.Axe(where)
			if l.Code == i18n.Pseudo {
				r.Untranslated(where, "", dana, "bob")
			}
			r.Do(chromedp.Evaluate[chromedp.Void]("document.querySelector('.table-events').scrollIntoView()"))
			r.WindowShot(fmt.Sprintf("replay-events-%s-%s", l.Code, sz.Name))
		}
	}
}

// eventWords are the replay's table events as package i18n writes them
// in language code, the seats by their names and the bot as the pages name
// the default one ("Standard bot"); chat lines are left out.
func eventWords(t *testing.T, code string, rep api.Replay) []string {
	t.Helper()
	p := i18n.For(code).WithSeats(func(seat int) string { return rep.Seats[seat].Name })
	var out []string
	kinds := map[string]bool{}
	for _, e := range rep.Events {
		if e.TextI18n == nil {
			t.Fatalf("the replay's %s event has no message", e.Kind)
		}
		kinds[e.Kind] = true
		m := *e.TextI18n
		for i, a := range m.Args {
			if a.Name == "bot" {
				m.Args[i].Text = p.T("web.seat.bot", engine.TextArg("level", p.T("web.bot.war.heuristic.level")))
			}
		}
		out = append(out, p.Say(m))
	}
	for _, k := range []string{"clock-start", "timeout", "takeover", "takeback", "end", "rematch-offer", "rematch-decline"} {
		if !kinds[k] {
			t.Errorf("the replay has no %s event: %v", k, kinds)
		}
	}
	return out
}

// replayOf reads table id's replay from the API.
func replayOf(t *testing.T, s *webtest.Site, id string) api.Replay {
	t.Helper()
	res, err := http.Get(s.URL + "/api/tables/" + id + "/replay")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var rep api.Replay
	if err := json.NewDecoder(res.Body).Decode(&rep); err != nil {
		t.Fatal(err)
	}
	return rep
}

// logSays waits for a line of the table's log that reads text (the names
// in it unmarked).
func logSays(tb *webtest.Tab, text string) {
	tb.T.Helper()
	tb.Wait("the log saying "+text, fmt.Sprintf("[...document.querySelectorAll('.log-lines li')].some((li) => li.textContent.includes(%q))", text))
}

func lang(code string) i18n.Language {
	for _, l := range locales() {
		if l.Code == code {
			return l
		}
	}
	panic("no language " + code)
}

func containsAll(have []string, want ...string) bool {
	for _, w := range want {
		found := false
		for _, h := range have {
			found = found || h == w
		}
		if !found {
			return false
		}
	}
	return true
}
