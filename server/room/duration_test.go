package room

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"cardtable/i18n"
)

// TestPauseSaysItsDurationInWords: a pause's length is said in the
// reader's words with its plural forms, never as Go writes a duration
// ("1m30s").
func TestPauseSaysItsDurationInWords(t *testing.T) {
	from := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		d          time.Duration
		lang, want string
	}{
		{90 * time.Second, "en", "the table was not running for 1 minute 30 seconds; the clocks did not run meanwhile"},
		{45 * time.Second, "en", "the table was not running for 45 seconds; the clocks did not run meanwhile"},
		{2*time.Hour + 5*time.Minute + 9*time.Second, "en", "the table was not running for 2 hours 5 minutes; the clocks did not run meanwhile"},
		{90 * time.Second, "he", "השולחן לא רץ במשך דקה אחת ו-30 שניות; השעונים לא רצו בינתיים"},
		{2 * time.Minute, "sk", "stôl nebežal po dobu: 2 minúty; hodiny medzitým nebežali"},
		{61 * time.Second, "cy", "nid oedd y bwrdd yn rhedeg am 1 munud 1 eiliad; ni redodd y clociau yn y cyfamser"},
	} {
		start := from
		m := pauseMsg(EventData{From: &start}, from.Add(c.d))
		if got := i18n.For(c.lang).Say(m); got != c.want {
			t.Errorf("%v in %s: %q, want %q", c.d, c.lang, got, c.want)
		}
	}
}

// goDuration matches a duration as Go writes it ("1.2s", "1m30s").
var goDuration = regexp.MustCompile(`\d(\.\d+)?(ms|s|m|h)\b`)

// TestChatRefusalsSayTheirWaitInWords: the chat's rate refusals say the
// pace and the wait in the reader's words, a spectator's wait rounded up
// to whole seconds — never Go's "1.2s" inside a translated sentence — and
// the English sentence is the one the refusal's message carries.
func TestChatRefusalsSayTheirWaitInWords(t *testing.T) {
	for _, c := range []struct {
		err        func() (msg string, said string)
		lang, want string
	}{
		{func() (string, string) {
			e := spectatorChatRefused(1200 * time.Millisecond)
			return e.Msg, i18n.English.Say(e.Said)
		}, "en", "the next one in 2 seconds"},
		{func() (string, string) {
			e := spectatorChatRefused(time.Millisecond)
			return e.Msg, i18n.For("sk").Say(e.Said)
		}, "sk", "čas do ďalšieho: 1 sekunda"},
		{func() (string, string) {
			e := spectatorChatRefused(3 * time.Second)
			return e.Msg, i18n.For("he").Say(e.Said)
		}, "he", "הבאה בעוד 3 שניות"},
		{func() (string, string) { e := chatRateRefused(); return e.Msg, i18n.English.Say(e.Said) }, "en", "at most 5 in a row, then one every 2 seconds"},
		{func() (string, string) { e := chatRateRefused(); return e.Msg, i18n.For("sk").Say(e.Said) }, "sk", "potom jeden za 2 sekundy"},
		{func() (string, string) { e := chatRateRefused(); return e.Msg, i18n.For("cy").Say(e.Said) }, "cy", "bob 2 eiliad"},
	} {
		msg, said := c.err()
		if !strings.Contains(said, c.want) {
			t.Errorf("in %s: %q, want it to say %q", c.lang, said, c.want)
		}
		if c.lang == "en" && said != msg {
			t.Errorf("the refusal's message %q, its sentence in English %q", msg, said)
		}
		if goDuration.MatchString(said) {
			t.Errorf("in %s: %q has a Go duration", c.lang, said)
		}
	}
}
