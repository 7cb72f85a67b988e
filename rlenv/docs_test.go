package rlenv

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"cardtable/engine"
	"cardtable/games"
)

var update = flag.Bool("update", false, "rewrite the generated tables of docs/python.md")

// docs/python.md shows every game's action indices and observation fields
// as the spaces lay them out (go test ./rlenv -update rewrites them).
func TestDocsShowTheSpaces(t *testing.T) {
	const path = "../docs/python.md"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := doc
	for _, g := range games.All() {
		sp, err := NewSpace(g, engine.MustResolve(g, nil))
		if err != nil {
			t.Fatal(err)
		}
		want = section(t, want, g.Name()+" actions", actionsMarkdown(sp.Actions, sp.NumActions))
		want = section(t, want, g.Name()+" observation", sp.Obs.Markdown())
	}
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(doc, want) {
		t.Fatal("docs/python.md's generated tables differ from the spaces: run go test ./rlenv -run Docs -update and review the diff")
	}
}

// section replaces what lies between <!-- generated: NAME --> and the next
// <!-- end --> with body.
func section(t *testing.T, doc []byte, name, body string) []byte {
	t.Helper()
	open := []byte("<!-- generated: " + name + " -->\n")
	i := bytes.Index(doc, open)
	if i < 0 {
		t.Fatalf("docs/python.md has no %q marker", open)
	}
	start := i + len(open)
	end := bytes.Index(doc[start:], []byte("<!-- end -->"))
	if end < 0 {
		t.Fatalf("docs/python.md's %q section has no end marker", name)
	}
	out := append([]byte{}, doc[:start]...)
	out = append(out, body...)
	return append(out, doc[start+end:]...)
}
