package war_test

import (
	"fmt"
	"strings"
	"testing"

	"cardtable/table"
	"cardtable/web/webtest"
)

// drawn is what a spectator's page drew, frame by frame: the trick's
// number, whether the felt showed a finished trick and whether it was a
// war, how many of its cards were face down, how many of them the felt
// turned (animated) and showed turned, the banner, the felt's card width.
type drawn struct {
	Battles  int     `json:"b"`
	Wars     int     `json:"w"`
	Clear    bool    `json:"clear"`
	War      bool    `json:"war"`
	Down     int     `json:"down"`
	Turning  int     `json:"turning"`
	Revealed int     `json:"revealed"`
	Banner   bool    `json:"banner"`
	CardW    float64 `json:"cardW"`
}

// recordDraws makes the page note every draw in window.drawn.
const recordDraws = `(() => {
	window.drawn = [];
	const v = window.cardtableTable, draw = v.draw.bind(v);
	v.draw = () => {
		draw();
		const s = v.s.view;
		if (!s) return;
		const l = s.last, spot = document.querySelector('.spot svg.card');
		window.drawn.push({
			b: s.battles, w: s.wars, clear: !s.table.some((c) => c && c.length),
			war: !!l && l.table.some((c) => c.length > 1),
			down: l ? l.table.flat().filter((c) => c === '##').length : 0,
			turning: document.querySelectorAll('.laid-last .turn .turn-back').length,
			revealed: document.querySelectorAll('.laid-last svg.revealed').length,
			banner: !!document.querySelector('.war-banner'),
			cardW: spot ? spot.getBoundingClientRect().width : 0,
		});
	};
	return true;
})()`

// testWarShow watches War as a spectator would (issue 29 §3): a game
// against a bot on auto-flip at 1 trick a second, watched by two
// spectators, one asking for reduced motion. Each sees every trick on the
// felt with big cards, the banner for every war, and every war's
// face-down cards turned when it is won — turning one by one with motion,
// shown turned at once without. Then a won war at both sizes, looked at.
func testWarShow(t *testing.T, s *webtest.Site) {
	c := s.Create(t, webtest.One("war", map[string]string{"auto-war": "K", "max-battles": "20"}, "human", "heuristic"))
	alice := s.Tab(t)
	alice.Sit(c)
	watchers := map[string]*webtest.Tab{"motion": s.Tab(t), "reduced": s.Tab(t)}
	watchers["reduced"].Media("prefers-reduced-motion", "reduce")
	for _, w := range watchers {
		w.Open("/t/" + c.ID)
		w.Wait("the table", "window.cardtableTable && window.cardtableTable.s.view")
		webtest.Eval[bool](w, recordDraws)
	}
	alice.Wait("auto-flip", "document.querySelector(\".auto [data-focus='pace-1']\")")
	alice.Click(".auto [data-focus='pace-1']")
	alice.WaitPlaying("the end", "document.querySelector('.end')")
	battles := webtest.Eval[int](alice, "window.cardtableTable.s.view.battles")
	for name, w := range watchers {
		w.WaitPlaying("the end", "document.querySelector('.end')")
		draws := webtest.Eval[[]drawn](w, "window.drawn")
		wars := checkWatched(t, name, draws, battles)
		t.Logf("%s spectator: %d battles, %d wars, %d draws", name, battles, wars, len(draws))
		if wars == 0 {
			t.Errorf("%s spectator: no war in %d battles with Automatic War on Kings: nothing shown of a war", name, battles)
		}
	}
	// A won war, still: every face-down card turned, the banner, at the
	// laptop's and the phone's size.
	won := webtest.Moment(t, "war", nil, func(x *table.Table) bool {
		return webtest.Seat0(x, webtest.Prefix("flip")) && strings.Contains(string(webtest.MustJSON(t, x.View(0))), `"turned":`)
	})
	tb := s.Tab(t)
	for _, sz := range []webtest.Size{webtest.Laptop, webtest.Phone} {
		tb.Resize(sz)
		tb.Show(won...)
		tb.Wait("the turned war", "document.querySelectorAll('.laid-last svg.revealed').length >= 2 && document.querySelector('.war-banner')")
		tb.NoOverflow("a won war")
		tb.OnScreen("the felt's cards", ".laid-last")
		tb.Shot(fmt.Sprintf("war-won-%dpx", sz.W))
	}
	tb.Axe("a won war")
	tb.Resize(webtest.Laptop)
}

// checkWatched checks one spectator's draws of a game of battles tricks
// and returns how many of them were wars.
func checkWatched(t *testing.T, who string, draws []drawn, battles int) int {
	t.Helper()
	wars := 0
	for k := 1; k <= battles; k++ {
		var seen []drawn
		for _, d := range draws {
			if d.Battles == k && d.Clear {
				seen = append(seen, d)
			}
		}
		if len(seen) == 0 {
			t.Errorf("%s spectator: trick %d never shown on the felt", who, k)
			continue
		}
		first := seen[0]
		if first.CardW < 60 {
			t.Errorf("%s spectator: trick %d's cards are %.0f px wide on the felt; want big ones", who, k, first.CardW)
		}
		if !first.War {
			if first.Banner {
				t.Errorf("%s spectator: trick %d was no war but shows the banner", who, k)
			}
			continue
		}
		wars++
		if !first.Banner {
			t.Errorf("%s spectator: war %d (trick %d) shown without its banner", who, wars, k)
		}
		if first.Revealed != first.Down {
			t.Errorf("%s spectator: war %d shows %d of its %d face-down cards turned", who, wars, first.Revealed, first.Down)
		}
		want := first.Down
		if who == "reduced" {
			want = 0
		}
		if first.Turning != want {
			t.Errorf("%s spectator: war %d turns %d cards one by one; want %d", who, wars, first.Turning, want)
		}
	}
	return wars
}
