package war

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// position builds a game with the given piles (top first, in seat order)
// and no other cards, ready for the first battle.
func position(t *testing.T, opts string, piles ...string) *State {
	t.Helper()
	st, err := Game{}.New(mustOptions(t, opts), engine.Setup{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if len(piles) != s.r.seats {
		t.Fatalf("position: %d piles for %d players", len(piles), s.r.seats)
	}
	for seat, text := range piles {
		s.piles[seat] = pile{}
		for _, c := range cards.Stack(text) {
			s.piles[seat].push(c)
		}
	}
	s.cycle = brent{power: 1}
	s.cycle.save(&s.piles, s.r.seats)
	s.startBattle()
	return s
}

func pileString(s *State, seat int) string {
	var cs []cards.Card
	for i := range int(s.piles[seat].n) {
		cs = append(cs, s.piles[seat].at(i))
	}
	return cards.Format(cs)
}

// flipRound has every seat that must flip flip once.
func flipRound(t *testing.T, s *State) {
	t.Helper()
	for _, seat := range s.ToMove(nil) {
		if err := s.Apply(seat, Flip); err != nil {
			t.Fatalf("seat %d flip: %v", seat, err)
		}
	}
}

// playTrick flips until the current trick is over (or a slap window
// opens, which fails the test).
func playTrick(t *testing.T, s *State) {
	t.Helper()
	before := s.count.battles
	for s.count.battles == before && !s.Terminal() {
		if s.phase == phaseSlap {
			t.Fatal("unexpected slap window")
		}
		flipRound(t, s)
	}
}

// trickCase is one trick played from hand-built piles.
type trickCase struct {
	name  string
	opts  string
	piles []string
	// want are the piles afterwards.
	want []string
	// wars, autoWars and underdogs are the counts after the trick.
	wars, autoWars, underdogs int
	// end is the end reason ("" while the game goes on), winner the
	// winning seat.
	end    string
	winner int
}

var trickCases = []trickCase{
	{name: "WAR-01 ace high", piles: []string{"AS 4C", "KS 5D"}, want: []string{"4C AS KS", "5D"}},
	{name: "WAR-01 jack beats ten", piles: []string{"10H 4C", "JC 5D"}, want: []string{"4C", "5D JC 10H"}},
	{name: "WAR-01 two lowest", piles: []string{"2H 4C", "3C 5D"}, want: []string{"4C", "5D 3C 2H"}},
	{name: "WAR-03 battle winner-first", piles: []string{"KH 2C", "QS 3D"}, want: []string{"2C KH QS", "3D"}},
	{name: "WAR-03 three players highest takes all", opts: "players=3", piles: []string{"9H 2C", "QS 3D", "10C 4S"}, want: []string{"2C", "3D QS 10C 9H", "4S"}},
	{name: "WAR-04 loser-first battle", opts: "pickup=loser-first", piles: []string{"KH 2C", "QS 3D"}, want: []string{"2C QS KH", "3D"}},
	{name: "WAR-04 seat battle", opts: "pickup=seat", piles: []string{"4H 2C", "QS 3D"}, want: []string{"2C", "3D 4H QS"}},
	{name: "WAR-04 winner-first 3p war layers", opts: "players=3", piles: []string{"4C 9C", "8S 2D 3D 4D KS 9D", "8H 5H 6H 7H QH 9H"},
		want: []string{"9C", "9D 8S 8H 4C 2D 5H 3D 6H 4D 7H KS QH", "9H"}, wars: 1},
	{name: "WAR-04 loser-first 3p war layers", opts: "players=3,pickup=loser-first", piles: []string{"4C 9C", "8S 2D 3D 4D KS 9D", "8H 5H 6H 7H QH 9H"},
		want: []string{"9C", "9D 8H 4C 8S 5H 2D 6H 3D 7H 4D QH KS", "9H"}, wars: 1},
	{name: "WAR-04 seat 3p war layers", opts: "players=3,pickup=seat", piles: []string{"4C 9C", "8S 2D 3D 4D KS 9D", "8H 5H 6H 7H QH 9H"},
		want: []string{"9C", "9D 4C 8S 8H 2D 5H 3D 6H 4D 7H KS QH", "9H"}, wars: 1},
	{name: "WAR-05 war three down one up", piles: []string{"8H 2C 3C 4C KH 9C", "8S 2D 3D 4D QH 9D"},
		want: []string{"9C 8H 8S 2C 2D 3C 3D 4C 4D KH QH", "9D"}, wars: 1},
	{name: "WAR-05 WAR-09 double war: one battle, two wars", piles: []string{"8H 2C 3C 4C KH 5C 6C 7C AH 9C", "8S 2D 3D 4D KS 5D 6D 7D QS 9D"},
		want: []string{"9C 8H 8S 2C 2D 3C 3D 4C 4D KH KS 5C 5D 6C 6D 7C 7D AH QS", "9D"}, wars: 2},
	{name: "WAR-06 short stack loses and is out", piles: []string{"8H 2C 3C", "8S 2D 3D 4D KS 9D"},
		want: []string{"", "9D 8S 8H 2D 2C 3D 3C 4D KS"}, wars: 1, end: "win", winner: 1},
	{name: "WAR-06 last card as war card wins and stays in", piles: []string{"8H AC", "8S 2D 3D 4D KS 9D"},
		want: []string{"8H 8S AC 2D 3D 4D KS", "9D"}, wars: 1},
	{name: "WAR-06 run-out: the other takes the table and wins", piles: []string{"8H", "8S 9D"},
		want: []string{"", "9D 8S 8H"}, wars: 1, end: "win", winner: 1},
	{name: "WAR-06 both out at once: draw", piles: []string{"8H", "8S"}, want: []string{"", ""}, wars: 1, end: "draw", winner: -1},
	{name: "WAR-06 3p short stack in a war", opts: "players=3", piles: []string{"8H 2C", "8S 3D 4D 5D 6D 7D", "4C 9C"},
		want: []string{"", "7D 8S 4C 8H 3D 2C 4D 5D 6D", "9C"}, wars: 1},
	{name: "WAR-06 3p run-out: the war player left takes the table", opts: "players=3", piles: []string{"8H", "8S 9D", "4C 5C"},
		want: []string{"", "9D 8S 4C 8H", "5C"}, wars: 1},
	{name: "WAR-06 3p nobody in the war can lay: the outsider takes it", opts: "players=3", piles: []string{"8H", "8S", "4C 5C"},
		want: []string{"", "", "5C 4C 8H 8S"}, wars: 1, end: "win", winner: 2},
	{name: "WAR-06 WAR-11 3p three-way war, one runs out, the other two fight on", opts: "players=3", piles: []string{"8H", "8S 2D 3D 4D KD 5D", "8C 2H 3H 4H QH 5H"},
		want: []string{"", "5D 8S 8C 8H 2D 2H 3D 3H 4D 4H KD QH", "5H"}, wars: 1},
	{name: "WAR-06 3p all three out at once: draw", opts: "players=3", piles: []string{"8H", "8S", "8C"},
		want: []string{"", "", ""}, wars: 1, end: "draw", winner: -1},
	{name: "WAR-07 win when the other has no cards", piles: []string{"AS", "KS"}, want: []string{"AS KS", ""}, end: "win", winner: 0},
	{name: "WAR-07 3p win needs every other player empty", opts: "players=3", piles: []string{"AS", "KS", "QS 2C"}, want: []string{"AS KS QS", "", "2C"}},
	{name: "WAR-08 win is checked before the cap", opts: "max-battles=1", piles: []string{"AS", "KS"}, want: []string{"AS KS", ""}, end: "win", winner: 0},
	{name: "WAR-08 cap", opts: "max-battles=1", piles: []string{"AS 2C", "KS 3C"}, want: []string{"2C AS KS", "3C"}, end: "cap", winner: -1},
	{name: "WAR-10 peace: lowest wins", opts: "peace=true", piles: []string{"2H 9C", "KS 9D"}, want: []string{"9C 2H KS", "9D"}},
	{name: "WAR-10 peace: five down one up", opts: "peace=true", piles: []string{"8H 2C 3C 4C 5C 6C 3H 9C", "8S 2D 3D 4D 5D 6D KH 9D"},
		want: []string{"9C 8H 8S 2C 2D 3C 3D 4C 4D 5C 5D 6C 6D 3H KH", "9D"}, wars: 1},
	{name: "WAR-10 peace short stack", opts: "peace=true", piles: []string{"8H 2C 3C", "8S 2D 3D 4D 5D 6D 7D 9D"},
		want: []string{"8H 8S 2C 2D 3C 3D 4D 5D 6D 7D", "9D"}, wars: 1},
	{name: "WAR-10 3p peace: the lowest card wins", opts: "players=3,peace=true", piles: []string{"5H 2C 3C 4C 6C", "5S 2D 3D 4D 7D", "2H 9C"},
		want: []string{"2C 3C 4C 6C", "2D 3D 4D 7D", "9C 2H 5H 5S"}},
	{name: "WAR-10 3p peace: the two lowest tie", opts: "players=3,peace=true", piles: []string{"5H 2C 3C 4C 6C", "5S 2D 3D 4D 7D", "KH 9C"},
		want: []string{"5H 5S KH 2C 2D 3C 3D 4C 4D 6C 7D", "", "9C"}, wars: 1},
	{name: "WAR-11 3p lowest two tie: highest wins", opts: "players=3", piles: []string{"8H 2C", "8S 3C", "KC 4C"}, want: []string{"2C", "3C", "4C KC 8H 8S"}},
	{name: "WAR-11 3p all three tie: all three war", opts: "players=3", piles: []string{"8H 2C 3C 4C AC 5C", "8S 2D 3D 4D KD 5D", "8C 2H 3H 4H QH 5H"},
		want: []string{"5C 8H 8S 8C 2C 2D 2H 3C 3D 3H 4C 4D 4H AC KD QH", "5D", "5H"}, wars: 1},
	{name: "WAR-12 auto-war card forces a war against an ace", opts: "auto-war=2", piles: []string{"2H 5C 6C 7C 8C 4S", "AS 5D 6D 7D 9D 4H"},
		want: []string{"4S", "4H AS 2H 5D 5C 6D 6C 7D 7C 9D 8C"}, wars: 1, autoWars: 1},
	{name: "WAR-12 face-down auto-war card does nothing", opts: "auto-war=2", piles: []string{"8H 2C 3C 4C KH", "8S 5D 6D 7D QH"},
		want: []string{"8H 8S 2C 5D 3C 6D 4C 7D KH QH", ""}, wars: 1, end: "win", winner: 0},
	{name: "WAR-12 auto-war card as war card", opts: "auto-war=2", piles: []string{"8H 3C 4C 5C 2C 9C 10C JC AC 6S", "8S 3D 4D 5D KD 6D 7D 8D QD 6H"},
		want: []string{"6S 8H 8S 3C 3D 4C 4D 5C 5D 2C KD 9C 6D 10C 7D JC 8D AC QD", "6H"}, wars: 2, autoWars: 1},
	{name: "WAR-13 three beats king", opts: "beats-faces=3", piles: []string{"3C 4C", "KD 5D"}, want: []string{"4C 3C KD", "5D"}},
	{name: "WAR-13 three loses to ace", opts: "beats-faces=3", piles: []string{"3C 4C", "AD 5D"}, want: []string{"4C", "5D AD 3C"}},
	{name: "WAR-13 three loses to five", opts: "beats-faces=3", piles: []string{"3C 4C", "5D 6D"}, want: []string{"4C", "6D 5D 3C"}},
	{name: "WAR-13 two beats ace", opts: "beats-ace=2", piles: []string{"2C 4C", "AD 5D"}, want: []string{"4C 2C AD", "5D"}},
	{name: "WAR-13 ace form does not beat faces", opts: "beats-ace=2,beats-faces=3", piles: []string{"2C 4C", "JD 5D"}, want: []string{"4C", "5D JD 2C"}},
	{name: "WAR-13 faces form does not beat the ace", opts: "beats-ace=2,beats-faces=3", piles: []string{"3C 4C", "AD 5D"}, want: []string{"4C", "5D AD 3C"}},
	{name: "WAR-13 comparator applies to war cards", opts: "beats-faces=3", piles: []string{"8H 2C 4C 5C 3H 9C", "8S 2D 4D 5D KH 9D"},
		want: []string{"9C 8H 8S 2C 2D 4C 4D 5C 5D 3H KH", "9D"}, wars: 1},
	{name: "WAR-13 3p a card beating both others wins", opts: "players=3,beats-faces=3", piles: []string{"3C 4C", "KD 5D", "QD 6D"}, want: []string{"4C 3C KD QD", "5D", "6D"}},
	{name: "WAR-13 3p 3-3-K: the two threes war", opts: "players=3,beats-faces=3", piles: []string{"3C 2C 4C 5C AC", "3D 2D 4D 5D KD", "KH 6H"},
		want: []string{"3C 3D KH 2C 2D 4C 4D 5C 5D AC KD", "", "6H"}, wars: 1},
	{name: "WAR-13 3p every card beaten: all three war", opts: "players=3,beats-faces=3", piles: []string{"3C 2C 4C 6C AC", "KD 2D 4D 6D 7D", "5H 2H 4H 6H 8H"},
		want: []string{"3C KD 5H 2C 2D 2H 4C 4D 4H 6C 6D 6H AC 7D 8H", "", ""}, wars: 1, end: "win", winner: 0},
	{name: "WAR-14 underdog: a face-down six wins the lost war", opts: "underdog=6", piles: []string{"8H 2C 3C 4C KH 9C", "8S 6D 3D 4D QH 9D"},
		want: []string{"9C", "9D 8S 8H 6D 2C 3D 3C 4D 4C QH KH"}, wars: 1, underdogs: 1},
	{name: "WAR-14 underdog once per trick", opts: "underdog=6", piles: []string{"8H 6C 3C 4C KH 9C", "8S 6D 3D 4D QH 9D"},
		want: []string{"9C", "9D 8S 8H 6D 6C 3D 3C 4D 4C QH KH"}, wars: 1, underdogs: 1},
	{name: "WAR-14 underdog counts only the last war round", opts: "underdog=6", piles: []string{"8H 2C 3C 4C KH 5C 7C 9C AH 10C", "8S 6D 3D 4D KS 5D 7D 9D QS 10D"},
		want: []string{"10C 8H 8S 2C 6D 3C 3D 4C 4D KH KS 5C 5D 7C 7D 9C 9D AH QS", "10D"}, wars: 2},
	{name: "WAR-14 no underdog after a run-out", opts: "underdog=6", piles: []string{"8H 6C 3C 4C KH", "8S 2D 3D 4D KS 9D"},
		want: []string{"", "9D 8S 8H 2D 6C 3D 3C 4D 4C KS KH"}, wars: 2, end: "win", winner: 1},
	{name: "WAR-14 WAR-10 underdog checks all five face-down cards of a peace", opts: "peace=true,underdog=6", piles: []string{"8H 2C 3C 4C 5C 6C 9H 10C", "8S 2D 3D 4D 5D 7D 3H 10D"},
		want: []string{"10C 8H 8S 2C 2D 3C 3D 4C 4D 5C 5D 6C 7D 9H 3H", "10D"}, wars: 1, underdogs: 1},
	{name: "WAR-14 3p first qualifying loser after the winner", opts: "players=3,underdog=6", piles: []string{"8H 6C 3C 4C 2C 9C", "8S 2D 3D 4D AD 9D", "8C 6H 3H 4H 5H 9H"},
		want: []string{"9C", "9D", "9H 8C 8H 8S 6H 6C 2D 3H 3C 3D 4H 4C 4D 5H 2C AD"}, wars: 1, underdogs: 1},
}

func TestTricks(t *testing.T) {
	for _, tc := range trickCases {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.opts, tc.piles...)
			playTrick(t, s)
			for seat, want := range tc.want {
				if got := pileString(s, seat); got != want {
					t.Errorf("seat %d's pile = %q, want %q", seat, got, want)
				}
			}
			c := s.count
			if c.battles != 1 || c.wars != tc.wars || c.autoWars != tc.autoWars || c.underdogs != tc.underdogs {
				t.Errorf("counts battles/wars/auto-wars/underdogs = %d/%d/%d/%d, want 1/%d/%d/%d",
					c.battles, c.wars, c.autoWars, c.underdogs, tc.wars, tc.autoWars, tc.underdogs)
			}
			r := s.Result()
			if r.End != tc.end || r.Over != (tc.end != "") {
				t.Errorf("Result = %+v, want end %q", r, tc.end)
			}
			if tc.end != "" && (tc.winner >= 0) != (len(r.Winners) == 1) || len(r.Winners) == 1 && r.Winners[0] != tc.winner {
				t.Errorf("winners %v, want seat %d", r.Winners, tc.winner)
			}
			if tc.end == "" && s.Terminal() {
				t.Errorf("game over (%s), want it to go on", r.Detail)
			}
			// WAR-07: the winner gets players-1, every other seat -1.
			wantReturns := make([]float64, s.NumSeats())
			if tc.end == "win" {
				for seat := range wantReturns {
					wantReturns[seat] = -1
				}
				wantReturns[tc.winner] = float64(s.NumSeats() - 1)
			}
			if !slices.Equal(r.Returns, wantReturns) {
				t.Errorf("returns %v, want %v", r.Returns, wantReturns)
			}
		})
	}
}

