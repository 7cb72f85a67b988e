// Package degenerate holds Watchtower's reference players that each play
// one cheap, degenerate strategy — never placing, ending every turn,
// challenging every turn, hoarding the army for the showdown, trimming the
// army to one card for the round cap's showdown — so that the arena can
// show the real bots against every simple trick (docs/benchmarks.md,
// "Watchtower bots against degenerate players"). They read only their
// seat's view and legal actions, take no settings, and decide in
// microseconds.
package degenerate

import (
	"fmt"
	"slices"

	"cardtable/bots/watchtowerbot"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// Strategy names one degenerate player.
type Strategy int

// The strategies, each registered under its Name.
const (
	// Pass ends every turn at once: it never places, burns or challenges.
	Pass Strategy = iota
	// NeverPlace plays the heuristic but never places a card, so it never
	// builds or completes a tower and never goes on campaign.
	NeverPlace
	// AlwaysChallenge declares a challenge every turn it may (a vulnerable
	// take first, else a random one with the most cards), and does nothing
	// else.
	AlwaysChallenge
	// Hoard keeps every card in its army for the showdown: it never places
	// or challenges, and burns its fortress cards, royals and aces first,
	// one a turn, for the draws.
	Hoard
	// LastTrim ends every turn, except its last before the round cap
	// (WT-24): then it places every army card but its best, so that the
	// forced showdown's row holds that card alone.
	LastTrim
)

// Strategies lists every strategy, in registry order.
var Strategies = []Strategy{Pass, NeverPlace, AlwaysChallenge, Hoard, LastTrim}

// Name is the strategy's registered bot name.
func (s Strategy) Name() string {
	return [...]string{"pass", "never-place", "always-challenge", "hoard", "last-trim"}[s]
}

// Help says what the strategy plays, for `cardtable bots`.
func (s Strategy) Help() string {
	return "reference degenerate player: " + [...]string{
		"ends every turn at once (never places, burns or challenges)",
		"the heuristic, but never places a card (never completes a tower)",
		"challenges every turn it may (vulnerable takes first, else a random one with the most cards), nothing else",
		"never places or challenges; burns its fortress cards, royals and aces first, to hoard draws for the showdown",
		"ends every turn, but on its last turn before the round cap places all its army but its best card, which alone makes the forced showdown's row",
	}[s]
}

// Bot plays one strategy for one seat. It implements engine.Bot and is not
// safe for concurrent use.
type Bot struct {
	strategy  Strategy
	rng       cards.RNG
	heuristic *watchtowerbot.Heuristic
	legal     []engine.Action
	ranked    []engine.Action
	view      *watchtower.View
}

// New returns a bot playing strategy s, seeded with seed (blind picks and
// the always-challenger's choice of target are random).
func New(s Strategy, seed uint64) *Bot {
	b := &Bot{strategy: s, rng: cards.NewRNG(seed)}
	if s == NeverPlace {
		b.heuristic = watchtowerbot.NewHeuristic(cards.SubSeed(seed, 1))
	}
	return b
}

// Factory returns the bots.Factory of strategy s: Watchtower only, no
// settings.
func Factory(s Strategy) func(engine.Game, engine.Options, map[string]string, uint64) (engine.Bot, error) {
	return func(g engine.Game, _ engine.Options, params map[string]string, seed uint64) (engine.Bot, error) {
		if g.Name() != "watchtower" {
			return nil, fmt.Errorf("degenerate: %s plays watchtower only, not %s", s.Name(), g.Name())
		}
		for k := range params {
			return nil, fmt.Errorf("degenerate: %s takes no settings (got %q)", s.Name(), k)
		}
		return New(s, seed), nil
	}
}

// Act implements engine.Bot.
func (b *Bot) Act(st engine.State, seat int) engine.Action {
	b.legal = st.Legal(seat, b.legal[:0])
	b.view = watchtower.ViewInto(st, seat, b.view)
	v := b.view
	switch {
	case v.Pending != nil && v.Pending.Kind == "give":
		return lowestGive(b.legal)
	case v.Pending != nil:
		return b.legal[b.rng.IntN(len(b.legal))]
	case slices.Contains(b.legal, watchtower.Done):
		return watchtower.Done
	}
	switch b.strategy {
	case NeverPlace:
		return b.neverPlace(st, seat)
	case AlwaysChallenge:
		return b.challenge()
	case Hoard:
		return hoardBurn(b.legal)
	case LastTrim:
		if v.Round >= st.Options().Int("max-rounds") {
			return trimBelowBest(v, seat, b.legal)
		}
	}
	return watchtower.End
}

// neverPlace plays the heuristic's best action that is not a placement.
func (b *Bot) neverPlace(st engine.State, seat int) engine.Action {
	b.ranked = b.heuristic.Ranked(st, seat, b.ranked[:0], len(b.legal))
	for _, a := range b.ranked {
		if _, placed := watchtower.PlacedCard(a); !placed && a != watchtower.End {
			return a
		}
	}
	return watchtower.End
}

// challenge declares a vulnerable take if it may, else a random challenge
// of the most cards allowed, else ends the turn.
func (b *Bot) challenge() engine.Action {
	var best []engine.Action
	bestK := -1
	for _, a := range b.legal {
		d, _ := watchtower.Fields(a)
		if d.Kind != watchtower.KindChallenge && d.Kind != watchtower.KindCampaignBattle {
			continue
		}
		k := d.K
		switch {
		case d.Kind == watchtower.KindChallenge && k == 0:
			k = 99
		case d.Kind == watchtower.KindCampaignBattle:
			k = 3
		}
		if k > bestK {
			best, bestK = best[:0], k
		}
		if k == bestK {
			best = append(best, a)
		}
	}
	if len(best) == 0 {
		return watchtower.End
	}
	return best[b.rng.IntN(len(best))]
}

// hoardBurn burns a fortress card if it may — a royal or an ace first (two
// draws), else the lowest — and otherwise ends the turn.
func hoardBurn(legal []engine.Action) engine.Action {
	best, bestRank := watchtower.End, 99
	for _, a := range legal {
		d, _ := watchtower.Fields(a)
		if d.Kind != watchtower.KindBurn {
			continue
		}
		r := int(d.Rank)
		if watchtower.IsHigh(d.Rank) {
			r = 0
		}
		if r < bestRank {
			best, bestRank = a, r
		}
	}
	return best
}

// lowestGive gives the lowest card to an empty barracks.
func lowestGive(legal []engine.Action) engine.Action {
	best, bestRank := legal[0], cards.Rank(99)
	for _, a := range legal {
		if d, _ := watchtower.Fields(a); d.Kind == watchtower.KindGive && d.Card.Rank() < bestRank {
			best, bestRank = a, d.Card.Rank()
		}
	}
	return best
}

// trimBelowBest places the lowest army card that is not seat's best and
// does not complete a tower (a rank its fortress holds three of), else
// ends the turn.
func trimBelowBest(v *watchtower.View, seat int, legal []engine.Action) engine.Action {
	me := &v.Players[seat]
	if len(me.Army) <= 1 {
		return watchtower.End
	}
	best := slices.Max(me.Army)
	for _, a := range legal {
		if c, ok := watchtower.PlacedCard(a); ok && c != best && me.StackSize(c.Rank()) < 3 {
			return a
		}
	}
	return watchtower.End
}
