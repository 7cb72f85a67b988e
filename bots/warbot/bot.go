// Package warbot is War's computer player: the default player that flips
// at once and answers slap windows after a human-like reaction time. War's
// fast path (war.Game.Simulate) plays exactly this player in every seat.
package warbot

import (
	"time"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/war"
)

// Bot is War's default player: it flips at once, never false-slaps, and in
// a slap window slaps after a reaction time drawn from its own seeded
// generator (war.ReactionMS: lognormal, median 350 ms, sigma 0.3 on the
// log scale), or passes when that time is not inside the window.
type Bot struct {
	rng   cards.RNG
	legal []engine.Action
}

// New returns the default bot with its generator seeded by seed. The
// simulator gives seat s of game g the seed engine.BotSeed(g, s), and
// war.Game.Simulate reproduces exactly that.
func New(seed uint64) engine.Bot { return &Bot{rng: cards.NewRNG(seed)} }

// Act flips when seat has to flip, and answers a slap window otherwise.
func (b *Bot) Act(s engine.State, seat int) engine.Action {
	b.legal = s.Legal(seat, b.legal[:0])
	for _, a := range b.legal {
		if a == war.Flip {
			return war.Flip
		}
	}
	for _, a := range b.legal {
		if a == war.Pass {
			window := int(s.Options().Duration("slap-window") / time.Millisecond)
			if t := war.ReactionMS(&b.rng); t < window {
				return war.Slap(t)
			}
			return war.Pass
		}
	}
	if len(b.legal) == 0 {
		return war.Flip
	}
	return b.legal[0]
}
