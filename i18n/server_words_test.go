package i18n_test

import (
	"testing"

	"cardtable/daily"
	"cardtable/i18n"
)

// TestPagesSayTheServersSentences checks that a sentence the pages write
// from the catalogue in place of one the API sends (for its machine
// readers, in English) says the same in English: the two cannot drift.
func TestPagesSayTheServersSentences(t *testing.T) {
	for id, server := range map[string]string{
		"web.daily.ranking": daily.Ranking,
	} {
		if got := i18n.English.T(id); got != server {
			t.Errorf("%s is %q, the server says %q", id, got, server)
		}
	}
}
