package analysis_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"cardtable/analysis"
	"cardtable/web/webtest"
)

// learnFromMistakes (run by TestBrowserAnalysis on its site and its
// analysed table "lost", so the analysis is computed once): on the replay
// page of a lost game with its analysis, the losing move's step names the better move on the board and
// in the list of actions, the summary gives the seat's accuracy; "Learn
// from your mistakes" goes back to the position before the mistake, as the
// seat saw it, and lists the seat's moves there; trying the move that kept
// the game winnable is judged winnable, trying the move played again lost.
// At a laptop's and a phone's size, with axe-core's checks and nothing
// sticking out.
func learnFromMistakes(t *testing.T, s *webtest.Site, doc *analysis.Document) {
	var d *analysis.Decision
	for i := range doc.Decisions {
		if x := &doc.Decisions[i]; x.Losing && x.Best != nil && x.Keeps != "" {
			d = x
		}
	}
	if d == nil {
		t.Fatal("the game's analysis has no appraised losing move with a move that kept it winnable: the test needs one")
	}
	res, err := http.Get(fmt.Sprintf("%s/api/tables/lost/analysis/retry?step=%d", s.URL, d.Step))
	if err != nil {
		t.Fatal(err)
	}
	var ch struct{ Choices []string }
	json.NewDecoder(res.Body).Decode(&ch)
	res.Body.Close()
	keeps, played := slices.Index(ch.Choices, d.Keeps), slices.Index(ch.Choices, d.Action)
	if keeps < 0 || played < 0 {
		t.Fatalf("the choices %v lack the move that kept it winnable (%s) or the move played (%s)", ch.Choices, d.Keeps, d.Action)
	}
	for _, sz := range []webtest.Size{webtest.Laptop, webtest.Phone} {
		t.Run(sz.Name, func(t *testing.T) {
			tb := s.Tab(t)
			tb.Resize(sz)
			tb.Open(fmt.Sprintf("/replay/lost#step=%d", d.Step))
			tb.Wait("the better move on the board", "document.querySelector('#board .board-better')")
			if text := tb.Text("#board .board-better"); !strings.HasPrefix(text, "Better here: ") || strings.Contains(text, d.Keeps) {
				t.Errorf("the board's note reads %q; want the better move as a sentence with its cards drawn", text)
			}
			tb.Wait("the better move in the list", fmt.Sprintf("document.querySelector('#actions li[data-step=\"%d\"] .mark-note')", d.Step))
			if text := tb.Text(fmt.Sprintf("#actions li[data-step=\"%d\"] .mark-note", d.Step)); !strings.Contains(text, "the losing move") || !strings.Contains(text, "better ") {
				t.Errorf("the list's note at the losing move reads %q", text)
			}
			if text := tb.Text(".analysis-summary"); !strings.Contains(text, "accuracy ") {
				t.Errorf("the summary gives no accuracy: %q", text)
			}
			tb.Shot("better-move-" + sz.Name)
			tb.Click("#learn")
			tb.Wait("the choices before the mistake", fmt.Sprintf("document.querySelectorAll('.retry-choice').length === %d", len(ch.Choices)))
			tb.Wait("the position before it", fmt.Sprintf("document.getElementById('step').textContent.startsWith('Step %d of ') && document.getElementById('viewer').value === '%d'", d.Step-1, d.Seat))
			tb.Click(fmt.Sprintf(".retry-choice:nth-child(%d)", keeps+1))
			tb.Wait("the judgement of the move that kept it winnable", "document.querySelector('.retry-result .retry-won') && document.querySelector('.retry-result').textContent.includes('its own choice')")
			tb.Axe("learning from a mistake, " + sz.Name)
			tb.NoOverflow("learning from a mistake, " + sz.Name)
			tb.Shot("learn-" + sz.Name)
			tb.Click(fmt.Sprintf(".retry-choice:nth-child(%d)", played+1))
			tb.Wait("the judgement of the move played", "document.querySelector('.retry-result .retry-lost')")
			if bad := webtest.Eval[string](tb, `(() => { const t = document.querySelector('.analysis').innerText; const m = /\b(play|discard|yield|next)\b [0-9JQKA]|\b(10|[2-9JQKA])[CDHS]\b/.exec(t); return m ? t.slice(Math.max(0, m.index - 40), m.index + 40) : ""; })()`); bad != "" {
				t.Errorf("learning from a mistake writes a move in notation: %q", bad)
			}
			tb.Click("#retry-done")
			tb.Wait("back to the analysis", "document.querySelector('.analysis-graph') && !document.querySelector('.retry-choice')")
		})
	}
}
