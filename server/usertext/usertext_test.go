package usertext

import (
	"errors"
	"strings"
	"testing"

	"cardtable/server/httpjson"
)

// Clean keeps what people write (letters of any script, punctuation,
// emoji, joined emoji) and removes what hides, fakes or reorders text.
func TestCleanText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"hello, world!", "hello, world!"},
		{"  two   spaces\tand a tab \n", "two spaces and a tab"},
		{"a · b — «ok» ¿qué? 你好 مرحبا", "a · b — «ok» ¿qué? 你好 مرحبا"},
		{"😀👍🏽 ❤️", "😀👍🏽 ❤️"},
		{"family 👨\u200d👩\u200d👧", "family 👨\u200d👩\u200d👧"},         // joined emoji kept
		{"evil\u202Egnp.exe", "evilgnp.exe"},                         // right-to-left override
		{"\u2066iso\u2069late \u200Emark\u200F", "isolate mark"},     // isolates and marks
		{"zero\u200Bwidth\u200Cjoin\u200Dx\uFEFF", "zerowidthjoinx"}, // invisible joiners
		{"tag\U000E0041\U000E007F", "tag"},                           // tag characters
		{"bell\u0007esc\u001b[31m", "bellesc[31m"},                   // controls
		{"line\u2028para\u2029end", "line para end"},                 // separators
		{"\u3164\u115F filler", "filler"},                            // blank letters
		{"private\uE000", "private"},                                 // private use
		{"bad\xffutf8", "badutf8"},                                   // invalid UTF-8
		{"Z\u0351\u0352\u0353\u0354\u0355a", "Z\u0353\u0351\u0352a"}, // at most 3 marks, in NFC order
		{"Tiếng Việt", "Tiếng Việt"},                                 // two marks on one letter
		{"e\u0301", "é"},                                             // NFC
		{"\u00a0nbsp\u3000ideographic\u00a0", "nbsp ideographic"},    // other spaces
		{"\u202E\u200B\t", ""},                                       // nothing left
	} {
		got, err := Clean("chat line", tc.in, 200)
		if err != nil || got != tc.want {
			t.Errorf("Clean(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

// A text over the limit is refused with the limit named, never cut.
func TestCleanTextLimit(t *testing.T) {
	if got, err := Clean("chat line", strings.Repeat("é", 10), 10); err != nil || got != strings.Repeat("é", 10) {
		t.Fatalf("10 characters: %q, %v", got, err)
	}
	for _, in := range []string{strings.Repeat("x", 11), strings.Repeat("x", 100000)} {
		_, err := Clean("chat line", in, 10)
		if err == nil || !strings.Contains(err.Error(), "at most 10") || !strings.HasPrefix(err.Error(), "chat line: ") {
			t.Errorf("%d characters: %v", len(in), err)
		}
	}
	// Removed characters do not count.
	if got, err := Clean("chat line", strings.Repeat("ab\u202E", 5), 10); err != nil || got != strings.Repeat("ab", 5) {
		t.Errorf("with overrides: %q, %v", got, err)
	}
}

// Display names: cleaned, folded to plain letters, refused when they mix
// look-alike alphabets, pass for a server-given name, or are too long.
func TestCleanName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"  Alice  ", "Alice"},
		{"Ａｌｉｃｅ", "Alice"},
		{"𝐀𝐥𝐢𝐜𝐞", "Alice"},
		{"Zoë", "Zoë"},
		{"Παναγιώτης", "Παναγιώτης"},
		{"Дмитрий", "Дмитрий"},
		{"山田 太郎", "山田 太郎"},
		{"bob 😀", "bob 😀"},
		{"ali\u202Ece", "alice"},
		{"", ""},
		{"\u200B\u202E", ""},
		{strings.Repeat("n", 40), strings.Repeat("n", 40)},
	} {
		got, err := Name(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("Name(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{strings.Repeat("n", 41), "41 characters; at most 40"},
		{strings.Repeat("ﬃ", 20), "60 characters once written plainly; at most 40"},
		{"\u0410lice", "mixes Cyrillic and Latin"}, // Cyrillic А
		{"Αlice", "mixes Greek and Latin"},         // Greek Α
		{"seat 2", "names empty seats and bots"},
		{"Seat2", "names empty seats and bots"},
		{"expert (seat 1)", "names empty seats and bots"},
		{"l·l x·y", "allowed only beside certain letters"},
	} {
		got, err := Name(tc.in)
		var e *httpjson.Error
		if !errors.As(err, &e) || e.Code != CodeBadName || e.Status != 400 || !strings.Contains(e.Message, tc.want) {
			t.Errorf("Name(%q) = %q, %v; want a bad-name error with %q", tc.in, got, err, tc.want)
		}
	}
}
