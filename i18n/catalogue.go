package i18n

import (
	"embed"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"sync"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

//go:embed messages/*.json
var files embed.FS

// pseudoTag is the tag the pseudo-locale's messages are kept under in the
// bundle: go-i18n knows the plural rules of real languages only, and the
// pseudo-locale counts as English does.
var pseudoTag = language.MustParse("en-XA")

// bundleTag is the go-i18n tag of a language code.
func bundleTag(code string) language.Tag {
	if code == Pseudo {
		return pseudoTag
	}
	return language.MustParse(code)
}

// MachineMade is the description of a translation no person has checked.
// A person who checks or corrects it writes "checked by NAME" instead.
const MachineMade = "machine-made"

// Message is one message of a file: its id, what it means (English) or
// how it was made (a translation: "machine-made"), and its text — in
// Other alone, or in every plural form the language has.
type Message = goi18n.Message

// catalogue is one language's messages and the go-i18n bundle that says
// them, parsed on first use (load): a command that speaks English never
// parses the other languages' files, and one that says nothing parses
// none. Its bundle holds English too, for the messages a translation
// lacks.
type catalogue struct {
	code     string
	once     sync.Once
	messages map[string]*Message
	loc      *goi18n.Localizer
}

// catalogues are every language's catalogue by code, the pseudo-locale's
// (made from English) included; each is empty until loaded.
var catalogues = newCatalogues()

// newCatalogues returns every language's catalogue, none loaded.
func newCatalogues() map[string]*catalogue {
	out := map[string]*catalogue{Pseudo: {code: Pseudo}}
	for _, l := range languages {
		out[l.Code] = &catalogue{code: l.Code}
	}
	return out
}

// messagesOf returns the messages of the language with code, by id, nil
// for a code cardtable does not speak.
func messagesOf(code string) map[string]*Message {
	c := catalogues[code]
	if c == nil {
		return nil
	}
	return c.load().messages
}

// load parses c's messages once and returns c.
func (c *catalogue) load() *catalogue {
	c.once.Do(c.parse)
	return c
}

// parse makes c's messages and bundle: English from its file; a
// translation from its own file on top of English; the pseudo-locale
// from English.
func (c *catalogue) parse() {
	b := goi18n.NewBundle(language.English)
	if c.code != Default {
		b.MustAddMessages(language.English, slices.Collect(maps.Values(messagesOf(Default)))...)
	}
	if c.code == Pseudo {
		c.messages = pseudoMessages(messagesOf(Default))
		b.MustAddMessages(pseudoTag, slices.Collect(maps.Values(c.messages))...)
	} else {
		data, err := files.ReadFile("messages/" + c.code + ".json")
		if err != nil {
			panic(fmt.Sprintf("i18n: the %s message file is not in the binary: %v", c.code, err))
		}
		f, err := b.ParseMessageFileBytes(data, c.code+".json")
		if err != nil {
			panic(fmt.Sprintf("i18n: messages/%s.json: %v", c.code, err))
		}
		c.messages = byID(f.Messages)
	}
	c.loc = goi18n.NewLocalizer(b, bundleTag(c.code).String())
}

func byID(ms []*Message) map[string]*Message {
	out := make(map[string]*Message, len(ms))
	for _, m := range ms {
		out[m.ID] = m
	}
	return out
}

// IDs returns the ids of the English messages, sorted: every message
// cardtable may say.
func IDs() []string { return slices.Sorted(maps.Keys(messagesOf(Default))) }

// Messages returns the messages of the language with code, by id (nil for
// a code cardtable does not speak). The caller must not change them.
func Messages(code string) map[string]*Message { return messagesOf(code) }

// Catalogue is what the browser loads to speak a language (served as
// /i18n/{code}.json; web/static/js/i18n.js reads it).
type Catalogue struct {
	// Lang, Name, Dir and Tag are the language's (Language).
	Lang string `json:"lang"`
	Name string `json:"name"`
	Dir  string `json:"dir"`
	Tag  string `json:"tag"`
	// Machine is set when a machine made some of its messages: the page
	// then says how to correct them.
	Machine bool `json:"machine"`
	// File is the message file to correct ("i18n/messages/he.json").
	File string `json:"file"`
	// Languages are every language cardtable speaks, for the picker.
	Languages []Language `json:"languages"`
	// Messages are the messages in the message files' format without
	// descriptions: {"id": "text"} or {"id": {"one": "…", "other": "…"}}.
	// A message the language lacks is there in English, as the Go side
	// falls back.
	Messages map[string]any `json:"messages"`
}

// CatalogueFor returns the catalogue of the language with code, and false
// for a code cardtable does not speak.
func CatalogueFor(code string) (Catalogue, bool) {
	own := messagesOf(code)
	l, ok := Lookup(code)
	if own == nil || !ok {
		return Catalogue{}, false
	}
	c := Catalogue{Lang: l.Code, Name: l.Name, Dir: l.Dir, Tag: l.Tag, File: "i18n/messages/" + l.Code + ".json",
		Languages: Languages(), Messages: make(map[string]any, len(messagesOf(Default)))}
	for id, en := range messagesOf(Default) {
		m := own[id]
		if m == nil {
			m = en
		}
		c.Machine = c.Machine || m.Description == MachineMade
		c.Messages[id] = forms(m)
	}
	return c, true
}

// forms is a message's text as the browser reads it: the text alone when
// it has no plural forms, else the forms it has by CLDR category.
func forms(m *Message) any {
	fs := Forms(m)
	if len(fs) == 1 && fs["other"] != "" {
		return fs["other"]
	}
	return fs
}

// Forms returns m's texts by CLDR plural category ("zero", "one", "two",
// "few", "many", "other"), the categories it has.
func Forms(m *Message) map[string]string {
	out := map[string]string{}
	for cat, text := range map[string]string{"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many, "other": m.Other} {
		if text != "" {
			out[cat] = text
		}
	}
	return out
}

// categories are CLDR's plural categories, in CLDR's order.
var categories = []string{"zero", "one", "two", "few", "many", "other"}

// PluralCategories returns the CLDR plural categories the language with
// code uses, in CLDR's order, as go-i18n's rules give them: found by
// counting with a message that has all six, in whole numbers and in
// decimals (the categories CLDR gives fractions, such as Slovak's many,
// are needed too, so that no count ever lacks its form).
func PluralCategories(code string) []string {
	b := goi18n.NewBundle(language.English)
	tag := bundleTag(code)
	probe := &goi18n.Message{ID: "probe", Zero: "zero", One: "one", Two: "two", Few: "few", Many: "many", Other: "other"}
	if err := b.AddMessages(tag, probe); err != nil {
		return nil
	}
	loc := goi18n.NewLocalizer(b, tag.String())
	seen := map[string]bool{}
	for n := range 1001 {
		for _, count := range []any{n, strconv.Itoa(n) + ".5", strconv.Itoa(n) + ".0", "0." + strconv.Itoa(n)} {
			s, _ := loc.Localize(&goi18n.LocalizeConfig{MessageID: "probe", PluralCount: count})
			seen[s] = true
		}
	}
	var out []string
	for _, c := range categories {
		if seen[c] {
			out = append(out, c)
		}
	}
	return out
}
