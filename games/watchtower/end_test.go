package watchtower

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// WT-21: a draw from an empty barracks refills it: 8+ army cards give 4,
// 7 give 3, 6 give 2, 3-5 give 1, 0-2 none, givers in seat order from the
// current player; then every single fortress card goes in; shuffle.
func TestGiftSizesWT21(t *testing.T) {
	want := []int{0, 0, 0, 1, 1, 1, 2, 3, 4, 4, 4}
	for n, w := range want {
		if got := giftSize(n); got != w {
			t.Errorf("giftSize(%d) = %d, want %d", n, got, w)
		}
	}
}

func refillScene(t *testing.T, pick string) *State {
	return scene{players: 3, opts: map[string]string{"refill-pick": pick},
		armies: []string{"2D 3D 4D 5D 6D 7D 8D 9D 10D", "2H 3H 4H 5H 6H 7H 8H", "2S 3S"},
		forts:  []string{"2C 5C 5S", "3C", "JC JD JH"}}.build(t)
}

// WT-21: random gifts.
func TestRefillRandomWT21(t *testing.T) {
	s := refillScene(t, "random")
	do(t, s, "end")
	eqInt(t, "seat 2 army: 7 - 3 + 1 drawn", s.players[1].armySize(), 5)
	eqInt(t, "seat 1 army: 9 - 4", s.players[0].armySize(), 5)
	eqInt(t, "seat 3 army", s.players[2].armySize(), 2)
	eqInt(t, "barracks: 4 + 3 + 2 singles - 1 drawn", s.barracks.len(), 8)
	eq(t, "seat 1 2s", stack(s, 0, 2), "")
	eq(t, "seat 2 3s", stack(s, 1, 3), "")
	eq(t, "seat 1 5s stay", stack(s, 0, 5), "5C 5S")
	eqInt(t, "refills", s.stats[metricRefills], 1)
}

// WT-21: with refill-pick=owner each giver chooses, current player first.
func TestRefillOwnerWT21(t *testing.T) {
	s := refillScene(t, "owner")
	do(t, s, "end")
	if s.wait != waitGive || s.mover() != 1 || s.owed != 3 {
		t.Fatalf("want seat 2 to give 3 cards; wait %d mover %d owed %d", s.wait, s.mover()+1, s.owed)
	}
	refused(t, s, "give 2D", "not in your army")
	refused(t, s, "end", "give")
	do(t, s, "give 8H; give 7H; give 6H")
	if s.mover() != 0 || s.owed != 4 {
		t.Fatalf("want seat 1 to give 4 next; mover %d owed %d", s.mover()+1, s.owed)
	}
	do(t, s, "give 10D; give 9D; give 8D; give 7D")
	eq(t, "seat 1 army", army(s, 0), "2D 3D 4D 5D 6D")
	eqInt(t, "seat 2 army: 4 kept + 1 drawn", s.players[1].armySize(), 5)
	eqInt(t, "barracks", s.barracks.len(), 8)
	if s.wait != waitTurn || s.turn != 1 {
		t.Error("seat 2's turn does not go on after the refill")
	}
}

// WT-21: a barracks still empty after the refill skips the draw.
func TestRefillStillEmptyWT21(t *testing.T) {
	s := scene{players: 2, armies: []string{"2D", "2H 3H"}, forts: []string{"4C 4D", "5C 5D"}}.build(t)
	do(t, s, "end")
	eq(t, "army", army(s, 1), "2H 3H")
	if !slices.ContainsFunc(s.eventTexts(), func(e string) bool { return strings.Contains(e, "draws nothing") }) {
		t.Errorf("events %q do not say the draw was skipped", s.eventTexts())
	}
}

