package analysis

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"reflect"
	"slices"
	"testing"

	"cardtable/bots/regicidebot"
	"cardtable/bots/regicidesolver"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/record"
)

var update = flag.Bool("update", false, "regenerate testdata/regicide-known-loss.json (a minute or so)")

const knownLoss = "testdata/regicide-known-loss.json"

// stackedDeck is a solo deal in Setup.Deck's order: each Castle tier and
// the Tavern shuffled with a generator of seed.
func stackedDeck(seed uint64) []cards.Card {
	rng := cards.NewRNG(seed)
	var tiers [3][]cards.Card
	var tavern []cards.Card
	for _, c := range cards.Standard52() {
		if r := c.Rank(); r >= cards.Jack && r <= cards.King {
			tiers[r-cards.Jack] = append(tiers[r-cards.Jack], c)
		} else {
			tavern = append(tavern, c)
		}
	}
	var deck []cards.Card
	for _, t := range tiers {
		rng.Shuffle(t)
		deck = append(deck, t...)
	}
	rng.Shuffle(tavern)
	return append(deck, tavern...)
}

// TestGenerateKnownLoss, run with -update, writes the known-loss record: a
// stacked solo deal played along the solver's winning line to a position
// where exactly one legal action keeps the game winnable (every other one
// proven lost), then one of the losing actions, then the heuristic to the
// end of the lost game.
func TestGenerateKnownLoss(t *testing.T) {
	if !*update {
		t.Skip("run with -update to regenerate " + knownLoss)
	}
	ctx := context.Background()
	o, err := NewOracle(regicidesolver.DefaultTableBits)
	if err != nil {
		t.Fatal(err)
	}
	g := regicide.Game{}
	opts := engine.MustResolve(g, nil)
	for attempt := uint64(1); attempt < 50; attempt++ {
		setup := engine.Setup{Seed: attempt, Deck: stackedDeck(attempt)}
		s, err := g.New(opts, setup)
		if err != nil {
			t.Fatal(err)
		}
		res, err := o.Winnable(ctx, s, regicidesolver.Limits{Nodes: 2_000_000})
		if err != nil || res.Verdict != regicidesolver.Won {
			continue
		}
		rec, ok := knownLossRecord(t, o, g, opts, setup, res.Line)
		if !ok {
			continue
		}
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := rec.Write(&b); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(knownLoss, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("deal %d: %d actions", attempt, len(rec.Actions))
		return
	}
	t.Fatal("no deal gave a position with one winning action")
}

// knownLossRecord walks line from its end back to a position in its first
// three quarters where exactly one action wins and another is proven
// lost, and returns the record that plays that other action there.
func knownLossRecord(t *testing.T, o *Oracle, g regicide.Game, opts engine.Options, setup engine.Setup, line []regicidesolver.Step) (*record.Record, bool) {
	positions := []engine.State{}
	s, _ := g.New(opts, setup)
	for _, st := range line {
		positions = append(positions, s.Clone())
		if err := engine.ApplyText(s, st.Seat, st.Action); err != nil {
			t.Fatal(err)
		}
	}
	for p := len(line) * 3 / 4; p > len(line)/2; p-- {
		verdicts, err := o.KeepsWinnable(context.Background(), positions[p], regicidesolver.Limits{Nodes: 300_000}, 0)
		if err != nil {
			t.Fatal(err)
		}
		won, lost := 0, -1
		for i, v := range verdicts {
			switch v.Result.Verdict {
			case regicidesolver.Won:
				won++
			case regicidesolver.Lost:
				lost = i
			case regicidesolver.Unknown:
				won = 99
			}
		}
		if won != 1 || lost < 0 {
			continue
		}
		rec := record.FromGame(g, opts, setup, []record.Seat{{Name: "Ann"}})
		for _, st := range line[:p] {
			rec.Actions = append(rec.Actions, record.Action{Seat: st.Seat, Action: st.Action})
		}
		rec.Actions = append(rec.Actions, record.Action{Seat: 0, Action: verdicts[lost].Action})
		end := positions[p].Clone()
		if err := engine.ApplyText(end, 0, verdicts[lost].Action); err != nil {
			t.Fatal(err)
		}
		h, _ := regicidebot.New(regicidebot.Settings{Plays: 4, Covers: 4, LossScale: 0.5}, 1)
		for !end.Terminal() {
			seat := end.ToMove(nil)[0]
			a := h.Act(end, seat)
			rec.Add(end, seat, a)
			if err := end.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
		}
		rec.Finish(end)
		return rec, true
	}
	return nil, false
}

func loadRecord(t *testing.T, path string) *record.Record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := record.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// A stacked deal where exactly one play keeps the game winnable, and the
// record plays another: the solver's mark lands on that move, the winning
// line from the position before it replays to a win, and the document
// reads back the same.
func TestKnownLossIsMarked(t *testing.T) {
	rec := loadRecord(t, knownLoss)
	if rec.Deal == nil {
		t.Fatal("the known-loss record has no stacked deal")
	}
	positions, err := replayPositions(rec)
	if err != nil {
		t.Fatal(err)
	}
	// The position before the losing move is the last one before the
	// heuristic took over: find it as the one where exactly one action
	// wins, and check the record's action there is proven lost.
	o, err := NewOracle(regicidesolver.DefaultTableBits)
	if err != nil {
		t.Fatal(err)
	}
	step := losingStepOf(t, o, rec, positions)
	doc, err := Analyze(context.Background(), rec, Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := doc.Hindsight
	if h.LosingStep != step || h.Losing == nil || *h.Losing != rec.Actions[step-1] {
		t.Fatalf("losing step %d (%+v), want step %d (%+v); probes %+v", h.LosingStep, h.Losing, step, rec.Actions[step-1], h.Probes)
	}
	dec := doc.Decisions[step-1]
	if !dec.Losing || dec.Before != Won || dec.After != Lost {
		t.Errorf("decision at step %d: losing %v, before %s, after %s; want true, won, lost", step, dec.Losing, dec.Before, dec.After)
	}
	for i, d := range doc.Decisions {
		if d.Losing != (d.Step == step) {
			t.Errorf("decision %d (step %d) losing %v", i, d.Step, d.Losing)
		}
	}
	if doc.Summary[0].LosingStep != step || doc.Summary[0].TurningPoint != step {
		t.Errorf("summary %+v: want the losing and turning step %d", doc.Summary[0], step)
	}
	line, err := WinningRecord(rec, doc)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(line.Actions[:step-1], rec.Actions[:step-1]) || line.Actions[step-1] == rec.Actions[step-1] {
		t.Errorf("the winning record does not follow the game up to step %d and leave it there", step)
	}
	final, _, err := record.Replay(line)
	if err != nil || !won(final) {
		t.Fatalf("the winning line does not replay to a win: %v", err)
	}
	roundTrip(t, doc)
}

// losingStepOf returns the step of rec's action that the solver proves
// lost from a position where exactly one action wins.
func losingStepOf(t *testing.T, o *Oracle, rec *record.Record, positions []engine.State) int {
	t.Helper()
	for p := len(rec.Actions) - 1; p >= 0; p-- {
		verdicts, err := o.KeepsWinnable(context.Background(), positions[p], regicidesolver.Limits{Nodes: 300_000}, 2)
		if err != nil {
			t.Fatal(err)
		}
		winners := 0
		var played regicidesolver.Verdict = regicidesolver.Unknown
		for _, v := range verdicts {
			if v.Result.Verdict == regicidesolver.Won {
				winners++
			}
			if v.Action == rec.Actions[p].Action {
				played = v.Result.Verdict
			}
		}
		if winners == 1 {
			if played != regicidesolver.Lost {
				t.Fatalf("position %d: the record's %q is %s, want proven lost", p, rec.Actions[p].Action, played)
			}
			return p + 1
		}
	}
	t.Fatal("no position of the record has exactly one winning action")
	return 0
}

// roundTrip writes doc as JSON and reads it back equal.
func roundTrip(t *testing.T, doc *Document) {
	t.Helper()
	var b bytes.Buffer
	if err := doc.Write(&b); err != nil {
		t.Fatal(err)
	}
	back, err := Decode(&b)
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	if !reflect.DeepEqual(doc, back) {
		t.Errorf("the document does not read back the same:\n%+v\n%+v", doc, back)
	}
}

// The Oracle answers a puzzle miner's questions: at the known loss's
// critical position exactly one legal action keeps the game winnable and
// the one played is proven lost; asked to stop after one winner, it stops
// there. Another game's position is refused.
func TestOracleKeepsWinnable(t *testing.T) {
	rec := loadRecord(t, knownLoss)
	positions, err := replayPositions(rec)
	if err != nil {
		t.Fatal(err)
	}
	o, err := NewOracle(regicidesolver.DefaultTableBits)
	if err != nil {
		t.Fatal(err)
	}
	step := losingStepOf(t, o, rec, positions)
	s := positions[step-1]
	all, err := o.KeepsWinnable(context.Background(), s, regicidesolver.Limits{Nodes: 300_000}, 0)
	if err != nil {
		t.Fatal(err)
	}
	legal := s.Legal(0, nil)
	winner := -1
	for i, v := range all {
		if v.Action != s.ActionString(legal[i]) {
			t.Fatalf("verdict %d is for %q, want %q (Legal order)", i, v.Action, s.ActionString(legal[i]))
		}
		if v.Result.Verdict == regicidesolver.Won {
			winner = i
		}
	}
	if len(all) != len(legal) || winner < 0 {
		t.Fatalf("%d verdicts for %d legal actions, winner %d", len(all), len(legal), winner)
	}
	first, err := o.KeepsWinnable(context.Background(), s, regicidesolver.Limits{Nodes: 300_000}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != winner+1 {
		t.Errorf("stopping after one winner: %d verdicts, want %d", len(first), winner+1)
	}
	w := playRecord(t, "war", nil, "heuristic", 1)
	ws, _, err := record.Replay(&record.Record{Version: 1, Game: "war", Seed: w.Seed, Actions: []record.Action{}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.KeepsWinnable(context.Background(), ws, regicidesolver.Limits{}, 0); !errors.Is(err, engine.ErrBadOption) {
		t.Errorf("KeepsWinnable(a War position) = %v, want ErrBadOption", err)
	}
}
