package i18n

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// TestWelshCounts reads Welsh counts of cards in each of its six plural
// forms (the glossary's: a numeral takes the singular noun, mutated): 0
// with the plural (zero), 1 cerdyn (one), 2 with the soft mutation (two), 3
// and 6 with the aspirate one (few, many), the plain singular for the rest.
func TestWelshCounts(t *testing.T) {
	cy := For("cy")
	for n, want := range map[int]string{
		0: "0 cardiau", 1: "1 cerdyn", 2: "2 gerdyn", 3: "3 cherdyn", 6: "6 cherdyn", 11: "11 cerdyn",
		4: "4 cerdyn", 5: "5 cerdyn", 7: "7 cerdyn", 20: "20 cerdyn",
	} {
		if got := cy.T("noun.cards", engine.CountArg(n)); got != want {
			t.Errorf("Welsh %d cards = %q, want %q", n, got, want)
		}
	}
}

func TestCountsInEachLanguage(t *testing.T) {
	for _, c := range []struct {
		lang string
		n    int
		want string
	}{
		{"en", 1, "1 card"}, {"en", 0, "0 cards"}, {"en", 2, "2 cards"},
		{"he", 1, "קלף אחד"}, {"he", 2, "שני קלפים"}, {"he", 3, "3 קלפים"}, {"he", 20, "20 קלפים"},
		{"sk", 1, "1 karta"}, {"sk", 2, "2 karty"}, {"sk", 4, "4 karty"}, {"sk", 5, "5 kariet"}, {"sk", 0, "0 kariet"},
		{"hy", 1, "1 քարտ"}, {"hy", 7, "7 քարտ"},
	} {
		if got := For(c.lang).T("noun.cards", engine.CountArg(c.n)); got != c.want {
			t.Errorf("For(%q) %d cards = %q, want %q", c.lang, c.n, got, c.want)
		}
	}
}

func TestSayTypedArguments(t *testing.T) {
	m := engine.Say("regicide.end.killed", engine.SeatArg("seat", 1), engine.CardArg("enemy", cards.New(cards.King, cards.Spades)),
		engine.NounArg("defeated", 1, "noun.enemies"))
	if got, want := English.Say(m), "seat 2 was killed by the King of Spades after 1 enemy defeated"; got != want {
		t.Errorf("English.Say(%v) = %q, want %q", m, got, want)
	}
	named := English.WithSeats(func(s int) string { return []string{"Ann", "Bob"}[s] })
	if got, want := named.Say(m), "Bob was killed by the King of Spades after 1 enemy defeated"; got != want {
		t.Errorf("with names: %q, want %q", got, want)
	}
	if got, want := For("he").Say(m), "מושב 2 נהרג בידי מלך עלה אחרי שהובסו אויב אחד"; got != want {
		t.Errorf("Hebrew: %q, want %q", got, want)
	}
	graded := engine.Say("regicide.end.won-graded", engine.CountArg(31), engine.MsgArg("grade", engine.Say("regicide.grade.gold")),
		engine.NounArg("powers", 0, "noun.jester-powers"))
	if got, want := English.Say(graded), "the last King fell after 31 turns: gold (0 Jester powers used)"; got != want {
		t.Errorf("graded: %q, want %q", got, want)
	}
}

func TestListsAndCards(t *testing.T) {
	cs := []cards.Card{cards.New(5, cards.Hearts), cards.New(cards.Ace, cards.Clubs), cards.Joker1}
	for lang, want := range map[string]string{
		"en": "the 5 of Hearts, the Ace of Clubs and the Jester",
		"sk": "5 sŕdc, eso krížov a šašo",
		"hy": "սրտի 5, խաչի Էյս և ծաղրածուն",
	} {
		if got := For(lang).arg(engine.CardsArg("c", cs)); got != want {
			t.Errorf("For(%q) cards = %q, want %q", lang, got, want)
		}
	}
	if got, want := English.CardName(cards.New(10, cards.Diamonds)), "10 of Diamonds"; got != want {
		t.Errorf("CardName(10D) = %q, want %q", got, want)
	}
	if got, want := English.arg(engine.SeatsArg("s", []int{0, 2})), "seat 1 and seat 3"; got != want {
		t.Errorf("seats = %q, want %q", got, want)
	}
}

func TestPseudoLocale(t *testing.T) {
	got := For(Pseudo).T("regicide.end.killed", engine.SeatArg("seat", 0), engine.CardArg("enemy", cards.New(cards.Jack, cards.Clubs)), engine.NounArg("defeated", 0, "noun.enemies"))
	want := "[[šéáţ 1 ···] ŵáš ķîļļéð ƀý [ţĥé [Ĵáçķ ·] öƒ Çļûƀš ·······] áƒţéŕ [0 éñéɱîéš ······] ðéƒéáţéð ·····················]"
	if got != want {
		t.Errorf("pseudo = %q, want %q", got, want)
	}
	for _, r := range got {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			t.Fatalf("pseudo-locale text %q keeps an ASCII letter %q", got, r)
		}
	}
}

