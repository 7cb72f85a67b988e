package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// sourceUse is what the project's code says about message ids: every
// string it writes (a message id used as a value, or the start of one
// built from parts: "card.name." + suit), and the ids it asks for by name
// in a call or a page, each with where.
type sourceUse struct {
	strings map[string]bool
	asked   map[string][]string
}

var (
	// jsString is a JavaScript string: "…" or '…' on one line, or a
	// template `…` whole (its ${…} holes are scanned again, for the strings
	// in them; the text before the first hole counts as a prefix).
	jsString    = regexp.MustCompile("\"([^\"\\\\\\n]*)\"|'([^'\\\\\\n]*)'|`((?:[^`\\\\]|\\\\.)*)`")
	jsAsked     = regexp.MustCompile("\\b(?:t|say|tNodes)\\(\\s*[\"'`]([a-z0-9][a-z0-9.-]*)[\"'`]")
	htmlAsked   = regexp.MustCompile(`data-i18n="([^"]+)"`)
	htmlAttrIDs = regexp.MustCompile(`data-i18n-attr="([^"]+)"`)
)

// scanSources reads the repository's Go (tests left out), JavaScript and
// HTML.
func scanSources(t *testing.T) sourceUse {
	t.Helper()
	u := sourceUse{strings: map[string]bool{}, asked: map[string][]string{}}
	root := ".."
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case strings.HasSuffix(path, "_test.go"):
		case strings.HasSuffix(path, ".go"):
			u.scanGo(t, path)
		case strings.HasSuffix(path, ".js"):
			u.scanText(t, path, jsString, jsAsked, false)
		case strings.HasSuffix(path, ".html"), strings.HasSuffix(path, ".tmpl"):
			u.scanText(t, path, nil, htmlAsked, true)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func (u sourceUse) scanGo(t *testing.T, path string) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if s, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING {
				u.strings[s] = true
			}
		case *ast.CallExpr:
			at := -1
			switch callName(n.Fun) {
			case "T", "Say":
				at = 0
			case "NounArg":
				at = 2
			}
			if at >= 0 && at < len(n.Args) {
				if lit, ok := n.Args[at].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					s, _ := strconv.Unquote(lit.Value)
					u.asked[s] = append(u.asked[s], fset.Position(lit.Pos()).String())
				}
			}
		}
		return true
	})
}

func callName(fun ast.Expr) string {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// scanStrings notes the strings of text, and those inside templates' holes.
func (u sourceUse) scanStrings(str *regexp.Regexp, text string) {
	for _, m := range str.FindAllStringSubmatch(text, -1) {
		if m[3] == "" {
			u.strings[m[1]+m[2]] = true
			continue
		}
		before, holes, _ := strings.Cut(m[3], "${")
		u.strings[before] = true
		if holes != "" {
			u.scanStrings(str, holes)
		}
	}
}

func (u sourceUse) scanText(t *testing.T, path string, str, asked *regexp.Regexp, attrs bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if str != nil {
		u.scanStrings(str, text)
	}
	for _, m := range asked.FindAllStringSubmatchIndex(text, -1) {
		id := text[m[2]:m[3]]
		line := 1 + strings.Count(text[:m[0]], "\n")
		u.asked[id] = append(u.asked[id], path+":"+strconv.Itoa(line))
		u.strings[id] = true
	}
	if !attrs {
		return
	}
	for _, m := range htmlAttrIDs.FindAllStringSubmatch(text, -1) {
		for _, pair := range strings.Split(m[1], ";") {
			if _, id, ok := strings.Cut(pair, ":"); ok {
				id = strings.TrimSpace(id)
				u.asked[id] = append(u.asked[id], path)
				u.strings[id] = true
			}
		}
	}
}

// TestMessagesUsed checks that every id the code asks for is in the
// catalogue, and that every message in the catalogue is used: written
// whole somewhere in the code, or started there ("card.name." + suit).
func TestMessagesUsed(t *testing.T) {
	u := scanSources(t)
	en := Messages(Default)
	for id, where := range u.asked {
		if en[id] == nil {
			t.Errorf("%s asks for message %q, which the catalogue lacks", strings.Join(where, ", "), id)
		}
	}
	var prefixes []string
	for s := range u.strings {
		if strings.HasSuffix(s, ".") && strings.Count(s, ".") >= 1 && !strings.Contains(s, " ") {
			prefixes = append(prefixes, s)
		}
	}
	for _, id := range IDs() {
		used := u.strings[id]
		for _, p := range prefixes {
			used = used || strings.HasPrefix(id, p)
		}
		if !used {
			t.Errorf("message %q is used nowhere: remove it from the message files", id)
		}
	}
}