// TestCardsConservedOnDraw: a draw leaves the last cards on the table.
func TestCardsConservedOnDraw(t *testing.T) { // WAR-06
	s := position(t, "", "8H", "8S")
	playTrick(t, s)
	if got := cards.Format(s.AllCards()); got != "8H 8S" {
		t.Errorf("cards after a draw = %q, want the two cards left on the table", got)
	}
	if r := s.Result(); r.Length != 1 || !slices.Equal(r.Returns, []float64{0, 0}) {
		t.Errorf("draw result %+v, want length 1 and zero returns", r)
	}
}

func TestThreePlayerOutPlayerSitsOut(t *testing.T) { // WAR-11
	s := position(t, "players=3", "2C", "KS 5D", "QS 6D")
	playTrick(t, s)
	if got := s.ToMove(nil); !slices.Equal(got, []int{1, 2}) {
		t.Errorf("ToMove after seat 0 ran out = %v, want [1 2]", got)
	}
	v := s.View(engine.Spectator).(*View)
	if !v.Out[0] || v.Out[1] || v.Out[2] {
		t.Errorf("view marks out = %v, want only seat 0", v.Out)
	}
}

func TestWarRoundOnlyTiedPlayersFlip(t *testing.T) { // WAR-11, WAR-12, WAR-13
	for _, tc := range []struct {
		name  string
		opts  string
		piles []string
		want  []int
	}{
		{"WAR-11 two highest tie", "players=3", []string{"8H 2C 3C 4C 5C", "2D 6D", "8S 2S 3S 4S 5S"}, []int{0, 2}},
		{"WAR-12 3p auto-war: everyone in the comparison", "players=3,auto-war=2", []string{"2H 3C 4C 5C 6C", "KS 3D 4D 5D 6D", "QS 3H 4H 5H 6H"}, []int{0, 1, 2}},
		{"WAR-13 ace form cycle: all three war", "players=3,beats-ace=2", []string{"2H 3C 4C 5C 6C", "AS 3D 4D 5D 6D", "KS 3H 4H 5H 6H"}, []int{0, 1, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.opts, tc.piles...)
			flipRound(t, s)
			if got := s.ToMove(nil); !slices.Equal(got, tc.want) || !s.war {
				t.Errorf("after the battle ToMove = %v (war %v), want a war round for %v", got, s.war, tc.want)
			}
		})
	}
}

