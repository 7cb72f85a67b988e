package war

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"cardtable/engine"
)

func TestOptions(t *testing.T) { // WAR-04, WAR-08, WAR-10, WAR-13
	opts := mustOptions(t, "")
	for key, want := range map[string]string{
		"players": "2", "pickup": "winner-first", "max-battles": "100000", "peace": "false",
		"auto-war": "off", "beats-faces": "off", "beats-ace": "off", "underdog": "off",
		"slap": "off", "slap-window": "2s", "false-slap": "lockout",
	} {
		if got := opts.Get(key); got != want {
			t.Errorf("default %s = %q, want %q", key, got, want)
		}
	}
	for _, o := range (Game{}).Options() {
		if o.Help == "" {
			t.Errorf("option %s has no help", o.Key)
		}
	}
	for _, tc := range []struct {
		given string
		want  string // part of the error
	}{
		{"peace=true,beats-faces=3", "peace cannot be combined with beats-faces"},
		{"peace=true,beats-ace=2", "peace cannot be combined with beats-ace"},
		{"beats-faces=J", "number card 2-10"},
		{"beats-ace=A", "number card 2-10"},
	} {
		_, err := Game{}.New(mustOptions(t, tc.given), engine.Setup{})
		if !errors.Is(err, engine.ErrBadOption) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%s) = %v, want ErrBadOption saying %q", tc.given, err, tc.want)
		}
	}
	for _, bad := range []string{"players=4", "pickup=random", "max-battles=0", "slap-window=50ms", "false-slap=maybe", "auto-war=11"} {
		given, _ := engine.ParseOptionArgs([]string{bad})
		if _, err := engine.ResolveOptions(Game{}.Options(), given); !errors.Is(err, engine.ErrBadOption) {
			t.Errorf("ResolveOptions(%s) = %v, want ErrBadOption", bad, err)
		}
	}
}

func TestNotation(t *testing.T) {
	s := position(t, "slap=5", "5H 9C", "KS 9D")
	for text, want := range map[string]engine.Action{
		"flip": Flip, " FLIP ": Flip, "pass": Pass, "slap": Slap(0), "slap@0": Slap(0), "slap@1234": Slap(1234), "Slap@59999": Slap(59999),
	} {
		got, err := s.ParseAction(0, text)
		if err != nil || got != want {
			t.Errorf("ParseAction(%q) = %v, %v, want %v", text, got, err, want)
		}
		if back, _ := s.ParseAction(0, s.ActionString(want)); back != want {
			t.Errorf("ParseAction(ActionString(%v)) = %v", want, back)
		}
	}
	for _, text := range []string{"", "flop", "slap@", "slap@-1", "slap@+5", "slap@60000", "slap@1e3", "slap@ 5"} {
		_, err := s.ParseAction(0, text)
		if !errors.Is(err, engine.ErrNotation) || !strings.Contains(err.Error(), "flip, pass, slap") {
			t.Errorf("ParseAction(%q) = %v, want ErrNotation listing the valid forms", text, err)
		}
	}
	if got := s.ActionString(engine.Action(1 << 40)); !strings.HasPrefix(got, "Action(") {
		t.Errorf("ActionString of a non-action = %q", got)
	}
}

func TestApplyRefusals(t *testing.T) {
	s := position(t, "", "5H 9C", "KS 9D")
	before, _ := s.MarshalBinary()
	for _, tc := range []struct {
		seat int
		a    engine.Action
		want error
	}{
		{0, Pass, engine.ErrIllegal},
		{0, engine.Action(99), engine.ErrIllegal},
		{2, Flip, engine.ErrNotYourTurn},
		{-1, Flip, engine.ErrNotYourTurn},
	} {
		if err := s.Apply(tc.seat, tc.a); !errors.Is(err, tc.want) || !strings.HasPrefix(err.Error(), "war: ") {
			t.Errorf("Apply(%d, %s) = %v, want %v prefixed war:", tc.seat, s.ActionString(tc.a), err, tc.want)
		}
	}
	if after, _ := s.MarshalBinary(); string(after) != string(before) {
		t.Error("refused actions changed the state")
	}
	if err := s.Apply(0, Flip); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(0, Flip); !errors.Is(err, engine.ErrNotYourTurn) {
		t.Errorf("flipping twice = %v, want ErrNotYourTurn", err)
	}
	s2 := position(t, "", "AS", "KS")
	playTrick(t, s2)
	if err := s2.Apply(0, Flip); !errors.Is(err, engine.ErrGameOver) {
		t.Errorf("Apply after the end = %v, want ErrGameOver", err)
	}
}

func TestViewHidesPiles(t *testing.T) {
	st, _ := Game{}.New(mustOptions(t, ""), engine.Setup{Seed: 3})
	s := st.(*State)
	for range 40 {
		flipRound(t, s)
	}
	for seat := -1; seat < 2; seat++ {
		b, err := json.Marshal(s.View(seat))
		if err != nil {
			t.Fatal(err)
		}
		text := string(b) + s.View(seat).String()
		// Every card in the piles is hidden: a view may name only the
		// cards face up on the table now or in the last trick.
		for p := range 2 {
			for i := range int(s.piles[p].n) {
				c := s.piles[p].at(i)
				l := s.View(seat).(*View).Last
				shown := slices.Contains(slices.Concat(append(l.Table, l.Turned...)...), c.String())
				if strings.Contains(text, `"`+c.String()+`"`) && !shown {
					t.Errorf("seat %d's view names %v, which is in a pile", seat, c)
				}
			}
		}
	}
	d := s.Determinize(0, rand.New(rand.NewPCG(1, 2))).(*State)
	if pileString(d, 0) == pileString(s, 0) && pileString(d, 1) == pileString(s, 1) {
		t.Error("Determinize kept every pile's order")
	}
}

