package analysis

import (
	"testing"

	"cardtable/bots/watchtowerbot"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// watchtowerSampleSeed is the deal of Watchtower sample i of games of
// players players (of the end stream when end is set).
func watchtowerSampleSeed(players, i int, end bool) uint64 {
	if end {
		return cards.SubSeed(uint64(7950+players), uint64(i))
	}
	return cards.SubSeed(uint64(7900+players), uint64(i))
}

// deepSampled says whether Watchtower sample index is also searched at
// the deep depth's budget (unless -fit-deep=false): one held-out sample in
// two among the first 100 of each number of players. A deep search costs
// about 8 times a quick one; the deep depth uses the quick depth's fit,
// and these samples check it.
func deepSampled(index int) bool { return index%6 == 5 && index < 100 }

// drawWatchtowerSample is drawSample's design for Watchtower: sample i is
// game watchtowerSampleSeed(P, i), which the heuristic plays in every
// seat; a decision with a choice is drawn uniformly among the game's, and
// the action appraised there is the analysis's expert move (one time in
// three), the heuristic's (one in three), a uniformly drawn legal action
// (one in six) or the first legal action (one in six). Its shares come
// from searches through that action as the analysis runs them, at the
// quick depth's budget and for a few held-out samples (deepSampled) at the
// deep depth's too; then the expert at its defaults (the bot a table seats
// as "expert") plays every seat to the end, and the outcome is the seat's
// share of the win.
//
// Drawn uniformly, a decision is rarely one of the last few of its game,
// where the playouts reach the end and the search sees a win or a loss
// coming: the end stream (end set, its own deals) takes the game's last
// decision with a choice instead.
func drawWatchtowerSample(t *testing.T, players, index int, end bool) sample {
	seed := watchtowerSampleSeed(players, index, end)
	s := newGame(t, watchtower.Game{}, players, seed)
	rng := cards.NewRNG(seed)
	last, pick := 0, ""
	if end {
		last, pick = 1, "end"
	}
	heuristic, chosen := walkToDecision(t, s, &rng, last, func() engine.Bot { return watchtowerbot.NewHeuristic(seed) })
	seat := s.ToMove(nil)[0]
	a, chooser := chooseAction(s, seat, &rng, heuristic, func() engine.Action {
		best, _, err := watchtowerExpert(Quick.settings("watchtower"), nil).best(s, seat, expertSeed(chosen+1))
		if err != nil {
			t.Fatal(err)
		}
		return best
	})
	v := s.View(seat).(*watchtower.View)
	in, campaigners := inAndCampaigners(v)
	out := sample{Game: "watchtower", Players: players, Index: index, Seed: seed, Step: chosen, Seat: seat,
		Action: s.ActionString(a), Chooser: chooser, Pick: pick, Shares: map[string]float64{}, Trials: map[string]int{},
		Round: v.Round, In: in, Campaigners: campaigners}
	for _, depth := range []Depth{Quick, Deep} {
		if depth == Deep && (end || !deepSampled(index) || !*fitDeep) {
			continue
		}
		st := depth.settings("watchtower")
		x := watchtowerExpert(st, nil)
		stats := x.mustBot(t, st.PlayedIterations, expertSeed(chosen+1)).Appraise(s, seat, []engine.Action{a})
		out.Shares[string(depth)], out.Trials[string(depth)] = x.share(stats[0].Mean, players), stats[0].Visits
	}
	mustApply(t, s, seat, a)
	player, err := watchtowerbot.New(watchtowerbot.DefaultSettings(), cards.SubSeed(seed, 1))
	if err != nil {
		t.Fatal(err)
	}
	playOut(t, s, player)
	r := s.Returns()[seat]
	out.Won, out.Outcome = r > 0, round6((r+1)/float64(players))
	return out
}
