package regicide

import (
	"testing"

	"cardtable/engine"
)

func soloState(t *testing.T, seed uint64) *State {
	t.Helper()
	opts := engine.MustResolve(Game{}, map[string]string{"players": "1"})
	s, err := Game{}.New(opts, engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

// PositionKey tells apart whatever changes how the game goes on, and
// ignores the counters no rule reads.
func TestPositionKey(t *testing.T) {
	s := soloState(t, 7)
	k := s.PositionKey()
	if c := s.Clone().(*State); c.PositionKey() != k {
		t.Error("a clone has another key")
	}
	same := *s
	same.turns, same.yields, same.jestersPlayed, same.knownTop, same.shown[0] = 9, 3, 1, 0, 0
	if same.PositionKey() != k {
		t.Error("counters no rule reads changed the key")
	}
	changes := map[string]func(*State){
		"generator": func(c *State) { c.rng.Uint64() },
		"tavern order": func(c *State) {
			c.tavern[0], c.tavern[1] = c.tavern[1], c.tavern[0]
		},
		"damage":      func(c *State) { c.damage++ },
		"held shield": func(c *State) { c.heldShield++ },
		"jester":      func(c *State) { c.jestered = true },
		"powers used": func(c *State) { c.powersUsed++ },
		"step":        func(c *State) { c.phase = phaseDiscard },
		"hand": func(c *State) {
			c.discard |= c.hands[0] & -c.hands[0]
			c.hands[0] &= c.hands[0] - 1
		},
	}
	for name, change := range changes {
		c := *s
		change(&c)
		if c.PositionKey() == k {
			t.Errorf("changing the %s kept the key", name)
		}
	}
	if soloState(t, 8).PositionKey() == k {
		t.Error("two deals share a key")
	}
}

// REG-01, REG-03, REG-05, REG-30: the facts of a new solo deal.
func TestFactsOfNewSoloDeal(t *testing.T) {
	f := soloState(t, 3).Facts()
	if f.HandCards != 8 || f.TavernCards != 32 || f.HandValue+f.TavernValue != 220 {
		t.Errorf("facts %+v: want 8 cards in hand, 32 in the Tavern, worth 220 together", f)
	}
	if f.Defeated != 0 || f.Damage != 0 || f.Health != 20 || f.Attack != 10 || f.PowersLeft != 2 || f.Over || f.Won {
		t.Errorf("facts %+v: want a fresh Jack (health 20, attack 10) and 2 powers", f)
	}
}
