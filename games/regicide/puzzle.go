package regicide

import (
	"slices"

	"cardtable/cards"
)

// Hooks for the puzzle maker (package puzzles). They read and change what
// no seat may see, so they serve hindsight only: a puzzle reveals the
// Tavern and the Castle on purpose, and checks that its answer does not
// depend on the shuffles to come. No view, bot or table calls them.

// Piles returns the hidden orders: the Tavern top first, and the Castle
// with the current enemy first.
func (s *State) Piles() (tavern, castle []cards.Card) {
	tavern = slices.Clone(s.tavern[:s.nTavern])
	slices.Reverse(tavern)
	castle = slices.Clone(s.castle[:s.nCastle])
	slices.Reverse(castle)
	return tavern, castle
}

// Reseed replaces the state's generator with the stream of seed: every
// later Hearts shuffle (REG-10) changes, nothing else does.
func (s *State) Reseed(seed uint64) { s.rng.Seed(seed) }

// TrackHeals starts tracking Hearts shuffles: from now on the cards Hearts
// put under the Tavern are counted, and drawing one of them is noted
// (DrewHealed). Their order is the one thing the generator decides (REG-10),
// so a line that never draws one wins or loses whatever the shuffles are:
// a puzzle's answer is checked that way.
func (s *State) TrackHeals() { s.trackHeals, s.fresh, s.freshDrawn = true, 0, false }

// DrewHealed reports whether a card that Hearts put under the Tavern since
// TrackHeals has been drawn.
func (s *State) DrewHealed() bool { return s.freshDrawn }

// Healed counts the cards at the Tavern's bottom that Hearts put there
// since TrackHeals and that nobody has drawn.
func (s *State) Healed() int { return int(s.fresh) }
