// Package i18n holds the words cardtable shows people, in each language it
// speaks, and writes engine.Msg values — what games and tables say, kept as
// meaning — in a reader's language.
//
// The words live in message files, one per language (messages/en.json,
// he.json, sk.json, cy.json, hy.json), in go-i18n's JSON format: an id
// maps to a text, or to its CLDR plural forms ("one", "few", "other"…).
// Placeholders are {{.name}}, nothing else of Go's templates, so that the
// browser reads the same files (web/static/js/i18n.js). English is the
// source; a translation made by machine says so in its "description".
// The pseudo-locale qps is made from English (accented, bracketed,
// lengthened) to show text that was never made translatable.
// docs/i18n.md describes the format, the checks and how to add a language
// or correct a translation.
package i18n

import (
	"errors"
	"fmt"
	"strings"

	"golang.org/x/text/language"
)

// Language is a language cardtable speaks.
type Language struct {
	// Code is its BCP 47 code ("he"), the name of its message file.
	Code string `json:"code"`
	// Name is its name in itself ("עברית"), for a language picker.
	Name string `json:"name"`
	// Dir is its writing direction: "ltr" or "rtl".
	Dir string `json:"dir"`
	// Tag is what a page's lang attribute says: the code, but for the
	// pseudo-locale (en-XA, English with a private-use region).
	Tag string `json:"tag"`
}

// Pseudo is the code of the pseudo-locale: English made strange.
const Pseudo = "qps"

// Default is the language of readers whose language cardtable does not
// speak, and the source of every translation.
const Default = "en"

var languages = []Language{
	{Code: "en", Name: "English", Dir: "ltr", Tag: "en"},
	{Code: "he", Name: "עברית", Dir: "rtl", Tag: "he"},
	{Code: "sk", Name: "Slovenčina", Dir: "ltr", Tag: "sk"},
	{Code: "cy", Name: "Cymraeg", Dir: "ltr", Tag: "cy"},
	{Code: "hy", Name: "Հայերեն", Dir: "ltr", Tag: "hy"},
}

var pseudoLanguage = Language{Code: Pseudo, Name: "[Þšéûðö]", Dir: "ltr", Tag: "en-XA"}

// Languages returns the languages cardtable speaks, English first; the
// pseudo-locale is not among them.
func Languages() []Language { return append([]Language(nil), languages...) }

// Lookup returns the language with code (the pseudo-locale included).
func Lookup(code string) (Language, bool) {
	if code == Pseudo {
		return pseudoLanguage, true
	}
	for _, l := range languages {
		if l.Code == code {
			return l, true
		}
	}
	return Language{}, false
}

var matcher = func() language.Matcher {
	tags := make([]language.Tag, len(languages))
	for i, l := range languages {
		tags[i] = language.MustParse(l.Code)
	}
	return language.NewMatcher(tags)
}()

// Match returns the code of the language to speak to a reader who prefers
// prefs, most preferred first. Each may be a code ("he", "qps"), a BCP 47
// tag ("sk-SK"), an Accept-Language header ("cy;q=0.9, en;q=0.5") or a
// POSIX locale ("hy_AM.UTF-8"); empty ones and "C"/"POSIX" are skipped.
// Without a language cardtable speaks, it is Default.
func Match(prefs ...string) string {
	var tags []language.Tag
	for _, p := range prefs {
		p = posixToBCP47(p)
		if p == "" {
			continue
		}
		if p == Pseudo {
			if len(tags) == 0 {
				return Pseudo
			}
			continue
		}
		ts, _, err := language.ParseAcceptLanguage(p)
		if err != nil {
			continue
		}
		tags = append(tags, ts...)
	}
	if len(tags) == 0 {
		return Default
	}
	_, i, conf := matcher.Match(tags...)
	if conf == language.No {
		return Default
	}
	return languages[i].Code
}

// posixToBCP47 turns a POSIX locale ("he_IL.UTF-8@euro") into a tag
// ("he-IL"); "C" and "POSIX" say no language.
func posixToBCP47(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, ".@"); i >= 0 && !strings.ContainsAny(s, ",;") {
		s = s[:i]
	}
	if s == "C" || s == "POSIX" {
		return ""
	}
	return strings.ReplaceAll(s, "_", "-")
}

// FromEnv returns the language a terminal's environment asks for, read as
// POSIX programs read it: LC_ALL, then LC_MESSAGES, then LANG, the first
// that is set; LANGUAGE (a GNU list, "sk:cy") comes first when the
// locale is not C. getenv is os.Getenv in a program.
func FromEnv(getenv func(string) string) string {
	locale := ""
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(k); v != "" {
			locale = v
			break
		}
	}
	if posixToBCP47(locale) == "" {
		return Default
	}
	var prefs []string
	if list := getenv("LANGUAGE"); list != "" {
		prefs = strings.Split(list, ":")
	}
	return Match(append(prefs, locale)...)
}

// ErrUnknownLanguage is wrapped by Resolve's error for a language cardtable
// does not speak.
var ErrUnknownLanguage = errors.New("a language cardtable does not speak")

// Resolve returns the code of the language a person asked for by name
// (--lang): a code cardtable speaks or a tag of its language ("he-IL",
// "cy_GB.UTF-8"). Anything else is an error naming the languages.
func Resolve(asked string) (string, error) {
	if l, ok := Lookup(asked); ok {
		return l.Code, nil
	}
	if code := Match(asked); code != Default || baseIs(asked, Default) {
		return code, nil
	}
	codes := make([]string, len(languages))
	for i, l := range languages {
		codes[i] = l.Code
	}
	return "", fmt.Errorf("i18n: %q: %w; it speaks %s (and %s, the pseudo-locale that shows untranslated text)",
		asked, ErrUnknownLanguage, strings.Join(codes, ", "), Pseudo)
}

// baseIs reports whether tag's language is code's.
func baseIs(tag, code string) bool {
	t, err := language.Parse(posixToBCP47(tag))
	if err != nil {
		return false
	}
	b, _ := t.Base()
	return b.String() == code
}
