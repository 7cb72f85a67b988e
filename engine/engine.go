// Package engine defines the contract every cardtable game implements: a
// Game describes a game and makes initial states, a State is one position
// that answers whose move it is, which actions are legal, applies them, and
// shows each seat only what that seat may see. Bots, simulation, records,
// the server and the terminal player use games only through this contract.
//
// The contract follows OpenSpiel's Game/State split. Chance lives inside the
// state (a seeded cards.RNG that is part of the serialized state), so a game
// is reproduced exactly by (game, options, setup, actions).
package engine

import (
	"math/rand/v2"

	"cardtable/cards"
)

// Action is one move, encoded by its game. Its meaning is private to the
// game; every game gives each action a stable text notation through
// State.ActionString and State.ParseAction.
type Action uint64

// Spectator is the seat argument for the public view: what anyone watching
// the table may see.
const Spectator = -1

// MaxSeats is the largest number of seats any cardtable game has.
const MaxSeats = 4

// Utility says how the seats' returns relate.
type Utility int

const (
	// ZeroSum games: returns add up to zero (a win is +1 shared out of the
	// losers' -1s; a draw is all zeros).
	ZeroSum Utility = iota
	// Identical (co-operative) games: every seat gets the same return.
	Identical
)

func (u Utility) String() string {
	if u == Identical {
		return "identical"
	}
	return "zero-sum"
}

// Setup fixes the chance a new game starts from.
type Setup struct {
	// Seed seeds the state's generator: the shuffle (unless Deck is set) and
	// every later chance event.
	Seed uint64
	// Deck, when non-nil, is the deal: the game uses this card order instead
	// of shuffling. Each game documents which cards it needs and how the
	// order maps to its piles. Later chance events still use Seed.
	Deck []cards.Card
}

// Game describes one game: its name, seats, options and rules, and makes
// initial states. Implementations are stateless values.
type Game interface {
	// Name is the game's identifier on the command line and in records
	// ("war", "regicide", "watchtower").
	Name() string
	// Title is the human name ("War").
	Title() string
	// Seats returns the smallest and largest number of players.
	Seats() (min, max int)
	// Options lists every option with its default. The number of players is
	// always the option "players".
	Options() []Option
	// Utility tells how returns relate across seats.
	Utility() Utility
	// Rules returns the rules as implemented, in Markdown, for players.
	Rules() string
	// New makes the initial state. opts must come from ResolveOptions with
	// this game's Options; New returns an error wrapping ErrBadOption for a
	// combination of values the game does not allow, or ErrBadSetup for a
	// deck that is not a legal deal.
	New(opts Options, setup Setup) (State, error)
	// Unmarshal restores a state written by State.MarshalBinary. It returns
	// an error wrapping ErrCorrupt for anything that is not such a state.
	Unmarshal(data []byte) (State, error)
}

// State is one position of a game. Methods that do not change the state are
// safe to call concurrently; Apply is not.
type State interface {
	// Game returns the game this state belongs to.
	Game() Game
	// Options returns the resolved options the game was made with.
	Options() Options
	// NumSeats is the number of seats (players) in this game.
	NumSeats() int
	// ToMove appends to dst the seats that may act now, in seat order: one
	// seat in turn-based play, several in a simultaneous window (e.g. a Slap
	// War reveal), none when the game is over.
	ToMove(dst []int) []int
	// Legal appends to dst the legal actions of seat, in a stable order
	// (the same state always lists the same actions in the same order).
	// It appends nothing for a seat that may not act.
	Legal(seat int, dst []Action) []Action
	// Apply plays action a for seat. An action that is not legal returns an
	// error wrapping ErrIllegal (or ErrNotYourTurn, ErrGameOver) and leaves
	// the state unchanged.
	Apply(seat int, a Action) error
	// View returns what seat may see (Spectator: the public view). The value
	// is JSON-encodable and its String method renders it for people. It
	// never contains information the seat is not entitled to.
	View(seat int) View
	// Terminal reports whether the game is over.
	Terminal() bool
	// Returns gives each seat's return; all zero until the game is over.
	Returns() []float64
	// Result describes the outcome so far (Over is false until the end).
	Result() Result
	// Clone returns a deep copy: nothing the copy does changes the original.
	Clone() State
	// MarshalBinary serializes the whole state, generator included.
	MarshalBinary() ([]byte, error)
	// Determinize returns a full state consistent with seat's view: every
	// card seat cannot see is re-dealt at random among the places it could
	// be, using rng. seat's View of the result equals its View of s.
	Determinize(seat int, rng *rand.Rand) State
	// ActionString writes a in the game's notation.
	ActionString(a Action) string
	// ParseAction reads the notation of an action for seat. It checks the
	// syntax only (wrapping ErrNotation); Apply checks legality.
	ParseAction(seat int, text string) (Action, error)
}

// View is what one seat sees. It must encode to JSON (the wire protocol and
// --json outputs use it) and render as text (terminal, transcripts).
type View interface {
	String() string
}

