// Package regicide implements Regicide, the co-operative game in which 1–4
// players defeat the twelve royal enemies of the Castle deck with the cards
// of the Tavern deck, per rules REG-01..REG-30 of the cardtable rules
// specification (rules.md in this package is the text players read).
//
// Options: players (1–4, default 1: solo with the two Jester powers of
// REG-30); immunity (default true: an enemy ignores its own suit's power,
// REG-14); exact-kill (tavern, the default: an enemy killed with exact
// damage goes on top of the Tavern; optional: the killer chooses, REG-15);
// solo-yield (default false: a solo player may never yield, REG-08); first
// (the first player's seat, or random, REG-06).
//
// # Actions
//
// An engine.Action packs its kind and argument in the low 8 bits (cards
// are rank<<2|suit with rank >= 2, so bits 0–7 never name a card) and a set
// of cards as a bitmask in the bits named by the cards (8–61). The notation
// is case-insensitive, cards in cards notation in any order on input and in
// canonical order on output:
//
//	play 7H          one card; play AS 7D (Ace companion, Aces first);
//	play 5H 5S       a combo of one rank totalling at most 10; play JK1 (Jester)
//	yield            skip to Step 4 (REG-08)
//	discard 10H 5S   Step 4: the cards discarded to suffer the attack, highest
//	                 first; "discard" alone when the attack is 0 or less
//	power            solo: flip a Jester power (REG-30)
//	signal good      after a Jester: good, rather-not or none (REG-20)
//	next 2           after a Jester: the seat that goes next (REG-18)
//	exact tavern     with exact-kill=optional: tavern or discard (REG-15)
//
// # Explicit deals
//
// Setup.Deck lists the 12 enemies in Castle order, top first (four Jacks,
// then four Queens, then four Kings), followed by the Tavern, top first: the
// 40 cards 2–10 and Aces plus the Jesters of the player count (none for 1 or
// 2 players, JK1 for 3, both for 4). Solo always sets both Jesters aside as powers. Hands are
// dealt from the Tavern's top one card at a time, starting with the first
// player and going round in seat order, until every hand holds the maximum
// (8, 7, 6, 5 cards for 1–4 players). Without a deck each Castle tier and
// the Tavern are shuffled with the state's generator, then the first player
// is drawn (when random) and the same deal follows.
//
// # Results
//
// End is "won", "stuck" (a player had no legal action at Step 1) or "lost to
// XX" naming the enemy that killed the player (e.g. "lost to KS"). Length is
// the number of turns (plays and yields). Every seat gets the same return:
// 1 for a win, enemies defeated / 12 for a loss.
package regicide

import (
	_ "embed"
	"fmt"

	"cardtable/cards"
	"cardtable/engine"
)

//go:embed rules.md
var rulesText string

// Option keys.
const (
	optPlayers   = "players"
	optImmunity  = "immunity"
	optExactKill = "exact-kill"
	optSoloYield = "solo-yield"
	optFirst     = "first"
)

// Game is Regicide; its zero value is ready to use.
type Game struct{}

// Name returns "regicide".
func (Game) Name() string { return "regicide" }

// Title returns "Regicide".
func (Game) Title() string { return "Regicide" }

// Seats returns 1..4.
func (Game) Seats() (int, int) { return 1, 4 }

// Utility returns engine.Identical: everyone wins or loses together.
func (Game) Utility() engine.Utility { return engine.Identical }

// Rules returns the rules as implemented.
func (Game) Rules() string { return rulesText }

// Options lists players, immunity, exact-kill, solo-yield and first.
func (Game) Options() []engine.Option {
	return []engine.Option{
		{Key: optPlayers, Kind: engine.Int, Default: "1", Min: 1, Max: 4, Help: "number of players (1 is solo with two Jester powers)"},
		{Key: optImmunity, Kind: engine.Bool, Default: "true", Help: "enemies ignore the power of their own suit (REG-14)"},
		{Key: optExactKill, Kind: engine.Enum, Default: "tavern", Values: []string{"tavern", "optional"}, Help: "an enemy killed exactly goes on the Tavern (tavern) or the killer chooses (optional) (REG-15)"},
		{Key: optSoloYield, Kind: engine.Bool, Default: "false", Help: "a solo player may yield (REG-08)"},
		{Key: optFirst, Kind: engine.Int, Default: "random", Min: 0, Max: 3, Words: []string{"random"}, Help: "seat of the first player (REG-06)"},
	}
}

// config is the resolved options in the form the rules use.
type config struct {
	players       int
	immunity      bool
	exactOptional bool
	soloYield     bool
	first         int // -1: random
}

// maxHand is the hand limit per player count (REG-05).
var maxHand = [5]int{0, 8, 7, 6, 5}

// jesterCount is the number of Jesters shuffled into the Tavern (REG-05).
var jesterCount = [5]int{0, 0, 0, 1, 2}

