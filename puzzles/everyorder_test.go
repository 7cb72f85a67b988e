package puzzles

import (
	"context"
	"errors"
	"strings"
	"testing"

	"cardtable/analysis"
	"cardtable/bots/regicidesolver"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/i18n"
)

// position825 is the position of the shipped set's former puzzle 825 (mined
// under the older, sampled rule): the deal and the actions that lead to it.
func position825(t *testing.T) *regicide.State {
	t.Helper()
	g := regicide.Game{}
	s, err := g.New(engine.MustResolve(g, map[string]string{"players": "1"}), engine.Setup{Seed: seed825})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range actions825 {
		if err := engine.ApplyText(s, 0, a); err != nil {
			t.Fatal(err)
		}
	}
	return s.(*regicide.State)
}

const seed825 = 14107862719530822803

var actions825 = []string{"play 10C", "play AC 10S", "play AH 7S", "discard 2C", "play 6H", "discard 6C", "power",
	"play AS 5S", "play 2D 2S", "discard 7H", "play JC", "play JS", "discard 5D", "play 8D", "discard 4C 2H", "play 7D",
	"discard 4H 3S", "play AD 4S", "play 8C", "discard 8H 5H 3C", "play 6D", "discard 9H 5C 3H", "play 9D", "play QC",
	"play 10H", "discard 9S 6S", "play 10D", "discard 8S 7C", "play 10S", "play 4D", "discard 10C 9C 2C", "play AC QS",
	"discard JD", "play QD", "discard 6C", "play AH 4H", "play 7S", "discard 8C 5S", "power", "play KC", "play AS 7H"}

