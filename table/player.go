package table

import (
	"context"

	"cardtable/bots"
	"cardtable/engine"
)

// Player decides for one seat: a person at a screen, a bot, or an outside
// program. A runner asks it for moves and tells it what happens, always
// through messages its seat may see.
type Player interface {
	// Act answers a turn message with a move. An error ends the player's
	// part in the game (a program that crashed, hung or wrote garbage; a
	// person who quit): the runner stops and keeps the record.
	Act(ctx context.Context, turn Turn) (Move, error)
	// Tell delivers a message to the seat: hello, event, error, end.
	Tell(m Message) error
}

// Turn is what a player is asked to act on: the turn message and a copy
// of the position the seat decides on (for a bot, and for hints), so a
// player may decide on its own goroutine while the table goes on.
type Turn struct {
	Message
	game  engine.Game
	state engine.State
}

// Hint asks the game what action text would do for the turn's seat (a
// command of type hint), changing nothing.
func (t Turn) Hint(text string) (engine.Msg, error) {
	if t.state == nil {
		return engine.Msg{}, Errorf(CodeIllegal, "no forecasts here")
	}
	return hintOn(t.game, t.state, t.Seat, text)
}

// Move is a player's answer: an action in the game's notation, the
// version of the turn it answers and the command's correlation id (echoed
// on the error refusing it, or on the actor's event).
type Move struct {
	Action  string
	Version int
	ID      string
}

// TurnFor is the turn of seat at t, for a player to act on.
func (t *Table) TurnFor(seat int) Turn {
	return Turn{Message: t.Turn(seat), game: t.game, state: t.StateFor(seat)}
}

// BotPlayer plays a seat with an in-process bot. It decides on a copy of
// the table's state and, like every bot, reads only what its seat may know.
type BotPlayer struct {
	Bot engine.Bot
}

// NewBot makes a player for seat from a bot spec (expert:iterations=64),
// seeded from the game's seed as in sim (engine.BotSeed).
func NewBot(t *Table, spec bots.Spec, seed uint64, seat int) (*BotPlayer, error) {
	b, err := bots.New(spec.Name, t.game, t.state.Options(), spec.Params, engine.BotSeed(seed, seat))
	if err != nil {
		return nil, err
	}
	return &BotPlayer{Bot: b}, nil
}

// Act implements Player. A searching bot stops when ctx ends; its move,
// cut short, is not played: Act returns ctx's error.
func (p *BotPlayer) Act(ctx context.Context, turn Turn) (Move, error) {
	s := turn.state
	a := engine.ActContext(ctx, p.Bot, s, turn.Seat)
	if err := ctx.Err(); err != nil {
		return Move{}, err
	}
	return Move{Action: s.ActionString(a), Version: turn.Version}, nil
}

// Tell implements Player; bots read the state, not messages.
func (p *BotPlayer) Tell(Message) error { return nil }
