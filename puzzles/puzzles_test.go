package puzzles

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"cardtable/analysis"
	"cardtable/bots/regicidesolver"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

func shippedSet(t testing.TB) *Set {
	t.Helper()
	s, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Puzzles) < 10 {
		t.Fatalf("%d puzzles built in; want at least 10", len(s.Puzzles))
	}
	return s
}

// sample returns about n puzzles spread over the set.
func sample(s *Set, n int) []*Puzzle {
	step := max(len(s.Puzzles)/n, 1)
	var out []*Puzzle
	for i := 0; i < len(s.Puzzles); i += step {
		out = append(out, &s.Puzzles[i])
	}
	return out
}

// TestShippedSampleHasOneWinningAction checks a sample of the puzzles
// built in against the solver: exactly one action keeps the game
// winnable, the answer, under the game's generator and the set's reseeds,
// and the puzzle's line replays to a win. (All of them: the benchmark
// BenchmarkCheckShipped, or cardtable puzzles regicide --check.)
func TestShippedSampleHasOneWinningAction(t *testing.T) {
	s := shippedSet(t)
	o, err := analysis.NewOracle(regicidesolver.DefaultTableBits)
	if err != nil {
		t.Fatal(err)
	}
	if s.Header.Rule != RuleEveryOrder {
		t.Fatalf("the set built in says rule %q; want %q", s.Header.Rule, RuleEveryOrder)
	}
	for _, p := range sample(s, 8) {
		if err := Check(context.Background(), o, s, p, regicidesolver.Limits{Nodes: s.Header.Nodes}); err != nil {
			t.Error(err)
		}
		// Its line never draws a card a Hearts shuffle put back: it wins
		// whatever order the shuffles take.
		pos, err := p.Position(s.Options())
		if err != nil {
			t.Fatal(err)
		}
		pos.TrackHeals()
		for _, a := range p.Line {
			if err := engine.ApplyText(pos, 0, a); err != nil {
				t.Fatal(err)
			}
		}
		if pos.DrewHealed() {
			t.Errorf("puzzle %d: its line draws a card a Hearts shuffle put back", p.ID)
		}
	}
}

// TestCheckCatchesAWrongAnswer gives a puzzle another legal action as its
// answer: the check must fail.
func TestCheckCatchesAWrongAnswer(t *testing.T) {
	s := shippedSet(t)
	p := s.Puzzles[0]
	pos, err := p.Position(s.Options())
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range pos.Legal(0, nil) {
		if text := pos.ActionString(a); text != p.Answer {
			p.Answer = text
			p.Line = append([]string{text}, p.Line[1:]...)
			break
		}
	}
	o, _ := analysis.NewOracle(16)
	if err := Check(context.Background(), o, s, &p, regicidesolver.Limits{Nodes: s.Header.Nodes}); err == nil {
		t.Fatalf("a puzzle whose answer %q is not the winning action passed the check", p.Answer)
	}
}

// TestWrongAnswerShowsALineThatWins answers puzzles with every other
// legal action: each is told wrong and gets the line that wins, which
// replays to a win from the position; the answer itself is told right.
func TestWrongAnswerShowsALineThatWins(t *testing.T) {
	s := shippedSet(t)
	for _, p := range sample(s, 20) {
		pos, err := p.Position(s.Options())
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range pos.Legal(0, nil) {
			text := pos.ActionString(a)
			out, err := s.Answer(p.ID, text)
			if err != nil {
				t.Fatal(err)
			}
			if out.Correct != (text == p.Answer) {
				t.Errorf("puzzle %d: %q told correct=%v; the answer is %q", p.ID, text, out.Correct, p.Answer)
			}
			if out.Line[0] != p.Answer {
				t.Errorf("puzzle %d: the line shown starts with %q, not the answer", p.ID, out.Line[0])
			}
			if err := ReplaysToWin(pos, out.Line); err != nil {
				t.Errorf("puzzle %d: the line shown after %q: %v", p.ID, text, err)
			}
		}
	}
}