func TestDeal(t *testing.T) { // WAR-02, WAR-11
	deck := cards.Standard52()
	for _, tc := range []struct {
		players int
		sizes   []int
	}{{2, []int{26, 26}}, {3, []int{18, 17, 17}}} {
		st, err := Game{}.New(mustOptions(t, "players="+string(rune('0'+tc.players))), engine.Setup{Seed: 9, Deck: deck})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for seat, n := range tc.sizes {
			if int(s.piles[seat].n) != n {
				t.Errorf("%d players: seat %d has %d cards, want %d", tc.players, seat, s.piles[seat].n, n)
			}
			for i := range n {
				if got, want := s.piles[seat].at(i), deck[i*tc.players+seat]; got != want {
					t.Fatalf("%d players: seat %d card %d = %v, want deck card %d (%v)", tc.players, seat, i, got, i*tc.players+seat, want)
				}
			}
		}
	}
	a, _ := Game{}.New(mustOptions(t, ""), engine.Setup{Seed: 5})
	b, _ := Game{}.New(mustOptions(t, ""), engine.Setup{Seed: 5})
	c, _ := Game{}.New(mustOptions(t, ""), engine.Setup{Seed: 6})
	if pileString(a.(*State), 0) != pileString(b.(*State), 0) || pileString(a.(*State), 0) == pileString(c.(*State), 0) {
		t.Error("the shuffle does not follow the seed")
	}
}

