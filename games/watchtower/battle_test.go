package watchtower

import (
	"slices"
	"strings"
	"testing"

	"cardtable/cards"
)

func has(list []string, want string) bool { return slices.Contains(list, want) }

// WT-07, WT-08: a challenge targets a single or a tower's top of a player
// not on campaign; a double needs 6 army cards, a triple 10; K is 1 or 2,
// at most the smaller army; one challenge per turn.
func TestChallengeRulesWT07WT08(t *testing.T) {
	tests := []struct {
		name   string
		army   string
		fort   string
		action string
		want   string // "" legal, else part of the refusal
	}{
		{"single", "2C", "8C", "challenge 2 8 1", ""},
		{"double with 5", "2C 3C 4C 5C 6C", "QC QD", "challenge 2 Q 1", "needs 6 cards in your army, you have 5"},
		{"double with 6", "2C 3C 4C 5C 6C 7C", "QC QD", "challenge 2 Q 1", ""},
		{"triple with 9", "2C 3C 4C 5C 6C 7C 8C 9C 10C", "QC QD QH", "challenge 2 Q 2", "needs 10 cards in your army, you have 9"},
		{"triple with 10", "2C 3C 4C 5C 6C 7C 8C 9C 10C JC", "QC QD QH", "challenge 2 Q 2", ""},
		{"no such rank", "2C", "8C", "challenge 2 9 1", "no 9 in their fortress"},
		{"K above the smaller army", "2C", "8C", "challenge 2 8 2", "at most the smaller army"},
		{"K=0 against an army", "2C", "8C", "challenge 2 8 0", "only takes from an empty army"},
		{"self", "2C", "8C", "challenge 1 8 1", "challenge another player"},
	}
	for _, tt := range tests {
		s := scene{players: 2, armies: []string{tt.army, "3D 4D 5D"}, forts: []string{"", tt.fort}}.build(t)
		if tt.want != "" {
			refused(t, s, tt.action, tt.want)
			if has(legalText(s), tt.action) {
				t.Errorf("%s: %q is refused but listed as legal", tt.name, tt.action)
			}
			continue
		}
		if !has(legalText(s), tt.action) {
			t.Errorf("%s: %q not listed in %v", tt.name, tt.action, legalText(s))
		}
		do(t, s, tt.action)
		if s.battle.target != s.players[1].top(s.battle.target.Rank()) {
			t.Errorf("%s: target %v is not the top card", tt.name, s.battle.target)
		}
	}
	s := scene{players: 3, armies: []string{"2C", "3D", "4D"}, forts: []string{"", "8C"}, towers: []string{"", "", "6C 6D 6H 6S"}}.build(t)
	refused(t, s, "challenge 3 6 1", "on campaign")
}

// WT-07, WT-09: the defender picks first from the attacker's shuffled
// army, then the attacker from the defender's; a taken position is no
// longer offered; one challenge per turn.
func TestPickOrderWT09(t *testing.T) {
	s := scene{players: 2, armies: []string{"2C 3C 4C", "5D 6D 7D 8D"}, forts: []string{"2H", "8C"}}.build(t)
	do(t, s, "challenge 2 8 2")
	eqInt(t, "first picker", s.mover(), 1)
	v := s.View(1).(*View)
	eqInt(t, "positions offered from seat 1's army", v.Pending.Positions, 3)
	do(t, s, "pick 2")
	refused(t, s, "pick 2", "already taken")
	refused(t, s, "pick 4", "only 3 positions")
	if has(legalText(s), "pick 2") {
		t.Error("a taken position is still offered")
	}
	do(t, s, "pick 1")
	eqInt(t, "second picker", s.mover(), 0)
	eqInt(t, "positions offered from seat 2's army", len(s.Legal(0, nil)), 4)
	attackerFirst := s.battle.order[0].c[1]
	picks(t, s, "5D 6D")
	if s.holder(attackerFirst) < 0 {
		t.Fatalf("%v vanished", attackerFirst)
	}
	refused(t, s, "challenge 2 8 1", "already challenged")
}

