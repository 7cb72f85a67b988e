package war_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"cardtable/bots/warbot"
	"cardtable/engine"
	"cardtable/games/war"
)

var update = flag.Bool("update", false, "rewrite the golden playthroughs in testdata/")

// goldenGames are one seeded bot game per variant, kept short by the cap.
var goldenGames = []struct {
	name string
	opts string
	seed uint64
}{
	{"default", "max-battles=40", 11},
	{"three-players", "players=3,max-battles=40", 1},
	{"peace", "peace=true,max-battles=40", 13},
	{"auto-war", "auto-war=2,max-battles=40", 14},
	{"beats-faces", "beats-faces=3,beats-ace=2,max-battles=40", 15},
	{"underdog", "underdog=6,max-battles=60", 16},
	{"slap", "slap=5,max-battles=40", 17},
}

// transcript plays a seeded game with the default bots and writes every
// action, and the public view after each one that changed the round.
func transcript(t *testing.T, opts string, seed uint64) string {
	t.Helper()
	st, err := war.Game{}.New(war.MustOptions(t, opts), engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# war, options %s, seed %d, default bots\n", st.Options(), seed)
	fmt.Fprintf(&b, "start: %s\n", st.View(engine.Spectator))
	var bots [3]engine.Bot
	for seat := range st.NumSeats() {
		bots[seat] = warbot.New(engine.BotSeed(seed, seat))
	}
	for !st.Terminal() {
		toMove := st.ToMove(nil)
		seat := toMove[0]
		a := bots[seat].Act(st, seat)
		fmt.Fprintf(&b, "s%d %s\n", seat+1, st.ActionString(a))
		if err := st.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(st.ToMove(nil), toMove[1:]) {
			fmt.Fprintf(&b, "  %s\n", st.View(engine.Spectator))
		}
	}
	r := st.Result()
	fmt.Fprintf(&b, "result: %s after %d battles, winners %v: %s\n", r.End, r.Length, r.Winners, r.Detail)
	return b.String()
}

func TestGolden(t *testing.T) { // WAR-03..WAR-15 as played end to end
	for _, g := range goldenGames {
		t.Run(g.name, func(t *testing.T) {
			got := transcript(t, g.opts, g.seed)
			path := filepath.Join("testdata", g.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./games/war -update to create it)", err)
			}
			if got != string(want) {
				gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
				for i := range min(len(gl), len(wl)) {
					if gl[i] != wl[i] {
						t.Fatalf("%s differs at line %d:\n got %s\nwant %s\n(run go test ./games/war -update if the change is intended)", path, i+1, gl[i], wl[i])
					}
				}
				t.Fatalf("%s differs in length: %d lines, want %d", path, len(gl), len(wl))
			}
		})
	}
}
