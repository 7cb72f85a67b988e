package record

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"

	"cardtable/bots"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/sim/simtest"
)

// playRecorded plays a seeded High Card game with random bots and records it.
func playRecorded(t *testing.T, seed uint64, setup engine.Setup) (*Record, engine.State) {
	t.Helper()
	g := simtest.HighCard{}
	opts := engine.MustResolve(g, map[string]string{"players": "3"})
	s, err := g.New(opts, setup)
	if err != nil {
		t.Fatal(err)
	}
	rec := FromGame(g, opts, setup, []Seat{{Name: "ann"}, {Name: "bot", Bot: "random"}, {Name: "cy"}})
	b := bots.NewRandom(seed)
	for !s.Terminal() {
		seat := s.ToMove(nil)[0]
		a := b.Act(s, seat)
		rec.Add(s, seat, a)
		if err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	rec.Finish(s)
	return rec, s
}

func roundTrip(t *testing.T, rec *Record) *Record {
	t.Helper()
	var buf bytes.Buffer
	if err := rec.Write(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := Decode(&buf)
	if err != nil {
		t.Fatalf("Decode(Write(record)): %v", err)
	}
	return back
}

func TestRecordRoundTripReplaysToTheSameState(t *testing.T) {
	for _, setup := range []engine.Setup{{Seed: 99}, {Seed: 5, Deck: reversedDeck()}} {
		rec, final := playRecorded(t, 3, setup)
		back := roundTrip(t, rec)
		s, steps, err := ReplayGame(simtest.HighCard{}, back)
		if err != nil {
			t.Fatalf("ReplayGame: %v", err)
		}
		want, _ := final.MarshalBinary()
		got, _ := s.MarshalBinary()
		if !bytes.Equal(got, want) {
			t.Errorf("setup %+v: replayed state differs from the played one", setup)
		}
		if len(steps) != len(rec.Actions) || steps[0].Public == nil {
			t.Errorf("%d steps for %d actions", len(steps), len(rec.Actions))
		}
		if setup.Deck != nil && back.Deal[0] != "AS" {
			t.Errorf("deal[0] = %q, want AS", back.Deal[0])
		}
	}
}

func reversedDeck() []cards.Card {
	d := cards.Standard52()
	for i, j := 0, len(d)-1; i < j; i, j = i+1, j-1 {
		d[i], d[j] = d[j], d[i]
	}
	return d
}

func TestCorruptRecordsGiveSpecificErrors(t *testing.T) {
	good, _ := playRecorded(t, 3, engine.Setup{Seed: 11})
	var buf bytes.Buffer
	if err := good.Write(&buf); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	tests := []struct {
		name, input string
		sentinel    error
		want        string
	}{
		{"empty", "", engine.ErrCorrupt, "record: empty input"},
		{"bad JSON", `{"version":1,"game":"highcard",}`, engine.ErrCorrupt, "record: bad JSON at byte"},
		{"truncated", text[:len(text)/2], engine.ErrCorrupt, "record: truncated JSON"},
		{"missing game", `{"version":1,"seed":1,"actions":[]}`, engine.ErrCorrupt, "record: game: missing"},
		{"unknown field", `{"version":1,"game":"highcard","seed":1,"sede":2,"actions":[]}`, engine.ErrCorrupt, `record: unknown field "sede"; the fields are version, game`},
		{"wrong type", `{"version":1,"game":"highcard","seed":"x","actions":[]}`, engine.ErrCorrupt, "record: seed: want a uint64, not a JSON string"},
		{"bad version", `{"version":7,"game":"highcard","seed":1,"actions":[]}`, engine.ErrCorrupt, "record: version: 7 is not a version this program reads"},
		{"no seed or deal", `{"version":1,"game":"highcard","actions":[]}`, engine.ErrCorrupt, "record: seed and deal both missing"},
		{"extra data", `{"version":1,"game":"highcard","seed":1,"actions":[]} {}`, engine.ErrCorrupt, "record: extra data after the record"},
		{"bad card", `{"version":1,"game":"highcard","deal":["AS","KS","2C","1H"],"actions":[]}`, engine.ErrBadSetup, `record: deal[3]: "1H": unknown rank "1"`},
		{"short deal", `{"version":1,"game":"highcard","deal":["AS"],"actions":[]}`, engine.ErrBadSetup, "record: deal: simtest: cards: deck has 1 cards, want 52"},
		{"unknown option", `{"version":1,"game":"highcard","seed":1,"options":{"targte":"2"},"actions":[]}`, engine.ErrBadOption, `record: options: unknown option "targte"; valid options: players, target`},
		{"bad option value", `{"version":1,"game":"highcard","seed":1,"options":{"target":"9"},"actions":[]}`, engine.ErrBadOption, `record: options: target="9": want an integer from 1 to 5`},
		{"wrong turn", `{"version":1,"game":"highcard","seed":1,"actions":[{"seat":1,"action":"AS"}]}`, engine.ErrNotYourTurn, `record: actions[0]: seat 2 cannot "AS": not this seat's turn`},
		{"no such seat", `{"version":1,"game":"highcard","seed":1,"actions":[{"seat":5,"action":"AS"}]}`, engine.ErrIllegal, "record: actions[0]: seat 5 does not exist (a record counts seats from 0, here 0 to 1)"},
		{"bad notation", `{"version":1,"game":"highcard","seed":1,"actions":[{"seat":0,"action":"flip"}]}`, engine.ErrNotation, `record: actions[0]: seat 1: "flip": malformed action`},
		{"other game", `{"version":1,"game":"war","seed":1,"actions":[]}`, engine.ErrCorrupt, `record: game: the record is of "war", not "highcard"`},
	}
	for _, tt := range tests {
		err := decodeAndReplay(tt.input)
		if err == nil || !errors.Is(err, tt.sentinel) || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: error %v; want one starting %q wrapping %v", tt.name, err, tt.want, tt.sentinel)
		}
	}
}

func decodeAndReplay(input string) error {
	r, err := Decode(strings.NewReader(input))
	if err != nil {
		return err
	}
	_, _, err = ReplayGame(simtest.HighCard{}, r)
	return err
}

func TestIllegalActionAtStepKIsNamed(t *testing.T) {
	rec, _ := playRecorded(t, 3, engine.Setup{Seed: 11})
	k := len(rec.Actions) - 2
	rec.Actions[k].Action = rec.Actions[0].Action // a card already played
	_, _, err := ReplayGame(simtest.HighCard{}, roundTrip(t, rec))
	want := "record: actions[" + itoa(k) + "]: seat "
	if err == nil || !errors.Is(err, engine.ErrIllegal) || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("replaying a card played twice: %v; want an illegal-action error starting %q", err, want)
	}
}

func TestStoredResultIsChecked(t *testing.T) {
	rec, _ := playRecorded(t, 3, engine.Setup{Seed: 11})
	rec.Result.Length += 4
	_, _, err := ReplayGame(simtest.HighCard{}, rec)
	if err == nil || !strings.HasPrefix(err.Error(), "record: result: length is") {
		t.Errorf("wrong stored length: %v, want a result mismatch naming length", err)
	}
	rec, _ = playRecorded(t, 3, engine.Setup{Seed: 11})
	rec.Actions = rec.Actions[:len(rec.Actions)-1]
	_, _, err = ReplayGame(simtest.HighCard{}, rec)
	if err == nil || !strings.HasPrefix(err.Error(), "record: result: over is true in the record but false in the replay") {
		t.Errorf("truncated action list: %v, want a result mismatch naming over", err)
	}
}

func TestReplayLooksUpTheGame(t *testing.T) {
	seed := uint64(1)
	_, _, err := Replay(&Record{Version: 1, Game: "nosuchgame", Seed: &seed})
	if err == nil || !strings.Contains(err.Error(), `record: game: unknown game "nosuchgame"`) {
		t.Errorf("Replay of an unknown game: %v", err)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
