package i18n_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// The translated rules (rules/<lang>/<page>.md) must be the English pages'
// twins: a rule is found by its ID, a section by its anchor, and a move is
// written the same way, in every language.

// rulesLangs are the languages the rules are translated into.
var rulesLangs = []string{"he", "sk", "cy", "hy"}

// rulesPages are the English pages the translations follow, by the name of
// their translation.
var rulesPages = map[string]string{
	"war":                 "../games/war/rules.md",
	"regicide":            "../games/regicide/rules.md",
	"watchtower":          "../games/watchtower/rules.md",
	"watchtower-quickref": "../games/watchtower/quickref.md",
}

var rulesMarkdown = goldmark.New(
	goldmark.WithExtensions(extension.Table),
	goldmark.WithParserOptions(parser.WithAutoHeadingID(), parser.WithAttribute()),
)

// ruleID matches the rule IDs of the specification (WAR-07, REG-14,
// WT-16) and Watchtower's text rules (T13).
var ruleID = regexp.MustCompile(`\b(?:WAR|REG|WT)-\d+\b|\bT\d+\b`)

var number = regexp.MustCompile(`\d+`)

// mdPage is a parsed Markdown page.
type mdPage struct {
	src []byte
	doc ast.Node
}

func readPage(t *testing.T, path string) mdPage {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	return mdPage{src, rulesMarkdown.Parser().Parse(text.NewReader(src))}
}

// blocks are a page's top-level blocks, the translation note left out.
func (p mdPage) blocks() []ast.Node {
	var out []ast.Node
	for n := p.doc.FirstChild(); n != nil; n = n.NextSibling() {
		out = append(out, n)
	}
	return out
}

// shape describes a block without its words: its kind, a heading's level
// and id, a list's items, a table's rows and columns.
func shape(n ast.Node) string {
	switch b := n.(type) {
	case *ast.Heading:
		id, _ := b.AttributeString("id")
		return fmt.Sprintf("h%d#%s", b.Level, id)
	case *ast.List:
		var items []string
		for it := b.FirstChild(); it != nil; it = it.NextSibling() {
			var kids []string
			for k := it.FirstChild(); k != nil; k = k.NextSibling() {
				kids = append(kids, shape(k))
			}
			items = append(items, "["+strings.Join(kids, " ")+"]")
		}
		kind := "ul"
		if b.IsOrdered() {
			kind = fmt.Sprintf("ol%d", b.Start)
		}
		return kind + "(" + strings.Join(items, "") + ")"
	case *east.Table:
		rows, cols := 0, 0
		for r := b.FirstChild(); r != nil; r = r.NextSibling() {
			rows++
			cols = max(cols, r.ChildCount())
		}
		return fmt.Sprintf("table(%dx%d)", rows, cols)
	default:
		return n.Kind().String()
	}
}

// leaves are the blocks whose words a translation replaces, in order:
// paragraphs, headings and table cells, each with its parts outside code.
func leaves(n ast.Node) []ast.Node {
	var out []ast.Node
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c.(type) {
		case *ast.Paragraph, *ast.TextBlock, *ast.Heading, *east.TableCell:
			out = append(out, c)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return out
}

// words is a block's text outside code spans; codes are its code spans.
func words(n ast.Node, src []byte) (prose string, codes []string) {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch x := c.(type) {
		case *ast.CodeSpan:
			var cb strings.Builder
			for k := x.FirstChild(); k != nil; k = k.NextSibling() {
				if t, ok := k.(*ast.Text); ok {
					cb.Write(t.Segment.Value(src))
				}
			}
			// A line break in a code span reads as a space.
			codes = append(codes, strings.Join(strings.Fields(cb.String()), " "))
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			b.Write(x.Segment.Value(src))
			b.WriteByte(' ')
		case *ast.String:
			b.Write(x.Value)
		}
		return ast.WalkContinue, nil
	})
	return b.String(), codes
}

// section is what a rule check compares in one heading's section.
type section struct {
	ids, codes []string
	numbers    map[string]bool
}

