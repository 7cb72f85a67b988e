package record_test

import (
	"strings"
	"testing"

	"cardtable/bots/regicidebot"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/record"
)

// Replaying a Regicide game carries the forecast of each play (the game is
// an engine.Hinter), taken before the play changed the state.
func TestReplayCarriesHints(t *testing.T) {
	g := regicide.Game{}
	opts := engine.MustResolve(g, nil)
	setup := engine.Setup{Seed: 11}
	s, err := g.New(opts, setup)
	if err != nil {
		t.Fatal(err)
	}
	rec := record.FromGame(g, opts, setup, nil)
	bot := regicidebot.NewHeuristic(1)
	var hints []engine.Msg
	var tm []int
	for i := 0; i < 6 && !s.Terminal(); i++ {
		seat := s.ToMove(tm[:0])[0]
		a := bot.Act(s, seat)
		h, err := s.(engine.Hinter).Hint(seat, a)
		if err != nil {
			t.Fatal(err)
		}
		hints = append(hints, h)
		rec.Add(s, seat, a)
		if err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	_, steps, err := record.ReplayGame(g, rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != len(hints) {
		t.Fatalf("%d steps, want %d", len(steps), len(hints))
	}
	for i, st := range steps {
		if !st.Hint.Equal(hints[i]) || st.Hint.IsZero() {
			t.Errorf("step %d (%s): hint %+v, want %+v", i, st.Action, st.Hint, hints[i])
		}
		if !strings.HasPrefix(st.Hint.ID, "regicide.hint") {
			t.Errorf("step %d: hint %q does not read like a forecast", i, st.Hint.ID)
		}
	}
}
