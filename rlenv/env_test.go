package rlenv

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/war"
)

// In a simultaneous window no seat observes another's answer: until the
// window closes every seat that has not answered observes the opening
// position, whoever else has answered (Slap War's flips and slap
// windows, Regicide's signals).
func TestWindowsAreSealed(t *testing.T) {
	for _, cfg := range []Config{
		{Game: "war", Options: map[string]string{"players": "3", "slap": "5"}},
		{Game: "war", Options: map[string]string{"slap": "K"}},
		{Game: "regicide", Options: map[string]string{"players": "4"}},
		{Game: "regicide", Options: map[string]string{"players": "3"}},
	} {
		t.Run(name(cfg), func(t *testing.T) {
			windows := 0
			for g := range gamesFor(cfg, 30) {
				var opening [][]float32
				playRandom(t, cfg, cards.SubSeed(15, uint64(g)), func(e *Env) {
					w := e.win
					if w == nil {
						opening = observeAll(t, e)
						return
					}
					windows++
					now := observeAll(t, e)
					for s := range e.space.Players {
						if !w.answered[s] && !slices.Equal(now[s], opening[s]) {
							t.Fatalf("seat %d's observation changed in an open window before it answered", s)
						}
					}
				})
			}
			if windows == 0 {
				t.Fatal("no window was open after an answer: the test saw nothing")
			}
		})
	}
}

