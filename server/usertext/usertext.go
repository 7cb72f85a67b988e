// Package usertext cleans text people type for others to read — display
// names and chat lines — so nobody can hide, fake or reorder what others
// see, and bounds it.
package usertext

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"

	"cardtable/engine"
	"cardtable/server/httpjson"
)

// Text people type for others to read (a display name, a chat line) goes
// through Clean before the server keeps it, so nobody can hide, fake
// or reorder what others see. Clean keeps letters, digits,
// punctuation, symbols and emoji, and removes:
//
//   - control characters (tabs and line breaks become a space: a chat line
//     is one line);
//   - format characters: the bidi controls U+202A–U+202E and U+2066–U+2069
//     that reverse what follows, the marks U+200E, U+200F and U+061C, zero
//     width spaces and joiners, the byte order mark, tag characters
//     (U+E0000–U+E007F) — except a zero width joiner between two emoji,
//     which draws one emoji (👨‍👩‍👧);
//   - characters that draw as nothing (U+3164 Hangul filler and the like,
//     U+034F), private-use and unassigned code points, invalid UTF-8;
//   - combining marks past the third on one letter (stacked "Zalgo" text
//     that draws over the lines around it).
//
// Other spaces become an ASCII space, runs of spaces one space, and the
// ends are trimmed; the text is put in Unicode's NFC form. A text longer
// than max code points after cleaning is refused, naming the limit: it is
// never silently cut. Display names go further (Name).

// maxMarks is the most combining marks kept on one character: enough for
// every written language (Vietnamese stacks two, some Indic scripts three).
const maxMarks = 3

// Clean is s as the server keeps it (above); field names the text in
// the error ("name", "chat line").
func Clean(field, s string, max int) (string, error) {
	// A text far over the limit is refused before any work on it.
	if len(s) > 16*max+64 {
		return "", said(engine.Say("usertext.too-long-bytes", engine.TextArg("field", field), engine.NumArg("bytes", len(s)), engine.NumArg("max", max)),
			"%s: %d bytes; at most %d characters", field, len(s), max)
	}
	var b strings.Builder
	marks := 0
	space := false
	for i, r := range s {
		switch {
		case r == utf8.RuneError && isBadUTF8(s[i:]):
			continue
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
			if marks++; marks > maxMarks || r == '\u034f' {
				continue
			}
		case r == '\u200d' && zwjInEmoji(s, i):
			marks = 0
		case unicode.IsSpace(r) || unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp, unicode.Cc):
			// Tabs and line breaks are Cc and spaces; other controls go.
			space = space || unicode.IsSpace(r) || unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp)
			continue
		case invisible(r):
			continue
		default:
			marks = 0
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	out := norm.NFC.String(b.String())
	if n := utf8.RuneCountInString(out); n > max {
		return "", said(engine.Say("usertext.too-long", engine.TextArg("field", field), engine.NumArg("n", n), engine.NumArg("max", max)),
			"%s: %d characters; at most %d", field, n, max)
	}
	return out, nil
}

// invisible reports whether r is a character Clean removes: a format,
// private-use or unassigned code point, or one that draws as nothing.
func invisible(r rune) bool {
	if unicode.In(r, unicode.Cf, unicode.Co, unicode.Cs) || !unicode.In(r, assigned...) {
		return true
	}
	switch r {
	case '\u115f', '\u1160', '\u3164', '\uffa0', '\u2800', '\ufffc', '\ufffd':
		return true
	}
	return false
}

// assigned are the Unicode categories of assigned code points (everything
// but Cn, which the unicode package has no table for).
var assigned = []*unicode.RangeTable{unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.C}

func isBadUTF8(s string) bool {
	r, size := utf8.DecodeRuneInString(s)
	return r == utf8.RuneError && size <= 1
}