func configOf(opts engine.Options) (config, error) {
	c := config{
		players:       opts.Int(optPlayers),
		immunity:      opts.Bool(optImmunity),
		exactOptional: opts.Get(optExactKill) == "optional",
		soloYield:     opts.Bool(optSoloYield),
		first:         opts.Int(optFirst),
	}
	if c.players < 1 || c.players > 4 {
		// Only a program reads this: resolved options hold 1 to 4.
		return c, fmt.Errorf("%w: regicide: players=%q: want 1 to 4 (resolve options with the game's Options)", engine.ErrBadOption, opts.Get(optPlayers))
	}
	if c.first >= c.players {
		return c, engine.SayErr(engine.ErrBadOption, engine.Say("regicide.option.first", engine.NumArg("first", c.first), engine.NumArg("last", c.players-1)),
			"regicide: first=%d but there are only %d players: use a seat from 0 to %d or random", c.first, c.players, c.players-1)
	}
	return c, nil
}

// New makes the initial state: Setup.Deck, when given, is the deal
// described in the package doc; otherwise the Castle and Tavern are
// shuffled with a generator seeded by Setup.Seed.
func (g Game) New(opts engine.Options, setup engine.Setup) (engine.State, error) {
	c, err := configOf(opts)
	if err != nil {
		return nil, err
	}
	s := &State{opts: opts, cfg: c, rng: cards.NewRNG(setup.Seed)}
	castle, tavern, err := c.deck(setup.Deck, &s.rng)
	if err != nil {
		return nil, err
	}
	for i := range castle {
		s.castle[len(castle)-1-i] = castle[i]
	}
	s.nCastle = uint8(len(castle))
	for i := range tavern {
		s.tavern[len(tavern)-1-i] = tavern[i]
	}
	s.nTavern = uint8(len(tavern))
	if c.players == 1 {
		s.powers = bit(cards.Joker1) | bit(cards.Joker2)
	}
	first := c.first
	if first < 0 {
		first = s.rng.IntN(c.players)
	}
	s.deal(first)
	s.startTurn(first)
	return s, nil
}

// deal gives each hand its maximum, one card at a time from seat first.
func (s *State) deal(first int) {
	limit := maxHand[s.cfg.players]
	for i := 0; i < limit*s.cfg.players && s.nTavern > 0; i++ {
		s.drawOne((first + i) % s.cfg.players)
	}
}

// deck returns the Castle and the Tavern, top first: from an explicit deal
// after checking it, or shuffled with rng.
func (c config) deck(given []cards.Card, rng *cards.RNG) (castle, tavern []cards.Card, err error) {
	if given != nil {
		return c.checkDeck(given)
	}
	for _, r := range []cards.Rank{cards.Jack, cards.Queen, cards.King} {
		tier := []cards.Card{cards.New(r, cards.Clubs), cards.New(r, cards.Diamonds), cards.New(r, cards.Hearts), cards.New(r, cards.Spades)}
		rng.Shuffle(tier)
		castle = append(castle, tier...)
	}
	tavern = c.tavernCards()
	rng.Shuffle(tavern)
	return castle, tavern, nil
}

// tavernCards returns the Tavern's cards for the player count in a fixed
// order (REG-04).
func (c config) tavernCards() []cards.Card {
	var out []cards.Card
	for _, card := range cards.Standard52() {
		if !card.Rank().IsRoyal() {
			out = append(out, card)
		}
	}
	return append(out, []cards.Card{cards.Joker1, cards.Joker2}[:jesterCount[c.players]]...)
}

// checkDeck splits an explicit deal into Castle and Tavern, or explains why
// it is not a deal.
func (c config) checkDeck(deck []cards.Card) (castle, tavern []cards.Card, err error) {
	want := 12 + 40 + jesterCount[c.players]
	if len(deck) != want {
		return nil, nil, engine.BadSetup("regicide: the deck has %d cards; %d players need %d: the 12 enemies (Castle, top first) then the 40 cards 2-10 and Aces plus %d Jester(s) (Tavern, top first)", len(deck), c.players, want, jesterCount[c.players])
	}
	tiers := [3]cards.Rank{cards.Jack, cards.Queen, cards.King}
	var seen set
	for i, card := range deck {
		if !card.Valid() {
			return nil, nil, engine.BadSetup("regicide: card %d of the deck is not a card", i+1)
		}
		if seen.has(card) {
			return nil, nil, engine.BadSetup("regicide: %v appears twice in the deck", card)
		}
		seen |= bit(card)
		if i < 12 && card.Rank() != tiers[i/4] {
			return nil, nil, engine.BadSetup("regicide: Castle card %d is %v; the Castle lists four Jacks, then four Queens, then four Kings, top first", i+1, card)
		}
		if i >= 12 && card.Rank().IsRoyal() {
			return nil, nil, engine.BadSetup("regicide: %v is in the Tavern part of the deck; enemies belong in the first 12 cards", card)
		}
	}
	if want := setOf(c.tavernCards()) & jesters; seen&jesters != want {
		return nil, nil, engine.BadSetup("regicide: the deck has Jesters [%s]; %d players use [%s] (solo keeps both aside as powers)", cards.Format((seen & jesters).cards()), c.players, cards.Format(want.cards()))
	}
	return deck[:12], deck[12:], nil
}
