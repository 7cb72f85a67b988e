package table

import (
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/games"
)

func TestParseSeat(t *testing.T) {
	for _, tc := range []struct {
		text, kind, back string
	}{
		{"human", KindHuman, "human"},
		{" human:Ann ", KindHuman, "human:Ann"},
		{"expert", KindBot, "expert"},
		{"expert:iterations=64", KindBot, "expert:iterations=64"},
		{"cmd:python3  agent.py -v", KindProgram, "cmd:python3 agent.py -v"},
	} {
		s, err := ParseSeat(tc.text)
		if err != nil || s.Kind != tc.kind || s.String() != tc.back {
			t.Errorf("ParseSeat(%q) = %+v (%q), %v; want kind %s, %q", tc.text, s, s.String(), err, tc.kind, tc.back)
		}
	}
	for _, tc := range []struct{ text, want string }{
		{"", "empty seat"},
		{"cmd:", "names no program"},
		{"human:", "no name after human:"},
		{"expert:iterations", "not key=value"},
	} {
		if _, err := ParseSeat(tc.text); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseSeat(%q) = %v, want an error saying %q", tc.text, err, tc.want)
		}
	}
	if _, err := ParseSeats("human,,expert"); err == nil || !strings.Contains(err.Error(), "seat 2: ") {
		t.Errorf("ParseSeats with an empty second seat = %v, want it named seat 2", err)
	}
}

// Check refuses a bot the game does not have, or a setting it does not
// take; Info names seats from 1 and keeps the spec of bots and programs.
func TestSeatCheckAndInfo(t *testing.T) {
	g, _ := games.Lookup("regicide")
	opts := engine.MustResolve(g, nil)
	seats, err := ParseSeats("human:Ann,heuristic,cmd:./agent x")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range seats {
		if err := s.Check(g, opts); err != nil {
			t.Errorf("Check(%s) = %v", s, err)
		}
	}
	for _, bad := range []string{"chess-master", "heuristic:depth=9"} {
		s, _ := ParseSeat(bad)
		if s.Check(g, opts) == nil {
			t.Errorf("Check(%s) accepted", bad)
		}
	}
	want := []SeatInfo{{Name: "Ann", Kind: KindHuman}, {Name: "seat 2", Kind: KindBot, Bot: "heuristic"}, {Name: "seat 3", Kind: KindProgram, Bot: "cmd:./agent x"}}
	for i, s := range seats {
		if got := s.Info(i); got != want[i] {
			t.Errorf("Info(%d) = %+v, want %+v", i, got, want[i])
		}
	}
	back := SeatsOfRecord([]SeatInfo{want[0], want[1], want[2], {Name: "seat 4", Kind: KindHuman}})
	for i, s := range back {
		if wantText := []string{"human:Ann", "heuristic", "cmd:./agent x", "human"}[i]; s.String() != wantText {
			t.Errorf("SeatsOfRecord[%d] = %s, want %s", i, s, wantText)
		}
	}
	if d := DefaultSeats("watchtower", 3); len(d) != 3 || d[0].Kind != KindHuman || d[2].String() != "heuristic" {
		t.Errorf("DefaultSeats(watchtower, 3) = %v", d)
	}
}
