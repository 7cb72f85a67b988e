package engine

import "cardtable/cards"

// Bot chooses actions for one seat. A bot may read only what its seat may
// know: s.View(seat), s.Legal(seat, …), public Result and Determinize(seat,
// …) — never another seat's hidden cards, even though s holds them.
type Bot interface {
	// Act returns one of s.Legal(seat) for a seat in s.ToMove.
	Act(s State, seat int) Action
}

// BotSeed derives the seed of the bot in seat from the game's seed, so that
// a simulated game (bots included) is reproduced by its seed alone.
func BotSeed(gameSeed uint64, seat int) uint64 {
	return cards.SubSeed(gameSeed, 1000+uint64(seat))
}
