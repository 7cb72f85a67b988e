package i18n

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"text/template/parse"
)

// TestPluralCategories pins the CLDR categories each language needs, as
// go-i18n's rules give them (the browser's Intl.PluralRules is checked
// against the same in web's i18n test).
func TestPluralCategories(t *testing.T) {
	want := map[string]string{
		"en": "one other", "he": "one two other", "sk": "one few many other",
		"cy": "zero one two few many other", "hy": "one other", Pseudo: "one other",
	}
	for code, w := range want {
		if got := strings.Join(PluralCategories(code), " "); got != w {
			t.Errorf("plural categories of %s = %q, want %q", code, got, w)
		}
	}
}

// TestEveryLanguageHasEveryMessage checks that the message files hold the
// same ids, and that every translation says whether a machine made it.
func TestEveryLanguageHasEveryMessage(t *testing.T) {
	en := Messages(Default)
	if len(en) == 0 {
		t.Fatal("no English messages")
	}
	for _, l := range languages[1:] {
		own := Messages(l.Code)
		for id := range en {
			if own[id] == nil {
				t.Errorf("%s.json lacks %q", l.Code, id)
			}
		}
		for id, m := range own {
			if en[id] == nil {
				t.Errorf("%s.json has %q, which English does not", l.Code, id)
			}
			if m.Description != "" && m.Description != MachineMade && !strings.HasPrefix(m.Description, "checked by ") {
				t.Errorf("%s.json %q: description %q; a translation's says %q or \"checked by NAME\"", l.Code, id, m.Description, MachineMade)
			}
		}
	}
}

// TestPluralForms checks that every message counted in English has every
// plural form each language needs and no other, and that a message not
// counted in English is not counted in a translation.
func TestPluralForms(t *testing.T) {
	for _, l := range append(Languages(), pseudoLanguage) {
		need := PluralCategories(l.Code)
		for id, en := range Messages(Default) {
			m := Messages(l.Code)[id]
			if m == nil {
				continue
			}
			got := slices.Sorted(maps.Keys(Forms(m)))
			want := []string{"other"}
			if counted(en) {
				want = need
			}
			if !slices.Equal(got, slices.Sorted(slices.Values(want))) {
				t.Errorf("%s %q has forms %v, want %v", l.Code, id, got, want)
			}
		}
	}
}

// counted reports whether an English message has plural forms.
func counted(m *Message) bool { return len(Forms(m)) > 1 }

// placeholders returns the names a text's template uses; a template with
// anything but {{.name}} in it is an error, as the browser reads those
// alone.
func placeholders(text string) ([]string, error) {
	trees, err := parse.Parse("m", text, "{{", "}}")
	if err != nil {
		return nil, err
	}
	var names []string
	for _, n := range trees["m"].Root.Nodes {
		switch n := n.(type) {
		case *parse.TextNode:
		case *parse.ActionNode:
			cmds := n.Pipe.Cmds
			if len(n.Pipe.Decl) > 0 || len(cmds) != 1 || len(cmds[0].Args) != 1 {
				return nil, fmt.Errorf("%s: only {{.name}} is allowed", n)
			}
			f, ok := cmds[0].Args[0].(*parse.FieldNode)
			if !ok || len(f.Ident) != 1 {
				return nil, fmt.Errorf("%s: only {{.name}} is allowed", n)
			}
			names = append(names, f.Ident[0])
		default:
			return nil, fmt.Errorf("%s: only {{.name}} is allowed", n)
		}
	}
	return names, nil
}

// TestPlaceholders checks every form of every message: it uses only
// {{.name}}, no placeholder English lacks, and every one English has
// except the count, which a form may leave out ("one card").
func TestPlaceholders(t *testing.T) {
	for _, l := range append(Languages(), pseudoLanguage) {
		for id, en := range Messages(Default) {
			want := map[string]bool{}
			for _, text := range Forms(en) {
				names, err := placeholders(text)
				if err != nil {
					t.Errorf("en %q: %v", id, err)
				}
				for _, n := range names {
					want[n] = true
				}
			}
			m := Messages(l.Code)[id]
			if m == nil {
				continue
			}
			for form, text := range Forms(m) {
				names, err := placeholders(text)
				if err != nil {
					t.Errorf("%s %q %s: %v", l.Code, id, form, err)
					continue
				}
				got := map[string]bool{}
				for _, n := range names {
					got[n] = true
					if !want[n] {
						t.Errorf("%s %q %s: {{.%s}} is not in English (%v)", l.Code, id, form, n, slices.Sorted(maps.Keys(want)))
					}
				}
				for n := range want {
					if !got[n] && (n != "count" || form == "other") {
						t.Errorf("%s %q %s: {{.%s}} is lost", l.Code, id, form, n)
					}
				}
			}
		}
	}
}

// TestIDs checks that ids are lower-case words joined by dots.
func TestIDs(t *testing.T) {
	for _, id := range IDs() {
		parts := strings.Split(id, ".")
		ok := len(parts) >= 2
		for _, p := range parts {
			ok = ok && p != "" && strings.Trim(p, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
		}
		if !ok {
			t.Errorf("id %q: want lower-case words joined by dots", id)
		}
	}
}

// TestNoEnglishArticleBeforeARank: a rank may be an Ace or an 8, so no
// English sentence writes "a" before a rank, a card or a window it is
// given ("burned a 8", "a Ace beats…"); it says "one", "any", "the".
func TestNoEnglishArticleBeforeARank(t *testing.T) {
	article := regexp.MustCompile(`(?i)\ba \{\{\.(rank|card)\}\}|\ba \{\{\.\w+\}\} ms\b`)
	for id, en := range Messages(Default) {
		for form, text := range Forms(en) {
			if m := article.FindString(text); m != "" {
				t.Errorf("en %q %s: %q has %q (an Ace, an 8, an 800 ms window)", id, form, text, m)
			}
		}
	}
}
