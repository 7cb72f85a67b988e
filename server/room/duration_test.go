package room

import (
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
