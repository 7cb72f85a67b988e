package analysis_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"cardtable/analysis"
	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/store"
	"cardtable/web/webtest"
)

// lostSeed is a solo Regicide deal the heuristic loses in 46 actions
// (game 0 of `cardtable sim regicide --seed 3 --bot heuristic`), with a
// losing move the solver settles and the expert's marks.
const lostSeed = 2092789425003139053

// storeLostGame writes that game, played by the heuristic for Ann, into
// the site's store as finished table id.
func storeLostGame(t *testing.T, st store.Store, id string) {
	t.Helper()
	g := regicide.Game{}
	opts := engine.MustResolve(g, nil)
	s, err := g.New(opts, engine.Setup{Seed: lostSeed})
	if err != nil {
		t.Fatal(err)
	}
	bot, err := bots.New("heuristic", g, opts, nil, engine.BotSeed(lostSeed, 0))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	now := time.Now()
	if err := st.CreateTable(ctx, store.Table{ID: id, Game: "regicide", Options: opts.Map(), Seed: lostSeed, Created: now,
		Seats: []store.Seat{{Name: "Ann", Kind: "human", Invite: "i"}}}); err != nil {
		t.Fatal(err)
	}
	for i := 0; !s.Terminal(); i++ {
		a := bot.Act(s, 0)
		if err := st.Append(ctx, id, store.Action{Seq: i, Seat: 0, Action: s.ActionString(a), At: now}); err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(0, a); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Finish(ctx, id, s.Result(), now); err != nil {
		t.Fatal(err)
	}
}

// analysedReplay opens the replay of the stored lost game at size sz (in
// language lang, "" for the default), asks for its analysis with the
// page's button and waits for the graph.
func analysedReplay(t *testing.T, sz webtest.Size, lang string) (*webtest.Site, *webtest.Tab, *analysis.Document) {
	t.Helper()
	s := webtest.NewSite(t)
	storeLostGame(t, s.Store, "lost")
	tb := s.Tab(t)
	tb.Resize(sz)
	path := "/replay/lost"
	if lang != "" {
		path += "?lang=" + lang
	}
	tb.Open(path)
	tb.Wait("the button that asks for the analysis", "document.querySelector('#analyse')")
	tb.Click("#analyse")
	tb.Wait("the analysis under way", "document.querySelector('.analysis [role=status], .analysis-graph')")
	doc := webtest.WaitForAnalysis(t, s.URL+"/api/tables/lost/analysis")
	tb.Wait("the graph", "document.querySelector('.analysis-graph polyline')")
	return s, tb, doc
}

// TestBrowserAnalysis: on the replay page of a lost game, the analysis is
// asked for with a button, and its graph draws one dot per marked
// decision; clicking the losing move's dot, or focusing a dot and pressing
// Enter, goes to that step, whose findings the panel spells out. Shot on a
// laptop and a phone; axe-core and the overflow check pass.
func TestBrowserAnalysis(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	s, tb, doc := analysedReplay(t, webtest.Laptop, "")
	dots := 0
	var marked []int
	for _, p := range doc.Graph.Points {
		if p.Mark != "" || p.Losing {
			dots++
			marked = append(marked, p.Step)
		}
	}
	losing := doc.Hindsight.LosingStep
	if losing == 0 || dots < 2 {
		t.Fatalf("the game's analysis has losing step %d and %d marks; the test wants both", losing, dots)
	}
	if got := webtest.Eval[int](tb, "document.querySelectorAll('.analysis-graph .mark-dot').length"); got != dots {
		t.Errorf("%d dots on the graph for %d marked decisions", got, dots)
	}
	tb.Click(".mark-dot.losing")
	tb.Wait("the losing step", fmt.Sprintf("document.getElementById('step').textContent.startsWith('Step %d of ')", losing))
	if text := tb.Text("#analysis-step"); !strings.Contains(text, "THE LOSING MOVE") || !strings.Contains(text, fmt.Sprintf("Step %d", losing)) {
		t.Errorf("at the losing move the panel says %q", text)
	}
	// Every move in the panel is a sentence with its cards drawn: no
	// notation ("play 7C"), no card code, in the step line, the losing
	// move's line and the winning line.
	webtest.Eval[bool](tb, "(document.querySelector('.hindsight details').open = true, true)")
	if bad := webtest.Eval[string](tb, `(() => { const t = document.querySelector('.analysis').innerText; const m = /\b(play|discard|yield|next)\b [0-9JQKA]|\b(10|[2-9JQKA])[CDHS]\b/.exec(t); return m ? t.slice(Math.max(0, m.index - 40), m.index + 40) : ""; })()`); bad != "" {
		t.Errorf("the analysis writes a move in notation: %q", bad)
	}
	if line := tb.Text(".hindsight p"); !strings.Contains(line, " played ") && !strings.Contains(line, " discarded ") {
		t.Errorf("the losing move reads %q", line)
	}
	first := marked[0]
	if first == losing {
		first = marked[1]
	}
	tb.Do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf("document.querySelector('.mark-dot[data-step=\"%d\"]').focus()", first)))
	tb.Do(chromedp.KeyEvent("\r"))
	tb.Wait("the focused mark's step", fmt.Sprintf("document.getElementById('step').textContent.startsWith('Step %d of ')", first))
	if !tb.Has(fmt.Sprintf(".mark-dot.current[data-step=\"%d\"]", first)) {
		t.Error("the dot of the step shown is not marked current")
	}
	if summary := tb.Text(".analysis-summary"); !strings.Contains(summary, fmt.Sprintf("turning point step %d", losing)) {
		t.Errorf("the summary says %q", summary)
	}
	tb.Axe("replay with its analysis")
	tb.NoOverflow("replay with its analysis")
	tb.Shot("analysis-laptop")
	tb.Resize(webtest.Phone)
	tb.Open("/")
	tb.Open(fmt.Sprintf("/replay/lost#step=%d", losing))
	tb.Wait("the graph on a phone", "document.querySelector('.analysis-graph .mark-dot.losing')")
	tb.Do(chromedp.Evaluate[chromedp.Void]("document.querySelector('.analysis').scrollIntoView()"))
	if w := webtest.Eval[float64](tb, "document.querySelector('.analysis-graph').viewBox.baseVal.width / document.querySelector('.analysis-graph').getBoundingClientRect().width"); w > 1.1 {
		t.Errorf("the phone's graph is drawn %.2f times smaller than its drawing: its dots are too small to tap", w)
	}
	tb.NoOverflow("the analysis on a phone")
	tb.Shot("analysis-phone")
	// A tap on the phone's touch screen goes there too.
	tb.Do(chromedp.Evaluate[chromedp.Void]("history.replaceState(null, '', '#step=0')"), chromedp.Navigate(s.URL+"/replay/lost"))
	tb.Wait("the replay at the deal", "document.getElementById('step') && document.getElementById('step').textContent.startsWith('Step 0 of ') && document.querySelector('.analysis-graph .mark-dot.losing')")
	tb.Do(chromedp.Evaluate[chromedp.Void]("document.querySelector('.analysis').scrollIntoView()"))
	tap := webtest.Eval[[]float64](tb, "(() => { const r = document.querySelector('.mark-dot.losing').getBoundingClientRect(); return [r.x + r.width/2, r.y + r.height/2]; })()")
	tb.Do(chromedp.TapXY(tap[0], tap[1]))
	tb.Wait("a tap on the losing dot", fmt.Sprintf("document.getElementById('step').textContent.startsWith('Step %d of ')", losing))
	t.Run("learn-from-mistakes", func(t *testing.T) { learnFromMistakes(t, s, doc) })
}

// TestBrowserAnalysisGraphInHebrew: in a right-to-left language the
// graph still runs from the deal on the left, and every label of its axes
// is drawn inside it (SVG text anchors follow the page's direction: the
// percentages at the left edge ran off the graph in Hebrew).
func TestBrowserAnalysisGraphInHebrew(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	_, tb, _ := analysedReplay(t, webtest.Phone, "he")
	if webtest.Eval[string](tb, "document.documentElement.dir") != "rtl" {
		t.Fatal("the Hebrew replay is not laid out right to left")
	}
	out := tb.TextsOutside(".analysis-graph")
	if len(out) > 0 {
		t.Errorf("labels drawn outside the graph in Hebrew: %q", out)
	}
	deal := webtest.Eval[[]float64](tb, `(() => { const [a, b] = document.querySelectorAll('.analysis-graph text.axis[text-anchor]'); return [a.getBoundingClientRect().left, b.getBoundingClientRect().left]; })()`)
	if deal[0] >= deal[1] {
		t.Errorf("the deal's label (x %.0f) is not left of the last step's (x %.0f)", deal[0], deal[1])
	}
	tb.Shot("analysis-graph-he-phone")
}
