package regicide

import (
	"math/bits"
	"slices"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// TestPlaysREG07 checks single cards, combos, Ace companions and the
// Jester against their totals (REG-07, REG-18, REG-21).
func TestPlaysREG07(t *testing.T) {
	cases := []struct {
		players, hand, play, refusal string
	}{
		{"1", "AS AH 2C 2D 2H 2S 5H 5S", "play 5H 5S", ""},
		{"1", "AS AH 2C 2D 2H 2S 5H 5S", "play 2C 2D 2H 2S", ""},
		{"1", "AS AH 2C 2D 2H 2S 5H 5S", "play AS AH", ""},
		{"1", "AS AH 2C 2D 2H 2S 5H 5S", "play AS 5H", ""},
		{"1", "AS AH 2C 2D 2H 2S 5H 5S", "play AS AH 2C", "Aces never join a combo"},
		{"1", "AS AH 2C 2D 2H 2S 5H 5S", "play AS 2C 2D", "Aces never join a combo"},
		{"1", "AS AH 2C 2D 2H 2S 5H 5S", "play 2C 5H", "neither a combo"},
		{"1", "AS AH 2C 2D 2H 2S 5H 5S", "play 7H", "you do not hold 7H"},
		{"1", "6H 6S 3C 3D 3H 3S 4C 4D", "play 6H 6S", "combo total 12 exceeds 10"},
		{"1", "6H 6S 3C 3D 3H 3S 4C 4D", "play 3C 3D 3H 3S", "combo total 12 exceeds 10"},
		{"1", "6H 6S 3C 3D 3H 3S 4C 4D", "play 3C 3D 3H", ""},
		{"1", "6H 6S 3C 3D 3H 3S 4C 4D", "play 4C 4D", ""},
		{"3", "JK1 AS 5H 5S", "play AS JK1", "the Jester is played alone"},
		{"3", "JK1 AS 5H 5S", "play JK1 5H", "the Jester is played alone"},
		{"3", "JK1 AS 5H 5S", "play JK1", ""},
	}
	for _, c := range cases {
		hands := make([]string, 3)
		hands[0] = c.hand
		s := scene{opts: map[string]string{"players": c.players}, castle: "JC", hands: hands}.build(t)
		if c.refusal != "" {
			refuse(t, s, 0, c.play, c.refusal)
			continue
		}
		do(t, s, 0, c.play)
	}
}

// TestLegalPlaysPinned pins the exact list for one hand (REG-07, REG-21).
func TestLegalPlaysPinned(t *testing.T) {
	s := scene{castle: "JC", hands: []string{"AS AH 5H 5S 9C"}}.build(t)
	got := legalTexts(s, 0)
	want := []string{"play 5H", "play 5S", "play 5H 5S", "play 9C", "play AH", "play AH 5H", "play AH 5S",
		"play AH 9C", "play AS", "play AS 5H", "play AS 5S", "play AS 9C", "play AH AS", "power"}
	slices.Sort(got[:len(got)-1])
	slices.Sort(want[:len(want)-1])
	if !slices.Equal(got, want) {
		t.Errorf("legal = %q\nwant    %q", got, want)
	}
}

// TestLegalPlaysMatchRules checks, over hands from seeded deals, that the
// plays Legal lists are exactly the subsets of the hand playError accepts.
func TestLegalPlaysMatchRules(t *testing.T) {
	for seed := uint64(0); seed < 60; seed++ {
		s := newGame(t, map[string]string{"players": "4"}, engine.Setup{Seed: seed})
		for p := 0; p < 4; p++ {
			h := s.hands[p]
			var want []engine.Action
			for sub := h; sub != 0; sub = (sub - 1) & h {
				if bits.OnesCount64(uint64(sub)) <= 4 && playError(h, sub) == nil {
					want = append(want, encode(kindPlay, 0, sub))
				}
			}
			slices.Sort(want)
			if got := appendPlays(h, nil); !slices.Equal(got, want) {
				t.Fatalf("hand %s: plays %d, want %d", cards.Format(h.cards()), len(got), len(want))
			}
		}
	}
}

// TestYieldREG08 checks the literal yield rule: not after every other
// player yielded, also at the start of a bonus turn (REG-16).
func TestYieldREG08(t *testing.T) {
	s := scene{opts: map[string]string{"players": "2"}, castle: "JH",
		hands: []string{"4S 8D 10C 10D", "7S 9S 2D 3D"}}.build(t)
	do(t, s, 0, "play 4S", "discard 8D")
	do(t, s, 1, "yield", "discard 9S")
	do(t, s, 0, "play 10C")
	if s.enemy() == cards.Stack("JH")[0] || s.current != 0 || s.phase != phasePlay {
		t.Fatalf("after 4+20 damage the Jack of Hearts should be defeated and seat 0 play again")
	}
	refuse(t, s, 0, "yield", "every other player's last turn was a yield")
	if slices.Contains(legalTexts(s, 0), "yield") {
		t.Error("yield listed as legal at the bonus turn")
	}
}

// TestYieldAfterPlayREG08 checks that a yield is allowed while some other
// player's last turn was a play.
func TestYieldAfterPlayREG08(t *testing.T) {
	s := scene{opts: map[string]string{"players": "2"}, castle: "JH",
		hands: []string{"5C 6C 7D", "7C 8C 9D"}}.build(t)
	do(t, s, 0, "yield", "discard 6C 5C")
	refuse(t, s, 1, "yield", "every other player's last turn was a yield")
	do(t, s, 1, "play 7C", "discard 9D 8C")
	do(t, s, 0, "yield")
}

// TestSoloYieldREG08 checks the solo-yield option.
func TestSoloYieldREG08(t *testing.T) {
	s := scene{castle: "JH", hands: []string{"5C 6C"}}.build(t)
	refuse(t, s, 0, "yield", "a solo player may not yield")
	s = scene{opts: map[string]string{"solo-yield": "true"}, castle: "JH", hands: []string{"10S"}}.build(t)
	do(t, s, 0, "yield", "discard 10S")
	refuse(t, s, 0, "yield", "empty hand")
}

// TestDefeatBonusREG16 checks the state after a kill: table discarded,
// shields and immunity reset, the same player at Step 1 of the next enemy.
func TestDefeatBonusREG16(t *testing.T) {
	s := scene{opts: map[string]string{"players": "2"}, castle: "JH JS",
		hands: []string{"8S 2D", "6C 3C"}}.build(t)
	do(t, s, 0, "play 8S", "discard 2D")
	do(t, s, 1, "play 6C")
	if s.defeated != 1 || s.enemy().String() != "JS" || s.current != 1 || s.phase != phasePlay {
		t.Fatalf("defeated %d, enemy %v, current %d, phase %v; want 1, JS, 1, play", s.defeated, s.enemy(), s.current, s.phase)
	}
	if s.table != 0 || s.shield != 0 || s.damage != 0 || s.discard != setOf(cards.Stack("8S 2D 6C")) {
		t.Errorf("after the kill: table %v shield %d damage %d discard %v", s.table.cards(), s.shield, s.damage, s.discard.cards())
	}
}