// zwjInEmoji reports whether the zero width joiner at s[i] joins two
// emoji (possibly with a variation selector or skin tone before it).
func zwjInEmoji(s string, i int) bool {
	before := strings.TrimRightFunc(s[:i], func(r rune) bool {
		return r == '\ufe0f' || (r >= 0x1f3fb && r <= 0x1f3ff)
	})
	prev, _ := utf8.DecodeLastRuneInString(before)
	next, _ := utf8.DecodeRuneInString(s[i+len("\u200d"):])
	return emoji(prev) && emoji(next)
}

func emoji(r rune) bool {
	return unicode.Is(unicode.So, r) && r >= 0x2000
}

// maxName is the longest display name, in characters (code points).
const maxName = 40

// A display name is cleaned as any text (Clean), then:
//
//   - put in the PRECIS Nickname form (RFC 8266, golang.org/x/text/secure/
//     precis): compatibility characters folded, so "Ａｌｉｃｅ" (full width)
//     and "𝐀lice" (mathematical bold) become "Alice";
//   - refused when it mixes Latin, Greek and Cyrillic letters (a Cyrillic
//     "А" in "Аlice" is the classic way to pass for someone else);
//   - refused when it is a name the server gives ("seat 2", "expert (seat 2)"):
//     a person may not pass for an empty seat or a bot.
//
// At one table two seats' names may not be equal ignoring case and width
// (room.nameFree: no two seats of a table share a name).

// botLike matches the names the server gives seats and bots.
var botLike = regexp.MustCompile(`(?i)(^seat ?\d+$|\(seat ?\d+\)\s*$)`)

// Name is a display name as the server keeps it ("" for none given),
// or an error (bad-name) saying what is wrong.
func Name(name string) (string, error) {
	clean, err := Clean("name", name, maxName)
	if err != nil || clean == "" {
		return "", nameError(err)
	}
	nick, err := precis.Nickname.String(clean)
	if err != nil {
		return "", nameError(said(engine.Say("usertext.name.joiner", engine.TextArg("name", fmt.Sprintf("%q", clean))),
			"name: %q has a character allowed only beside certain letters (a middle dot, a joiner, or digits of two scripts); leave it out", clean))
	}
	if n := utf8.RuneCountInString(nick); n > maxName {
		return "", nameError(said(engine.Say("usertext.name.too-long", engine.NumArg("n", n), engine.NumArg("max", maxName)),
			"name: %d characters once written plainly; at most %d", n, maxName))
	}
	if a, b := mixedScripts(nick); a != "" {
		return "", nameError(said(engine.Say("usertext.name.mixed", engine.TextArg("name", fmt.Sprintf("%q", nick)), engine.TextArg("a", a), engine.TextArg("b", b)),
			"name: %q mixes %s and %s letters, which makes it look like another name; write it in one alphabet", nick, a, b))
	}
	if botLike.MatchString(nick) {
		return "", nameError(said(engine.Say("usertext.name.bot-like", engine.TextArg("name", fmt.Sprintf("%q", nick))),
			"name: %q is how the server names empty seats and bots; pick another", nick))
	}
	return nick, nil
}

func nameError(err error) error {
	if err == nil {
		return nil
	}
	return httpjson.ErrorOf(400, CodeBadName, err)
}

// said is a refused text: msg for people, format its English sentence.
func said(msg engine.Msg, format string, args ...any) error {
	return &engine.Said{Msg: msg, Text: fmt.Sprintf(format, args...)}
}

// CodeBadName refuses a display name (HTTP 400).
const CodeBadName = "bad-name"

// confusable are the alphabets whose letters look alike.
var confusable = []struct {
	name  string
	table *unicode.RangeTable
}{{"Latin", unicode.Latin}, {"Greek", unicode.Greek}, {"Cyrillic", unicode.Cyrillic}}

// mixedScripts names two of the confusable alphabets s has letters of
// ("" when it has letters of one at most).
func mixedScripts(s string) (string, string) {
	first := -1
	for _, r := range s {
		if !unicode.IsLetter(r) {
			continue
		}
		for i, c := range confusable {
			if !unicode.Is(c.table, r) {
				continue
			}
			if first < 0 {
				first = i
			} else if first != i {
				return confusable[first].name, c.name
			}
		}
	}
	return "", ""
}
