package regicide

import (
	"slices"
	"testing"

	"cardtable/cards"
)

const tenDiscards = "2C 3C 4C 5C 6C 8C 9C 10C 2S 3S"

// TestHeartsREG10 checks how many discarded cards Hearts returns and that
// they go under the Tavern (REG-09, REG-10, REG-14, REG-21).
func TestHeartsREG10(t *testing.T) {
	cases := []struct {
		name, hand, play, discard string
		opts                      map[string]string
		healed                    int
	}{
		{"N from a larger pile", "5H", "play 5H", tenDiscards, nil, 5},
		{"all of a smaller pile", "9H", "play 9H", "2C 3C 4C", nil, 3},
		{"once per play at N", "AH 7H", "play AH 7H", tenDiscards, nil, 8},
		{"Ace companion brings Hearts", "AH 7C", "play AH 7C", tenDiscards, nil, 8},
		{"immune Hearts enemy", "5H", "play 5H", tenDiscards, map[string]string{"castle": "JH"}, 0},
		{"immunity off", "5H", "play 5H", tenDiscards, map[string]string{"castle": "JH", "immunity": "false"}, 5},
	}
	for _, c := range cases {
		castle := "JS"
		opts := map[string]string{}
		for k, v := range c.opts {
			if k == "castle" {
				castle = v
			} else {
				opts[k] = v
			}
		}
		s := scene{opts: opts, castle: castle, hands: []string{c.hand + " 10D"}, discard: c.discard}.build(t)
		before := s.nTavern
		oldBottom := s.tavern[0]
		do(t, s, 0, c.play)
		if got := int(s.nTavern - before); got != c.healed {
			t.Errorf("%s: %d cards healed, want %d", c.name, got, c.healed)
			continue
		}
		back := setOf(s.tavern[:c.healed])
		if back&^setOf(cards.Stack(c.discard)) != 0 || s.discard&back != 0 || s.discard.len() != len(cards.Stack(c.discard))-c.healed {
			t.Errorf("%s: healed %v, discard left %v", c.name, back.cards(), s.discard.cards())
		}
		if s.tavern[c.healed] != oldBottom {
			t.Errorf("%s: the healed cards are not under the old Tavern", c.name)
		}
		if s.table.len() == 0 || s.discard&s.table != 0 {
			t.Errorf("%s: the played cards must stay on the table", c.name)
		}
	}
}

// TestHeartsBeforeDiamondsREG09 plays 5H 5D with an empty Tavern: Hearts
// acts first, so Diamonds draws from the healed cards (REG-09, REG-11).
func TestHeartsBeforeDiamondsREG09(t *testing.T) {
	s := scene{castle: "JC", hands: []string{"5H 5D 2C"}, spare: "discard"}.build(t)
	if s.nTavern != 0 {
		t.Fatalf("Tavern %d, want empty", s.nTavern)
	}
	do(t, s, 0, "play 5H 5D")
	if n := s.hands[0].len(); n != 8 || s.nTavern != 3 {
		t.Errorf("hand %d cards, Tavern %d; want 8 (drawn up to the maximum) and 3", n, s.nTavern)
	}
	s = scene{castle: "JH", hands: []string{"5H 5D 2C"}, spare: "discard"}.build(t)
	do(t, s, 0, "play 5H 5D")
	if n := s.hands[0].len(); n != 1 {
		t.Errorf("against the immune Jack of Hearts: hand %d cards, want 1 (nothing healed, nothing to draw)", n)
	}
}

