package war

import (
	"errors"
	"slices"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// answer applies each seat's answer ("pass" or "slap@MS") in seat order.
func answer(t *testing.T, s *State, answers map[int]string) {
	t.Helper()
	for _, seat := range s.ToMove(nil) {
		text, ok := answers[seat]
		if !ok {
			t.Fatalf("seat %d must answer the slap window but the test gives no answer", seat)
		}
		if err := engine.ApplyText(s, seat, text); err != nil {
			t.Fatalf("seat %d %s: %v", seat, text, err)
		}
	}
}

func TestSlapWindow(t *testing.T) { // WAR-15
	for _, tc := range []struct {
		name    string
		opts    string
		piles   []string
		rounds  int // flip rounds before the window
		answers map[int]string
		want    []string
		slaps   int
		wars    int
	}{
		{name: "WAR-15 the slapper takes the battle", opts: "slap=5", piles: []string{"5H 9C", "KS 9D"}, rounds: 1,
			answers: map[int]string{0: "slap@300", 1: "pass"}, want: []string{"9C 5H KS", "9D"}, slaps: 1},
		{name: "WAR-15 earliest slap wins", opts: "slap=5", piles: []string{"5H 9C", "KS 9D"}, rounds: 1,
			answers: map[int]string{0: "slap@300", 1: "slap@350"}, want: []string{"9C 5H KS", "9D"}, slaps: 1},
		{name: "WAR-15 no slap: compare normally", opts: "slap=5", piles: []string{"5H 9C", "KS 9D"}, rounds: 1,
			answers: map[int]string{0: "pass", 1: "pass"}, want: []string{"9C", "9D KS 5H"}},
		{name: "WAR-15 slap outranks a tie", opts: "slap=5", piles: []string{"5H 2C 3C 4C KH", "5S 2D 3D 4D QH"}, rounds: 1,
			answers: map[int]string{0: "pass", 1: "slap@10"}, want: []string{"2C 3C 4C KH", "2D 3D 4D QH 5S 5H"}, slaps: 1},
		{name: "WAR-15 slap outranks Automatic War", opts: "slap=2,auto-war=2", piles: []string{"2H 9C", "KS 9D"}, rounds: 1,
			answers: map[int]string{0: "pass", 1: "slap@10"}, want: []string{"9C", "9D KS 2H"}, slaps: 1},
		{name: "WAR-15 slap outranks Beats Faces", opts: "slap=3,beats-faces=3", piles: []string{"3H 9C", "KS 9D"}, rounds: 1,
			answers: map[int]string{0: "pass", 1: "slap@10"}, want: []string{"9C", "9D KS 3H"}, slaps: 1},
		{name: "WAR-15 slap takes the whole war pot", opts: "slap=5", piles: []string{"8H 2C 3C 4C 5H 9C", "8S 2D 3D 4D KH 9D"}, rounds: 2,
			answers: map[int]string{0: "pass", 1: "slap@1999"}, want: []string{"9C", "9D 8S 8H 2D 2C 3D 3C 4D 4C KH 5H"}, slaps: 1, wars: 1},
		{name: "WAR-15 3p the player outside the war slaps", opts: "players=3,slap=5", piles: []string{"8H 2C 3C 4C 5H", "8S 2D 3D 4D KH", "4S 9S"}, rounds: 2,
			answers: map[int]string{0: "pass", 1: "pass", 2: "slap@900"}, want: []string{"", "", "9S 4S 8H 8S 2C 2D 3C 3D 4C 4D 5H KH"}, slaps: 1, wars: 1},
		{name: "WAR-14 no underdog after a slap", opts: "underdog=6,slap=5", piles: []string{"8H 6C 3C 4C 5H 9C", "8S 2D 3D 4D QH 9D"}, rounds: 2,
			answers: map[int]string{0: "pass", 1: "slap@5"}, want: []string{"9C", "9D 8S 8H 2D 6C 3D 3C 4D 4C QH 5H"}, slaps: 1, wars: 1},
		{name: "WAR-14 underdog when nobody slaps", opts: "underdog=6,slap=5", piles: []string{"8H 6C 3C 4C 5H 9C", "8S 2D 3D 4D QH 9D"}, rounds: 2,
			answers: map[int]string{0: "pass", 1: "pass"}, want: []string{"9C 8H 8S 6C 2D 3C 3D 4C 4D 5H QH", "9D"}, wars: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.opts, tc.piles...)
			for range tc.rounds {
				flipRound(t, s)
			}
			if s.phase != phaseSlap {
				t.Fatalf("no slap window after %d rounds (phase %d)", tc.rounds, s.phase)
			}
			answer(t, s, tc.answers)
			for seat, want := range tc.want {
				if got := pileString(s, seat); got != want {
					t.Errorf("seat %d's pile = %q, want %q", seat, got, want)
				}
			}
			if s.count.slaps != tc.slaps || s.count.wars != tc.wars || s.count.battles != 1 {
				t.Errorf("slaps/wars/battles = %d/%d/%d, want %d/%d/1", s.count.slaps, s.count.wars, s.count.battles, tc.slaps, tc.wars)
			}
		})
	}
}