// WT-10: pairs are counted; ace high; assassins: an attacker's 7 beats
// anything and anything beats a defender's 7, so two 7s go to the attacker.
func TestOutcomeWT10(t *testing.T) {
	tests := []struct {
		att, def string
		want     int
	}{
		{"AS", "KS", 0},
		{"KS", "AS", 1},
		{"9C", "9D", -1},
		{"7C", "AS", 0},
		{"2C", "7D", 0},
		{"7C", "7D", 0},
		{"AS 9C", "KS 9D", 0},
		{"AS 2C", "KS 3C", -1},
		{"9C 9H", "9D 9S", -1},
		{"2C 3C", "7D 7S", 0},
		{"7C 2C", "3D AS", -1},
	}
	for _, tt := range tests {
		if got := BattleWinner(cards.Stack(tt.att), cards.Stack(tt.def)); got != tt.want {
			t.Errorf("BattleWinner(%s vs %s) = %d, want %d", tt.att, tt.def, got, tt.want)
		}
	}
}

// WT-11: the winner takes every fighting card (those taken from the
// opponent marked won); a winning attacker also takes the target; a draw
// returns them; a campaigner who wins takes the target only.
func TestSpoilsWT11(t *testing.T) {
	tests := []struct {
		name          string
		tower         string
		attPick       string // the attacker's card, picked by the defender
		defPick       string
		army0, army1  string
		won0, won1    string
		fortressAfter string
	}{
		{"attacker wins", "", "9D", "4S", "5C 9D 4S 8C", "3S 10S 5S", "4S 8C", "", ""},
		{"defender wins", "", "5C", "10S", "9D", "4S 3S 5S 5C 10S", "", "5C", "8C"},
		{"draw", "", "5C", "5S", "9D 5C", "4S 3S 10S 5S", "", "", "8C"},
		{"campaigner wins", "6C 6D 6H 6S", "9D", "4S", "5C 9D 8C", "3S 10S 5S 4S", "8C", "", ""},
	}
	for _, tt := range tests {
		s := scene{players: 2, armies: []string{"5C 9D", "4S 3S 10S 5S"}, forts: []string{"2H", "8C"},
			towers: []string{tt.tower}}.build(t)
		do(t, s, "challenge 2 8 1")
		picks(t, s, tt.attPick+" "+tt.defPick)
		eq(t, tt.name+": seat 1 army", army(s, 0), tt.army0)
		eq(t, tt.name+": seat 2 army", army(s, 1), tt.army1)
		eq(t, tt.name+": seat 1 won", cards.Format(wonCards(s, 0)), tt.won0)
		eq(t, tt.name+": seat 2 won", cards.Format(wonCards(s, 1)), tt.won1)
		eq(t, tt.name+": seat 2's 8s", stack(s, 1, 8), tt.fortressAfter)
	}
}