func TestViewShowsFaceDownAsBacks(t *testing.T) { // WAR-05
	s := position(t, "", "8H 2C 3C 4C KH 9C", "8S 2D 3D 4D QH 9D")
	flipRound(t, s)
	v := s.View(0).(*View)
	if v.Round != "war" || !slices.Equal(v.Table[0], []string{"8H"}) || !slices.Equal(v.ToFlip, []int{0, 1}) {
		t.Errorf("view after the tie = %+v, want a war round with 8H on the table", v)
	}
	flipRound(t, s)
	v = s.View(1).(*View)
	if v.Last == nil || !slices.Equal(v.Last.Table[0], []string{"8H", "##", "##", "##", "KH"}) || v.Last.Winner != 0 {
		t.Errorf("last trick = %+v, want seat 0's cards with the face-down ones as ##", v.Last)
	}
	if !strings.Contains(v.String(), "s1 took it by compare") {
		t.Errorf("String() = %q", v.String())
	}
	// Won, the war's face-down cards are turned for everyone to see, and
	// a state read back keeps them.
	want := [][]string{{"8H", "2C", "3C", "4C", "KH"}, {"8S", "2D", "3D", "4D", "QH"}}
	if !slices.EqualFunc(v.Last.Turned, want, slices.Equal) {
		t.Errorf("the won war turned %v, want %v", v.Last.Turned, want)
	}
}

// A state read back keeps its last trick, a won war's turned cards
// included; a version-1 state (no face-up marks, the face-down cards
// unknown) is still read, turning nothing.
func TestLastTrickReadBack(t *testing.T) {
	st, _ := Game{}.New(mustOptions(t, ""), engine.Setup{Seed: 5})
	s := st.(*State)
	var war, battle []byte
	var battleLast *TrickView
	for s.View(0).(*View).Phase == "flip" && (war == nil || battle == nil) {
		flipRound(t, s)
		l := s.View(0).(*View).Last
		b, err := s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		back, err := Game{}.Unmarshal(b)
		if err != nil {
			t.Fatal(err)
		}
		if got := back.View(0).(*View).Last; !reflect.DeepEqual(got, l) {
			t.Fatalf("read back, the last trick is %+v, want %+v", got, l)
		}
		switch {
		case l.Turned != nil:
			war = b
		case len(l.Table[0]) == 1 && len(l.Table[1]) == 1:
			battle, battleLast = b, l
		}
	}
	if war == nil || battle == nil {
		t.Fatal("the game had no war or no battle")
	}
	// Version 1 ends with each seat's count and cards, without the 8
	// bytes of marks: seat 0's (count, card, marks), seat 1's.
	n := len(battle)
	old := slices.Concat([]byte{1}, battle[1:n-20], battle[n-20:n-18], battle[n-10:n-8])
	back, err := Game{}.Unmarshal(old)
	if err != nil {
		t.Fatalf("a version-1 state: %v", err)
	}
	if got := back.View(0).(*View).Last; !reflect.DeepEqual(got, battleLast) {
		t.Errorf("a version-1 state's last trick = %+v", got)
	}
}

func TestUnmarshalRefusesCorruptData(t *testing.T) {
	st, _ := Game{}.New(mustOptions(t, "slap=5"), engine.Setup{Seed: 3})
	good, _ := st.MarshalBinary()
	back, err := Game{}.Unmarshal(good)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := back.MarshalBinary(); string(again) != string(good) {
		t.Fatal("round trip differs")
	}
	optsLen, k := binary.Uvarint(good[1:])
	rngAt := 1 + k + int(optsLen)
	cardAt := rngAt + 1 + int(good[rngAt]) + 1 // after the generator and seat 0's pile length
	for name, data := range map[string][]byte{
		"empty":         nil,
		"version":       append([]byte{9}, good[1:]...),
		"truncated":     good[:len(good)-1],
		"trailing":      append(slices.Clone(good), 0),
		"duplicate":     func() []byte { b := slices.Clone(good); b[cardAt] = b[cardAt+1]; return b }(),
		"not a card":    func() []byte { b := slices.Clone(good); b[cardAt] = 3; return b }(),
		"bad option":    func() []byte { b := slices.Clone(good); copy(b[1+k:], "x"); return b }(),
		"options bytes": []byte{1, 200, 1},
	} {
		_, err := Game{}.Unmarshal(data)
		if !errors.Is(err, engine.ErrCorrupt) || !strings.HasPrefix(err.Error(), "war: ") {
			t.Errorf("%s: Unmarshal = %v, want a war: error wrapping ErrCorrupt", name, err)
		}
	}
}
