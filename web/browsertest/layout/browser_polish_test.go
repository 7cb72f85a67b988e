package layout_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"cardtable/table"
	"cardtable/web/webtest"
)

// TestBrowserPolish holds the second round of issue 19's checks: text that
// scales with the browser's font size, the rules' options on a phone,
// seats named as people read them, Watchtower's zone explanations as
// bubbles, and what a person reads playing each game.
func TestBrowserPolish(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	s := webtest.NewSite(t)
	t.Run("LargeFont", func(t *testing.T) { testLargeFont(t, s) })
	t.Run("PhoneLargeFont", func(t *testing.T) { testPhoneLargeFont(t, s) })
	t.Run("BoardMovesOnAPhone", func(t *testing.T) { testBoardMovesOnAPhone(t, s) })
	t.Run("RulesOptionsOnAPhone", func(t *testing.T) { testRulesOptionsOnAPhone(t, s) })
	t.Run("SeatNames", func(t *testing.T) { testSeatNames(t, s) })
	t.Run("ZoneBubbles", func(t *testing.T) { testZoneBubbles(t, s) })
	t.Run("TavernKnown", func(t *testing.T) { testTavernKnown(t, s) })
}

// testTavernKnown: when Hearts has healed cards under the Tavern, its
// chip says how many of its cards are known and opens to say where they
// are in words, with the cards drawn — not "bottom 27 from …"; the known
// cards of Watchtower's barracks are counted from its top in words.
func testTavernKnown(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)
	healed := webtest.Moment(t, "regicide", map[string]string{"players": "1"}, func(x *table.Table) bool {
		var v struct {
			Under int `json:"recycled_at_bottom"`
		}
		return webtest.Seat0(x, webtest.Prefix("play")) && json.Unmarshal(webtest.MustJSON(t, x.View(0)), &v) == nil && v.Under > 0
	})
	tb.Show(healed...)
	tb.Wait("the Tavern's chip", "document.querySelector('details.tavern summary')")
	if got := tb.Text("details.tavern summary"); !strings.Contains(got, "known") {
		t.Errorf("the Tavern's chip reads %q", got)
	}
	tb.Click("details.tavern summary")
	text := tb.Text("details.tavern")
	n := webtest.Eval[int](tb, "document.querySelectorAll('details.tavern svg.card').length")
	if !strings.Contains(text, "At the bottom, in an order nobody knows") || !strings.Contains(text, "Hearts healed") || n == 0 || strings.Contains(text, "from") {
		t.Errorf("the open Tavern reads %q with %d cards drawn", text, n)
	}
	tb.Resize(webtest.Phone)
	tb.NoOverflow("the open Tavern at phone")
	tb.Shot("tavern-known-phone")
	tb.Resize(webtest.Laptop)

	// Watchtower's barracks: the cards a seat knows in it are a count
	// that opens on their places counted from its top in words ("3rd:
	// 7♣", a run "33rd–34th: 2♦ 2♣"), not "3: 7♣".
	known := webtest.Moment(t, "watchtower", map[string]string{"players": "2"}, func(x *table.Table) bool {
		var v struct {
			Known []json.RawMessage `json:"barracks_known"`
		}
		return webtest.Seat0(x, func(string) bool { return true }) && json.Unmarshal(webtest.MustJSON(t, x.View(0)), &v) == nil && len(v.Known) > 0
	})
	tb.Show(known...)
	tb.Wait("the barracks' known cards", "document.querySelector('.wt-header details.known summary')")
	if got := tb.Text(".wt-header details.known summary"); !regexp.MustCompile(`^\d+ cards? known in the barracks$`).MatchString(got) {
		t.Errorf("the barracks' known cards are summed up as %q", got)
	}
	tb.Click(".wt-header details.known summary")
	line := tb.Text(".known-runs li")
	if !regexp.MustCompile(`^\d+(st|nd|rd|th)(–\d+(st|nd|rd|th))?: `).MatchString(line) || regexp.MustCompile(`\d: `).MatchString(line) {
		t.Errorf("the barracks' known cards read %q", line)
	}
}

