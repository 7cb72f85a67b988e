package watchtower_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"cardtable/bots/watchtowerbot"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

var update = flag.Bool("update", false, "rewrite the golden files and docs/rules/watchtower.md")

// checkGolden compares got with the file at path, or rewrites it with
// -update.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./games/watchtower -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the current output; review the change and rerun with -update", path)
	}
}

// TestRulesDocument checks the players' rules page is the text Rules returns.
func TestRulesDocument(t *testing.T) {
	checkGolden(t, filepath.Join("..", "..", "docs", "rules", "watchtower.md"), watchtower.New().Rules())
}

// goldenGames are seeded games between heuristic bots (h) and random
// players (r), one letter per seat.
var goldenGames = []struct {
	file    string
	options map[string]string
	seats   string
	seed    uint64
}{
	{"playthrough-2p.txt", map[string]string{"players": "2"}, "hr", 11},
	{"playthrough-3p.txt", map[string]string{"players": "3", "max-rounds": "20"}, "hrh", 13},
	{"playthrough-4p.txt", map[string]string{"players": "4", "max-rounds": "12", "refill-pick": "owner"}, "hrhr", 25},
}

// TestGoldenPlaythroughs replays seeded games and compares their full
// transcripts (every action and the public view after it) with testdata.
func TestGoldenPlaythroughs(t *testing.T) {
	for _, g := range goldenGames {
		opts := engine.MustResolve(watchtower.New(), g.options)
		players := randomBots(g.seed, len(g.seats))
		for i, kind := range g.seats {
			if kind == 'h' {
				players[i] = watchtowerbot.NewHeuristic(engine.BotSeed(g.seed, i))
			}
		}
		s, err := watchtower.New().New(opts, engine.Setup{Seed: g.seed})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "watchtower %s seed %d seats %s\n\n%s", opts, g.seed, g.seats, s.View(engine.Spectator))
		for !s.Terminal() {
			seat := s.ToMove(nil)[0]
			a := players[seat].Act(s, seat)
			fmt.Fprintf(&b, "\nseat %d: %s\n", seat+1, s.ActionString(a))
			if err := s.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
			b.WriteString(s.View(engine.Spectator).String())
		}
		checkGolden(t, filepath.Join("testdata", g.file), b.String())
		if m := oneOfMany.FindString(b.String()); m != "" {
			t.Errorf("%s counts %q: one of a thing is written singular, and never \"card(s)\"", g.file, m)
		}
	}
}

// oneOfMany finds a count a person reads wrong: "1 tricks", "2 card(s)".
var oneOfMany = regexp.MustCompile(`\b1 (army )?(cards|tricks|players)\b|\(s\)`)