// Result is the outcome of a game.
type Result struct {
	// Over is true once the game has ended.
	Over bool `json:"over"`
	// End names why the game ended, from the game's EndReasons list.
	End string `json:"end,omitempty"`
	// Winners are the seats that won (several on a shared result; all seats
	// in a won co-operative game); empty on a draw or a co-operative loss.
	Winners []int `json:"winners"`
	// Returns are the seats' returns.
	Returns []float64 `json:"returns"`
	// Length is the game's length in its own unit (War: battles; Regicide
	// and Watchtower: turns).
	Length int `json:"length"`
	// Detail is a short human sentence about the end ("seat 1 holds all 52
	// cards", "killed by the King of Spades"), in English: DetailI18n
	// written by package i18n's English printer.
	Detail string `json:"detail,omitempty"`
	// DetailI18n is Detail as meaning, for a reader's language.
	DetailI18n Msg `json:"detail_i18n,omitzero"`
}

// ApplyText parses text as seat's action and applies it.
func ApplyText(s State, seat int, text string) error {
	a, err := s.ParseAction(seat, text)
	if err != nil {
		return err
	}
	return s.Apply(seat, a)
}

// Draw returns the returns of a drawn game for n seats (all zero).
func Draw(n int) []float64 { return make([]float64, n) }

// WinReturns returns zero-sum returns for n seats: each of the w winners
// gets (n-w)/w and each loser -1, so returns add up to zero. No winners (or
// all seats winning) is a draw: all zero.
func WinReturns(n int, winners []int) []float64 {
	r := make([]float64, n)
	w := len(winners)
	if w == 0 || w == n {
		return r
	}
	for i := range r {
		r[i] = -1
	}
	for _, s := range winners {
		r[s] = float64(n-w) / float64(w)
	}
	return r
}

// IntoCloner is implemented by states that can write a copy, or a
// determinization, of themselves into a state the caller no longer needs,
// reusing that state's memory: a search that clones or determinizes the
// root once per iteration then allocates nothing for it. Use it through
// the functions CloneInto and DeterminizeInto, which fall back on Clone and
// Determinize for states without it.
//
// dst may be nil or any state. The implementation writes into dst only
// when it can reuse it (typically a state of the same concrete type that
// is not the receiver); otherwise it returns a new state. Either way the
// result shares no memory with the receiver, and the caller must use dst
// only through the returned state afterwards.
//
// A wrapper type that embeds a state implementing IntoCloner must
// implement IntoCloner itself (or hide it): the promoted methods would
// return the bare inner state.
type IntoCloner interface {
	// CloneInto returns a deep copy of the state, as Clone does, written
	// into dst when dst can be reused.
	CloneInto(dst State) State
	// DeterminizeInto returns exactly what Determinize(seat, rng) returns
	// (the same state, drawing the same numbers from rng), written into
	// dst when dst can be reused.
	DeterminizeInto(dst State, seat int, rng *rand.Rand) State
}

// CloneInto returns a deep copy of s, reusing dst's memory when s is an
// IntoCloner that can (see IntoCloner); otherwise it returns s.Clone().
func CloneInto(s, dst State) State {
	if c, ok := s.(IntoCloner); ok {
		return c.CloneInto(dst)
	}
	return s.Clone()
}

// DeterminizeInto returns s.Determinize(seat, rng), reusing dst's memory
// when s is an IntoCloner that can (see IntoCloner).
func DeterminizeInto(s, dst State, seat int, rng *rand.Rand) State {
	if c, ok := s.(IntoCloner); ok {
		return c.DeterminizeInto(dst, seat, rng)
	}
	return s.Determinize(seat, rng)
}

// LegalApplier is implemented by states with a trusted path for actions
// they listed themselves: ApplyLegal(seat, a) plays a, which must be one
// of the actions Legal(seat, …) returned for this state, without checking
// it again, and leaves the state exactly as Apply would. A search's
// rollouts, which play only actions the state listed, use it through the
// function ApplyLegal; anything that plays actions from outside (a
// player, a record, a protocol) uses Apply. An action that was not listed
// leaves the state undefined.
//
// A wrapper type that embeds a state implementing LegalApplier must
// implement it itself (or hide it) if its own Legal or Apply differ.
type LegalApplier interface {
	ApplyLegal(seat int, a Action)
}

// ApplyLegal plays a for seat, a being one of the actions s.Legal(seat, …)
// listed for this state: through s's trusted path when s is a
// LegalApplier, else through Apply.
func ApplyLegal(s State, seat int, a Action) error {
	if t, ok := s.(LegalApplier); ok {
		t.ApplyLegal(seat, a)
		return nil
	}
	return s.Apply(seat, a)
}

// CardHolder is implemented by states of card games: AllCards lists every
// card the state holds, wherever it is (hands, piles, table, set aside), so
// the conformance suite can check that no card is ever created or lost.
type CardHolder interface {
	AllCards() []cards.Card
}

// Hinter is implemented by states that can say what an action would do
// without doing it (Regicide's forecast), as a message (one line) of what
// seat may know.
type Hinter interface {
	Hint(seat int, a Action) (Msg, error)
}

// ActionTeller is implemented by states of games in which an action's
// notation can name a card other seats do not see (Watchtower's "give
// CARD", a card given face down). ActionFor writes actor's action a as
// viewer may know it. Games without it show every action to everyone as
// ActionString writes it.
type ActionTeller interface {
	ActionFor(viewer, actor int, a Action) string
}

// TellAction writes actor's action a in s's notation as viewer may know it
// (Spectator: as the public may know it).
func TellAction(s State, viewer, actor int, a Action) string {
	if t, ok := s.(ActionTeller); ok {
		return t.ActionFor(viewer, actor, a)
	}
	return s.ActionString(a)
}