// twoColumns reports whether the table page lays its side panels beside
// the board (a laptop's layout) rather than under it.
const twoColumns = `(() => { const m = document.querySelector('.main-col'), s = document.querySelector('aside.side'); return !!m && !!s && s.getBoundingClientRect().top < m.getBoundingClientRect().bottom - 1; })()`

// testLargeFont raises Chromium's default font size to 32 px (a person's
// setting, as chrome://settings/fonts does) on a 1280×800 laptop: the page
// takes the phone's one-column layout, as the text is twice the size, the
// action that matters stays inside the window, nothing overflows its
// panel; the lobby and the rules read whole too, no text running out of
// its box. At Chromium's own 16 px the same window has two columns.
func testLargeFont(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)
	tb.Resize(webtest.Laptop)
	moments := keyMoments(t)
	pick := map[string]bool{"war-slap-window": true, "regicide-play": true, "regicide-discard": true, "watchtower-turn": true, "watchtower-showdown": true}
	for _, px := range []int64{16, 32} {
		tb.FontSize(px)
		for _, m := range moments {
			if !pick[m.name] {
				continue
			}
			where := fmt.Sprintf("%s at %d px", m.name, px)
			tb.Show(m.msgs...)
			tb.Wait("the drawn moment", "window.cardtableTable.shown >= 0 && document.querySelector('.board')")
			if got := webtest.Eval[string](tb, "getComputedStyle(document.documentElement).fontSize"); got != fmt.Sprintf("%dpx", px) {
				t.Fatalf("%s: the page's font size is %s", where, got)
			}
			if m.setup != nil {
				m.setup(tb)
			}
			tb.Wait(m.name+"'s action", "document.querySelector(`"+m.action+"`)")
			if two := webtest.Eval[bool](tb, twoColumns); two != (px == 16) {
				t.Errorf("%s: two columns %v on a 1280 px window", where, two)
			}
			tb.InViewport(where, m.action)
			tb.NoOverflow(where)
			for _, bad := range webtest.Eval[[]string](tb, textOutOfBox) {
				t.Errorf("%s: %s", where, bad)
			}
			tb.Shot(fmt.Sprintf("font-%d-%s", px, m.name))
		}
	}
	for _, page := range []string{"/", "/rules/watchtower"} {
		tb.Open(page)
		tb.Wait("the page", "document.querySelector('main')")
		tb.NoOverflow(page + " at 32 px")
		for _, bad := range webtest.Eval[[]string](tb, textOutOfBox) {
			t.Errorf("%s at 32 px: %s", page, bad)
		}
		tb.Shot("font-32-page" + strings.ReplaceAll(page, "/", "-"))
	}
	tb.FontSize(16)
}

// textOutOfBox lists the boxes whose own text is wider than they are, and
// so runs over what stands beside them (a word too long for a grid cell).
const textOutOfBox = `[...document.querySelectorAll('main *, header *')].filter((el) => {
	if (el.closest('svg, input, select, textarea, .scroll-x') || el.clientWidth === 0) return false;
	if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) return false;
	const cs = getComputedStyle(el);
	return cs.overflowX === 'visible' && el.scrollWidth > el.clientWidth + 1;
}).map((el) => el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : '') + ' "' + el.textContent.trim().slice(0, 30) + '": ' + el.scrollWidth + ' px of text in ' + el.clientWidth)`