// winners lists the actions that keep s winnable under its generator.
func winners(t *testing.T, o *analysis.Oracle, s *regicide.State) []string {
	vs, err := o.KeepsWinnable(context.Background(), s, regicidesolver.Limits{Nodes: 100000}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, v := range vs {
		if v.Result.Verdict == regicidesolver.Won {
			out = append(out, v.Action)
		}
	}
	return out
}

// TestAnswerDependingOnTheShufflesIsRefused: at puzzle 825's position one
// action wins under the game's own generator, but under another generator
// of the Hearts shuffles another action wins too. Such a puzzle cannot be
// mined or pass the check: its answer depends on an order the player
// cannot know.
func TestAnswerDependingOnTheShufflesIsRefused(t *testing.T) {
	o, err := analysis.NewOracle(regicidesolver.DefaultTableBits)
	if err != nil {
		t.Fatal(err)
	}
	pos := position825(t)
	if w := winners(t, o, pos); len(w) != 1 || w[0] != "discard 10C 9C 6S" {
		t.Fatalf("under the game's generator the winners are %q; the test wants the old answer alone", w)
	}
	other := false
	for k := uint64(1); k <= 8 && !other; k++ {
		alt := *pos
		alt.Reseed(cards.SubSeed(seed825, 1000+k))
		w := winners(t, o, &alt)
		other = len(w) > 1 || len(w) == 1 && w[0] != "discard 10C 9C 6S"
	}
	if !other {
		t.Fatal("no generator of 8 makes another action win: the position no longer shows the dependence")
	}
	_, _, _, _, err = uniqueWinner(context.Background(), o, pos, regicidesolver.Limits{Nodes: 100000})
	if !errors.Is(err, errNoPuzzle) {
		t.Fatalf("uniqueWinner = %v; want errNoPuzzle (the answer depends on the shuffles)", err)
	}
	s := &Set{Header: Header{Format: Format, Version: Version, Game: "regicide", Options: map[string]string{"players": "1"}, Nodes: 100000},
		Puzzles: []Puzzle{{ID: 1, Seed: seed825, Actions: actions825, Answer: "discard 10C 9C 6S", Line: line825}}}
	err = Check(context.Background(), o, s, &s.Puzzles[0], regicidesolver.Limits{Nodes: 100000})
	if err == nil || !strings.Contains(err.Error(), "every order of the Hearts shuffles") {
		t.Fatalf("the check of a puzzle whose answer depends on the shuffles said %v; want a failure naming the shuffles", err)
	}
}

// line825 is the winning line the older rule shipped with puzzle 825.
var line825 = []string{"discard 10C 9C 6S", "play 5D", "discard 10S 10H", "play 2D 2H", "discard QS 3H 2C", "play AD QH",
	"discard 10H 10D", "play 7D", "play QS", "discard 4H 3C", "play JD", "discard 5H", "play 9C"}

// TestShuffleModesBoundEveryOrder checks the solver's two modes on the
// actions at puzzle 825's position: a line won with the shuffles against
// the player never draws a card a shuffle put back (so it plays the same
// under every order), and an action lost with the shuffles for the player
// is lost under every generator tried.
func TestShuffleModesBoundEveryOrder(t *testing.T) {
	o, err := analysis.NewOracle(regicidesolver.DefaultTableBits)
	if err != nil {
		t.Fatal(err)
	}
	pos := position825(t)
	pos.TrackHeals()
	ctx := context.Background()
	against, lost := 0, 0
	for _, a := range pos.Legal(0, nil) {
		child := *pos
		if err := child.Apply(0, a); err != nil {
			t.Fatal(err)
		}
		res, err := o.Winnable(ctx, &child, regicidesolver.Limits{Nodes: 100000, Shuffles: regicidesolver.ShufflesAgainst})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict == regicidesolver.Won {
			against++
			end := child
			for _, st := range res.Line {
				if err := engine.ApplyText(&end, st.Seat, st.Action); err != nil {
					t.Fatal(err)
				}
			}
			if end.DrewHealed() || !end.Facts().Won {
				t.Errorf("%s: the line won against the shuffles draws a card they put back (or does not win)", pos.ActionString(a))
			}
		}
		res, err = o.Winnable(ctx, &child, regicidesolver.Limits{Nodes: 100000, Shuffles: regicidesolver.ShufflesFor})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != regicidesolver.Lost {
			continue
		}
		lost++
		for k := uint64(1); k <= 4; k++ {
			alt := child
			alt.Reseed(cards.SubSeed(seed825, 2000+k))
			r, err := o.Winnable(ctx, &alt, regicidesolver.Limits{Nodes: 100000})
			if err != nil {
				t.Fatal(err)
			}
			if r.Verdict != regicidesolver.Lost {
				t.Errorf("%s: lost with the shuffles for the player, but %s under generator %d", pos.ActionString(a), r.Verdict, k)
			}
		}
	}
	if lost == 0 {
		t.Fatal("no action lost with the shuffles for the player: the test checks nothing")
	}
	t.Logf("%d actions won against the shuffles, %d lost with them", against, lost)
}

// Pruned puzzles keep their ids: Get finds an id past a gap and refuses a
// dropped one, Next goes round the ids with a theme, IDs lists them.
func TestIDsWithGapsAndThemes(t *testing.T) {
	s := &Set{Puzzles: []Puzzle{
		{ID: 2, Legal: 5, Themes: []string{ThemeCombo}},
		{ID: 5, Legal: 2, Themes: []string{ThemeDiscard}},
		{ID: 9, Legal: 7, Themes: []string{ThemeCombo, ThemeExact}},
	}}
	if p, err := s.Get(5); err != nil || p.ID != 5 {
		t.Fatalf("Get(5) = %v, %v", p, err)
	}
	for _, id := range []int{0, 1, 3, 10} {
		if _, err := s.Get(id); err == nil || !strings.Contains(err.Error(), "no puzzle") {
			t.Errorf("Get(%d) = %v; want no puzzle", id, err)
		}
	}
	for _, c := range []struct {
		id    int
		theme string
		want  int
	}{{2, "", 5}, {9, "", 2}, {2, ThemeCombo, 9}, {9, ThemeCombo, 2}, {3, ThemeCombo, 9}, {2, ThemeTwoTries, 5}, {2, ThemeYield, 0}} {
		if got := s.Next(c.id, c.theme); got != c.want {
			t.Errorf("Next(%d, %q) = %d; want %d", c.id, c.theme, got, c.want)
		}
	}
	if got := s.IDs(ThemeExact); len(got) != 1 || got[0] != 9 {
		t.Errorf("IDs(exact) = %v", got)
	}
}

// The solution reads as sentences, one per action of the line, each with
// the board after it; the last takes the Castle. Each is a message too,
// written whole in every language.
func TestSolutionInSentences(t *testing.T) {
	s := shippedSet(t)
	for _, p := range sample(s, 20) {
		sol, err := s.Solution(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(sol) != len(p.Line) {
			t.Fatalf("puzzle %d: %d steps for a line of %d", p.ID, len(sol), len(p.Line))
		}
		for i, st := range sol {
			if st.Action != p.Line[i] || st.View == nil || !strings.HasSuffix(st.Sentence, ".") ||
				strings.Contains(st.Sentence, "%!") || strings.Contains(st.Sentence, "-") || !strings.Contains(st.Sentence, " the ") && !strings.HasPrefix(st.Sentence, "Use") {
				t.Errorf("puzzle %d, step %d %q: %q", p.ID, i+1, st.Action, st.Sentence)
			}
		}
		for _, l := range i18n.Languages()[1:] {
			for i, st := range sol {
				if got := i18n.For(l.Code).Say(st.SentenceI18n); got == "" || got == st.Sentence || strings.Contains(got, "puzzles.") || strings.Contains(got, "{{") {
					t.Errorf("puzzle %d, step %d in %s reads %q (English %q)", p.ID, i+1, l.Code, got, st.Sentence)
				}
			}
		}
		last := sol[len(sol)-1]
		if last.View.Phase != "over" || !strings.Contains(last.Sentence, "the Castle is taken") {
			t.Errorf("puzzle %d: the last step does not take the Castle: %q", p.ID, last.Sentence)
		}
	}
	sol, _ := s.Solution(&s.Puzzles[0])
	for _, st := range sol {
		t.Log(st.Sentence)
	}
}