func TestSlapTieBreak(t *testing.T) { // WAR-15
	winners := map[int]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		s := position(t, "slap=5", "5H 9C", "KS 9D")
		s.rng = cards.NewRNG(seed)
		flipRound(t, s)
		answer(t, s, map[int]string{0: "slap@300", 1: "slap@349"})
		switch {
		case pileString(s, 0) == "9C 5H KS":
			winners[0]++
		case pileString(s, 1) == "9D KS 5H":
			winners[1]++
		default:
			t.Fatalf("seed %d: piles %q, %q: nobody took the table", seed, pileString(s, 0), pileString(s, 1))
		}
	}
	if winners[0] == 0 || winners[1] == 0 {
		t.Errorf("slaps 49 ms apart: winners by seat %v over 40 seeds, want both (a tie broken by the generator)", winners)
	}
	// 50 ms apart is not a tie.
	s := position(t, "slap=5", "5H 9C", "KS 9D")
	flipRound(t, s)
	answer(t, s, map[int]string{0: "slap@350", 1: "slap@300"})
	if got := pileString(s, 1); got != "9D KS 5H" {
		t.Errorf("slaps 50 ms apart: seat 1's pile = %q, want the earlier slapper to take the table in seat order after it", got)
	}
}

func TestSlapWindowRules(t *testing.T) { // WAR-15
	t.Run("face-down slap card opens no window", func(t *testing.T) {
		s := position(t, "slap=5", "8H 5C 3C 4C KH", "8S 2D 5D 4D QH")
		playTrick(t, s)
		if s.count.slaps != 0 || pileString(s, 0) != "8H 8S 5C 2D 3C 5D 4C 4D KH QH" {
			t.Errorf("pile %q, slaps %d: want the war decided by KH", pileString(s, 0), s.count.slaps)
		}
	})
	t.Run("window answers", func(t *testing.T) {
		s := position(t, "slap=5,slap-window=100ms", "5H 9C", "KS 9D")
		flipRound(t, s)
		if got := s.ToMove(nil); !slices.Equal(got, []int{0, 1}) {
			t.Fatalf("window ToMove = %v, want both seats", got)
		}
		if got := s.Legal(0, nil); !slices.Equal(got, []engine.Action{Slap(0), Pass}) {
			t.Errorf("Legal in a window = %v, want slap@0 and pass", got)
		}
		before, _ := s.MarshalBinary()
		for _, bad := range []engine.Action{Slap(100), Flip} {
			if err := s.Apply(0, bad); !errors.Is(err, engine.ErrIllegal) {
				t.Errorf("Apply(%s) in a 100 ms window = %v, want ErrIllegal", s.ActionString(bad), err)
			}
		}
		if after, _ := s.MarshalBinary(); string(after) != string(before) {
			t.Error("a refused action changed the state")
		}
		if err := s.Apply(0, Slap(99)); err != nil {
			t.Errorf("slap@99 in a 100 ms window: %v", err)
		}
		if err := s.Apply(0, Pass); !errors.Is(err, engine.ErrNotYourTurn) {
			t.Errorf("second answer = %v, want ErrNotYourTurn", err)
		}
		v := s.View(0).(*View)
		if v.Slap == nil || v.Slap.Answer != "slap@99" || !slices.Equal(v.Slap.ToAnswer, []int{1}) {
			t.Errorf("seat 0's view of the window = %+v, want its own answer and seat 1 to answer", v.Slap)
		}
		if w := s.View(1).(*View).Slap; w.Answer != "" {
			t.Errorf("seat 1 sees seat 0's answer %q before the window closes", w.Answer)
		}
	})
}

