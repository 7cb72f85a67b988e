package tutorial

import (
	"context"
	"fmt"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/table"
)

// Seat plays a scripted seat: the script's move at each table version,
// and once the steps are played (a game that goes on) the script's bot.
// It is a table.Player for a terminal or a runner, and answers a server's
// room through Act.
type Seat struct {
	script *Script
	seat   int
	then   engine.Bot
}

// NewSeat returns the player of the scripted seat.
func (s *Script) NewSeat(seat int) (*Seat, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	if seat == s.Learner {
		return nil, fmt.Errorf("tutorial: seat %d is the learner's, not a scripted seat", seat)
	}
	b, err := bots.New(s.then(), s.game, s.opts, nil, engine.BotSeed(s.Seed, seat))
	if err != nil {
		return nil, err
	}
	return &Seat{script: s, seat: seat, then: b}, nil
}

// ActAt returns the seat's move at table version on st, its position:
// the script's (scripted), or — after the last step, or once the table
// has left the lesson's path (Strays) — its bot's, so a table never
// stalls.
func (p *Seat) ActAt(ctx context.Context, version int, st engine.State) (action string, scripted bool) {
	if step, ok := p.script.Move(version, p.seat); ok {
		if a, err := st.ParseAction(p.seat, step.Do); err == nil && st.Clone().Apply(p.seat, a) == nil {
			return step.Do, true
		}
	}
	return st.ActionString(engine.ActContext(ctx, p.then, st, p.seat)), false
}

// Act implements table.Player.
func (p *Seat) Act(ctx context.Context, turn table.Turn) (table.Move, error) {
	if step, ok := p.script.Move(turn.Version, p.seat); ok {
		return table.Move{Action: step.Do, Version: turn.Version}, nil
	}
	return (&table.BotPlayer{Bot: p.then}).Act(ctx, turn)
}

// Tell implements table.Player: the script reads nothing.
func (p *Seat) Tell(table.Message) error { return nil }
