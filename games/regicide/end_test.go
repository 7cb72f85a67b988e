package regicide

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// lastKing is a solo scene against the King of Hearts, the last enemy, with
// 20 damage taken: 10C doubled kills it exactly.
func lastKing(t *testing.T, players int) *State {
	hands := []string{"10C 10D 2S", "5D"}[:players]
	s := scene{opts: map[string]string{"players": fmt.Sprint(players)}, castle: "KC KD KS KH", gone: 11, hands: hands}.build(t)
	s.damage = 20
	return s
}

// TestWinAndGradesREG24REG30 checks the win, its returns and the solo
// grade by powers used (REG-24, REG-26, REG-30).
func TestWinAndGradesREG24REG30(t *testing.T) {
	for used, grade := range []string{"gold", "silver", "bronze"} {
		s := lastKing(t, 1)
		s.powersUsed = uint8(used)
		do(t, s, 0, "play 10C")
		r := s.Result()
		if !s.Terminal() || r.End != "won" || !slices.Equal(r.Winners, []int{0}) || !slices.Equal(r.Returns, []float64{1}) || !strings.Contains(r.Detail, grade) {
			t.Errorf("%d powers used: result %+v, want a %s win", used, r, grade)
		}
		o := Game{}.Outcome(s)
		if o.End != 0 || !o.Won[0] || o.Metrics[0] != 12 || o.Metrics[1] != float64(3-used) || o.Metrics[2] != float64(used) {
			t.Errorf("%d powers used: outcome %+v", used, o)
		}
	}
	s := lastKing(t, 2)
	do(t, s, 0, "play 10C")
	if r := s.Result(); r.End != "won" || !slices.Equal(r.Winners, []int{0, 1}) || !slices.Equal(r.Returns, []float64{1, 1}) {
		t.Errorf("2 players: result %+v", r)
	}
	if o := (Game{}).Outcome(s); o.Metrics[1] != 0 {
		t.Errorf("2-player win graded %v, want 0 (ungraded)", o.Metrics[1])
	}
}

// TestLossCannotCoverREG25 checks the loss by an attack that cannot be
// covered, its end reason and the progress return.
func TestLossCannotCoverREG25(t *testing.T) {
	s := scene{opts: map[string]string{"players": "2"}, castle: "QS", gone: 4, hands: []string{"2C 3D", "5C"}}.build(t)
	do(t, s, 0, "play 2C")
	r := s.Result()
	if !s.Terminal() || r.End != "lost to QS" || !slices.Equal(r.Returns, []float64{4.0 / 12, 4.0 / 12}) || len(r.Winners) != 0 {
		t.Errorf("result %+v, want lost to QS with returns 4/12", r)
	}
	if !strings.Contains(r.Detail, "the Queen of Spades") {
		t.Errorf("detail %q does not name the enemy", r.Detail)
	}
	o := Game{}.Outcome(s)
	if spec := (Game{}).Stats(s.Options()); spec.EndReasons[o.End] != "lost to QS" || o.Won[0] {
		t.Errorf("outcome end %d (%s)", o.End, spec.EndReasons[o.End])
	}
}

// TestLossStuckREG25 checks the loss when a player has no legal action at
// Step 1: an empty hand and no yield allowed.
func TestLossStuckREG25(t *testing.T) {
	s := scene{opts: map[string]string{"players": "2"}, castle: "JH", hands: []string{"10S", ""}}.build(t)
	do(t, s, 0, "play 10S", "discard")
	do(t, s, 1, "yield", "discard")
	if r := s.Result(); r.End != "stuck" || s.ToMove(nil) != nil {
		t.Errorf("result %+v, want stuck", r)
	}
	s = scene{castle: "JH", hands: []string{"10S"}}.build(t)
	s.powersUsed = 2
	do(t, s, 0, "play 10S", "discard")
	if r := s.Result(); r.End != "stuck" {
		t.Errorf("solo with no power left and an empty hand: result %+v, want stuck", r)
	}
}

// TestSoloPowersREG30 checks the power at Step 1 and Step 4, that it is the
// only answer to an attack the hand cannot cover, and that each is used
// once.
func TestSoloPowersREG30(t *testing.T) {
	s := scene{castle: "JH", hands: []string{"2C 3D"}, tavern: "2H 3H 4H 5H 6H 7H 8H 9H 10H"}.build(t)
	do(t, s, 0, "power")
	if hand(s, 0) != sorted("2H 3H 4H 5H 6H 7H 8H 9H") || s.discard != setOf(cards.Stack("2C 3D")) || s.powersLeft() != 1 {
		t.Errorf("after a power at Step 1: hand %s discard %v powers left %d", hand(s, 0), s.discard.cards(), s.powersLeft())
	}
	if s.phase != phasePlay || s.jestered || s.immuneSuit() == 0 {
		t.Error("a power must leave the player at Step 1 with the enemy still immune")
	}
	do(t, s, 0, "play 2H")
	do(t, s, 0, "power")
	if s.powersLeft() != 0 || s.phase != phaseDiscard {
		t.Errorf("after a power at Step 4: powers left %d phase %v", s.powersLeft(), s.phase)
	}
	refuse(t, s, 0, "power", "no Jester power left")

	s = scene{castle: "JH", hands: []string{"2C 3D"}}.build(t)
	do(t, s, 0, "play 2C")
	if got := legalTexts(s, 0); !slices.Equal(got, []string{"power"}) {
		t.Errorf("hand cannot cover: legal %q, want only power", got)
	}
	s = scene{castle: "JH", hands: []string{"2C 3D"}}.build(t)
	s.powersUsed = 2
	do(t, s, 0, "play 2C")
	if r := s.Result(); r.End != "lost to JH" {
		t.Errorf("no power left: result %+v, want lost to JH", r)
	}
}

// TestOutcomeMetricsREG26 plays seeded random games and checks the metrics
// against the final state.
func TestOutcomeMetricsREG26(t *testing.T) {
	spec := Game{}.Stats(engine.Options{})
	if len(spec.EndReasons) != 14 || spec.EndReasons[13] != "lost to KS" || len(spec.Metrics) != 6 {
		t.Fatalf("stats spec %+v", spec)
	}
	for seed := uint64(0); seed < 200; seed++ {
		s := playOut(t, 3, seed, newRandomBot)
		o := Game{}.Outcome(s)
		r := s.Result()
		if spec.EndReasons[o.End] != r.End || o.Length != r.Length || o.Metrics[0] != float64(s.defeated) || o.Metrics[3] != float64(s.jestersPlayed) || o.Metrics[4] != float64(s.yields) || o.Metrics[5] != float64(r.Length) {
			t.Errorf("seed %d: outcome %+v vs result %+v", seed, o, r)
		}
	}
}
