package regicide

import (
	"fmt"

	"cardtable/cards"
	"cardtable/engine"
)

// Metric names, in Outcome.Metrics order.
var metricNames = []string{"enemies", "grade", "powers-used", "jesters-played", "yields", "turns"}

// endReasons is "won", "stuck", then "lost to XX" for each enemy, Jacks to
// Kings, Clubs to Spades.
var endReasons = func() []string {
	out := []string{"won", "stuck"}
	for r := cards.Jack; r <= cards.King; r++ {
		for suit := cards.Clubs; suit <= cards.Spades; suit++ {
			out = append(out, "lost to "+cards.New(r, suit).String())
		}
	}
	return out
}()

// endIndex returns the index of the state's end in endReasons.
func (s *State) endIndex() int {
	switch s.end {
	case endWon:
		return 0
	case endStuck:
		return 1
	}
	return 2 + int(s.lostTo.Rank()-cards.Jack)*4 + int(s.lostTo.Suit())
}

// grade is the solo grade of a won game (REG-30): 3 gold, 2 silver, 1
// bronze; 0 for a loss or a game of 2–4 players, which is not graded.
func (s *State) grade() int {
	if s.end != endWon || s.cfg.players != 1 {
		return 0
	}
	return 3 - int(s.powersUsed)
}

var gradeNames = [4]string{"", "bronze", "silver", "gold"}

// gradeIDs are the grades' message ids.
var gradeIDs = [4]string{"", "regicide.grade.bronze", "regicide.grade.silver", "regicide.grade.gold"}

// Returns gives every seat 1 for a win and enemies defeated / 12 for a
// loss; all zero while the game goes on.
func (s *State) Returns() []float64 {
	r := make([]float64, s.cfg.players)
	if s.phase != phaseOver {
		return r
	}
	v := float64(s.defeated) / 12
	if s.end == endWon {
		v = 1
	}
	for i := range r {
		r[i] = v
	}
	return r
}

// Result describes the outcome: End from EndReasons, Length in turns.
func (s *State) Result() engine.Result {
	res := engine.Result{Over: s.phase == phaseOver, Returns: s.Returns(), Length: int(s.turns), Winners: []int{}}
	if !res.Over {
		return res
	}
	res.End = endReasons[s.endIndex()]
	switch s.end {
	case endWon:
		for p := 0; p < s.cfg.players; p++ {
			res.Winners = append(res.Winners, p)
		}
		res.Detail = fmt.Sprintf("the last King fell after %d turns", s.turns)
		res.DetailI18n = engine.Say("regicide.end.won", engine.CountArg(int(s.turns)))
		if g := s.grade(); g > 0 {
			res.Detail += fmt.Sprintf(": %s (%s used)", gradeNames[g], counted(int(s.powersUsed), "Jester power", "Jester powers"))
			res.DetailI18n = engine.Say("regicide.end.won-graded", engine.CountArg(int(s.turns)),
				engine.MsgArg("grade", engine.Say(gradeIDs[g])), engine.NounArg("powers", int(s.powersUsed), "noun.jester-powers"))
		}
	case endStuck:
		res.Detail = fmt.Sprintf("seat %d had no legal play against %s after %s defeated", s.current+1, enemyName(s.lostTo), counted(int(s.defeated), "enemy", "enemies"))
		res.DetailI18n = engine.Say("regicide.end.stuck", engine.SeatArg("seat", int(s.current)), engine.CardArg("enemy", s.lostTo),
			engine.NounArg("defeated", int(s.defeated), "noun.enemies"))
	default:
		res.Detail = fmt.Sprintf("seat %d was killed by %s after %s defeated", s.current+1, enemyName(s.lostTo), counted(int(s.defeated), "enemy", "enemies"))
		res.DetailI18n = engine.Say("regicide.end.killed", engine.SeatArg("seat", int(s.current)), engine.CardArg("enemy", s.lostTo),
			engine.NounArg("defeated", int(s.defeated), "noun.enemies"))
	}
	return res
}

// counted writes n of a thing as a person reads it: "1 enemy", "0 enemies".
func counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Stats declares the figures Outcome reports.
func (Game) Stats(engine.Options) engine.StatsSpec {
	return engine.StatsSpec{LengthUnit: "turns", EndReasons: endReasons, Metrics: metricNames, Plot: "enemies"}
}

// Outcome summarises a finished game of Regicide.
func (Game) Outcome(st engine.State) engine.Outcome {
	s := st.(*State)
	o := engine.Outcome{Seats: s.cfg.players, End: s.endIndex(), Length: int(s.turns)}
	for p, r := range s.Returns() {
		o.Returns[p] = r
		o.Won[p] = s.end == endWon
	}
	o.Metrics = [engine.MaxMetrics]float64{float64(s.defeated), float64(s.grade()), float64(s.powersUsed),
		float64(s.jestersPlayed), float64(s.yields), float64(s.turns)}
	return o
}

var _ engine.Reporter = Game{}
