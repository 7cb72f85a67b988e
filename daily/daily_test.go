package daily

import (
	"errors"
	"strings"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/i18n"
)

func TestDayAndEnded(t *testing.T) {
	at := time.Date(2026, 12, 2, 23, 59, 59, 0, time.FixedZone("X", -5*3600)) // Dec 3, 04:59 UTC
	if got := Day(at); got != "2026-12-03" {
		t.Errorf("Day = %s, want the UTC date 2026-12-03", got)
	}
	end := time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)
	if Ended("2026-12-02", end.Add(-time.Nanosecond)) || !Ended("2026-12-02", end) {
		t.Error("a day ends at the next UTC midnight, not before")
	}
	for _, bad := range []string{"", "2026-13-01", "2026-02-30", "02-12-2026", "2026-1-2", "2026-12-02x"} {
		if _, err := Start(bad); !errors.Is(err, ErrDay) {
			t.Errorf("Start(%q) = %v, want ErrDay", bad, err)
		}
		if Ended(bad, end.Add(1000*time.Hour)) {
			t.Errorf("Ended(%q) is true", bad)
		}
	}
}

func TestSeed(t *testing.T) {
	a, b := Seed([]byte("secret"), "2026-12-02"), Seed([]byte("secret"), "2026-12-02")
	if a != b {
		t.Error("the same day and secret gave two seeds")
	}
	if Seed([]byte("secret"), "2026-12-03") == a {
		t.Error("two days share a seed")
	}
	if Seed([]byte("other"), "2026-12-02") == a {
		t.Error("the seed does not depend on the secret")
	}
	if OfflineSeed("2026-12-02") == a || OfflineSeed("2026-12-02") != Seed(nil, "2026-12-02") {
		t.Error("the offline deal is the server's, or not the empty secret's")
	}
	c := Commitment("2026-12-02", a)
	if len(c) != 64 || c != Commitment("2026-12-02", a) || c == Commitment("2026-12-02", a+1) || c == Commitment("2026-12-03", a) {
		t.Errorf("Commitment %q does not bind the day and the seed", c)
	}
}

func TestBetter(t *testing.T) {
	order := []Score{
		{Won: true, Grade: 3, Enemies: 12, Actions: 60}, {Won: true, Grade: 3, Enemies: 12, Actions: 61},
		{Won: true, Grade: 2, Enemies: 12, Actions: 40}, {Won: true, Grade: 1, Enemies: 12, Actions: 30},
		{Grade: 0, Enemies: 11, Actions: 90}, {Grade: 0, Enemies: 11, Actions: 95}, {Grade: 0, Enemies: 3, Actions: 10},
		{Grade: 0, Enemies: 0, Actions: 1}, {Aborted: true},
	}
	for i := range order {
		for j := range order {
			if got := Better(order[i], order[j]); got != (i < j) {
				t.Errorf("Better(%+v, %+v) = %v", order[i], order[j], got)
			}
		}
	}
}

func TestStreak(t *testing.T) {
	days := []string{"2026-11-28", "2026-11-29", "2026-11-30", "2026-12-02", "2026-12-03", "2026-11-20"}
	for _, tc := range []struct {
		today         string
		current, best int
	}{
		{"2026-12-03", 2, 3}, // played today: 12-02, 12-03
		{"2026-12-04", 2, 3}, // not yet today: the streak lives on
		{"2026-12-05", 0, 3}, // a day missed
		{"2026-12-01", 3, 3}, // before 12-02: 11-28..11-30 ending yesterday
	} {
		if c, b := Streak(days, tc.today); c != tc.current || b != tc.best {
			t.Errorf("Streak on %s = %d, %d; want %d, %d", tc.today, c, b, tc.current, tc.best)
		}
	}
	if c, b := Streak(nil, "2026-12-03"); c != 0 || b != 0 {
		t.Errorf("no days: %d, %d", c, b)
	}
}

