package watchtower

import (
	"slices"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// WT-16, WT-18: placing a won 4th card completes the tower: the tower goes
// to the tower area, the other fortress cards to the army, and the turn
// goes on under campaign rules. Only the 4th card's mark counts.
func TestCompletionByWonCardWT16WT18(t *testing.T) {
	for _, tt := range []struct{ fort, army, place string }{
		{"6C 6D 6H 2S", "6S 9C", "place 6S"},
		{"6C 6D 2S", "6H 6S 9C", "place 6H; place 6S"},
	} {
		s := scene{players: 2, armies: []string{tt.army, "3D"}, forts: []string{tt.fort, "8C"}, won: []string{"6S"},
			barracks: "4H 5H"}.build(t)
		do(t, s, tt.place)
		p := &s.players[0]
		if !p.onCampaign() {
			t.Fatalf("%s: not on campaign", tt.place)
		}
		eq(t, "tower", cards.Format(p.tower[:]), "6C 6D 6H 6S")
		eq(t, "army", army(s, 0), "9C 2S")
		eqInt(t, "fortress", p.fortressSize(), 0)
		got := legalText(s)
		if has(got, "place 9C") || has(got, "burn 2") || !has(got, "challenge 2 8 1") {
			t.Errorf("campaign turn legal %v: want no place or burn, a challenge", got)
		}
		do(t, s, "end; end")
		eq(t, "campaigner's army after a turn: no draw", army(s, 0), "9C 2S")
	}
}

// WT-16, WT-17: a 4th card that was not won is contested in a
// free-for-all: participant i+1 picks from participant i's army (the
// first from the last); the single highest card's owner wins it.
func TestFreeForAllWT17(t *testing.T) {
	tests := []struct {
		name     string
		army0    string
		picks    string // by seat 1, 2, 3 in turn
		winner   int
		armies   []string
		campaign bool
	}{
		{name: "another player wins", army0: "6S 2C", picks: "KD 2C 9C", winner: 2,
			armies: []string{"2C", "9C 3D", "KD 4H 6S"}},
		{name: "drawer wins and completes", army0: "6S AS", picks: "4H AS 3D", winner: 0,
			armies: []string{"AS", "9C 3D", "KD 4H"}, campaign: true},
	}
	for _, tt := range tests {
		s := scene{players: 3, armies: []string{tt.army0, "9C 3D", "KD 4H"}, forts: []string{"6C 6D 6H", "8C", "8D"},
			barracks: "5H 5S"}.build(t)
		do(t, s, "place 6S")
		for i, c := range cards.Stack(tt.picks) {
			v := s.View(i).(*View)
			if v.Pending == nil || v.Pending.Kind != "free-for-all" || v.Pending.Picker != i || v.Pending.From != (i+2)%3 {
				t.Fatalf("%s: pick %d: pending %+v, want seat %d picking from seat %d", tt.name, i, v.Pending, i+1, (i+2)%3+1)
			}
			pick(t, s, c)
		}
		for seat, want := range tt.armies {
			eq(t, tt.name+": army", army(s, seat), want)
		}
		if s.players[0].onCampaign() != tt.campaign {
			t.Errorf("%s: drawer on campaign = %v", tt.name, !tt.campaign)
		}
		if w := s.holder(cards.New(6, cards.Spades)); !tt.campaign && w != tt.winner {
			t.Errorf("%s: 6S held by seat %d, want %d", tt.name, w+1, tt.winner+1)
		}
	}
}

// WT-17: a tie on the highest card replays among the tied, three attempts
// in all; then the contested card goes under the barracks.
func TestFreeForAllTiesWT17(t *testing.T) {
	s := scene{players: 3, armies: []string{"6S 9H", "9C", "2C"}, forts: []string{"6C 6D 6H", "8C", "8D"}, barracks: "5H"}.build(t)
	do(t, s, "place 6S")
	picks(t, s, "2C 9H 9C")
	if !slices.Equal(s.free.parts.all(), []int{0, 1}) {
		t.Fatalf("replay participants %v, want seats 1 and 2", s.free.parts.all())
	}
	picks(t, s, "9C 9H")
	picks(t, s, "9C 9H")
	eq(t, "barracks bottom", bottom(s, 1), "6S")
	eq(t, "6s", stack(s, 0, 6), "6C 6D 6H")
	eq(t, "armies keep their cards", army(s, 0)+"|"+army(s, 1)+"|"+army(s, 2), "9H|9C|2C")
	eqInt(t, "free-for-alls", s.stats[metricFreeForAlls], 1)
}

// WT-17: players on campaign or with empty armies do not take part; a lone
// participant wins at once, and with none the drawer completes.
func TestFreeForAllParticipantsWT17(t *testing.T) {
	s := scene{players: 3, armies: []string{"6S", "9C", "KD"}, forts: []string{"6C 6D 6H", "8C"},
		towers: []string{"", "", "10C 10D 10H 10S"}, barracks: "5H"}.build(t)
	do(t, s, "place 6S")
	eq(t, "lone participant wins", army(s, 1), "9C 6S")
	eq(t, "won", cards.Format(wonCards(s, 1)), "6S")

	s = scene{players: 3, armies: []string{"6S", "9C", ""}, forts: []string{"6C 6D 6H 2S", "8C"},
		towers: []string{"", "10C 10D 10H 10S"}, barracks: "5H"}.build(t)
	do(t, s, "place 6S")
	if !s.players[0].onCampaign() {
		t.Error("with no participants the drawer does not complete")
	}
}

// WT-16: four of a kind dealt face up is contested at the start of its
// owner's setup turn, the last-dealt card set aside.
func TestDealtFourOfAKindWT16(t *testing.T) {
	opts := engine.MustResolve(Game{}, nil)
	probe, _ := Game{}.New(opts, engine.Setup{Seed: 9, Deck: cards.Standard52()})
	first := probe.(*State).first
	for owner := 0; owner < 2; owner++ {
		base := cards.Standard52()
		rng := cards.NewRNG(5)
		rng.Shuffle(base)
		deck := slices.DeleteFunc(base, func(c cards.Card) bool { return c.Rank() == 9 })
		k := (owner - first + 2) % 2
		for round, c := range cards.Stack("9C 9D 9H 9S") {
			deck = slices.Insert(deck, round*2+k, c)
		}
		st, err := Game{}.New(opts, engine.Setup{Seed: 9, Deck: deck})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if owner != first {
			eqInt(t, "quad waits for its owner's setup turn", int(s.players[owner].fortN[9]), 4)
			do(t, s, "done")
		}
		if s.wait != waitFreePick || s.free.card != cards.New(9, cards.Spades) || s.free.drawer != owner {
			t.Fatalf("owner seat %d: want a free-for-all for 9S drawn by them; wait %d, free %+v", owner+1, s.wait, s.free)
		}
		eq(t, "9s", stack(s, owner, 9), "9C 9D 9H")
	}
}

// WT-18, WT-20: going on campaign with an empty army loses the campaign at
// once: tower cards 1-2 under the barracks, 3 to the fortress, 4 to the
// army, then 2 draws to the fortress and 2 to the army.
func TestCampaignWithEmptyArmyWT18WT20(t *testing.T) {
	s := scene{players: 2, armies: []string{"6S", "3D"}, forts: []string{"6C 6D 6H", "8C"}, won: []string{"6S"},
		barracks: "KC KD 3H 4H 5H"}.build(t)
	do(t, s, "place 6S")
	p := &s.players[0]
	if p.onCampaign() {
		t.Fatal("still on campaign with an empty army")
	}
	eq(t, "barracks bottom", bottom(s, 2), "6C 6D")
	eq(t, "6s", stack(s, 0, 6), "6H")
	eq(t, "Ks", stack(s, 0, cards.King), "KC KD")
	eq(t, "army", army(s, 0), "6S 3H 4H")
	eqInt(t, "campaigns won", s.stats[metricCampaignsWon], 1)
	eqInt(t, "campaigns lost", s.stats[metricCampaignsLost], 1)
}

// WT-20: a campaign lost in the player's own turn: the rest of the turn
// follows normal rules, the challenge counting as used.
func TestCampaignLostInOwnTurnWT20(t *testing.T) {
	s := scene{players: 2, armies: []string{"2C", "9C"}, forts: []string{"", "8C"}, towers: []string{"6C 6D 6H 6S"},
		barracks: "KC KD 3H 4H 5H"}.build(t)
	do(t, s, "challenge 2 8 1")
	picks(t, s, "2C 9C")
	if s.players[0].onCampaign() || s.players[0].out {
		t.Fatal("want the campaign lost and the player still in")
	}
	eq(t, "barracks bottom", bottom(s, 2), "6C 6D")
	eq(t, "army", army(s, 0), "6S 3H 4H")
	got := legalText(s)
	if !has(got, "place 3H") || !has(got, "burn K") || has(got, "challenge 2 8 1") {
		t.Errorf("legal %v: want place and burn, no challenge", got)
	}
}

// WT-19: two campaigners may battle with 3 cards while another player
// still in is not on campaign; the winner takes all, nothing returns.
func TestCampaignBattleWT19(t *testing.T) {
	s := scene{players: 3, armies: []string{"AS KS 2C 3C", "QD JD 4D", "5H"}, forts: []string{"", "", "8C"},
		towers: []string{"6C 6D 6H 6S", "9C 9D 9H 9S"}, barracks: "10C 10D 10H 10S 2D"}.build(t)
	if !has(legalText(s), "campaign-battle 2") {
		t.Fatalf("legal %v lacks campaign-battle 2", legalText(s))
	}
	do(t, s, "campaign-battle 2")
	eqInt(t, "K", s.battle.k, 3)
	picks(t, s, "AS KS 2C QD JD 4D")
	eq(t, "winner's army", army(s, 0), "3C AS KS 2C QD JD 4D")
	eq(t, "won", cards.Format(wonCards(s, 0)), "QD JD 4D")
	if s.players[1].onCampaign() {
		t.Error("the loser's empty army did not lose the campaign (WT-20)")
	}
	eq(t, "barracks bottom: only the lost tower's cards", bottom(s, 3), "2D 9C 9D")
	eqInt(t, "campaign battles", s.stats[metricCampaignBattles], 1)

	s = scene{players: 3, armies: []string{"AS", "QD", ""}, towers: []string{"6C 6D 6H 6S", "9C 9D 9H 9S"}}.build(t)
	s.players[2].out = true
	s.sync()
	refused(t, s, "campaign-battle 2", "not on campaign")
}
