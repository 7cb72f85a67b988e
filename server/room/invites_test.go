package room

import "testing"

func TestInviteCodes(t *testing.T) {
	for _, c := range []struct {
		kept, code string
		open       bool
	}{
		{"", "", true}, {"abcde", "abcde", false}, {"listed:abcde", "abcde", false}, {"listed:open:abcde", "abcde", true},
	} {
		if code, open := inviteCode(c.kept); code != c.code || open != c.open {
			t.Errorf("inviteCode(%q) = %q, %v; want %q, %v", c.kept, code, open, c.code, c.open)
		}
	}
	if got := SealInvite("x", true, false); got != "listed:x" {
		t.Errorf("a friend's seat of a listed table is kept as %q", got)
	}
}