// TestDiamondsREG11 checks the draw order: the current player first, then
// the others in turn, skipping full hands, one at a time.
func TestDiamondsREG11(t *testing.T) {
	s := scene{opts: map[string]string{"players": "3"}, castle: "JC", current: 1,
		hands:  []string{"2C 3C", "8D 4C 5C 6C 7C 9C", "2S 3S 4S 5S 6S 7S"},
		tavern: "10C 10H 10S 9H 9S 8S"}.build(t)
	do(t, s, 1, "play 8D")
	want := []string{"2C 3C 9H 10H 9S 10S", "4C 5C 6C 7C 9C 10C", "2S 3S 4S 5S 6S 7S"}
	for p, w := range want {
		if got := hand(s, p); got != sorted(w) {
			t.Errorf("seat %d: %s, want %s", p, got, sorted(w))
		}
	}
	if got := tavernTop(s, 1); got != "8S" {
		t.Errorf("Tavern top %s, want 8S (5 of 8 drawn: every hand is full)", got)
	}
	s = scene{opts: map[string]string{"players": "2"}, castle: "JC",
		hands: []string{"3D 4C", "5C"}, tavern: "2H 2S 3H"}.build(t)
	do(t, s, 0, "play 3D")
	if hand(s, 0) != "2H 3H 4C" || hand(s, 1) != "2S 5C" {
		t.Errorf("hands %s / %s, want 2H 3H 4C / 2S 5C", hand(s, 0), hand(s, 1))
	}
	s = scene{opts: map[string]string{"players": "2"}, castle: "JC",
		hands: []string{"9D", "5C"}, tavern: "2H 2S 3H", spare: "discard"}.build(t)
	do(t, s, 0, "play 9D")
	if s.nTavern != 0 || s.hands[0].len() != 2 || s.hands[1].len() != 2 {
		t.Errorf("empty Tavern: hands %s / %s, Tavern %d", hand(s, 0), hand(s, 1), s.nTavern)
	}
}

// TestClubsREG12 checks (REG-12) doubling, immunity and the option.
func TestClubsREG12(t *testing.T) {
	for _, c := range []struct {
		castle, immunity string
		damage           int16
	}{{"JH", "true", 16}, {"JC", "true", 8}, {"JC", "false", 16}} {
		s := scene{opts: map[string]string{"immunity": c.immunity}, castle: c.castle, hands: []string{"8C 10D"}}.build(t)
		do(t, s, 0, "play 8C")
		if s.damage != c.damage {
			t.Errorf("8C against %s (immunity %s): damage %d, want %d", c.castle, c.immunity, s.damage, c.damage)
		}
	}
}

// TestSpadesREG13 checks (REG-13) that shields from several players add up, cut the
// attack, and end with the enemy.
func TestSpadesREG13(t *testing.T) {
	s := scene{opts: map[string]string{"players": "2"}, castle: "QH", gone: 4,
		hands: []string{"5S 10D 7C", "4S 6D 10H"}}.build(t)
	do(t, s, 0, "play 5S")
	if got := s.suffer(); got != 10 {
		t.Errorf("after 5S: suffer %d, want 10", got)
	}
	do(t, s, 0, "discard 10D")
	do(t, s, 1, "play 4S")
	if got := s.suffer(); got != 6 {
		t.Errorf("after 5S and 4S: suffer %d, want 6", got)
	}
	s = scene{castle: "JS", hands: []string{"10S 2C"}}.build(t)
	do(t, s, 0, "play 10S")
	if s.shield != 0 || s.heldShield != 10 || s.suffer() != 10 {
		t.Errorf("Spades against the Jack of Spades: shield %d held %d; want 0 and 10 (immune, REG-14)", s.shield, s.heldShield)
	}
}

// TestStep4REG17 checks the covers listed, an insufficient discard, and the
// empty discard when shields cover the attack.
func TestStep4REG17(t *testing.T) {
	s := scene{castle: "JH", hands: []string{"3C 5C 5D 6S 4H"}}.build(t)
	do(t, s, 0, "play 3C")
	got := legalTexts(s, 0)
	want := []string{"discard 5D 5C", "discard 6S 4H", "discard 6S 5C", "discard 6S 5D"}
	if len(got) != 10 || !slices.Equal(got[:4], want) || got[9] != "power" {
		t.Errorf("covers = %q, want 9 covers starting %q, then power", got, want)
	}
	refuse(t, s, 0, "discard 6S", "discard total 6 does not cover the attack of 10")
	refuse(t, s, 0, "discard 7S 5C", "you do not hold 7S")
	do(t, s, 0, "discard 5D 5C")
	if hand(s, 0) != "4H 6S" || s.discard != setOf(cards.Stack("5C 5D")) {
		t.Errorf("after discarding: hand %s, discard %v", hand(s, 0), s.discard.cards())
	}

	s = scene{castle: "JH", hands: []string{"10S 2C"}}.build(t)
	do(t, s, 0, "play 10S")
	if got := legalTexts(s, 0); !slices.Equal(got, []string{"discard", "power"}) {
		t.Errorf("attack 0: legal %q, want discard and power", got)
	}
	refuse(t, s, 0, "discard 2C", "discard nothing")
	do(t, s, 0, "discard")
}
