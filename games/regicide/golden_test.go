package regicide_test

import (
	stdflag "flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cardtable/bots/regicidebot"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/i18n"
)

var update = stdflag.Bool("update", false, "rewrite the golden playthroughs in testdata")

// goldenSeeds are the seeds of the golden playthroughs, by player count.
var goldenSeeds = map[int]uint64{1: 11, 2: 22, 3: 33, 4: 44}

// transcript plays a seeded game with the heuristic bot in every seat and
// writes the public view before each action, the action and its hint.
func transcript(t *testing.T, players int, seed uint64) string {
	opts := engine.MustResolve(regicide.Game{}, map[string]string{"players": fmt.Sprint(players)})
	st, err := regicide.Game{}.New(opts, engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]engine.Bot, players)
	for p := range bots {
		bots[p] = regicidebot.NewHeuristic(engine.BotSeed(seed, p))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# regicide %s, seed %d, heuristic bot in every seat\n", opts, seed)
	for step := 1; !st.Terminal(); step++ {
		seat := st.ToMove(nil)[0]
		a := bots[seat].Act(st, seat)
		hint, err := st.(engine.Hinter).Hint(seat, a)
		if err != nil {
			t.Fatalf("step %d: hint: %v", step, err)
		}
		fmt.Fprintf(&b, "\n## step %d\n%s\nseat %d> %s\n  hint: %s\n", step, st.View(engine.Spectator), seat+1, st.ActionString(a), i18n.English.Say(hint))
		if err := st.Apply(seat, a); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
	}
	r := st.Result()
	fmt.Fprintf(&b, "\n## end\n%s\nend: %s; length %d; returns %v\n", st.View(engine.Spectator), r.End, r.Length, r.Returns)
	return b.String()
}

// TestGoldenPlaythroughs compares seeded games for 1–4 players with the
// transcripts in testdata; -update rewrites them.
func TestGoldenPlaythroughs(t *testing.T) {
	for players := 1; players <= 4; players++ {
		path := filepath.Join("testdata", fmt.Sprintf("golden-%dp.txt", players))
		got := transcript(t, players, goldenSeeds[players])
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./games/regicide -update to create it)", err)
		}
		if got != string(want) {
			t.Errorf("%s differs from the playthrough; if the change is intended, run go test ./games/regicide -update and review the diff", path)
		}
	}
}
