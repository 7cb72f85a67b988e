package api_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"cardtable/i18n"
	"cardtable/server"
	"cardtable/server/servertest"
)

// TestCatalogues serves each language's catalogue, the one Accept-Language
// asks for at /i18n/auto.json, and a 404 for anything else.
func TestCatalogues(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	get := func(path, accept string) (int, i18n.Catalogue) {
		req, _ := http.NewRequest("GET", ts.HTTP.URL+path, nil)
		if accept != "" {
			req.Header.Set("Accept-Language", accept)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var c i18n.Catalogue
		if resp.StatusCode == 200 {
			if err := json.NewDecoder(resp.Body).Decode(&c); err != nil {
				t.Fatalf("GET %s: %v", path, err)
			}
		}
		return resp.StatusCode, c
	}
	for _, c := range []struct {
		path, accept, lang, dir string
		machine                 bool
	}{
		{"/i18n/he.json", "", "he", "rtl", true},
		{"/i18n/en.json", "he", "en", "ltr", false},
		{"/i18n/qps.json", "", "qps", "ltr", false},
		{"/i18n/auto.json", "fr-FR,cy;q=0.8,en;q=0.5", "cy", "ltr", true},
		{"/i18n/auto.json", "", "en", "ltr", false},
	} {
		status, got := get(c.path, c.accept)
		if status != 200 || got.Lang != c.lang || got.Dir != c.dir || got.Machine != c.machine || len(got.Languages) != 5 {
			t.Errorf("GET %s (Accept-Language %q) = %d %s/%s machine %v, %d languages; want %s/%s machine %v", c.path, c.accept,
				status, got.Lang, got.Dir, got.Machine, len(got.Languages), c.lang, c.dir, c.machine)
		}
		if n := len(got.Messages); status == 200 && n != len(i18n.IDs()) {
			t.Errorf("GET %s: %d messages, want %d", c.path, n, len(i18n.IDs()))
		}
	}
	for _, path := range []string{"/i18n/fr.json", "/i18n/he", "/i18n/..%2Fgo.mod", "/i18n/he.json.bak"} {
		if status, _ := get(path, ""); status != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", path, status)
		}
	}
}