// TestAnswerRefusesBadInput: an action that is not legal, garbage, an
// over-long text or a puzzle that does not exist is an error naming it,
// not an answer.
func TestAnswerRefusesBadInput(t *testing.T) {
	s := shippedSet(t)
	for _, tc := range []struct {
		id     int
		action string
		want   string
	}{
		{1, "play 2X", "not an action"},
		{1, "", "not an action"},
		{1, strings.Repeat("play 2C ", 20), "at most"},
		{0, "yield", "no puzzle 0"},
		{len(s.Puzzles) + 1, "yield", "no puzzle"},
	} {
		if _, err := s.Answer(tc.id, tc.action); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Answer(%d, %q) = %v; want an error with %q", tc.id, tc.action, err, tc.want)
		}
	}
}

// TestShownLeaksNothingHidden is the leak test: what a puzzle shows
// before it is answered is the same whatever its answer, line and bot
// choice are, and whatever the generator that makes the shuffles to come
// (the one thing the puzzle does not reveal); it has no field that tells
// the answer, and every card it names is one the seat sees or the puzzle
// reveals.
func TestShownLeaksNothingHidden(t *testing.T) {
	s := shippedSet(t)
	for _, p := range sample(s, 20) {
		pos, err := p.Position(s.Options())
		if err != nil {
			t.Fatal(err)
		}
		base := mustJSON(t, s.show(p, pos))
		other := *p
		other.Answer, other.Line, other.BotChoice = "power", []string{"power", "discard"}, "yield"
		alt := *pos
		alt.Reseed(12345)
		if got := mustJSON(t, s.show(&other, &alt)); got != base {
			t.Fatalf("puzzle %d: what is shown depends on the answer or the shuffles to come:\n%s\n%s", p.ID, base, got)
		}
		for _, key := range []string{`"answer"`, `"line"`, `"bot_choice"`, `"correct"`, `"missed_by"`} {
			if strings.Contains(base, key) {
				t.Errorf("puzzle %d: shown has the field %s", p.ID, key)
			}
		}
		seen := map[string]bool{}
		v := pos.View(0).(*regicide.View)
		tavern, castle := pos.Piles()
		for _, list := range [][]string{cardsText(v.Hand), cardsText(v.Discard), cardsText(v.Table), cardsText(tavern), cardsText(castle)} {
			for _, c := range list {
				seen[c] = true
			}
		}
		var shown Shown
		json.Unmarshal([]byte(base), &shown)
		for _, c := range append(cardsText(shown.Revealed.Tavern), cardsText(shown.Revealed.Castle)...) {
			if !seen[c] {
				t.Errorf("puzzle %d: shows %s, which is neither seen nor revealed", p.ID, c)
			}
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestShippedReads holds the file built in to its format: a header with
// the command that made it, as many puzzles as it says, numbered, every
// one replaying to a position that is not over, with the answer legal and
// the rating within the panel.
func TestShippedReads(t *testing.T) {
	s := shippedSet(t)
	h := s.Header
	if h.Count != len(s.Puzzles) || !strings.HasPrefix(h.Command, "cardtable puzzles regicide --mine ") {
		t.Fatalf("header %+v for %d puzzles", h, len(s.Puzzles))
	}
	for i := range s.Puzzles {
		p := &s.Puzzles[i]
		pos, err := p.Position(s.Options())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pos.ParseAction(0, p.Answer); err != nil {
			t.Errorf("puzzle %d: answer %q: %v", p.ID, p.Answer, err)
		}
		if p.Misses != len(p.MissedBy) || p.Misses > len(h.Panel) || p.BotChoice == p.Answer {
			t.Errorf("puzzle %d: misses %d by %v of a panel of %d; bot chose %q", p.ID, p.Misses, p.MissedBy, len(h.Panel), p.BotChoice)
		}
	}
}

// TestReadRefusesCorruptFiles: each broken file is refused with the line.
func TestReadRefusesCorruptFiles(t *testing.T) {
	head := `{"format":"cardtable-puzzles","version":1,"game":"regicide","options":{"players":"1"},"seed":1,"count":1,"bot":"heuristic","panel":[],"nodes":1,"reseeds":0,"games":1,"command":"x"}`
	good := `{"id":1,"game":0,"seed":1,"actions":[],"legal":2,"answer":"play 2C","line":["play 2C"],"bot_choice":"yield","misses":0,"missed_by":[],"defeated":0,"tavern":40,"nodes":1}`
	for name, tc := range map[string]struct{ text, want string }{
		"empty":         {"", "empty file"},
		"other format":  {strings.Replace(head, "cardtable-puzzles", "x", 1), "line 1"},
		"unknown field": {head + "\n" + strings.Replace(good, `"legal"`, `"legall"`, 1), "line 2"},
		"numbering":     {head + "\n" + strings.Replace(good, `"id":1`, `"id":3`, 1) + "\n" + strings.Replace(good, `"id":1`, `"id":2`, 1), "rise"},
		"id 0":          {head + "\n" + strings.Replace(good, `"id":1`, `"id":0`, 1), "start at 1"},
		"line":          {head + "\n" + strings.Replace(good, `"line":["play 2C"]`, `"line":["yield"]`, 1), "start with its answer"},
		"not json":      {head + "\n{", "line 2"},
	} {
		if _, err := Read(strings.NewReader(tc.text)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Read = %v; want an error with %q", name, err, tc.want)
		}
	}
}

// TestMineIsReproducible mines the same small run with one worker and
// with two: the files are the same bytes, and every puzzle checks.
func TestMineIsReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("mines games with the solver")
	}
	cfg := MineConfig{Header: Header{Format: Format, Version: Version, Game: "regicide",
		Options: map[string]string{"players": "1"}, Seed: 5, Count: 2, Bot: "heuristic",
		Panel: []string{"heuristic", "expert:iterations=50"}, Nodes: 50000, Rule: RuleEveryOrder, Command: "test"}}
	var files []string
	for _, w := range []int{1, 2} {
		cfg.Workers = w
		set, err := Mine(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := set.Write(&b); err != nil {
			t.Fatal(err)
		}
		files = append(files, b.String())
	}
	if files[0] != files[1] {
		t.Fatalf("one worker and two mined different files:\n%s\n%s", files[0], files[1])
	}
	set, err := Read(strings.NewReader(files[0]))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := CheckSet(context.Background(), set, CheckConfig{Workers: 1})
	if err != nil || len(rep.Failures) > 0 || rep.Checked != 2 {
		t.Fatalf("check of the mined file: %v %+v", err, rep)
	}
}

// TestMineRefusesBadSettings: bad settings are refused before any game.
func TestMineRefusesBadSettings(t *testing.T) {
	base := Header{Format: Format, Version: Version, Game: "regicide", Options: map[string]string{"players": "1"}, Count: 1, Bot: "heuristic", Nodes: 10}
	for name, tc := range map[string]struct {
		edit func(*Header)
		want string
	}{
		"count":   {func(h *Header) { h.Count = 0 }, "ask for 1 or more"},
		"nodes":   {func(h *Header) { h.Nodes = 0 }, "node budget"},
		"players": {func(h *Header) { h.Options = map[string]string{"players": "2"} }, "solo"},
		"bot":     {func(h *Header) { h.Bot = "nobody" }, "no bot"},
		"panel":   {func(h *Header) { h.Panel = []string{"expert:iterations=x"} }, "iterations"},
	} {
		h := base
		tc.edit(&h)
		if _, err := Mine(context.Background(), MineConfig{Header: h}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Mine = %v; want an error with %q", name, err, tc.want)
		}
	}
}

// BenchmarkCheckShipped checks every puzzle built in against the solver
// (as cardtable puzzles regicide --check does), on one core:
//
//	go test ./puzzles -run '^$' -bench CheckShipped -benchtime 1x -timeout 3h
func BenchmarkCheckShipped(b *testing.B) {
	s := shippedSet(b)
	for b.Loop() {
		rep, err := CheckSet(context.Background(), s, CheckConfig{Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		if len(rep.Failures) > 0 {
			b.Fatalf("%d of %d puzzles failed: %v", len(rep.Failures), rep.Checked, rep.Failures[:min(5, len(rep.Failures))])
		}
		b.ReportMetric(float64(rep.Checked), "puzzles")
	}
}

func cardsText(cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// TestShippedSeeds: the built-in set's seeds rise with the number of the
// panel's bots that miss a puzzle, the mean puzzle is a new player's
// 1500, and the panel's bots come out in the order of their strength
// (heuristic, ismcts, expert:iterations=200, expert).
func TestShippedSeeds(t *testing.T) {
	set, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	fit, err := set.Fit()
	if err != nil {
		t.Fatal(err)
	}
	if len(fit.Levels) != len(set.Header.Panel)+1 {
		t.Fatalf("%d levels for a panel of %d", len(fit.Levels), len(set.Header.Panel))
	}
	var mean float64
	for _, p := range set.Puzzles {
		seed, err := set.Seed(p.ID)
		if err != nil || seed != fit.Levels[p.Misses] {
			t.Fatalf("puzzle %d (misses %d): seed %v, %v; want level %v", p.ID, p.Misses, seed, err, fit.Levels[p.Misses])
		}
		mean += seed.R
	}
	if mean /= float64(len(set.Puzzles)); mean < 1499.99 || mean > 1500.01 {
		t.Errorf("the mean seed is %.3f, want 1500", mean)
	}
	for m := 1; m < len(fit.Levels); m++ {
		if fit.Levels[m].R <= fit.Levels[m-1].R {
			t.Errorf("seeds: %v; want them rising with misses", fit.Levels)
		}
	}
	for b := 1; b < len(fit.Bots); b++ {
		if fit.Bots[b] <= fit.Bots[b-1] {
			t.Errorf("the panel %v fitted %v; want them in the order of their strength", set.Header.Panel, fit.Bots)
		}
	}
	if _, err := set.Seed(len(set.Puzzles) + 1); err == nil {
		t.Error("a seed for a puzzle past the end")
	}
}

// TestMissingPuzzleNamesTheNearest: asking for a number the re-check
// dropped names the puzzles on either side, so the player can go on.
func TestMissingPuzzleNamesTheNearest(t *testing.T) {
	s := shippedSet(t)
	for i := 1; i < len(s.Puzzles); i++ {
		before, after := s.Puzzles[i-1].ID, s.Puzzles[i].ID
		if after-before < 2 {
			continue
		}
		_, err := s.Get(before + 1)
		want := fmt.Sprintf("no puzzle %d; the nearest are %d and %d;", before+1, before, after)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("Get(%d): %v; want it to say %q", before+1, err, want)
		}
		saysNearest(t, err, "puzzles.missing.between", "before", before, "after", after)
		_, err = s.Get(s.LastID() + 1)
		if want := fmt.Sprintf("the nearest is %d;", s.LastID()); err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("Get(%d): %v; want it to say %q", s.LastID()+1, err, want)
		}
		saysNearest(t, err, "puzzles.missing.one", "near", s.LastID())
		_, err = s.Get(0)
		saysNearest(t, err, "puzzles.missing.one", "near", s.Puzzles[0].ID)
		_, err = (&Set{}).Get(3)
		saysNearest(t, err, "puzzles.missing.empty")
		return
	}
	t.Fatal("the shipped set has no gap in its numbers to ask for")
}

// saysNearest fails t unless err says, for people, message id with the
// numbers named (name, value pairs).
func saysNearest(t *testing.T, err error, id string, nums ...any) {
	t.Helper()
	msg, ok := engine.SaidOf(err)
	if !ok || msg.ID != id {
		t.Fatalf("%v: says %+v; want the message %s", err, msg, id)
	}
	for i := 0; i < len(nums); i += 2 {
		if a, ok := msg.Arg(nums[i].(string)); !ok || a.N != nums[i+1].(int) {
			t.Errorf("%s: %s is %+v; want %d", id, nums[i], a, nums[i+1])
		}
	}
}
