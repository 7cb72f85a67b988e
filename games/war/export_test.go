package war

import (
	"testing"

	"cardtable/engine"
)

// MustOptions lets the external tests (fast_state_test.go, golden_test.go)
// resolve options the way this package's tests do.
func MustOptions(t testing.TB, text string) engine.Options { return mustOptions(t, text) }
