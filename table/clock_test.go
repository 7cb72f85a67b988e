package table

import (
	"strings"
	"testing"
	"time"

	"cardtable/games"
)

var t0 = time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)

func at(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }

// A live clock: 20 s a move and a 30 s reserve. A move within its time
// leaves the reserve whole; one that runs over spends the overrun; the
// deadline is the move's start plus the move time plus the reserve left.
func TestClockLive(t *testing.T) {
	c := NewClock(Settings{Pace: PaceLive, Move: 20 * time.Second, Reserve: 30 * time.Second}, 2)
	c.Run(at(0), []int{0}, -1) // before Start nothing runs
	if c.Running(0) {
		t.Fatal("a clock not started runs")
	}
	c.Start(at(0), []int{0})
	if d, ok := c.Deadline(0); !ok || !d.Equal(at(50)) {
		t.Fatalf("seat 1's deadline %v %v, want 50 s after the start", d, ok)
	}
	if _, ok := c.Deadline(1); ok {
		t.Fatal("seat 2 runs while not to move")
	}
	c.Run(at(15), []int{1}, 0) // seat 1 moved in 15 s
	if c.Reserve(0) != 30*time.Second {
		t.Errorf("a move within its time spent reserve: %v left", c.Reserve(0))
	}
	c.Run(at(15+32), []int{0}, 1) // seat 2 took 32 s: 12 s of reserve
	if c.Reserve(1) != 18*time.Second {
		t.Errorf("seat 2's reserve %v after a 32 s move, want 18s", c.Reserve(1))
	}
	if left := c.Left(1, at(100)); left != 38*time.Second {
		t.Errorf("seat 2 not running has %v, want a move and its reserve (38s)", left)
	}
	if d, _ := c.Next(); !d.Equal(at(47 + 50)) {
		t.Errorf("next deadline %v, want seat 1's at 97 s", d)
	}
	if e := c.Expired(at(96.9)); len(e) != 0 {
		t.Errorf("expired before the deadline: %v", e)
	}
	if e := c.Expired(at(97)); len(e) != 1 || e[0] != 0 {
		t.Errorf("expired at the deadline: %v, want seat 1", e)
	}
	if left := c.Left(0, at(120)); left != 0 {
		t.Errorf("time left past the deadline %v, want 0", left)
	}
	// A seat still to move while another acts keeps its move's start; its
	// own action ends the move and starts another.
	c.Run(at(60), []int{0}, 1)
	if d, _ := c.Deadline(0); !d.Equal(at(97)) {
		t.Errorf("the same move's deadline moved to %v", d)
	}
	c.Run(at(62), []int{0}, 0)
	if d, _ := c.Deadline(0); !d.Equal(at(62 + 20 + 30)) {
		t.Errorf("a new move after the seat's own action: deadline %v, want 112 s", d)
	}
	c.Run(at(200), nil, -1)
	if c.Reserve(0) != 0 {
		t.Errorf("a move far over its time left %v of reserve; want 0, never below", c.Reserve(0))
	}
}

// Two clocks told the same times agree: what a restart relies on.
func TestClockSameTimesSameDeadlines(t *testing.T) {
	s := Settings{Pace: PaceCorrespondence, Move: 2 * Day}
	steps := []struct {
		at  time.Time
		run []int
	}{{at(0), []int{0, 1}}, {at(3600), []int{1}}, {at(90000), []int{0}}, {at(200000), []int{1}}}
	a, b := NewClock(s, 2), NewClock(s, 2)
	a.Start(steps[0].at, steps[0].run)
	b.Start(steps[0].at, steps[0].run)
	for _, st := range steps[1:] {
		a.Run(st.at, st.run, -1)
		b.Run(st.at, st.run, -1)
	}
	da, _ := a.Deadline(1)
	db, _ := b.Deadline(1)
	if !da.Equal(db) || !da.Equal(at(200000).Add(2*Day)) {
		t.Errorf("deadlines %v and %v, want both two days after the move began", da, db)
	}
	if NewClock(Settings{Pace: PaceNone}, 2) != nil {
		t.Error("a table without a clock has one")
	}
}

