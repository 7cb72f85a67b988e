package usertext

import (
	"errors"
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/server/httpjson"
)

// TestRefusalsSayTheirReason: each refused name (and a text too long)
// carries its reason as a message, which reads in English as the sentence
// always did and in each language as the catalogue writes it.
func TestRefusalsSayTheirReason(t *testing.T) {
	refused := map[string]string{
		"seat 3":                 "usertext.name.bot-like",
		"pаypal":                 "usertext.name.mixed", // a Cyrillic а
		strings.Repeat("x", 41):  "usertext.too-long",
		strings.Repeat("x", 900): "usertext.too-long-bytes",
	}
	for name, id := range refused {
		_, err := Name(name)
		var e *httpjson.Error
		if !errors.As(err, &e) || e.Code != CodeBadName || e.Said.ID != id {
			t.Errorf("Name(%.20q): %v (%+v); want bad-name saying %s", name, err, e, id)
			continue
		}
		if got := i18n.English.Say(e.Said); got != e.Message {
			t.Errorf("%s in English reads %q, the sentence %q", id, got, e.Message)
		}
		if he := i18n.For("he").Say(e.Said); he == e.Message || strings.Contains(he, "{{") {
			t.Errorf("%s in Hebrew: %q", id, he)
		}
	}
	if _, err := Clean("text", strings.Repeat("y", 301), 300); err == nil {
		t.Fatal("a long text was kept")
	} else if m, ok := engine.SaidOf(err); !ok || i18n.For("cy").Say(m) != "text: 301 nod; 300 ar y mwyaf" {
		t.Errorf("a long chat line's reason: %v %+v", err, m)
	}
}
