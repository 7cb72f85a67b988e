package analysis

import (
	"encoding/json"
	"flag"
	"os"
	"testing"

	"cardtable/bots/regicidebot"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

var (
	fitSamples = flag.Int("fit", 0, "sample this many Regicide positions of -fit-players players into -fit-data (about 2 s of CPU a sample)")
	fitPlayers = flag.Int("fit-players", 1, "the number of players of the games -fit samples")
	fitFrom    = flag.Int("fit-from", -1, "the first sample's index (default: the number of samples of that player count already in -fit-data)")
	fitData    = flag.String("fit-data", "", "the JSON-lines file of samples -fit appends to and the fit reads")
	fitGame    = flag.String("fit-game", "regicide", "the game -fit samples: regicide or watchtower")
	fitEnd     = flag.Bool("fit-end", false, "with -fit-game watchtower: sample the games' last decisions (the end stream)")
	fitDeep    = flag.Bool("fit-deep", true, "with -fit-game watchtower: search the few samples deepSampled picks at the deep budget too (8 times a quick search)")
)

// sample is one position the calibration is fitted on: the players, the
// share of won iterations of a search through one action at each depth
// (and their iterations), the enemies defeated (Regicide) or the round and
// the players still in and on campaign (Watchtower), and whether the
// expert, playing every seat on from there, won (Watchtower: the seat's
// share of the win, Outcome).
type sample struct {
	// Game is empty for Regicide.
	Game    string `json:"game,omitempty"`
	Players int    `json:"players"`
	Index   int    `json:"index"`
	Seed    uint64 `json:"seed"`
	Step    int    `json:"step"`
	Seat    int    `json:"seat"`
	Action  string `json:"action"`
	Chooser string `json:"chooser"`
	// Pick is how the decision was drawn: empty for uniformly among the
	// game's, "end" for among its last (Watchtower's end stream).
	Pick     string             `json:"pick,omitempty"`
	Shares   map[string]float64 `json:"shares"`
	Trials   map[string]int     `json:"trials"`
	Defeated int                `json:"defeated"`
	Round    int                `json:"round,omitempty"`
	// In and Campaigners are Watchtower's players still in and those of
	// them on campaign (watchtowerStage).
	In          int  `json:"in,omitempty"`
	Campaigners int  `json:"campaigners,omitempty"`
	Won         bool `json:"won"`
	// Outcome is a Watchtower seat's share of the win: 1 alone, 1/w
	// among w winners, 0 for a loss (its return r as (r+1)/n).
	Outcome float64 `json:"outcome,omitempty"`
}

// outcome is what the chance predicts: the sample's won game (or share
// of it).
func (s sample) outcome() float64 {
	if s.Game == "watchtower" {
		return s.Outcome
	}
	return won01(s.Won)
}

// sampleSeed is the deal of sample i of games of players players.
func sampleSeed(players, i int) uint64 { return cards.SubSeed(uint64(7700+players), uint64(i)) }

// TestSampleCalibration, run with -fit N -fit-players P -fit-data FILE,
// appends N samples of P-player games to FILE: sample i is game
// sampleSeed(P, i), which the heuristic plays in every seat; a decision
// with a choice is drawn uniformly among the game's, and the action
// appraised there is the expert's choice (one time in three), the
// heuristic's (one in three), a uniformly drawn legal action (one in six)
// or the first legal action (one in six). Its shares come from searches
// of every depth's budget; the expert at its defaults then plays every
// seat to the end. Samples are reproducible one by one, so runs can be
// split and resumed (-fit-from).
func TestSampleCalibration(t *testing.T) {
	if *fitSamples == 0 {
		t.Skip("run with -fit N -fit-players P -fit-data FILE to sample positions for the calibration")
	}
	if *fitData == "" {
		t.Fatal("-fit needs -fit-data FILE")
	}
	from := *fitFrom
	if from < 0 {
		from = 0
		for _, s := range loadSamples(t, *fitData) {
			if s.Players == *fitPlayers && (s.Pick == "end") == *fitEnd {
				from = max(from, s.Index+1)
			}
		}
	}
	draw := drawSample
	switch *fitGame {
	case "regicide":
	case "watchtower":
		draw = func(t *testing.T, players, index int) sample { return drawWatchtowerSample(t, players, index, *fitEnd) }
	default:
		t.Fatalf("-fit-game %q: want regicide or watchtower", *fitGame)
	}
	for i := from; i < from+*fitSamples; i++ {
		saveSample(t, draw(t, *fitPlayers, i))
		if i%20 == 0 {
			t.Logf("%d players: sample %d", *fitPlayers, i)
		}
	}
}

func drawSample(t *testing.T, players, index int) sample {
	seed := sampleSeed(players, index)
	s := newGame(t, regicide.Game{}, players, seed)
	rng := cards.NewRNG(seed)
	heuristic, chosen := walkToDecision(t, s, &rng, 0, func() engine.Bot { return newExpert(t, 0, seed) })
	seat := s.ToMove(nil)[0]
	a, chooser := chooseAction(s, seat, &rng, heuristic, func() engine.Action {
		return newExpert(t, regicidebot.DefaultIterations, seed).Act(s, seat)
	})
	out := sample{Players: players, Index: index, Seed: seed, Step: chosen, Seat: seat, Action: s.ActionString(a),
		Chooser: chooser, Shares: map[string]float64{}, Trials: map[string]int{}, Defeated: s.(*regicide.State).Facts().Defeated}
	for _, depth := range []Depth{Quick, Deep} {
		st := depth.settings("regicide")
		stats := regicideExpert(st, nil).mustBot(t, st.PlayedIterations, expertSeed(chosen+1)).Appraise(s, seat, []engine.Action{a})
		out.Shares[string(depth)], out.Trials[string(depth)] = stats[0].Mean, stats[0].Visits
	}
	mustApply(t, s, seat, a)
	playOut(t, s, newExpert(t, regicidebot.DefaultIterations, cards.SubSeed(seed, 1)))
	out.Won = won(s)
	return out
}

// walkToDecision plays the game of s with the bot newBot makes in every
// seat and chooses one of its decisions with a choice, uniformly (reservoir
// sampling on rng) or, when last > 0, uniformly among the last last; then
// it plays s up to it with a new such bot and returns that bot and the
// decision's step (from 0).
func walkToDecision(t *testing.T, s engine.State, rng *cards.RNG, last int, newBot func() engine.Bot) (engine.Bot, int) {
	chosen, seen := 0, 0
	var steps []int
	bot := newBot()
	probe := s.Clone()
	for step := 0; !probe.Terminal(); step++ {
		seat := probe.ToMove(nil)[0]
		if len(probe.Legal(seat, nil)) > 1 {
			seen++
			if last > 0 {
				steps = append(steps, step)
			} else if rng.IntN(seen) == 0 {
				chosen = step
			}
		}
		mustApply(t, probe, seat, bot.Act(probe, seat))
	}
	if last > 0 && len(steps) > 0 {
		steps = steps[max(len(steps)-last, 0):]
		chosen = steps[rng.IntN(len(steps))]
	}
	bot = newBot()
	for range chosen {
		seat := s.ToMove(nil)[0]
		mustApply(t, s, seat, bot.Act(s, seat))
	}
	return bot, chosen
}

// newGame deals game g for players players with seed.
func newGame(t *testing.T, g engine.Game, players int, seed uint64) engine.State {
	opts := engine.MustResolve(g, map[string]string{"players": itoa(players)})
	s, err := g.New(opts, engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// chooseAction is the action a sample appraises for seat in s: the
// expert's (one time in three), heuristic's (one in three), a uniformly
// drawn legal action (one in six) or the first legal action (one in six).
func chooseAction(s engine.State, seat int, rng *cards.RNG, heuristic engine.Bot, expert func() engine.Action) (engine.Action, string) {
	legal := s.Legal(seat, nil)
	switch r := rng.IntN(6); {
	case r < 2:
		return expert(), "expert"
	case r < 4:
		return heuristic.Act(s, seat), "heuristic"
	case r < 5:
		return legal[rng.IntN(len(legal))], "random"
	}
	return legal[0], "first"
}

// playOut plays s to its end with bot in every seat.
func playOut(t *testing.T, s engine.State, bot engine.Bot) {
	for !s.Terminal() {
		seat := s.ToMove(nil)[0]
		mustApply(t, s, seat, bot.Act(s, seat))
	}
}

func mustApply(t *testing.T, s engine.State, seat int, a engine.Action) {
	if err := s.Apply(seat, a); err != nil {
		t.Fatal(err)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// newExpert is the expert at iterations (0: the policy alone).
func newExpert(t *testing.T, iterations int, seed uint64) *regicidebot.Bot {
	st := regicidebot.DefaultSettings()
	st.Search.Iterations = iterations
	b, err := regicidebot.New(st, seed)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (x *expert) mustBot(t *testing.T, iterations int, seed uint64) appraiser {
	b, err := x.newBot(iterations, seed)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func loadSamples(t *testing.T, path string) []sample {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []sample
	dec := json.NewDecoder(f)
	for dec.More() {
		var s sample
		if err := dec.Decode(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

func saveSample(t *testing.T, s sample) {
	f, err := os.OpenFile(*fitData, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := json.NewEncoder(f).Encode(s); err != nil {
		t.Fatal(err)
	}
}