func wonCards(s *State, seat int) []cards.Card {
	var out []cards.Card
	for _, c := range s.players[seat].army.all() {
		if s.players[seat].won&bit(c) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// WT-12, WT-27: after a battle (a draw too) every J, Q, K, A that fought
// goes under the barracks, the attacker's in pick order then the
// defender's, unless its fighter is on campaign; the target is not
// returned.
func TestRoyalReturnsWT12(t *testing.T) {
	s := scene{players: 2, armies: []string{"KH QS 2C", "AH JD 3C"}, forts: []string{"", "QC"}}.build(t)
	do(t, s, "challenge 2 Q 2")
	picks(t, s, "QS KH JD AH")
	eq(t, "barracks bottom", bottom(s, 4), "QS KH JD AH")
	eq(t, "seat 1 army", army(s, 0), "2C")
	eq(t, "seat 2 army", army(s, 1), "3C")
	eq(t, "target stays", stack(s, 1, cards.Queen), "QC")

	s = scene{players: 2, armies: []string{"KH 2C", "9D 3C"}, forts: []string{"", "QC"}}.build(t)
	do(t, s, "challenge 2 Q 1")
	picks(t, s, "KH 9D")
	eq(t, "won royal target kept", army(s, 0), "2C 9D QC")
	eq(t, "barracks bottom", bottom(s, 1), "KH")
	if s.players[0].holds(cards.New(cards.King, cards.Hearts)) {
		t.Error("KH fought and was not returned")
	}

	s = scene{players: 2, armies: []string{"KH 2C", "AD 3C"}, forts: []string{"", "8C"}, towers: []string{"6C 6D 6H 6S"}}.build(t)
	do(t, s, "challenge 2 8 1")
	picks(t, s, "KH AD")
	eq(t, "campaigner's KH stays with the winner, AD returns", army(s, 1), "3C KH")
	eq(t, "barracks bottom", bottom(s, 1), "AD")
}

// WT-13: a card's third failed challenge sends it under the barracks after
// the defender's replacement is drawn from the top into the fortress;
// counted per attacker or per card.
func TestThreeTriesWT13(t *testing.T) {
	for _, per := range []string{"attacker", "card"} {
		s := scene{players: 3, opts: map[string]string{"tries-per": per},
			armies: []string{"5C 5D", "5H 5S 6D 6S", "6C 6H"}, forts: []string{"2C", "8C", "2D"},
			barracks: "9H 9S 10H 10S JH JS QH", rest: "barracks"}.build(t)
		tie := func(att, def string) {
			do(t, s, "challenge 2 8 1")
			picks(t, s, att+" "+def)
		}
		tie("5C", "5H") // seat 1
		do(t, s, "end; end")
		tie("6C", "6D") // seat 3
		do(t, s, "end")
		top := s.barracks.at(0)
		tie("5D", "5S") // seat 1
		if per == "card" {
			eq(t, "per card: 8s after 3 tries", stack(s, 1, 8), "")
			if s.fortressOf(top) != 1 {
				t.Errorf("per card: replacement %v not in seat 2's fortress", top)
			}
			eq(t, "per card: barracks bottom", bottom(s, 1), "8C")
			eqInt(t, "third-try losses", s.stats[metricThirdTries], 1)
			continue
		}
		eq(t, "per attacker: 8s after 2+1 tries", stack(s, 1, 8), "8C")
		do(t, s, "end; end; end")
		top = s.barracks.at(0)
		do(t, s, "challenge 2 8 1")
		picks(t, s, "5C 5H")
		eq(t, "per attacker: 8s after seat 1's third try", stack(s, 1, 8), "")
		if s.fortressOf(top) != 1 {
			t.Errorf("per attacker: replacement %v not in seat 2's fortress", top)
		}
		eq(t, "per attacker: barracks bottom", bottom(s, 1), "8C")
		if s.ntries != 0 {
			t.Errorf("tries after the card left = %v, want none (counts reset)", s.tryCounts())
		}
	}
}

// WT-14: an empty army leaves the fortress vulnerable: K=0 takes the card
// at once (thresholds still apply), using the turn's challenge.
func TestVulnerableTakeWT14(t *testing.T) {
	s := scene{players: 2, armies: []string{"2C 3C 4C", ""}, forts: []string{"", "8C 9D 9H"}}.build(t)
	got := legalText(s)
	if !has(got, "challenge 2 8 0") || has(got, "challenge 2 9 0") || has(got, "challenge 2 8 1") {
		t.Errorf("legal %v: want challenge 2 8 0 only against the empty army", got)
	}
	refused(t, s, "challenge 2 8 1", "vulnerable")
	refused(t, s, "challenge 2 9 0", "needs 6 cards")
	do(t, s, "challenge 2 8 0")
	eq(t, "attacker army", army(s, 0), "2C 3C 4C 8C")
	eq(t, "won", cards.Format(wonCards(s, 0)), "8C")
	refused(t, s, "challenge 2 9 0", "already challenged")
	eqInt(t, "vulnerable takes", s.stats[metricVulnerableTakes], 1)
}

// WT-15, WT-27: an attacker who declared with an empty fortress and loses
// is out, their army under the barracks in the order held, after the
// royal returns; the last player in wins.
func TestEliminationWT15(t *testing.T) {
	s := scene{players: 2, armies: []string{"3C 4D QH 2H", "9C KS"}, forts: []string{"", "8C"}}.build(t)
	do(t, s, "challenge 2 8 2")
	picks(t, s, "3C QH 9C KS")
	eq(t, "barracks bottom: royal returns, then the army", bottom(s, 4), "QH KS 4D 2H")
	if !s.players[0].out || !s.Terminal() {
		t.Fatal("the attacker is not out or the game is not over")
	}
	r := s.Result()
	eq(t, "end", r.End, "elimination")
	if !slices.Equal(r.Winners, []int{1}) {
		t.Errorf("winners %v, want [1]", r.Winners)
	}

	s = scene{players: 3, armies: []string{"3C 4D", "3D", "5C"}, forts: []string{"", "8C", "9C"}, barracks: "4H 5H 6H"}.build(t)
	do(t, s, "challenge 2 8 1")
	picks(t, s, "3C 3D")
	if s.players[0].out {
		t.Error("a draw eliminated the attacker")
	}
	do(t, s, "end; end; end")
	do(t, s, "challenge 2 8 1")
	picks(t, s, "4D 3D")
	if s.players[0].out {
		t.Error("a won battle eliminated the attacker")
	}
}

// WT-15, WT-25: a player with no army and no fortress stays in, draws and
// plays; losing a challenge then puts them out and play goes on.
func TestEmptyHandedWT25(t *testing.T) {
	s := scene{players: 3, turn: 2, armies: []string{"", "9C", "2C"}, forts: []string{"", "8C", "3C"}, barracks: "4H 5H"}.build(t)
	do(t, s, "end")
	eq(t, "empty-handed player drew", army(s, 0), "4H")
	do(t, s, "challenge 2 8 1")
	picks(t, s, "4H 9C")
	if !s.players[0].out || s.Terminal() {
		t.Fatal("want seat 1 out and the game going on")
	}
	eqInt(t, "turn passes to", s.turn, 1)
	eqInt(t, "eliminations", s.stats[metricEliminations], 1)
}

// WT-26: moves of the wrong kind are refused with a reason.
func TestWrongMomentRefusedWT26(t *testing.T) {
	s := scene{players: 2, armies: []string{"2C", "3C"}, forts: []string{"4C", "5C"}}.build(t)
	refused(t, s, "pick 1", "no blind pick is pending")
	refused(t, s, "give 2C", "no one owes cards")
	refused(t, s, "done", "write end")
	refused(t, s, "place 3C", "not in your army")
}

// WT-09: pair i is each side's i-th pick, so the attacker's pick order
// decides the pairs.
func TestPairingWT09(t *testing.T) {
	for _, tt := range []struct {
		defPicks string
		winner   string
	}{
		{"KS 4C", "seat 1 wins"}, // AS-KS, 5C-4C
		{"4C KS", "a draw"},      // AS-4C, 5C-KS
	} {
		s := scene{players: 2, armies: []string{"AS 5C", "KS 4C"}, forts: []string{"2H", "8C"}}.build(t)
		do(t, s, "challenge 2 8 2")
		picks(t, s, "AS 5C "+tt.defPicks)
		if !slices.ContainsFunc(s.eventTexts(), func(e string) bool { return strings.HasSuffix(e, tt.winner) }) {
			t.Errorf("attacker picks %s: events %q, want %q", tt.defPicks, s.eventTexts(), tt.winner)
		}
	}
}
