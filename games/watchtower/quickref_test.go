package watchtower

import (
	"strings"
	"testing"
)

// The quick reference names every move the engine accepts, so a player
// who reads it can write each one.
func TestQuickRefNamesEveryMove(t *testing.T) {
	q := QuickRef()
	for _, move := range []string{"`place 7H`", "`burn Q`", "`challenge 2 Q 1`", "`challenge 2 Q 0`", "`pick 3`", "`campaign-battle 3`", "`done`", "`end`"} {
		if !strings.Contains(q, move) {
			t.Errorf("the quick reference lacks %s", move)
		}
	}
	if strings.Contains(q, "**Why:**") || len(q) > len(Game{}.Rules())/3 {
		t.Errorf("the quick reference is not short (%d bytes, rules %d) or carries the reasons", len(q), len(Game{}.Rules()))
	}
}