func TestMatch(t *testing.T) {
	for _, c := range []struct {
		prefs []string
		want  string
	}{
		{nil, "en"},
		{[]string{"he"}, "he"},
		{[]string{"sk-SK,sk;q=0.9,en;q=0.8"}, "sk"},
		{[]string{"fr-FR, cy;q=0.5, en;q=0.3"}, "cy"},
		{[]string{"hy_AM.UTF-8"}, "hy"},
		{[]string{"de-DE"}, "en"},
		{[]string{"", "C.UTF-8", "iw"}, "he"},
		{[]string{"qps"}, "qps"},
		{[]string{"garbage;;;q=x"}, "en"},
	} {
		if got := Match(c.prefs...); got != c.want {
			t.Errorf("Match(%q) = %q, want %q", c.prefs, got, c.want)
		}
	}
}

func TestFromEnv(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"LANG": "cy_GB.UTF-8"}, "cy"},
		{map[string]string{"LANG": "cy_GB.UTF-8", "LC_MESSAGES": "sk_SK.UTF-8"}, "sk"},
		{map[string]string{"LANG": "cy_GB.UTF-8", "LC_MESSAGES": "sk_SK.UTF-8", "LC_ALL": "he_IL.UTF-8"}, "he"},
		{map[string]string{"LANG": "C.UTF-8", "LANGUAGE": "hy"}, "en"},
		{map[string]string{"LANG": "en_GB.UTF-8", "LANGUAGE": "hy:en"}, "hy"},
		{map[string]string{}, "en"},
	} {
		if got := FromEnv(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("FromEnv(%v) = %q, want %q", c.env, got, c.want)
		}
	}
}

func TestRules(t *testing.T) {
	for _, l := range Languages()[1:] {
		for _, page := range []string{"war", "regicide", "watchtower", "watchtower-quickref"} {
			md, ok := Rules(l.Code, page)
			if !ok || len(md) < 500 {
				t.Errorf("Rules(%q, %q) = %d bytes, %v", l.Code, page, len(md), ok)
			}
			if plain := StripHeadingIDs(md); strings.Contains(plain, "{#") {
				t.Errorf("%s/%s: an anchor is left after StripHeadingIDs", l.Code, page)
			}
		}
	}
	for _, c := range [][2]string{{"en", "war"}, {"qps", "war"}, {"he", "chess"}, {"fr", "war"}, {"he", "../messages/en"}} {
		if _, ok := Rules(c[0], c[1]); ok {
			t.Errorf("Rules(%q, %q) found a page", c[0], c[1])
		}
	}
	if got := StripHeadingIDs("## המשחק {#the-game}\ntext {#not-a-heading}\n"); got != "## המשחק\ntext {#not-a-heading}\n" {
		t.Errorf("StripHeadingIDs = %q", got)
	}
}

func TestResolve(t *testing.T) {
	for in, want := range map[string]string{"he": "he", "he-IL": "he", "cy_GB.UTF-8": "cy", "en-GB": "en", "qps": "qps", "SK": "sk"} {
		if got, err := Resolve(in); got != want || err != nil {
			t.Errorf("Resolve(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"fr", "", "klingon", "x;q=1"} {
		if got, err := Resolve(bad); !errors.Is(err, ErrUnknownLanguage) || !strings.Contains(err.Error(), "en, he, sk, cy, hy") {
			t.Errorf("Resolve(%q) = %q, %v; want an error naming the languages", bad, got, err)
		}
	}
}

// TestFromRequest: ?lang= > the picker's cookie > the account's language >
// Accept-Language > English, each passed over when it names no language
// cardtable speaks; the account is asked only when the request names none.
func TestFromRequest(t *testing.T) {
	for _, c := range []struct {
		url, cookie, account, accept, want string
	}{
		{"/rules/war?lang=he", "sk", "hy", "cy", "he"},
		{"/rules/war", "sk", "hy", "cy", "sk"},
		{"/rules/war", "", "hy", "cy", "hy"},
		{"/rules/war", "", "", "cy,en;q=0.5", "cy"},
		{"/rules/war", "", "xx", "cy", "cy"},
		{"/rules/war?lang=fr", "bogus", "", "hy", "hy"},
		{"/rules/war?lang=fr", "bogus", "sk", "hy", "sk"},
		{"/rules/war", "", "", "", "en"},
	} {
		r := httptest.NewRequest("GET", c.url, nil)
		if c.cookie != "" {
			r.AddCookie(&http.Cookie{Name: Cookie, Value: c.cookie})
		}
		r.Header.Set("Accept-Language", c.accept)
		asked := false
		r = WithAccount(r, func() string { asked = true; return c.account })
		if got := FromRequest(r); got != c.want {
			t.Errorf("FromRequest(%s, cookie %q, account %q, Accept-Language %q) = %q, want %q", c.url, c.cookie, c.account, c.accept, got, c.want)
		}
		if _, named := Chosen(r); named && asked {
			t.Errorf("FromRequest(%s, cookie %q) asked the account though the request names its language", c.url, c.cookie)
		}
	}
}
