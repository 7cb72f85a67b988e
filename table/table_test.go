package table

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games"
	"cardtable/record"
)

func newTable(t *testing.T, game string, opts map[string]string, seed uint64) *Table {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := New(g, engine.MustResolve(g, opts), engine.Setup{Seed: seed}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func botPlayers(t *testing.T, tb *Table, seed uint64) []Player {
	t.Helper()
	ps := make([]Player, tb.NumSeats())
	for i := range ps {
		p, err := NewBot(tb, bots.Spec{Name: "random"}, seed, i)
		if err != nil {
			t.Fatal(err)
		}
		ps[i] = p
	}
	return ps
}

// Bots play every game to its end through a runner, and the table's record
// replays to the same result.
func TestRunnerPlaysEveryGame(t *testing.T) {
	for _, tc := range []struct {
		game string
		opts map[string]string
	}{
		{"war", nil}, {"war", map[string]string{"slap": "5"}}, {"regicide", map[string]string{"players": "3"}},
		{"watchtower", map[string]string{"players": "3"}},
	} {
		tb := newTable(t, tc.game, tc.opts, 7)
		r := &Runner{Table: tb, Players: botPlayers(t, tb, 7)}
		if err := r.Run(context.Background()); err != nil {
			t.Fatalf("%s: Run: %v", tc.game, err)
		}
		rec := tb.Record()
		if rec.Result == nil {
			t.Fatalf("%s: finished game's record has no result", tc.game)
		}
		if _, _, err := record.Replay(rec); err != nil {
			t.Errorf("%s: the record does not replay: %v", tc.game, err)
		}
	}
}

// A stale version, a seat not to move, bad notation and an illegal action
// are refused with their codes and change nothing.
func TestPlayRefusals(t *testing.T) {
	tb := newTable(t, "regicide", map[string]string{"players": "2"}, 3)
	seat := tb.ToMove()[0]
	legal := tb.Legal(seat)
	before, _ := tb.state.MarshalBinary()
	for _, tc := range []struct {
		seat    int
		text    string
		version int
		code    string
	}{
		{seat, legal[0], 5, CodeStale},
		{1 - seat, legal[0], 0, CodeNotYourTurn},
		{seat, "dance", 0, CodeNotation},
		{seat, "play 2C 2D 2H 2S", 0, CodeIllegal},
	} {
		_, err := tb.Play(tc.seat, tc.text, tc.version)
		var e *Error
		if !errors.As(err, &e) || e.Code != tc.code {
			t.Errorf("Play(%d, %q, %d) = %v, want code %s", tc.seat, tc.text, tc.version, err, tc.code)
		}
	}
	after, _ := tb.state.MarshalBinary()
	if !bytes.Equal(before, after) || tb.Version() != 0 {
		t.Fatal("a refused action changed the table")
	}
	if _, err := tb.Play(seat, legal[0], 0); err != nil || tb.Version() != 1 {
		t.Fatalf("Play(legal) = %v, version %d", err, tb.Version())
	}
}

// A JSON player gets an error for garbage, a stale version and an illegal
// action, answers hints, and its good move is played.
func TestJSONPlayer(t *testing.T) {
	tb := newTable(t, "regicide", map[string]string{"players": "1"}, 1)
	legal := tb.Legal(0)
	in := strings.Join([]string{
		`not json`,
		`{"type":"hint","action":"` + legal[0] + `"}`,
		`{"action":"` + legal[0] + `","version":9}`,
		`{"action":"` + legal[0] + `","version":0}`,
	}, "\n") + "\n"
	var out bytes.Buffer
	p := NewJSONPlayer(strings.NewReader(in), &out)
	m, err := p.Act(context.Background(), tb.TurnFor(0))
	if err != nil || m.Version != 9 {
		t.Fatalf("Act = %+v, %v; want the version-9 move", m, err)
	}
	if _, err := tb.Play(0, m.Action, m.Version); err == nil {
		t.Fatal("stale move accepted")
	}
	m, err = p.Act(context.Background(), tb.TurnFor(0))
	if err != nil || m.Version != 0 {
		t.Fatalf("Act = %+v, %v", m, err)
	}
	got := out.String()
	for _, want := range []string{`"type":"turn"`, `"code":"bad-message"`, `"type":"hint"`} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %s:\n%s", want, got)
		}
	}
	if _, err := p.Act(context.Background(), tb.TurnFor(0)); err == nil {
		t.Error("Act after the input closed: no error")
	}
}
