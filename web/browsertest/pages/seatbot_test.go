package pages_test

import (
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/web/webtest"
)

// TestBrowserSeatsNameTheBotInWords: the table's seats list names a bot
// seat's bot by its level in the reader's language ("bot Safonol"), never
// by the engine's key ("heuristic", an English word in every language).
func TestBrowserSeatsNameTheBotInWords(t *testing.T) {
	s := webtest.NewSite(t)
	tb := s.Tab(t)
	c := s.Create(t, webtest.One("watchtower", nil, "human", "heuristic"))
	tb.Sit(c)
	for _, lang := range []string{"en", "he", "cy", "hy"} {
		tb.Open("/t/" + c.ID + "?lang=" + lang)
		tb.Wait("the seats list", `document.querySelector('li[data-seat="1"]')`)
		got := tb.Text(`li[data-seat="1"]`)
		level := i18n.For(lang).T("web.bot.watchtower.heuristic.level")
		want := i18n.For(lang).T("web.table.bot", engine.TextArg("name", level))
		if !strings.Contains(got, want) || strings.Contains(got, "heuristic") {
			t.Errorf("%s: the bot's seat reads %q; want %q in it and no engine key", lang, got, want)
		}
	}
}
