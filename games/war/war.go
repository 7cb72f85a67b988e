// Package war implements the card game War for 2 or 3 players exactly as
// specified by rules WAR-01..WAR-15 of the cardtable rules: the base game
// (battle, war, short stacks, run-outs, repetition and battle-cap draws) and
// its variants Peace, Three players, Automatic War, # Beats Faces (and its
// Ace form), Underdog and Slap War.
//
// # Options
//
//	players      2 or 3 (default 2)
//	pickup       winner-first | loser-first | seat | shuffle (default winner-first)
//	max-battles  1..10000000 battles before a draw by cap (default 100000)
//	peace        true: lowest card wins, ties lay 5 down + 1 up (default false)
//	auto-war     rank whose face-up card forces a war, or off (usually 2)
//	beats-faces  number rank 2..10 that also beats J, Q, K, or off (e.g. 3)
//	beats-ace    number rank 2..10 that also beats the Ace, or off (e.g. 2)
//	underdog     rank that turns a lost war into a win when among the
//	             loser's face-down cards, or off (usually 6)
//	slap         rank that opens a slap window when turned up, or off (usually 5)
//	slap-window  how long a slap window stays open, 100ms..60s (default 2s)
//	false-slap   lockout | ignore: what a slap with no slap card showing does
//
// # Actions
//
// The notation, as printed in logs and accepted by ParseAction:
//
//	flip       lay this seat's cards of the current round. Each seat that
//	           must lay (a battle: every player still in; a war: the tied
//	           players) flips once; the last flip lays and reveals the
//	           round's cards together (a battle: 1 up; a war: 3 down + 1 up,
//	           5 down in Peace, fewer for a short stack). Comparing, wars,
//	           Underdog, pickup and end checks then happen automatically.
//	slap@MS    Slap War: slap MS milliseconds after the reveal
//	           (0 <= MS < window). "slap" alone means slap@0. Legal lists
//	           slap@0 as the representative; Apply accepts any MS in range.
//	pass       Slap War: do not slap in this window.
//
// When a revealed face-up card has the slap rank, a slap window opens: every
// seat still in and not locked out answers once with slap@MS or pass. Once
// all have answered, the earliest slap takes the whole table; slaps less
// than 50 ms after the earliest tie and the game's generator picks among
// them. No slap: the round is compared normally.
//
// During a flip phase a seat that still has to flip may slap as well: that
// is a false slap (no slap card is showing). With false-slap=lockout the
// seat may not slap until the next reveal has passed, so it sits out the
// slap window of the very next reveal; with ignore nothing happens. A seat
// false-slaps at most once per flip phase, which keeps games finite.
//
// Repetition (WAR-08) is detected exactly with Brent's algorithm on the
// piles after each battle. It is off with pickup=shuffle or Slap War: there
// the generator is part of the position, so a repeated set of piles does
// not mean the game loops.
//
// The package also provides a fast path (Game.Simulate) that plays a whole
// game with the default player (bots/warbot, drawing its reaction times
// with ReactionMS) in every seat without the State interface and
// without allocating.
package war

import (
	_ "embed"
	"fmt"

	"cardtable/cards"
	"cardtable/engine"
)

//go:embed rules.md
var rulesText string

// Game is War. It is a stateless value; the zero Game is ready to use.
type Game struct{}

var (
	_ engine.Game          = Game{}
	_ engine.Reporter      = Game{}
	_ engine.FastSimulator = Game{}
)

// Name returns "war".
func (Game) Name() string { return "war" }

// Title returns "War".
func (Game) Title() string { return "War" }

// Seats returns 2 and 3.
func (Game) Seats() (int, int) { return 2, 3 }

// Utility returns engine.ZeroSum.
func (Game) Utility() engine.Utility { return engine.ZeroSum }

// Rules returns the rules as implemented, in Markdown.
func (Game) Rules() string { return rulesText }

// Options lists War's options with their defaults.
func (Game) Options() []engine.Option {
	off := []string{"off"}
	return []engine.Option{
		{Key: "players", Kind: engine.Int, Default: "2", Min: 2, Max: 3,
			Help: "number of players, usually 2; with 3 the deal is 18/17/17 and only the two highest cards go to war"},
		{Key: "pickup", Kind: engine.Enum, Default: "winner-first", Values: []string{"winner-first", "loser-first", "seat", "shuffle"},
			Help: "order in which won cards go under the winner's pile, layer by layer: winner's card first (usual), losers' first, seat 1 first (about 12.7% of games loop), or shuffled"},
		{Key: "max-battles", Kind: engine.Int, Default: "100000", Min: 1, Max: 10000000,
			Help: "battles after which the game is a draw (end reason cap); usually 100000"},
		{Key: "peace", Kind: engine.Bool, Default: "false",
			Help: "Peace: the lowest card wins and a tie lays 5 cards down (P-E-A-C-E) and 1 up; usually false"},
		{Key: "auto-war", Kind: engine.RankOpt, Default: "off", Words: off,
			Help: "Automatic War: a face-up card of this rank makes its comparison a tie; usually 2"},
		{Key: "beats-faces", Kind: engine.RankOpt, Default: "off", Words: off,
			Help: "# Beats Faces: this number card (2-10) also beats J, Q and K; e.g. 3"},
		{Key: "beats-ace", Kind: engine.RankOpt, Default: "off", Words: off,
			Help: "# Beats Faces, Ace form: this number card (2-10) also beats the Ace; e.g. 2"},
		{Key: "underdog", Kind: engine.RankOpt, Default: "off", Words: off,
			Help: "Underdog: a war loser holding this rank among its last face-down cards wins instead; usually 6"},
		{Key: "slap", Kind: engine.RankOpt, Default: "off", Words: off,
			Help: "Slap War: a face-up card of this rank opens a slap window, the first slap takes the table; usually 5"},
		{Key: "slap-window", Kind: engine.Duration, Default: "2s", Min: 100, Max: 60000,
			Help: "how long a slap window stays open; usually 2s"},
		{Key: "false-slap", Kind: engine.Enum, Default: "lockout", Values: []string{"lockout", "ignore"},
			Help: "a slap with no slap card showing locks the slapper out of the next slap window (usual), or is ignored"},
	}
}

// New deals a game: the deck shuffled with the seeded generator (or
// setup.Deck, top first, when set; it must be the 52 cards), card i to seat
// i mod players.
func (Game) New(opts engine.Options, setup engine.Setup) (engine.State, error) {
	r, err := rulesFrom(opts)
	if err != nil {
		return nil, err
	}
	rng := cards.NewRNG(setup.Seed)
	var deck [52]cards.Card
	if setup.Deck != nil {
		if err := cards.CheckPermutation(setup.Deck, standardDeck[:]); err != nil {
			return nil, fmt.Errorf("war: %w: the deck must be the 52 standard cards, each once (no jokers): %v", engine.ErrBadSetup, err)
		}
		copy(deck[:], setup.Deck)
	} else {
		deck = standardDeck
		rng.Shuffle(deck[:])
	}
	s := &State{opts: opts, optsText: opts.String()}
	s.record = true
	s.reset(&r, rng, &deck)
	return s, nil
}

// standardDeck is the 52-card deck in cards.Standard52 order.
var standardDeck = func() (d [52]cards.Card) {
	copy(d[:], cards.Standard52())
	return d
}()