// testRulesOptionsOnAPhone opens a Slap War table's rules at 390×844: each
// option is a card of its own — what it does takes the card's whole width,
// its usual value, what it accepts and its value at the table come under
// it, labelled — nothing scrolls sideways or overflows, and axe-core is
// satisfied. On a laptop the options stay a table.
func testRulesOptionsOnAPhone(t *testing.T, s *webtest.Site) {
	c := s.Create(t, webtest.One("war", map[string]string{"slap": "5"}, "human", "heuristic"))
	tb := s.Tab(t)
	tb.Resize(webtest.Phone)
	tb.Open("/rules/war?table=" + c.ID)
	tb.Wait("the options", "document.querySelector('.options-table tr[data-option=slap]')")
	tb.Do(chromedp.Evaluate[chromedp.Void]("document.getElementById('options').scrollIntoView()"))
	cramped := webtest.Eval[[]string](tb, `[...document.querySelectorAll('.options-table tbody tr')].flatMap((tr) => {
		const row = tr.getBoundingClientRect(), help = tr.querySelector('td.help').getBoundingClientRect();
		const usual = tr.querySelector('td[data-label=usual]').getBoundingClientRect();
		const out = [];
		if (help.width < 0.8 * row.width) out.push(tr.dataset.option + ": what it does is " + Math.round(help.width) + " px of " + Math.round(row.width));
		if (usual.top < help.bottom - 1) out.push(tr.dataset.option + ": its usual value is beside what it does, not under it");
		return out;
	})`)
	for _, c := range cramped {
		t.Errorf("at 390 px %s", c)
	}
	if got := tb.Text("tr[data-option=slap] td.in-force"); !strings.Contains(got, "5") {
		t.Errorf("the slap option's value at this table reads %q", got)
	}
	if label := webtest.Eval[string](tb, "getComputedStyle(document.querySelector('tr[data-option=slap] td.in-force'), '::before').content"); !strings.Contains(label, "this table") {
		t.Errorf("the value at this table is labelled %s", label)
	}
	if scrolls := webtest.Eval[bool](tb, "(() => { const r = document.querySelector('.scroll-x'); return r.scrollWidth > r.clientWidth + 1; })()"); scrolls {
		t.Errorf("the options scroll sideways on a phone")
	}
	tb.NoOverflow("the rules' options at 390 px")
	tb.Do(chromedp.Evaluate[chromedp.Void]("document.querySelector('tr[data-option=slap]').scrollIntoView()"))
	tb.WindowShot("rules-options-phone")
	tb.Axe("the rules' options on a phone")
	tb.Resize(webtest.Laptop)
	if !webtest.Eval[bool](tb, "(() => { const tr = document.querySelector('.options-table tbody tr'); return document.querySelector('.options-table thead').offsetHeight > 0 && tr.querySelector('td.help').getBoundingClientRect().top === tr.querySelector('td[data-label=usual]').getBoundingClientRect().top; })()") {
		t.Errorf("on a laptop the options are not a table")
	}
	tb.Shot("rules-options-laptop")
}

