package web_test

import (
	"io/fs"
	"os"
	"path"
	"regexp"
	"strings"
	"testing"

	"cardtable/web"
)

// TestPagesLinkOnlyEmbeddedFiles checks, without a browser, that every
// file a page or module loads is in Assets, and that nothing is fetched
// from anywhere else (no CDN, no framework download).
func TestPagesLinkOnlyEmbeddedFiles(t *testing.T) {
	for _, page := range []string{web.LobbyPage, web.TablePage, web.ReplayPage} {
		if _, err := fs.Stat(web.Assets, page); err != nil {
			t.Errorf("page %s missing from Assets: %v", page, err)
		}
	}
	static := regexp.MustCompile(`(?:src|href)="(/static/[^"]+)"`)
	imports := regexp.MustCompile(`(?:from |import\()"(\./[^"]+)"`)
	external := regexp.MustCompile(`https?://`)
	err := fs.WalkDir(web.Assets, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(web.Assets, name)
		if err != nil {
			return err
		}
		text := string(data)
		// The SVG namespace is a name, never fetched.
		if loc := external.FindStringIndex(strings.ReplaceAll(text, "http://www.w3.org/2000/svg", "")); loc != nil {
			t.Errorf("%s refers to another site: %q", name, text[loc[0]:min(len(text), loc[0]+40)])
		}
		var links []string
		for _, m := range static.FindAllStringSubmatch(text, -1) {
			links = append(links, strings.TrimPrefix(m[1], "/static/"))
		}
		for _, m := range imports.FindAllStringSubmatch(text, -1) {
			links = append(links, path.Join(path.Dir(name), m[1]))
		}
		for _, l := range links {
			if _, err := fs.Stat(web.Assets, l); err != nil {
				t.Errorf("%s loads %s, which is not in Assets", name, l)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestEveryModuleIsLoaded checks that no module sits in Assets unused: each
// is loaded by a page (the rules page's template included) or imported by
// another module.
func TestEveryModuleIsLoaded(t *testing.T) {
	mods, err := fs.Glob(web.Assets, "js/*.js")
	if err != nil || len(mods) == 0 {
		t.Fatalf("no modules in Assets (%v)", err)
	}
	var all strings.Builder
	files, _ := fs.Glob(web.Assets, "*.html")
	files = append(files, mods...)
	for _, f := range files {
		data, _ := fs.ReadFile(web.Assets, f)
		all.Write(data)
	}
	// The rules page is rendered by the server from its own template.
	rules, err := os.ReadFile("../server/rulespage/rules.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	all.Write(rules)
	for _, m := range mods {
		base := path.Base(m)
		if !strings.Contains(all.String(), `/`+base+`"`) {
			t.Errorf("%s is loaded by no page and imported by no module", m)
		}
	}
}

// TestMediaQueriesInEm checks, without a browser, that no stylesheet or
// page switches its layout at a width in px: a media query in em follows
// the person's font size (TestBrowserPolish/LargeFont shows what that
// gives), one in px does not.
func TestMediaQueriesInEm(t *testing.T) {
	px := regexp.MustCompile(`@media[^{]*\d(px)`)
	err := fs.WalkDir(web.Assets, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(name, ".css") && !strings.HasSuffix(name, ".html") {
			return err
		}
		data, err := fs.ReadFile(web.Assets, name)
		if err != nil {
			return err
		}
		for _, m := range px.FindAll(data, -1) {
			t.Errorf("%s: %q: give the width in em", name, m)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