func sections(p mdPage, blocks []ast.Node) []section {
	var out []section
	for _, b := range blocks {
		if _, ok := b.(*ast.Heading); ok || len(out) == 0 {
			out = append(out, section{numbers: map[string]bool{}})
		}
		s := &out[len(out)-1]
		for _, l := range leaves(b) {
			prose, codes := words(l, p.src)
			s.codes = append(s.codes, codes...)
			all := prose + " " + strings.Join(codes, " ")
			s.ids = append(s.ids, ruleID.FindAllString(all, -1)...)
			for _, n := range number.FindAllString(prose, -1) {
				s.numbers[n] = true
			}
		}
	}
	for i := range out {
		slices.Sort(out[i].ids)
		slices.Sort(out[i].codes)
	}
	return out
}

// letterWords counts a text's words of two or more letters.
func letterWords(s string) int {
	n := 0
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(w)) >= 2 {
			n++
		}
	}
	return n
}

func TestRulesTranslations(t *testing.T) {
	for name, enPath := range rulesPages {
		en := readPage(t, enPath)
		enBlocks := en.blocks()
		enSections := sections(en, enBlocks)
		for _, lang := range rulesLangs {
			t.Run(lang+"/"+name, func(t *testing.T) {
				tr := readPage(t, filepath.Join("rules", lang, name+".md"))
				checkTranslation(t, en, enBlocks, enSections, tr)
			})
		}
	}
}

func checkTranslation(t *testing.T, en mdPage, enBlocks []ast.Node, enSections []section, tr mdPage) {
	blocks := tr.blocks()
	// The note: one blockquote right after the title, saying how to correct it.
	if len(blocks) < 2 || blocks[1].Kind() != ast.KindBlockquote {
		t.Fatalf("the title must be followed by one blockquote, the translation note")
	}
	note := blockText(blocks[1], tr.src)
	if !strings.Contains(note, "docs/i18n.md") {
		t.Errorf("the translation note does not say how to correct it (docs/i18n.md): %q", note)
	}
	blocks = slices.Delete(blocks, 1, 2)

	if len(blocks) != len(enBlocks) {
		t.Errorf("%d blocks, English has %d", len(blocks), len(enBlocks))
	}
	for i := range min(len(blocks), len(enBlocks)) {
		if got, want := shape(blocks[i]), shape(enBlocks[i]); got != want {
			t.Errorf("block %d is %s, English has %s", i+1, got, want)
		}
	}
	trSections := sections(tr, blocks)
	if len(trSections) != len(enSections) {
		t.Fatalf("%d sections, English has %d", len(trSections), len(enSections))
	}
	for i, want := range enSections {
		got := trSections[i]
		if !slices.Equal(got.ids, want.ids) {
			t.Errorf("section %d: rule IDs %v, English has %v", i+1, got.ids, want.ids)
		}
		if !slices.Equal(got.codes, want.codes) {
			t.Errorf("section %d: code %q, English has %q", i+1, got.codes, want.codes)
		}
		for n := range want.numbers {
			if !got.numbers[n] {
				t.Errorf("section %d: the number %s of the English text is missing", i+1, n)
			}
		}
	}
	// Nothing left in English: a block of words is never the English one.
	var enLeaves, trLeaves []ast.Node
	for _, b := range enBlocks {
		enLeaves = append(enLeaves, leaves(b)...)
	}
	for _, b := range blocks {
		trLeaves = append(trLeaves, leaves(b)...)
	}
	for _, l := range trLeaves {
		// Emphasis that does not open or close (as after a letter, before
		// a quotation mark) is printed as asterisks.
		if p, _ := words(l, tr.src); strings.Contains(p, "*") {
			t.Errorf("an asterisk is printed (unmatched emphasis?): %q", strings.TrimSpace(p))
		}
	}
	for i := range min(len(enLeaves), len(trLeaves)) {
		ep, _ := words(enLeaves[i], en.src)
		tp, _ := words(trLeaves[i], tr.src)
		if letterWords(ep) >= 2 && strings.Join(strings.Fields(ep), " ") == strings.Join(strings.Fields(tp), " ") {
			t.Errorf("left in English: %q", strings.TrimSpace(ep))
		}
	}
}

// blockText is the source text of a block's lines, its children's included.
func blockText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && c.Type() == ast.TypeBlock {
			for i := 0; i < c.Lines().Len(); i++ {
				seg := c.Lines().At(i)
				b.Write(seg.Value(src))
			}
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}
