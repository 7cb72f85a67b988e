package i18n

import (
	"strings"
	"unicode/utf8"
)

// accented maps ASCII letters to look-alikes with marks, so pseudo-locale
// text stays readable while no English word survives in it.
var accented = strings.NewReplacer(
	"a", "á", "b", "ƀ", "c", "ç", "d", "ð", "e", "é", "f", "ƒ", "g", "ĝ", "h", "ĥ", "i", "î", "j", "ĵ",
	"k", "ķ", "l", "ļ", "m", "ɱ", "n", "ñ", "o", "ö", "p", "þ", "q", "ǫ", "r", "ŕ", "s", "š", "t", "ţ",
	"u", "û", "v", "ṽ", "w", "ŵ", "x", "ẋ", "y", "ý", "z", "ž",
	"A", "Å", "B", "Ɓ", "C", "Ç", "D", "Ð", "E", "É", "F", "Ƒ", "G", "Ĝ", "H", "Ĥ", "I", "Î", "J", "Ĵ",
	"K", "Ķ", "L", "Ļ", "M", "Ṁ", "N", "Ñ", "O", "Ö", "P", "Þ", "Q", "Ǫ", "R", "Ŕ", "S", "Š", "T", "Ţ",
	"U", "Û", "V", "Ṽ", "W", "Ŵ", "X", "Ẋ", "Y", "Ý", "Z", "Ž",
)

// pseudoMessages makes the pseudo-locale from the English messages: every
// text accented, a third longer (layouts must take longer languages) and
// in brackets (so a sentence cut short or glued from pieces shows).
func pseudoMessages(en map[string]*Message) map[string]*Message {
	out := make(map[string]*Message, len(en))
	for id, m := range en {
		out[id] = &Message{ID: id, Description: "made from English by pseudoMessages",
			Zero: pseudo(m.Zero), One: pseudo(m.One), Two: pseudo(m.Two), Few: pseudo(m.Few), Many: pseudo(m.Many), Other: pseudo(m.Other)}
	}
	return out
}

// pseudo writes one text in the pseudo-locale, leaving its placeholders
// ({{.name}}) as they are.
func pseudo(text string) string {
	if text == "" {
		return ""
	}
	var b strings.Builder
	b.WriteString("[")
	rest := text
	for rest != "" {
		i := strings.Index(rest, "{{")
		if i < 0 {
			b.WriteString(accented.Replace(rest))
			break
		}
		b.WriteString(accented.Replace(rest[:i]))
		j := strings.Index(rest[i:], "}}")
		if j < 0 {
			b.WriteString(rest[i:])
			break
		}
		b.WriteString(rest[i : i+j+2])
		rest = rest[i+j+2:]
	}
	if pad := utf8.RuneCountInString(text) / 3; pad > 0 {
		b.WriteString(" ")
		b.WriteString(strings.Repeat("·", pad))
	}
	b.WriteString("]")
	return b.String()
}
