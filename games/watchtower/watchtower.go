// Package watchtower implements Watchtower, a 2–4 player card game of
// fortresses, hidden armies and watchtowers, exactly as decided by the
// project's rules specification (text rules T1–T20 and decisions
// WT-01..WT-27): the deal and setup, draws, burns, challenges with blind
// picks and assassins, spoils and royal returns, three tries, vulnerable
// fortresses, elimination, tower completion and free-for-alls, campaigns and
// campaign battles, barracks refills, the showdown, the tower battle and the
// round cap.
//
// Options: players (2..4, default 2); tries-per (attacker or card, default
// attacker: whom the three tries of WT-13 are counted per); refill-pick
// (random or owner, default random: who chooses the cards an army gives to an
// empty barracks, WT-21); max-rounds (1..1000, default 75: the round cap of
// WT-24).
//
// The action notation, the rules as played and every decision the
// specification left open are in rules.md, which Game.Rules returns.
package watchtower

import (
	_ "embed"
	"fmt"
	"strconv"

	"cardtable/cards"
	"cardtable/engine"
)

//go:embed rules.md
var rulesText string

// Option keys.
const (
	optPlayers    = "players"
	optTriesPer   = "tries-per"
	optRefillPick = "refill-pick"
	optMaxRounds  = "max-rounds"
)

// Game is the Watchtower game. The zero value is ready to use.
type Game struct{}

// New returns the Watchtower game.
func New() Game { return Game{} }

// Name implements engine.Game.
func (Game) Name() string { return "watchtower" }

// Title implements engine.Game.
func (Game) Title() string { return "Watchtower" }

// Seats implements engine.Game.
func (Game) Seats() (int, int) { return 2, 4 }

// Utility implements engine.Game: one player wins (or a few share a win).
func (Game) Utility() engine.Utility { return engine.ZeroSum }

// Rules implements engine.Game.
func (Game) Rules() string { return rulesText }

// Options implements engine.Game.
func (Game) Options() []engine.Option {
	return []engine.Option{
		{Key: optPlayers, Kind: engine.Int, Default: "2", Min: 2, Max: 4, Help: "number of players"},
		{Key: optTriesPer, Kind: engine.Enum, Default: "attacker", Values: []string{"attacker", "card"},
			Help: "three tries of a fortress card are counted per attacker or per card (WT-13)"},
		{Key: optRefillPick, Kind: engine.Enum, Default: "random", Values: []string{"random", "owner"},
			Help: "cards given to an empty barracks are taken at random or chosen by their owner (WT-21)"},
		{Key: optMaxRounds, Kind: engine.Int, Default: "75", Min: 1, Max: 1000,
			Help: "after this many rounds a forced showdown ends the game (WT-24)"},
	}
}

// config is the resolved options in the form the state uses.
type config struct {
	players     int
	triesByCard bool
	ownerGives  bool
	maxRounds   int
}

func configOf(opts engine.Options) config {
	return config{
		players:     opts.Int(optPlayers),
		triesByCard: opts.Get(optTriesPer) == "card",
		ownerGives:  opts.Get(optRefillPick) == "owner",
		maxRounds:   opts.Int(optMaxRounds),
	}
}

func (c config) options() engine.Options {
	tries, pick := "attacker", "random"
	if c.triesByCard {
		tries = "card"
	}
	if c.ownerGives {
		pick = "owner"
	}
	return engine.MustResolve(Game{}, map[string]string{
		optPlayers:    strconv.Itoa(c.players),
		optTriesPer:   tries,
		optRefillPick: pick,
		optMaxRounds:  strconv.Itoa(c.maxRounds),
	})
}

// New implements engine.Game. setup.Deck, when given, must hold the 52
// cards, top first; it is dealt per WT-02 (the dealer is still drawn from
// the generator, before the deal).
func (g Game) New(opts engine.Options, setup engine.Setup) (engine.State, error) {
	cfg, err := checkNew(opts, setup)
	if err != nil {
		return nil, err
	}
	s := newState()
	s.start(cfg, opts, setup)
	return s, nil
}

// NewInto is New written into dst, a state of an earlier game the caller
// no longer needs, reusing its memory (a playout loop then allocates
// nothing for its games); a nil dst gets a new state. The game is the one
// New makes from the same options and setup.
func (g Game) NewInto(dst *State, opts engine.Options, setup engine.Setup) (*State, error) {
	if dst == nil {
		s, err := g.New(opts, setup)
		if err != nil {
			return nil, err
		}
		return s.(*State), nil
	}
	cfg, err := checkNew(opts, setup)
	if err != nil {
		return nil, err
	}
	m := dst.mem
	if m == nil {
		m = new(arena)
	}
	*dst = State{mem: m}
	dst.start(cfg, opts, setup)
	return dst, nil
}

// checkNew resolves opts and checks setup for New.
func checkNew(opts engine.Options, setup engine.Setup) (config, error) {
	cfg := configOf(opts)
	if cfg.players < 2 || cfg.players > 4 || cfg.maxRounds < 1 {
		// Only a program reads this: resolved options are in range.
		return cfg, fmt.Errorf("%w: watchtower: options %s are out of range; use players=2..4 and max-rounds=1..1000", engine.ErrBadOption, opts)
	}
	if setup.Deck != nil {
		if err := cards.CheckPermutation(setup.Deck, cards.Standard52()); err != nil {
			return cfg, engine.BadSetup("watchtower: the deck must be the 52 cards of one pack, top first: %v", err)
		}
	}
	return cfg, nil
}

// start deals a new game into s, an empty state whose slices start in its
// arena.
func (s *State) start(cfg config, opts engine.Options, setup engine.Setup) {
	s.cfg, s.opts, s.rng = cfg, opts, cards.NewRNG(setup.Seed)
	s.dealer = s.rng.IntN(cfg.players)
	var deck [52]cards.Card
	if setup.Deck == nil {
		standard52(&deck)
		s.rng.Shuffle(deck[:])
	} else {
		copy(deck[:], setup.Deck)
	}
	s.deal(deck[:])
}

// standard52 fills deck with the pack in cards.Standard52's order (2C 2D
// 2H 2S 3C ... AS), without allocating it.
func standard52(deck *[52]cards.Card) {
	i := 0
	for r := cards.Two; r <= cards.Ace; r++ {
		for su := cards.Clubs; su <= cards.Spades; su++ {
			deck[i] = cards.New(r, su)
			i++
		}
	}
}
