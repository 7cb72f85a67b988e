package watchtowerbot

import (
	"math"
	"slices"
	"strings"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

func list(t *testing.T, s string) []cards.Card {
	t.Helper()
	cs, err := cards.ParseList(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// lastOffView is a 2-player position where seat 1 is on campaign with
// army theirs (all seen) and seat 0, off campaign, holds army mine and a
// triple of 5s beside a single 9 in its fortress.
func lastOffView(t *testing.T, mine, theirs string) *watchtower.View {
	t.Helper()
	army, other := list(t, mine), list(t, theirs)
	return &watchtower.View{Seat: 0, Phase: "play", Round: 9, Barracks: 20, Players: []watchtower.PlayerView{
		{Seat: 0, ArmySize: len(army), Army: army, Fortress: []watchtower.Stack{
			{Rank: "5", Count: 3, Cards: list(t, "5C 5D 5H")},
			{Rank: "9", Count: 1, Cards: list(t, "9C")},
		}},
		{Seat: 1, Campaign: true, ArmySize: len(other), Seen: other, Tower: list(t, "8C 8D 8H 8S")},
	}}
}

// waitDecision is the last off campaign's move in v given legal.
func waitDecision(t *testing.T, p *Policy, v *watchtower.View, legal string) engine.Action {
	t.Helper()
	var acts []engine.Action
	for _, text := range strings.Split(legal, ",") {
		acts = append(acts, mustAction(t, strings.TrimSpace(text)))
	}
	p.legal = acts
	complete, _ := p.completion(v, 0, p.threshold(v.Round, len(v.Players), 75))
	if complete != 0 {
		return complete
	}
	return waitMove(v, 0, acts)
}

// TestLastOffCompletesOnlyAWinningShowdown: completing the last tower off
// campaign starts the showdown at once (WT-16, WT-18, WT-22); the policy
// completes with an army that wins it and holds the card back with one
// that loses it, cycling a low card instead.
func TestLastOffCompletesOnlyAWinningShowdown(t *testing.T) {
	p := NewPolicy(1, DefaultCompleteOdds)
	place5 := "place 5S"
	strong := lastOffView(t, "5S AC AD AH KC KD", "2C 3C 4C 6C 2D")
	if !lastOff(strong, 0) {
		t.Fatal("seat 0 is the last player off campaign")
	}
	if got := waitDecision(t, p, strong, "place 5S, place AC, burn 9, end"); got != mustAction(t, place5) {
		t.Errorf("strong army: played %v, want %s", got, place5)
	}
	weak := lastOffView(t, "5S 2H 3H 4H 6H", "AC AD AH KC KD")
	got := waitDecision(t, p, weak, "place 5S, place 2H, place 6H, burn 9, end")
	if got == mustAction(t, place5) {
		t.Error("completed into a showdown it loses")
	}
	if want := mustAction(t, "burn 9"); got != want {
		t.Errorf("weak army: played %v, want to burn the exposed 9 for a draw", got)
	}
	// With another player still off campaign the completion starts a
	// campaign, not the showdown.
	weak.Players = append(weak.Players, watchtower.PlayerView{Seat: 2, ArmySize: 4})
	if lastOff(weak, 0) {
		t.Error("seat 0 is not the last off campaign with seat 3 off it")
	}
}

// TestLastOffKeepsItsCardsInHand: waiting as the last off campaign, the
// policy cycles only cards up to 10, lowest first, burns single royals
// for two draws, and never stacks a card or touches its triple.
func TestLastOffKeepsItsCardsInHand(t *testing.T) {
	v := lastOffView(t, "5S 9D KH AS", "AC AD AH KC KD")
	v.Players[0].Fortress = append(v.Players[0].Fortress, watchtower.Stack{Rank: "Q", Count: 1, Cards: list(t, "QC")})
	legal := func(s string) []engine.Action {
		var acts []engine.Action
		for _, text := range strings.Split(s, ",") {
			acts = append(acts, mustAction(t, strings.TrimSpace(text)))
		}
		return acts
	}
	if got := waitMove(v, 0, legal("place 5S, place 9D, place KH, burn 5, burn 9, burn Q, end")); got != mustAction(t, "burn Q") {
		t.Errorf("played %v, want burn Q (a single royal, two draws)", got)
	}
	v.Players[0].Fortress = v.Players[0].Fortress[:2]
	if got := waitMove(v, 0, legal("place 5S, place 9D, place KH, burn 5, end")); got != mustAction(t, "place 9D") {
		t.Errorf("played %v, want place 9D (the lowest card up to 10 not of the triple's rank)", got)
	}
	if got := waitMove(v, 0, legal("place 5S, place KH, burn 5, end")); got != watchtower.End {
		t.Errorf("played %v, want end: a king is kept in hand, the triple untouched", got)
	}
	v.BurnUsed = true
	if got := waitMove(v, 0, legal("place 5S, place 9D, place KH, end")); got != watchtower.End {
		t.Errorf("played %v with the burn used, want end", got)
	}
}

func mustAction(t *testing.T, s string) engine.Action {
	t.Helper()
	st, err := watchtower.New().New(engine.MustResolve(watchtower.New(), nil), engine.Setup{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	a, err := st.(*watchtower.State).ParseAction(0, s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestEarlyCompletionHeldBackWhenHopeless: with the rival still off
// campaign a completion starts a campaign; the policy holds it back when
// its army would be hopeless in the showdown, and plays it when strong.
func TestEarlyCompletionHeldBackWhenHopeless(t *testing.T) {
	p := NewPolicy(3, DefaultCompleteOdds)
	five := list(t, "5S")[0]
	weak := lastOffView(t, "5S 2H 3H", "AC AD AH KC KD")
	weak.Players[1].Campaign = false
	if !p.holdsEarly(weak, 0, five) {
		t.Error("completed a tower with a hopeless army")
	}
	strong := lastOffView(t, "5S AC AD AH KC KD", "2C 3C 4C 6C 2D")
	strong.Players[1].Campaign = false
	if p.holdsEarly(strong, 0, five) {
		t.Error("held back a completion with a strong army")
	}
}

// TestShowdownShareCountsTheFortress: on completion the other fortress
// cards join the army (WT-18), so they count in the estimate.
func TestShowdownShareCountsTheFortress(t *testing.T) {
	p := NewPolicy(2, DefaultCompleteOdds)
	five := list(t, "5S")[0]
	v := lastOffView(t, "5S", "8D")
	// The army after completing is the 9 alone against an 8: a sure win.
	if got := p.showdownShare(v, 0, five.Rank()); got != 1 {
		t.Errorf("share %v, want 1: the fortress 9 joins the army and beats the 8", got)
	}
}

// TestThresholdFallsAsTheGameGrowsLong: the bar falls from round 40 to
// half a fair share at round 70, or sooner with a closer round cap
// (WT-24), so that games between policies end; with 2 players it starts
// 0.1 higher and stops at 0.55 (or at a lower CompleteOdds).
func TestThresholdFallsAsTheGameGrowsLong(t *testing.T) {
	p, low := NewPolicy(1, 0.65), NewPolicy(1, 0.4)
	tests := []struct {
		p                         *Policy
		round, players, maxRounds int
		want                      float64
	}{
		{p, 10, 2, 75, 0.75}, {p, 40, 2, 75, 0.75}, {p, 45, 2, 75, 0.25 + 0.5*25/30}, {p, 58, 2, 75, 0.55},
		{p, 70, 2, 75, 0.55}, {p, 74, 2, 75, 0.55}, {p, 10, 2, 10, 0.55}, {p, 5, 2, 10, 0.75}, {p, 1, 2, 1, 0.55},
		{p, 10, 3, 75, 0.65}, {p, 45, 3, 75, 1.0/6 + (0.65-1.0/6)*25/30}, {p, 70, 3, 75, 1.0 / 6},
		{p, 70, 4, 75, 0.125}, {p, 10, 4, 10, 0.125}, {NewPolicy(1, 0.95), 10, 2, 75, 1},
		{low, 10, 2, 75, 0.5}, {low, 70, 2, 75, 0.4}, {low, 70, 3, 75, 1.0 / 6},
	}
	for _, tt := range tests {
		if got := tt.p.threshold(tt.round, tt.players, tt.maxRounds); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("threshold(round %d, %d players, max-rounds %d, odds %v) = %v, want %v",
				tt.round, tt.players, tt.maxRounds, tt.p.CompleteOdds, got, tt.want)
		}
	}
	if mid := p.threshold(55, 3, 75); !(mid < 0.65 && mid > 1.0/6) {
		t.Errorf("threshold in round 55 with 3 players = %v, want between 1/6 and 0.65", mid)
	}
}

// TestPolicyBeatsTheHeuristic plays 2-player games between the Policy and
// the heuristic it refines, seats alternating: its completion rules, its
// waiting play (WT-22) and its 2-player rules win about 76 % of them (756
// of these 1,000 with rule 7; docs/watchtower.md), so a share under 70 %
// (four standard errors below) means the rules no longer work.
func TestPolicyBeatsTheHeuristic(t *testing.T) {
	const games = 1000
	opts := engine.MustResolve(watchtower.New(), nil)
	wins := 0
	for g := range games {
		s, err := watchtower.New().New(opts, engine.Setup{Seed: uint64(g)})
		if err != nil {
			t.Fatal(err)
		}
		policy := g % 2
		bots := [2]engine.Bot{NewHeuristic(uint64(g)), NewHeuristic(uint64(g))}
		bots[policy] = NewPolicy(uint64(g), DefaultCompleteOdds)
		for !s.Terminal() {
			seat := s.ToMove(nil)[0]
			if err := s.Apply(seat, bots[seat].Act(s, seat)); err != nil {
				t.Fatal(err)
			}
		}
		if s.Returns()[policy] > 0 {
			wins++
		}
	}
	if share := float64(wins) / games; share < 0.70 {
		t.Errorf("the policy won %.1f %% of %d games against the heuristic, want 70 %% or more", 100*share, games)
	}
}

// secondLastView is a 4-player position where seat 0 and seat 3 are off
// campaign and seats 1 and 2 on it; seat 0 holds army mine and a triple of
// 5s beside a single 9 in its fortress.
func secondLastView(t *testing.T, mine string) *watchtower.View {
	t.Helper()
	v := lastOffView(t, mine, "AC AD")
	v.Players = append(v.Players,
		watchtower.PlayerView{Seat: 2, Campaign: true, ArmySize: 3, Tower: list(t, "7C 7D 7H 7S")},
		watchtower.PlayerView{Seat: 3, ArmySize: 5})
	return v
}

// TestOffBesideCampaignersWaits: with 4 players, off campaign beside
// campaigners (here two rivals on campaign and one off), the policy cycles a card (here burns the exposed single 9) where the
// heuristic would end the turn or place a card that does not complete,
// and keeps the heuristic's completions and the rest of its ranking.
func TestOffBesideCampaignersWaits(t *testing.T) {
	v := secondLastView(t, "5S 2H KH")
	if !campaignsBeside(v, 0) || lastOff(v, 0) || !campaignsBeside(v, 3) || campaignsBeside(v, 1) {
		t.Fatal("seats 0 and 3 are off campaign beside campaigners, seat 1 on campaign")
	}
	if campaignsBeside(lastOffView(t, "5S", "AC"), 0) {
		t.Error("off campaign beside campaigners with 2 players")
	}
	legal := []engine.Action{mustAction(t, "place 5S"), mustAction(t, "place 2H"), mustAction(t, "place KH"),
		mustAction(t, "burn 9"), watchtower.End}
	burn := mustAction(t, "burn 9")
	cases := []struct {
		ranked []engine.Action
		limit  int
		want   []engine.Action
	}{
		{[]engine.Action{watchtower.End}, 1, []engine.Action{burn}},
		{[]engine.Action{mustAction(t, "place KH"), watchtower.End, burn}, 3, []engine.Action{burn, mustAction(t, "place KH"), watchtower.End}},
		{[]engine.Action{mustAction(t, "place 5S"), watchtower.End}, 2, []engine.Action{mustAction(t, "place 5S"), watchtower.End}},
	}
	for _, c := range cases {
		got := waitFirst(v, 0, legal, slices.Clone(c.ranked), 0, c.limit)
		if !slices.Equal(got, c.want) {
			t.Errorf("ranked %v: got %v, want %v", c.ranked, got, c.want)
		}
	}
}