func TestParseSettings(t *testing.T) {
	war, _ := games.Lookup("war")
	reg, _ := games.Lookup("regicide")
	wt, _ := games.Lookup("watchtower")
	s, err := ParseSettings(nil, reg, 2)
	if err != nil || s.Pace != PaceNone || s.Chat != ChatPhrases || s.Timeout != TimeoutBot {
		t.Errorf("Regicide's defaults: %+v, %v; want no clock, quick phrases, timeout bot", s, err)
	}
	s, err = ParseSettings(map[string]string{"pace": "live", "move": "20s", "reserve": "5m", "timeout": "lose"}, war, 2)
	if err != nil || s.Move != 20*time.Second || s.Reserve != 5*time.Minute || s.Timeout != TimeoutLose || s.Chat != ChatFree {
		t.Errorf("a live War table: %+v, %v", s, err)
	}
	if m := s.Map(); m["move"] != "20s" || m["reserve"] != "5m0s" || m["pace"] != "live" {
		t.Errorf("Map %v", m)
	}
	back, err := ParseSettings(s.Map(), war, 2)
	if err != nil || !back.Equal(s) {
		t.Errorf("settings read back from their map: %+v, %v", back, err)
	}
	s, err = ParseSettings(map[string]string{"pace": "correspondence", "move": "7d"}, wt, 3)
	if err != nil || s.Move != 7*Day {
		t.Errorf("correspondence 7d: %+v, %v", s, err)
	}
	if m := s.Map(); m["move"] != "7d" {
		t.Errorf("correspondence map %v", m)
	}
	for _, tc := range []struct {
		m     map[string]string
		g     string
		seats int
		want  string
	}{
		{map[string]string{"pace": "blitz"}, "war", 2, `pace "blitz"`},
		{map[string]string{"pace": "live", "move": "1s"}, "war", 2, "5s to 10m0s"},
		{map[string]string{"pace": "live", "move": "11m"}, "war", 2, "5s to 10m0s"},
		{map[string]string{"pace": "live", "reserve": "-1s"}, "war", 2, "0 to 1h0m0s"},
		{map[string]string{"pace": "live", "reserve": "2h"}, "war", 2, "0 to 1h0m0s"},
		{map[string]string{"pace": "correspondence", "move": "4d"}, "war", 2, "1d, 2d, 3d or 7d"},
		{map[string]string{"pace": "correspondence", "reserve": "1m"}, "war", 2, "no reserve"},
		{map[string]string{"move": "20s"}, "war", 2, "need a clock"},
		{map[string]string{"pace": "live", "timeout": "lose"}, "regicide", 2, "co-operative"},
		{map[string]string{"pace": "live", "timeout": "lose"}, "watchtower", 3, "two-seat tables"},
		{map[string]string{"timeout": "draw"}, "war", 2, `timeout "draw"`},
		{map[string]string{"chat": "loud"}, "war", 2, `chat "loud"`},
		{map[string]string{"colour": "red"}, "war", 2, `unknown key "colour"`},
	} {
		g, _ := games.Lookup(tc.g)
		if _, err := ParseSettings(tc.m, g, tc.seats); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseSettings(%v) for %s with %d seats: %v; want an error saying %q", tc.m, tc.g, tc.seats, err, tc.want)
		}
	}
}

// Pause gives a running move back the time no server ran the table (the
// part of it after the move began), then tops it up to least left at the
// pause's end; a seat not running is untouched.
func TestClockPause(t *testing.T) {
	c := NewClock(Settings{Pace: PaceLive, Move: 20 * time.Second, Reserve: 10 * time.Second}, 2)
	c.Start(at(0), []int{0})
	c.Run(at(5), []int{1}, 0)  // seat 2 runs from 5 s: deadline 35 s
	c.Pause(at(12), at(23), 0) // down 11 s
	if d, _ := c.Deadline(1); !d.Equal(at(46)) {
		t.Errorf("after 11 s down the deadline is %v, want 46 s (35 s + 11 s)", d)
	}
	if c.Running(0) || c.Reserve(0) != 10*time.Second {
		t.Errorf("the seat not running changed: running %v, reserve %v", c.Running(0), c.Reserve(0))
	}
	c.Pause(at(0), at(40), 0) // down since before the move began: from its start
	if d, _ := c.Deadline(1); !d.Equal(at(46 + 40 - 16)) {
		t.Errorf("a pause from before the move's start: deadline %v, want 70 s", d)
	}
	c.Pause(at(69), at(69), 15*time.Second) // 1 s left: topped up to 15 s
	if left := c.Left(1, at(69)); left != 15*time.Second {
		t.Errorf("after a restart with 1 s left the seat has %v, want 15s", left)
	}
	c.Pause(at(70), at(70), 5*time.Second) // 14 s left: more than least
	if left := c.Left(1, at(70)); left != 14*time.Second {
		t.Errorf("a top-up took time away or added some: %v left, want 14s", left)
	}
}