func TestBadDeck(t *testing.T) { // WAR-01, WAR-02
	full := cards.Standard52()
	for name, deck := range map[string][]cards.Card{
		"51 cards":  full[:51],
		"duplicate": append(slices.Clone(full[:51]), full[0]),
		"joker":     append(slices.Clone(full[:51]), cards.Joker1),
	} {
		_, err := Game{}.New(mustOptions(t, ""), engine.Setup{Deck: deck})
		if !errors.Is(err, engine.ErrBadSetup) || !strings.HasPrefix(err.Error(), "war: ") || !strings.Contains(err.Error(), "52") {
			t.Errorf("%s: New = %v, want ErrBadSetup naming the 52 cards", name, err)
		}
	}
}

func TestShufflePickup(t *testing.T) { // WAR-04
	orders := map[string]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		s := position(t, "players=3,pickup=shuffle", "4C 9C", "8S 2D 3D 4D KS 9D", "8H 5H 6H 7H QH 9H")
		s.rng = cards.NewRNG(seed)
		playTrick(t, s)
		got := cards.Stack(pileString(s, 1))
		if got[0] != cards.Stack("9D")[0] || cards.CheckPermutation(got[1:], cards.Stack("4C 8S 8H 2D 5H 3D 6H 4D 7H KS QH")) != nil {
			t.Fatalf("seed %d: winner's pile %v, want 9D then the 11 cards of the trick", seed, got)
		}
		orders[cards.Format(got)] = true
	}
	if len(orders) < 15 {
		t.Errorf("20 seeds gave only %d pickup orders; the shuffle does not use the generator", len(orders))
	}
}

func TestRepetition(t *testing.T) { // WAR-08
	// With seat order the position after battle 1 recurs every 4 battles;
	// Brent's algorithm, which saves positions 1 and 3, sees x7 == x3.
	for _, tc := range []struct {
		opts string
		end  string
		n    int
	}{
		{"pickup=seat", "repetition", 7},
		{"pickup=seat,max-battles=7", "repetition", 7},
		{"pickup=seat,max-battles=5", "cap", 5},
		// Slap War puts the generator in the position: no repetition.
		{"pickup=seat,slap=K,max-battles=100", "cap", 100},
	} {
		s := position(t, tc.opts, "AC 2C", "2D AD")
		for !s.Terminal() {
			playTrick(t, s)
		}
		if r := s.Result(); r.End != tc.end || r.Length != tc.n {
			t.Errorf("%s: ended %q after %d battles, want %q after %d", tc.opts, r.End, r.Length, tc.end, tc.n)
		}
	}
}
