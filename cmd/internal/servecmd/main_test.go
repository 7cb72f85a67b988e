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

// cardtable-serve's refusals of a database server and of --nats are said
// in the environment's language, exit 2, and hide a password.
func TestEmbeddedRefusalsInTheReadersLanguage(t *testing.T) {
	for _, c := range []struct {
		args       []string
		lang, want string
	}{
		{[]string{"--db", "postgres://ann:secret@db/cards"}, "cy_GB.UTF-8", "--db postgres://ann:xxxxx@db/cards: nid yw gweinydd cronfa ddata (PostgreSQL)"},
		{[]string{"--nats", "nats://n:4222"}, "sk_SK.UTF-8", "--nats nats://n:4222: klaster uzlov potrebuje PostgreSQL a NATS"},
		{[]string{"--nats", "nats://n:4222"}, "", "--nats nats://n:4222: a cluster of nodes needs PostgreSQL and NATS; use cardtable serve"},
	} {
		var out, errs strings.Builder
		env := func(k string) string {
			if k == "LANG" {
				return c.lang
			}
			return ""
		}
		code := Main(context.Background(), "cardtable-serve", c.args, &out, &errs, env)
		if code != 2 || !strings.Contains(errs.String(), c.want) || strings.Contains(errs.String(), "secret") {
			t.Errorf("%v in %q: exit %d, %q; want 2 and %q", c.args, c.lang, code, errs.String(), c.want)
		}
	}
}
