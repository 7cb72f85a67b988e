package table

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/games/war"
)

// slapperDelay is how long the "slapper" test agent takes to answer a
// slap window: slower than the heuristic bot's drawn reactions (a median
// of 350 ms, few over 650).
const slapperDelay = 900 * time.Millisecond

// A program seat in Slap War that claims slap@0 in every window but
// answers 0.9 s after its turn is timed by the table: each of its slaps
// is played as the time the runner measured (at least 0.9 s, or pass once
// the window is gone), and it does not win every slap against the
// heuristic bot (trusting its word, it won 61 of 61).
func TestProgramSlapTimedByTable(t *testing.T) {
	tb := newTable(t, "war", map[string]string{"slap": "5", "max-battles": "60"}, 11)
	p, err := StartProgram(agentArgv(t, "slapper"), time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	r := &Runner{Table: tb, Players: []Player{p, botPlayers(t, tb, 11)[1]}}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := r.Run(ctx); err != nil {
		t.Fatal(err)
	}
	rec := tb.Record()
	answered := 0
	for _, a := range rec.Actions {
		if a.Seat != 0 || !(strings.HasPrefix(a.Action, "slap") || a.Action == "pass") {
			continue
		}
		answered++
		if ms, ok := strings.CutPrefix(a.Action, "slap@"); ok {
			if n, _ := strconv.Atoi(ms); n < int(slapperDelay/time.Millisecond) {
				t.Errorf("the program's slap was played as %s; it answered %v after its turn", a.Action, slapperDelay)
			}
		}
	}
	if answered == 0 {
		t.Fatal("no slap window in the game; pick another seed")
	}
	won := map[int]int{}
	st, err := tb.game.New(tb.state.Options(), engine.Setup{Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	battles := 0
	for _, a := range rec.Actions {
		if err := engine.ApplyText(st, a.Seat, a.Action); err != nil {
			t.Fatal(err)
		}
		v := st.View(engine.Spectator).(*war.View)
		if v.Battles != battles && v.Last != nil && v.Last.How == "slap" {
			won[v.Last.Winner]++
		}
		battles = v.Battles
	}
	if won[1] == 0 {
		t.Errorf("slaps won: %v; the program answering 0.9 s late won every one of its %d windows", won, answered)
	}
}
