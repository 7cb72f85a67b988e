// Package puzzles makes, stores and serves Regicide puzzles: positions of
// solo games played by the bots where the game could still be won and
// exactly one legal action keeps it winnable, found with the clairvoyant
// solver (analysis.Oracle). A puzzle shows the seat's view plus what it
// reveals (the Tavern and the Castle in order) and asks for that one
// action. The format, the miner and the checks are in docs/puzzles.md; a
// set mined by `cardtable puzzles regicide --mine` ships embedded.
package puzzles

import (
	"fmt"

	"cardtable/engine"
	"cardtable/games/regicide"
)

// Format names the file format in its header line.
const Format = "cardtable-puzzles"

// Version is the format's version.
const Version = 1

// Header is the first line of a puzzle file: how the set was mined, so
// that the same command makes the same file.
type Header struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	Game    string `json:"game"`
	// Options are the game's options (solo Regicide: players=1).
	Options map[string]string `json:"options"`
	// Seed is the mining run's seed: game i is dealt with
	// cards.SubSeed(Seed, i).
	Seed uint64 `json:"seed"`
	// Count is the number of puzzles asked for and in the file.
	Count int `json:"count"`
	// Bot is the spec of the bot that played the games.
	Bot string `json:"bot"`
	// Panel lists the bots that rate a puzzle (Puzzle.Misses).
	Panel []string `json:"panel"`
	// Nodes is the solver's node budget for one verdict.
	Nodes int64 `json:"nodes"`
	// Reseeds is how many other generators every puzzle was checked
	// under by the older, sampled rule (the shuffles to come are not
	// revealed); 0 for a file mined under the every-order rule.
	Reseeds int `json:"reseeds"`
	// Rule is the uniqueness rule every puzzle of the file meets:
	// "every-order" (RuleEveryOrder), absent for the older sampled rule.
	Rule string `json:"rule,omitempty"`
	// Mined is how many puzzles the mining run made, and Pruned the
	// command that dropped those failing the rule (absent when none was
	// dropped); the ids of the others are unchanged.
	Mined  int    `json:"mined,omitempty"`
	Pruned string `json:"pruned,omitempty"`
	// Games is how many games the run played to find Count puzzles.
	Games int `json:"games"`
	// Command is the command that makes this file.
	Command string `json:"command"`
}

// Puzzle is one puzzle: a position of a solo Regicide game, its one
// winning action and a line that wins with it. Field names are stable
// (docs/puzzles.md).
type Puzzle struct {
	// ID numbers the puzzles of a file from 1.
	ID int `json:"id"`
	// Game is the index of the game in the mining run; Seed its deal:
	// regicide.New(options, Setup{Seed: Seed}).
	Game int    `json:"game"`
	Seed uint64 `json:"seed"`
	// Actions are the solo seat's actions from the deal to the puzzle's
	// position, in the engine's notation.
	Actions []string `json:"actions"`
	// Legal counts the legal actions at the position.
	Legal int `json:"legal"`
	// Answer is the one action that keeps the game winnable.
	Answer string `json:"answer"`
	// Line is a winning line from the position, Answer first, under the
	// game's own generator: it replays to a win.
	Line []string `json:"line"`
	// BotChoice is what the game's bot played there (it lost the game).
	BotChoice string `json:"bot_choice"`
	// Misses counts the panel's bots that chose another action (0 to
	// len(Header.Panel)): the puzzle's difficulty; MissedBy names them.
	Misses   int      `json:"misses"`
	MissedBy []string `json:"missed_by"`
	// Defeated and Tavern describe the position: enemies defeated, cards
	// in the Tavern.
	Defeated int `json:"defeated"`
	Tavern   int `json:"tavern"`
	// Nodes counts the solver's nodes spent on the puzzle's verdicts.
	Nodes int64 `json:"nodes"`
	// Themes tag what the answer does (themes.go): jester-timing, yield,
	// exact-damage, combo, discard-to-survive.
	Themes []string `json:"themes"`
}

// Options returns the resolved options of h's game.
func (h *Header) resolved() (engine.Options, error) {
	return engine.ResolveOptions(regicide.Game{}.Options(), h.Options)
}

// Position replays p from its deal to the puzzle's position.
func (p *Puzzle) Position(opts engine.Options) (*regicide.State, error) {
	s, err := regicide.Game{}.New(opts, engine.Setup{Seed: p.Seed})
	if err != nil {
		return nil, err
	}
	st := s.(*regicide.State)
	for i, a := range p.Actions {
		if err := engine.ApplyText(st, 0, a); err != nil {
			return nil, fmt.Errorf("puzzles: puzzle %d: action %d %q: %w", p.ID, i, a, err)
		}
	}
	if st.Terminal() {
		return nil, fmt.Errorf("puzzles: puzzle %d: the game is over at its position", p.ID)
	}
	return st, nil
}

// RuleEveryOrder names the uniqueness rule of uniqueWinner: the answer is
// the only action that wins whatever order the Hearts shuffles to come
// take.
const RuleEveryOrder = "every-order"