// WT-22: when every player still in is on campaign: L is the smallest
// army made odd (the smallest army's last card under the barracks), every
// row is L cards, the extras go under; the most tricks wins.
func TestShowdownWT22(t *testing.T) {
	for _, aces := range []string{"AS AH AD", "AS AH AD AC"} {
		s := scene{players: 2, armies: []string{"KS " + aces, "2C 3C 4C 5C 6C 7C"}, forts: []string{"KC KD KH"},
			towers: []string{"", "9C 9D 9H 9S"}, won: []string{"KS"}, barracks: "8C"}.build(t)
		do(t, s, "place KS")
		if !s.Terminal() {
			t.Fatal("no showdown")
		}
		r := s.Result()
		eq(t, "end", r.End, "showdown")
		if !slices.Equal(r.Winners, []int{0}) {
			t.Errorf("winners %v, want [0]", r.Winners)
		}
		eqInt(t, "row length", s.players[0].row.len(), 3)
		eqInt(t, "other row length", s.players[1].row.len(), 3)
		eqInt(t, "tricks", s.players[0].tricks, 3)
		extras := 3
		if aces == "AS AH AD AC" {
			extras = 4
			if s.barracks.at(s.barracks.len()-4).Rank() != cards.Ace {
				t.Errorf("the even army's dropped card %v is not one of its aces", s.barracks.at(s.barracks.len()-4))
			}
		}
		eqInt(t, "barracks", s.barracks.len(), 1+extras)
	}
}

// WT-22: a set's single highest card takes a trick; a shared highest none.
func TestTricksWT22(t *testing.T) {
	s := scene{players: 3}.build(t)
	s.players[0].row.set(cards.Stack("AS 2C 9D"))
	s.players[1].row.set(cards.Stack("AH 5C 8D"))
	s.players[2].row.set(cards.Stack("4S 3D 2D"))
	most := s.playRows(nil, []int{0, 1, 2})
	if !slices.Equal(most, []int{0, 1}) || s.players[0].tricks != 1 || s.players[1].tricks != 1 || s.players[2].tricks != 0 {
		t.Errorf("most %v, tricks %d %d %d; want [0 1], 1 1 0", most, s.players[0].tricks, s.players[1].tricks, s.players[2].tricks)
	}
}

// WT-23: tied on tricks, the tied draw up to their tower's value and play
// again; still tied after 20 replays, the higher tower wins.
func TestTowerBattleWT23(t *testing.T) {
	s := scene{players: 2, armies: []string{"5C", "5D"}, towers: []string{"9C 9D 9H 9S", "10C 10D 10H 10S"},
		barracks: "5H 5S"}.build(t)
	s.wait = waitNone
	s.run()
	r := s.Result()
	eq(t, "end", r.End, "tower battle")
	if !slices.Equal(r.Winners, []int{1}) || !strings.Contains(r.Detail, "higher tower") {
		t.Errorf("result %+v, want seat 2 on the higher tower", r)
	}
	eqInt(t, "row length (2 drawn each, made odd)", s.players[0].row.len(), 1)
	eqInt(t, "tower value of a royal", towerValue(cards.King), 10)
	eqInt(t, "tower value of a 4", towerValue(4), 4)
}

// WT-24: after max-rounds rounds a forced showdown among players with
// army cards ends the game; ties break on tower rank, then are shared.
func TestRoundCapWT24(t *testing.T) {
	opts := engine.MustResolve(Game{}, map[string]string{"max-rounds": "1"})
	st, _ := Game{}.New(opts, engine.Setup{Seed: 4})
	s := st.(*State)
	for !s.Terminal() {
		do(t, s, map[bool]string{true: "done", false: "end"}[s.phase == phaseSetup])
	}
	eq(t, "end", s.Result().End, "round cap")
	eqInt(t, "turns", s.Result().Length, 2)
	eqInt(t, "rounds", int(Game{}.Outcome(s).Metrics[metricRounds]), 1)

	s = scene{players: 3, armies: []string{"AS", "AH", "AD"}, towers: []string{"", "", "9C 9D 9H 9S"}}.build(t)
	s.roundCap()
	if r := s.Result(); !slices.Equal(r.Winners, []int{2}) {
		t.Errorf("tied tricks: winners %v, want the tower holder [2]", r.Winners)
	}
	s = scene{players: 3, armies: []string{"AS", "AH", ""}}.build(t)
	s.roundCap()
	if r := s.Result(); !slices.Equal(r.Winners, []int{0, 1, 2}) || r.Returns[0] != 0 {
		t.Errorf("all tied: result %+v, want a shared result of all three", r)
	}
}

