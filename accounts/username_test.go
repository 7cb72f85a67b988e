package accounts

import (
	"errors"
	"strings"
	"testing"
)

func TestCheckName(t *testing.T) {
	for _, tc := range []struct{ in, name, key string }{
		{"Ann", "Ann", "ann"},
		{"  bob_99 ", "bob_99", "bob-99"},
		{"Ｃｌｅｏ", "Cleo", "cleo"}, // full-width letters map to ASCII
		{"paul", "paul", "paul"},
		{"Dora-The-Great", "Dora-The-Great", "dora-the-great"},
	} {
		name, key, err := CheckName(tc.in)
		if err != nil || name != tc.name || key != tc.key {
			t.Errorf("CheckName(%q) = %q, %q, %v; want %q, %q", tc.in, name, key, err, tc.name, tc.key)
		}
	}
}

func TestCheckNameRefuses(t *testing.T) {
	for _, in := range []string{
		"", "ab", strings.Repeat("a", 21), strings.Repeat("a", 100000),
		"has space", "tab\there", "émile", "аnn", // Cyrillic а
		"ann!", "ann.b", "_ann", "9lives", "-ann", "a\u200bnn", // zero-width space
		"admin", "ADMIN", "Adm1n", "administrator2", "expert", "heuristic", "random", "cardtable_fan", "system", "guest",
	} {
		if name, key, err := CheckName(in); !errors.Is(err, ErrName) {
			t.Errorf("CheckName(%q) = %q, %q, %v; want ErrName", in, name, key, err)
		}
	}
}

// TestConfusablesShareKey: names that read alike share one key, so only
// one of them can exist.
func TestConfusablesShareKey(t *testing.T) {
	for _, group := range [][]string{
		{"paul", "PAUL", "pau1", "pauI", "PAUl"},
		{"modern", "modem"},
		{"vvalter", "walter"},
		{"bob_99", "bob-99", "B0B-99"},
		{"sam5", "sams"},
	} {
		want := Key(group[0])
		for _, n := range group[1:] {
			if got := Key(n); got != want {
				t.Errorf("Key(%q) = %q but Key(%q) = %q: they read alike", n, got, group[0], want)
			}
		}
	}
	if Key("ann") == Key("anne") {
		t.Error("ann and anne share a key")
	}
}