// testSeatNames checks how the pages write seats: a table whose seats
// have no names (a record played at the terminal names them "seat 1", …)
// writes "Seat 2", numbered from 1, on the go-next buttons of Regicide
// and everywhere else; with names, the names. At each game's key moments
// no engine words show (engineWords).
func testSeatNames(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)
	hello, turn := webtest.JesterTurn(t, "next ")
	check := func(names []string) {
		t.Helper()
		tb.Show(hello, turn)
		tb.Wait("the drawn turn", "window.cardtableTable.shownLegal > 0")
		for _, a := range turn.Legal {
			var n int
			fmt.Sscanf(a, "next %d", &n)
			want := names[n] + " goes next"
			if n == 0 {
				want = names[n] + " (you) goes next"
			}
			if got := webtest.Eval[string](tb, fmt.Sprintf("(document.querySelector('[data-action=%q]') || {}).textContent || ''", a)); got != want {
				t.Errorf("the button of %q reads %q, want %q", a, got, want)
			}
		}
		if bad := webtest.Eval[string](tb, webtest.LowSeat); bad != "" {
			t.Errorf("the page writes a seat as %q", bad)
		}
		tb.Shot("seat-names-" + names[1])
	}
	check([]string{"Seat 1", "Seat 2", "Seat 3"})
	for i, n := range []string{"alice", "bob", "carol"} {
		hello.Seats[i].Name = n
	}
	check([]string{"alice", "bob", "carol"})
	// Bots' seats (the server names them "heuristic (seat 2)") read as the
	// bot in the lobby's words, numbered only when two seats hold one bot.
	hello.Seats[1].Name, hello.Seats[2].Name = "heuristic (seat 2)", "heuristic (seat 3)"
	check([]string{"alice", "Standard bot (Seat 2)", "Standard bot (Seat 3)"})
	hello.Seats[1].Name = "expert (seat 2)"
	check([]string{"alice", "Best bot", "Standard bot"})
	for _, m := range keyMoments(t) {
		tb.Show(m.msgs...)
		tb.Wait("the drawn moment", "window.cardtableTable.shown >= 0 && document.querySelector('.board')")
		if bad := webtest.Eval[string](tb, webtest.LowSeat); bad != "" {
			t.Errorf("%s: the page writes a seat as %q", m.name, bad)
		}
		if bad := webtest.Eval[string](tb, engineWords); bad != "" {
			t.Errorf("%s: the page reads %q", m.name, bad)
		}
	}
}

// engineWords finds what an engine writes and a person should not read: a
// count of one in the plural ("1 tricks", "2 card(s)"), a Go duration
// ("1m0s"), an action in notation ("play AC").
const engineWords = `(() => {
	const t = document.body.innerText;
	const m = /\b1 (army )?(cards|tricks|enemies|battles|wars|turns|rounds|players|powers)\b|\(s\)|\b\d+[hm]0s\b|\b(play|discard|challenge|place|burn|flip) (10|[2-9JQKA])[CDHS]\b/.exec(t);
	return m ? t.slice(Math.max(0, m.index - 40), m.index + 40) : "";
})()`

// bubbleState says where the open zone explanation is: "" when it lies
// whole inside the window and clear of the action bar, else what is wrong.
const bubbleState = `(() => {
	const open = [...document.querySelectorAll('.zone-tip')].filter((t) => t.offsetHeight > 0);
	if (open.length !== 1) return open.length + " bubbles open";
	const r = open[0].getBoundingClientRect(), bar = document.querySelector('.action-bar').getBoundingClientRect();
	const w = document.documentElement.clientWidth;
	if (r.left < 0 || r.right > w || r.top < 0 || r.bottom > innerHeight) return "at " + [r.left, r.top, r.right, r.bottom].map(Math.round) + " in a " + w + "x" + innerHeight + " window";
	if (r.bottom > bar.top && r.top < bar.bottom) return "under the action bar";
	return "";
})()`

// layout is where the board's parts are: opening a bubble moves none.
const layout = `JSON.stringify([...document.querySelectorAll('.wt-player, .wt-header, .how-to-win')].map((e) => { const r = e.getBoundingClientRect(); return [Math.round(r.top + scrollY), Math.round(r.height)]; }))`

