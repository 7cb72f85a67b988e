package war

import (
	"math"
	"time"

	"cardtable/cards"
	"cardtable/engine"
)

// Reaction times of the default bot: lognormal with this median and
// log-scale spread, so half of its slaps come within 350 ms, 95% within
// about 630 ms, and a 2 s window is almost never missed.
const (
	reactionMedianMS = 350
	reactionSigma    = 0.3
)

// Bot is War's default player: it flips at once, never false-slaps, and in
// a slap window slaps after a reaction time drawn from its own seeded
// generator (lognormal, median 350 ms, sigma 0.3 on the log scale), or
// passes when that time is not inside the window.
type Bot struct {
	rng   cards.RNG
	legal []engine.Action
}

// NewBot returns the default bot with its generator seeded by seed. The
// simulator gives seat s of game g the seed engine.BotSeed(g, s), and
// Game.Simulate reproduces exactly that.
func NewBot(seed uint64) engine.Bot { return &Bot{rng: cards.NewRNG(seed)} }

// Act flips when seat has to flip, and answers a slap window otherwise.
func (b *Bot) Act(s engine.State, seat int) engine.Action {
	b.legal = s.Legal(seat, b.legal[:0])
	for _, a := range b.legal {
		if a == Flip {
			return Flip
		}
	}
	for _, a := range b.legal {
		if a == Pass {
			window := int(s.Options().Duration("slap-window") / time.Millisecond)
			if t := reactionMS(&b.rng); t < window {
				return Slap(t)
			}
			return Pass
		}
	}
	if len(b.legal) == 0 {
		return Flip
	}
	return b.legal[0]
}

// reactionMS draws one reaction time in whole milliseconds: a lognormal
// from a Box-Muller normal using two draws of rng.
func reactionMS(rng *cards.RNG) int {
	u1 := 1 - rng.Float64()
	u2 := rng.Float64()
	z := math.Sqrt(-2*math.Log(u1)) * math.Cos(2*math.Pi*u2)
	return int(reactionMedianMS * math.Exp(reactionSigma*z))
}