func TestFalseSlap(t *testing.T) { // WAR-15
	t.Run("lockout covers the next reveal only", func(t *testing.T) {
		s := position(t, "slap=5", "2H 5H 5C 9C", "3S 4S 4D 9D")
		if err := engine.ApplyText(s, 0, "slap"); err != nil {
			t.Fatalf("false slap: %v", err)
		}
		if got := s.Legal(0, nil); !slices.Equal(got, []engine.Action{Flip}) {
			t.Errorf("Legal after a false slap = %v, want only flip", got)
		}
		if err := s.Apply(0, Slap(0)); !errors.Is(err, engine.ErrIllegal) {
			t.Errorf("second slap while locked = %v, want ErrIllegal", err)
		}
		flipRound(t, s) // 2H vs 3S: no slap card; the lock ends here
		if s.locked != 0 {
			t.Errorf("lock still set after the next reveal")
		}
		flipRound(t, s) // 5H: window open to both
		if got := s.ToMove(nil); !slices.Equal(got, []int{0, 1}) {
			t.Errorf("window after the lock expired: ToMove = %v, want [0 1]", got)
		}
	})
	t.Run("lockout bars the slapper from the next window", func(t *testing.T) {
		s := position(t, "slap=5", "5H 9C", "KS 9D")
		if err := engine.ApplyText(s, 1, "slap"); err != nil {
			t.Fatal(err)
		}
		if v := s.View(engine.Spectator).(*View); !slices.Equal(v.LockedOut, []int{1}) {
			t.Errorf("view shows locked out %v, want [1]", v.LockedOut)
		}
		flipRound(t, s)
		if got := s.ToMove(nil); !slices.Equal(got, []int{0}) {
			t.Errorf("window after seat 1's false slap: ToMove = %v, want [0]", got)
		}
		if s.count.falseSlaps != 1 {
			t.Errorf("false slaps = %d, want 1", s.count.falseSlaps)
		}
	})
	t.Run("ignore: no lock, once per flip phase", func(t *testing.T) {
		s := position(t, "slap=5,false-slap=ignore", "5H 9C", "KS 9D")
		if err := engine.ApplyText(s, 1, "slap"); err != nil {
			t.Fatal(err)
		}
		if err := engine.ApplyText(s, 1, "slap"); !errors.Is(err, engine.ErrIllegal) {
			t.Errorf("second false slap in one flip phase = %v, want ErrIllegal", err)
		}
		flipRound(t, s)
		if got := s.ToMove(nil); !slices.Equal(got, []int{0, 1}) {
			t.Errorf("window after an ignored false slap: ToMove = %v, want [0 1]", got)
		}
	})
	t.Run("no slap without Slap War", func(t *testing.T) {
		s := position(t, "", "5H 9C", "KS 9D")
		if got := s.Legal(0, nil); !slices.Equal(got, []engine.Action{Flip}) {
			t.Errorf("Legal = %v, want only flip", got)
		}
		if err := s.Apply(0, Slap(0)); !errors.Is(err, engine.ErrIllegal) {
			t.Errorf("slap with slap=off = %v, want ErrIllegal", err)
		}
	})
}

func TestReactionTimes(t *testing.T) { // WAR-15: the default player's reactions
	rng := cards.NewRNG(3)
	var ts []int
	for range 20001 {
		ts = append(ts, ReactionMS(&rng))
	}
	slices.Sort(ts)
	if med := ts[len(ts)/2]; med < 340 || med > 360 {
		t.Errorf("median reaction %d ms, want about %d", med, ReactionMedianMS)
	}
	if ts[0] <= 0 || ts[len(ts)-1] > 2000 {
		t.Errorf("reaction range [%d, %d] ms, want within (0, 2000]", ts[0], ts[len(ts)-1])
	}
}
