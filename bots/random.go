package bots

import (
	"cardtable/cards"
	"cardtable/engine"
	"strconv"
)

// Random plays uniformly at random among the legal actions.
type Random struct {
	rng   cards.RNG
	legal []engine.Action
}

// NewRandom returns a uniform random bot seeded with seed.
func NewRandom(seed uint64) *Random { return &Random{rng: cards.NewRNG(seed)} }

func newRandom(_ engine.Game, _ engine.Options, params map[string]string, seed uint64) (engine.Bot, error) {
	for k := range params {
		return nil, engine.SayErr(nil, engine.Say("bot.no-settings", engine.TextArg("key", strconv.Quote(k))), "bots: random takes no settings (got %q)", k)
	}
	return NewRandom(seed), nil
}

// Act picks one of seat's legal actions uniformly.
func (r *Random) Act(s engine.State, seat int) engine.Action {
	r.legal = s.Legal(seat, r.legal[:0])
	return r.legal[r.rng.IntN(len(r.legal))]
}
