package servecmd

import (
	"context"
	"strings"
	"testing"
)

// cardtable-serve's help names the program in its examples and offers no
// PostgreSQL example (it has no PostgreSQL: it says to use cardtable
// serve), and --help exits 0 through kong's exit.
func TestEmbeddedHelpNamesItsProgram(t *testing.T) {
	var out, errs strings.Builder
	code := Main(context.Background(), "cardtable-serve", []string{"--help"}, &out, &errs, func(string) string { return "" })
	if code != 0 {
		t.Fatalf("--help: exit %d, stderr %q", code, errs.String())
	}
	help := out.String()
	for _, want := range []string{"Usage: cardtable-serve [flags]", "cardtable-serve --db :memory:", "(a postgres:// --db, --nats): cardtable serve"} {
		if !strings.Contains(help, want) {
			t.Errorf("the help lacks %q:\n%s", want, help)
		}
	}
	if strings.Contains(help, "cardtable serve --db postgres://") || strings.Contains(help, "\n    cardtable serve") {
		t.Errorf("the help gives cardtable serve's examples:\n%s", help)
	}
}
