package i18n

import (
	"sync"
	"testing"
)

// loaded reports which catalogues have been parsed.
func loaded(cs map[string]*catalogue) map[string]bool {
	out := map[string]bool{}
	for code, c := range cs {
		if c.messages != nil {
			out[code] = true
		}
	}
	return out
}

// TestCataloguesParsedOnFirstUse checks that a language's messages are
// parsed when it is first spoken, not before: English alone for an
// English printer, and what each language says is what it said when
// every file was parsed at once.
func TestCataloguesParsedOnFirstUse(t *testing.T) {
	want := map[string]string{}
	for _, code := range []string{Default, "he", "sk", "cy", "hy", Pseudo} {
		want[code] = For(code).T("suit.spades")
	}
	saved := catalogues
	t.Cleanup(func() { catalogues = saved })
	catalogues = newCatalogues()

	he := For("he")
	if got := loaded(catalogues); len(got) != 0 {
		t.Fatalf("making printers parsed %v; nothing is parsed before a message is said", got)
	}
	if got := For(Default).T("suit.spades"); got != want[Default] {
		t.Errorf("English says %q, want %q", got, want[Default])
	}
	if got := loaded(catalogues); len(got) != 1 || !got[Default] {
		t.Errorf("an English message parsed %v, want English alone", got)
	}
	if got := he.T("suit.spades"); got != want["he"] {
		t.Errorf("Hebrew says %q, want %q", got, want["he"])
	}
	if got := loaded(catalogues); len(got) != 2 || !got["he"] {
		t.Errorf("after a Hebrew message %v are parsed, want English and Hebrew", got)
	}

	var wg sync.WaitGroup
	said := make([]string, 16)
	for i := range said {
		code := []string{"sk", "cy", "hy", Pseudo}[i%4]
		wg.Go(func() { said[i] = For(code).T("suit.spades") })
	}
	wg.Wait()
	for i, s := range said {
		if code := []string{"sk", "cy", "hy", Pseudo}[i%4]; s != want[code] {
			t.Errorf("%s said %q at once with others, want %q", code, s, want[code])
		}
	}
}