// TestScoreOfAndShare plays a seeded daily deal to its end with the first
// legal action each time and checks the score against the game's own
// result, and that the share text names no card.
func TestScoreOfAndShare(t *testing.T) {
	g := regicide.Game{}
	opts, err := engine.ResolveOptions(g.Options(), Options())
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(opts, engine.Setup{Seed: Seed([]byte("k"), "2026-12-02")})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for !st.Terminal() {
		legal := st.Legal(0, nil)
		if err := st.Apply(0, legal[0]); err != nil {
			t.Fatal(err)
		}
		n++
	}
	sc := ScoreOf(st, n)
	res := st.Result()
	if sc.Actions != n || sc.Won != (res.End == "won") || sc.Enemies < 0 || sc.Enemies > 12 || (sc.Won && sc.Grade == 0) || (!sc.Won && sc.Grade != 0) {
		t.Errorf("ScoreOf = %+v for %+v", sc, res)
	}
	text := ShareText("2026-12-02", sc, "http://localhost:8080/daily")
	if !strings.Contains(text, "2026-12-02") || strings.Count(text, "■") != sc.Enemies || strings.Count(text, "■")+strings.Count(text, "□") != 12 {
		t.Errorf("share text:\n%s", text)
	}
	for _, card := range []string{"JC", "JD", "JH", "JS", "QC", "KS", "♠", "♥", "♦", "♣", "Jack of", "King of"} {
		if strings.Contains(text, card) {
			t.Errorf("the share text names %q:\n%s", card, text)
		}
	}
	won := ShareText("2026-12-02", Score{Won: true, Grade: 3, Enemies: 12, Actions: 70}, "")
	if !strings.Contains(won, "won: gold · 12/12 enemies · 70 actions") || strings.Count(won, "■") != 12 {
		t.Errorf("a gold win's share text:\n%s", won)
	}
	if ab := ShareText("2026-12-02", Score{Aborted: true}, ""); !strings.Contains(ab, "aborted") || strings.Contains(ab, "0/12") || strings.Contains(ab, "□") {
		t.Errorf("an aborted attempt's share text:\n%s", ab)
	}
}

// TestRankingNamesEveryTieBreak: the board's sentence names each key the
// board orders by.
func TestRankingNamesEveryTieBreak(t *testing.T) {
	for _, key := range []string{"grade", "enemies defeated", "fewer actions", "earlier finish", "aborted"} {
		if !strings.Contains(Ranking, key) {
			t.Errorf("the ranking sentence does not name %q: %s", key, Ranking)
		}
	}
}

// TestShareTextInEachLanguage: the share text reads in the sharer's
// language — its words from the catalogue, the rank letters, numbers and
// squares as they are — and in English as it always read.
func TestShareTextInEachLanguage(t *testing.T) {
	lost := Score{Enemies: 7, Actions: 41}
	if got, want := ShareText("2026-12-02", lost, "https://x/daily"), "cardtable daily 2026-12-02 · Regicide solo\n7/12 enemies · 41 actions\nJ ■■■■  Q ■■■□  K □□□□\nhttps://x/daily"; got != want {
		t.Errorf("English:\n%s\nwant\n%s", got, want)
	}
	for code, want := range map[string][]string{
		"cy": {"cardtable dyddiol 2026-12-02 · Teyrnladdiad unigol", "buddugoliaeth: aur · 12/12 gelyn · 70 symudiad"},
		"he": {"חלוקה יומית 2026-12-02", "ניצחון: זהב · 12/12 אויבים · 70 מהלכים"},
		"sk": {"cardtable denná hra 2026-12-02", "výhra: zlato · 12/12 nepriateľov · 70 akcií"},
		"hy": {"cardtable օրվա խաղ 2026-12-02", "հաղթանակ. ոսկի · 12/12 թշնամի · 70 քայլ"},
	} {
		text := ShareTextIn(i18n.For(code), "2026-12-02", Score{Won: true, Grade: 3, Enemies: 12, Actions: 70}, "")
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: the share text lacks %q:\n%s", code, w, text)
			}
		}
		if strings.Count(text, "■") != 12 || !strings.Contains(text, "J ■■■■  Q ■■■■  K ■■■■") {
			t.Errorf("%s: the squares:\n%s", code, text)
		}
	}
	if one := ShareTextIn(i18n.For("sk"), "2026-12-02", Score{Enemies: 0, Actions: 1}, ""); !strings.Contains(one, "0/12 nepriateľov · 1 akcia") {
		t.Errorf("sk, one action:\n%s", one)
	}
}