// WT-24: the game always ends, even between random players who may pass
// forever.
func TestLongRandomGameEndsWT24(t *testing.T) {
	opts := engine.MustResolve(Game{}, map[string]string{"players": "4", "max-rounds": "1000"})
	for seed := uint64(1); seed <= 3; seed++ {
		st, _ := Game{}.New(opts, engine.Setup{Seed: seed})
		rng := cards.NewRNG(seed)
		for n := 0; !st.Terminal(); n++ {
			if n > 500000 {
				t.Fatalf("seed %d: no end after %d actions", seed, n)
			}
			seat := st.ToMove(nil)[0]
			l := st.Legal(seat, nil)
			if err := st.Apply(seat, l[rng.IntN(len(l))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// WT-26: a seat sees its own army and won marks; of other armies only the
// size and the cards everyone saw arrive; never the barracks order, only
// the positions it knows.
func TestInformationWT26(t *testing.T) {
	s := scene{players: 2, armies: []string{"5C 9D", "4S 3S 10S 5S"}, forts: []string{"2H", "8D"},
		barracks: "QH QS 2S"}.build(t)
	do(t, s, "challenge 2 8 1")
	picks(t, s, "9D 4S")
	do(t, s, "burn 2")
	spectator, _ := json.Marshal(s.View(engine.Spectator))
	theirs, _ := json.Marshal(s.View(1))
	for _, c := range []string{"5C", "QH", "QS"} {
		if strings.Contains(string(spectator), `"`+c+`"`) || strings.Contains(string(theirs), `"`+c+`"`) {
			t.Errorf("hidden %s shows in another seat's view", c)
		}
	}
	v0, v1 := s.View(0).(*View), s.View(1).(*View)
	eq(t, "own army", cards.Format(v0.Players[0].Army), "5C 9D 4S 8D QH")
	eq(t, "own won marks", cards.Format(v0.Players[0].Won), "4S 8D")
	eq(t, "seen by everyone", cards.Format(v1.Players[0].Seen), "4S 8D 9D")
	if v1.Players[0].Won != nil || v1.Players[0].Army != nil {
		t.Error("seat 2 sees seat 1's army or won marks")
	}
	if len(v1.Known) != 1 || v1.Known[0].Card != cards.New(cards.Two, cards.Hearts) {
		t.Errorf("known barracks cards %v, want the burned 2H at the bottom", v1.Known)
	}
	for i := 0; i < 20; i++ {
		d := s.Determinize(1, rand.New(rand.NewPCG(uint64(i), 2))).(*State)
		if !d.players[0].holds(cards.New(9, cards.Diamonds)) || d.barracks.at(d.barracks.len()-1) != cards.New(2, cards.Hearts) {
			t.Fatal("a determinization moved a card seat 2 knows")
		}
		if d.players[0].won&bit(cards.New(4, cards.Spades)) == 0 {
			t.Fatal("a determinization dropped a public won mark")
		}
	}
}

// WT-27, WT-13, WT-16: on a third failed try the replacement is drawn,
// the card goes under the barracks, and then a replacement that makes four
// of a kind starts a free-for-all drawn by the defender.
func TestThirdTryReplacementContestedWT27(t *testing.T) {
	s := scene{players: 2, armies: []string{"5C 6C", "5D 6D"}, forts: []string{"2H", "8C QC QD QH"}, barracks: "QS 3S 4S"}.build(t)
	s.tries[0], s.ntries = tryCount{card: cards.New(8, cards.Clubs), attacker: 0, n: 2}, 1
	do(t, s, "challenge 2 8 1")
	picks(t, s, "5C 5D")
	eq(t, "barracks bottom", bottom(s, 1), "8C")
	if s.wait != waitFreePick || s.free.card != cards.New(cards.Queen, cards.Spades) || s.free.drawer != 1 {
		t.Fatalf("want a free-for-all for QS drawn by seat 2; wait %d free %+v", s.wait, s.free)
	}
}

// WT-26: a card everyone saw go under the barracks is still known when it
// is drawn: it counts as seen in the drawer's army.
func TestKnownCardDrawnIsSeenWT26(t *testing.T) {
	s := scene{players: 2, armies: []string{"2C", "3C"}, forts: []string{"QH 4D", ""}, barracks: "5H"}.build(t)
	do(t, s, "burn Q")
	eq(t, "barracks", cards.Format(s.barracks.cards()), "QH")
	do(t, s, "end")
	v := s.View(0).(*View)
	eq(t, "seat 2's seen cards", cards.Format(v.Players[1].Seen), "QH")
}

// WT-22: with an even smallest army, the first smallest army in seat order
// from the first player drops its last card under the barracks, before the
// other armies' extras (seat order).
func TestShowdownDropOrderWT22(t *testing.T) {
	s := scene{players: 3, armies: []string{"2C 3C", "2D 3D", "2H 3H 4H 5H"},
		towers: []string{"6C 6D 6H 6S", "9C 9D 9H 9S", "10C 10D 10H 10S"}, barracks: "AS"}.build(t)
	s.wait = waitNone
	s.run()
	if !s.Terminal() {
		t.Fatal("no showdown")
	}
	under := s.barracks.cards()[s.barracks.len()-5:]
	owners := []string{"2C 3C", "2D 3D", "2H 3H 4H 5H", "2H 3H 4H 5H", "2H 3H 4H 5H"}
	for i, c := range under {
		if !strings.Contains(owners[i], c.String()) {
			t.Errorf("card %d under the barracks is %v, want one of %s", i+1, c, owners[i])
		}
	}
	for seat := range s.all() {
		eqInt(t, "row length", s.players[seat].row.len(), 1)
	}
}

// WT-21: a refill with no single fortress card to put in says the
// barracks is shuffled, not "single fortress cards go in ()" (issue 29 §7).
func TestRefillWithoutSinglesWT21(t *testing.T) {
	s := scene{players: 3, opts: map[string]string{"refill-pick": "random"},
		armies: []string{"2D 3D 4D 5D 6D 7D 8D 9D 10D", "2H 3H 4H 5H 6H 7H 8H", "2S 3S"},
		forts:  []string{"5C 5S", "4C 4S", "JC JD JH"}}.build(t)
	do(t, s, "end")
	said := strings.Join(s.eventTexts(), "\n")
	if strings.Contains(said, "()") || !strings.Contains(said, "no single fortress cards go in; the barracks is shuffled: ") {
		t.Errorf("the refill's events:\n%s", said)
	}
}

// The end's sentence is made when it is read (endDetail): the result's
// Detail, the game-over event and the saved state say it for every way a
// game ends, the forced showdown naming its winners from the first player.
func TestEndDetail(t *testing.T) {
	shared := scene{players: 3, armies: []string{"AS", "AH", ""}}.build(t)
	shared.dealer, shared.first, shared.rounds = 0, 1, 7
	shared.roundCap()
	showdown := scene{players: 2, armies: []string{"AS KS", "2C"}, towers: []string{"9C 9D 9H 9S", "10C 10D 10H 10S"}}.build(t)
	showdown.wait = waitNone
	showdown.run()
	tower := scene{players: 2, armies: []string{"5C", "5D"}, towers: []string{"9C 9D 9H 9S", "10C 10D 10H 10S"},
		barracks: "5H 5S"}.build(t)
	tower.wait = waitNone
	tower.run()
	last := scene{players: 3, armies: []string{"5C", "5D", "6D"}}.build(t)
	last.players[0].out, last.players[2].out = true, true
	last.sync()
	last.wait = waitNone
	last.run()
	for _, c := range []struct {
		s         *State
		text, msg string
	}{
		{shared, "after 7 rounds seat 2, seat 3 and seat 1 share the forced showdown with 0 tricks", "watchtower.end.round-cap-share"},
		{showdown, "seat 1 wins the showdown with 1 trick", "watchtower.end.showdown"},
		{tower, "seat 2 wins the tower battle on the higher tower (10s) after 20 tied replays", "watchtower.end.higher-tower"},
		{last, "seat 2 is the last player in", "watchtower.end.last-in"},
	} {
		r := c.s.Result()
		if r.Detail != c.text || r.DetailI18n.ID != c.msg {
			t.Errorf("detail %q (%s), want %q (%s)", r.Detail, r.DetailI18n.ID, c.text, c.msg)
		}
		v := c.s.View(engine.Spectator).(*View)
		if ev := v.Events[len(v.Events)-1]; ev != "game over: "+c.text {
			t.Errorf("last event %q, want the game over with %q", ev, c.text)
		}
		b, err := c.s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		back, err := Game{}.Unmarshal(b)
		if err != nil {
			t.Fatalf("%q: %v", c.text, err)
		}
		if got := back.Result(); got.Detail != c.text || got.DetailI18n.ID != c.msg {
			t.Errorf("restored detail %q (%s), want %q", got.Detail, got.DetailI18n.ID, c.text)
		}
	}
}