// testZoneBubbles checks Watchtower's zone explanations on a phone and a
// laptop: each label's explanation opens on a tap as a bubble over the
// board (the layout under it does not move) that lies inside the window,
// clear of the action bar; a second tap, Escape or the focus leaving
// closes it; hovering opens nothing; the keyboard's focus opens it; a
// screen reader hears it as the button's description; a redraw keeps it
// open; axe-core is satisfied with it open.
func testZoneBubbles(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)
	var turn []any
	for _, m := range keyMoments(t) {
		if m.name == "watchtower-turn" {
			turn = m.msgs
		}
	}
	for _, sz := range []webtest.Size{webtest.Phone, webtest.Laptop} {
		tb.Resize(sz)
		tb.Show(turn...)
		tb.Wait("the zones", "document.querySelectorAll('button.zone').length > 8")
		n := webtest.Eval[int](tb, "document.querySelectorAll('button.zone').length")
		before := webtest.Eval[string](tb, layout)
		for i := 1; i <= n; i++ {
			b := fmt.Sprintf("(document.querySelectorAll('button.zone')[%d])", i-1)
			sel := fmt.Sprintf("[data-focus=%q]", webtest.Eval[string](tb, b+".dataset.focus"))
			tb.Click(sel)
			tb.Wait("the bubble open", b+".getAttribute('aria-expanded') === 'true'")
			if bad := webtest.Eval[string](tb, bubbleState); bad != "" {
				tb.WindowShot(fmt.Sprintf("bubble-%s-%d", sz.Name, i))
				t.Errorf("%s: zone %d's bubble: %s", sz.Name, i, bad)
			}
			if got := webtest.Eval[string](tb, layout); got != before {
				t.Errorf("%s: opening zone %d's bubble moved the board: %s, was %s", sz.Name, i, got, before)
			}
			if i == 1 || i == n {
				tb.WindowShot(fmt.Sprintf("bubble-%s-%d", sz.Name, i))
			}
			tb.NoOverflow(fmt.Sprintf("%s: zone %d's bubble", sz.Name, i))
			tb.Click(sel)
			tb.Wait("a second tap closes it", "!document.querySelector('.zone-tip.open')")
		}
		first := "[data-focus=" + webtest.Eval[string](tb, "document.querySelector('button.zone').dataset.focus") + "]"
		name, desc := tb.Accessible(first)
		tip := webtest.Eval[string](tb, "document.getElementById(document.querySelector('button.zone').getAttribute('aria-describedby')).textContent")
		if desc != tip || tip == "" || !strings.HasPrefix(name, "") {
			t.Errorf("%s: a screen reader hears the zone %q described as %q; its bubble says %q", sz.Name, name, desc, tip)
		}
		tb.Click(first)
		tb.Wait("open", "document.querySelector('.zone-tip.open')")
		tb.Do(chromedp.Evaluate[chromedp.Void]("window.cardtableTable.draw()"))
		if !tb.Has(".zone-tip.open") {
			t.Errorf("%s: a redraw closed the bubble", sz.Name)
		}
		tb.Axe(sz.Name + " zone bubble open")
		tb.Key(kb.Escape)
		tb.Wait("Escape closes it", "!document.querySelector('.zone-tip.open')")
		if !webtest.Eval[bool](tb, "document.activeElement.matches('button.zone')") {
			t.Errorf("%s: after Escape the focus left the zone", sz.Name)
		}
		tb.Click(first)
		tb.Wait("open", "document.querySelector('.zone-tip.open')")
		tb.Click(".wt-header .pile-count")
		tb.Wait("the focus leaving closes it", "!document.querySelector('.zone-tip.open')")
	}
	// Hovering opens nothing; the keyboard's focus does.
	tb.Do(chromedp.Evaluate[chromedp.Void]("document.querySelector('button.zone').scrollIntoView({block: 'center'})"))
	box := webtest.Eval[[]float64](tb, "(() => { const r = document.querySelector('button.zone').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()")
	tb.Do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, box[0], box[1]))
	if tb.Has(".zone-tip.open") {
		t.Errorf("hovering a zone opens its bubble")
	}
	tb.Do(chromedp.Evaluate[chromedp.Void]("document.activeElement.blur(); window.scrollTo(0, 0)"))
	tb.TabTo("button.zone")
	tb.Wait("focus opens it", "document.querySelector('.zone-tip.open')")
	if bad := webtest.Eval[string](tb, bubbleState); bad != "" {
		t.Errorf("the bubble opened by the keyboard: %s", bad)
	}
	tb.WindowShot("bubble-keyboard")
	tb.Key(kb.Tab)
	tb.Wait("Tab on closes it", "!document.querySelector('.zone-tip.open') || document.activeElement.matches('button.zone')")
}