func observeAll(t *testing.T, e *Env) [][]float32 {
	t.Helper()
	out := make([][]float32, e.space.Players)
	for s := range out {
		out[s] = make([]float32, e.space.Obs.Size)
		if err := e.Observe(s, out[s]); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// A closed window's answers are in the record in seat order, whatever
// order they came in: here a bot in seat 1 flips before the caller in
// seat 0.
func TestWindowAnswersAreRecordedInSeatOrder(t *testing.T) {
	e, err := New(Config{Game: "war", Seats: []string{"", "heuristic"}}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if got := e.ToMove(nil); !slices.Equal(got, []int{0}) {
		t.Fatalf("to move %v, want [0]", got)
	}
	if len(e.moves) != 1 || e.moves[0].seat != 1 {
		t.Fatalf("the bot has not flipped first: %v", e.moves)
	}
	if err := e.Step(0, warFlip); err != nil {
		t.Fatal(err)
	}
	rec, _ := e.Record()
	if len(rec.Actions) < 2 || rec.Actions[0].Seat != 0 || rec.Actions[1].Seat != 1 {
		t.Fatalf("record %v, want seat 0's flip then seat 1's", rec.Actions)
	}
	if rec.Seats[1].Bot != "heuristic" || rec.Seats[0].Bot != "" {
		t.Fatalf("seats %v", rec.Seats)
	}
}

// Bots play their seats inside: a War game with the heuristic in every
// seat is over at Reset and is the game cardtable sim plays for the seed.
func TestBotSeatsPlayInside(t *testing.T) {
	opts := engine.MustResolve(war.Game{}, nil)
	for seed := range uint64(20) {
		e, err := New(Config{Game: "war", Seats: []string{"heuristic", "heuristic"}}, seed)
		if err != nil {
			t.Fatal(err)
		}
		if !e.Terminal() || len(e.ToMove(nil)) != 0 {
			t.Fatalf("seed %d: a game of bots is not over after Reset", seed)
		}
		var out engine.Outcome
		war.Game{}.Simulate(opts, seed, &out)
		if r := e.Result(); r.Length != out.Length || r.Returns[0] != out.Returns[0] {
			t.Fatalf("seed %d: %d battles, returns %v; sim: %d, %v", seed, r.Length, r.Returns, out.Length, out.Returns)
		}
	}
	e, err := New(Config{Game: "regicide", Options: map[string]string{"players": "2"}, Seats: []string{"", "heuristic"}}, 9)
	if err != nil {
		t.Fatal(err)
	}
	for !e.Terminal() {
		moving := e.ToMove(nil)
		if !slices.Equal(moving, []int{0}) {
			t.Fatalf("to move %v with the bot in seat 1", moving)
		}
		x, text, err := e.BotAction(0, "heuristic")
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Step(0, x); err != nil {
			t.Fatalf("%s (index %d): %v", text, x, err)
		}
	}
	checkRecord(t, e)
}

// Everything a caller can get wrong in making an environment is refused
// with an error naming it, of the kind the C library maps to its code.
func TestNewRefusals(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want error
		says string
	}{
		{Config{Game: "chess"}, ErrBadArgument, `unknown game "chess"`},
		{Config{Game: "war", Options: map[string]string{"players": "5"}}, engine.ErrBadOption, "players"},
		{Config{Game: "war", Options: map[string]string{"pikup": "seat"}}, engine.ErrBadOption, "unknown option"},
		{Config{Game: "war", Options: map[string]string{"peace": "true", "beats-faces": "3"}}, engine.ErrBadOption, "peace"},
		{Config{Game: "war", Seats: []string{"", "", "heuristic"}}, ErrBadArgument, "3 seats given"},
		{Config{Game: "war", Seats: []string{"", "grandmaster"}}, ErrBadBot, "grandmaster"},
		{Config{Game: "regicide", Seats: []string{"expert:iterations=999999"}}, ErrBadBot, "at most 20000"},
		{Config{Game: "regicide", Seats: []string{"heuristic:speed=9"}}, ErrBadBot, "speed"},
		{Config{Game: "war", Options: map[string]string{"slap": "5", "slap-window": "1s"}, Settings: Settings{SlapMS: 1000}}, ErrBadArgument, "slap window"},
	} {
		_, err := New(c.cfg, 1)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("New(%+v) = %v, want %v saying %q", c.cfg, err, c.want, c.says)
		}
	}
	if _, err := ParseSettings("slap-ms=fast"); !errors.Is(err, ErrBadArgument) {
		t.Errorf("slap-ms=fast: %v", err)
	}
	if _, err := ParseSettings("speed=1"); !errors.Is(err, ErrBadArgument) {
		t.Errorf("speed=1: %v", err)
	}
}

// Every call on a game that cannot be played is refused with an error
// naming what is wrong and changes nothing.
func TestStepRefusals(t *testing.T) {
	e, err := New(Config{Game: "regicide", Options: map[string]string{"players": "2", "first": "0"}, Seats: []string{"", ""}}, 4)
	if err != nil {
		t.Fatal(err)
	}
	before := marshal(t, e.state)
	legal, _ := e.Legal(0, nil)
	for _, c := range []struct {
		seat, index int
		want        error
		says        string
	}{
		{2, legal[0], ErrBadArgument, "seat 2 is not a seat"},
		{-1, legal[0], ErrBadArgument, "seat -1"},
		{1, legal[0], engine.ErrNotYourTurn, "seat 2 may not act"},
		{0, 523, engine.ErrIllegal, "outside"},
		{0, regYield + 1000, engine.ErrIllegal, "outside"},
		{0, regDiscard + 1, engine.ErrIllegal, "not legal"},
	} {
		err := e.Step(c.seat, c.index)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("Step(%d, %d) = %v, want %v saying %q", c.seat, c.index, err, c.want, c.says)
		}
	}
	if err := e.StepText(0, "dance"); !errors.Is(err, engine.ErrNotation) {
		t.Errorf("StepText(dance) = %v", err)
	}
	if err := e.Observe(0, make([]float32, 3)); !errors.Is(err, ErrBadArgument) {
		t.Errorf("Observe into 3 numbers: %v", err)
	}
	if _, _, err := e.BotAction(0, "expert:iterations=30000"); !errors.Is(err, ErrBadBot) {
		t.Errorf("BotAction over the cap: %v", err)
	}
	if !bytes.Equal(before, marshal(t, e.state)) || len(e.moves) != 0 {
		t.Fatal("a refused call changed the game")
	}
	for !e.Terminal() {
		s := e.ToMove(nil)[0]
		l, _ := e.Legal(s, nil)
		if err := e.Step(s, l[0]); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.Step(0, 0); !errors.Is(err, engine.ErrGameOver) {
		t.Errorf("Step after the end: %v", err)
	}
	d, _ := e.Determinize(0, 1)
	if _, err := d.Record(); !errors.Is(err, ErrNoRecord) {
		t.Errorf("Record of a determinization: %v", err)
	}
}

// War's slap index slaps at the environment's slap-ms, or at a drawn
// reaction time inside the window; StepText plays any time.
func TestWarSlapTime(t *testing.T) {
	opts := map[string]string{"slap": "2"}
	for _, c := range []struct {
		set  Settings
		want func(ms int) bool
	}{
		{Settings{}, func(ms int) bool { return ms == 0 }},
		{Settings{SlapMS: 420}, func(ms int) bool { return ms == 420 }},
		{Settings{ReactionSlap: true}, func(ms int) bool { return ms > 100 && ms < 2000 }},
	} {
		e, err := New(Config{Game: "war", Options: opts, Seats: []string{"", "heuristic"}, Settings: c.set}, 2)
		if err != nil {
			t.Fatal(err)
		}
		slapped := 0
		for !e.Terminal() && slapped < 5 {
			l, _ := e.Legal(0, nil)
			x := l[len(l)-1]
			if slices.Contains(l, warPass) {
				x, slapped = warSlap, slapped+1
			} else if slices.Contains(l, warFlip) {
				x = warFlip
			}
			if err := e.Step(0, x); err != nil {
				t.Fatal(err)
			}
		}
		rec, _ := e.Record()
		for _, a := range rec.Actions {
			if ms, ok := strings.CutPrefix(a.Action, "slap@"); ok && a.Seat == 0 {
				n := 0
				for _, ch := range ms {
					n = n*10 + int(ch-'0')
				}
				if !c.want(n) {
					t.Errorf("%+v: seat 0 played %s", c.set, a.Action)
				}
			}
		}
		if slapped == 0 {
			t.Fatalf("%+v: no slap window came", c.set)
		}
	}
}
