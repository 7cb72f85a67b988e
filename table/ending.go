package table

import (
	"fmt"

	"cardtable/engine"
	"cardtable/record"
)

// Conclude ends the game at the table before its rules do (a resignation,
// a loss on time, an abort, an agreed draw): no seat may act any more, and
// the result, the end message and the record follow from e. It refuses a
// game that is over, and an ending the game cannot take (an unknown kind,
// a seat that does not exist, a resignation in a co-operative game);
// nothing changes then.
func (t *Table) Conclude(e record.Ending) error {
	if t.Over() {
		return Errorf(CodeGameOver, "the game is over already")
	}
	rec := record.Record{Version: record.Version, Game: t.game.Name(), Seats: t.rec.Seats, Ending: &e}
	if err := rec.CheckEnding(t.state.NumSeats(), t.game.Utility()); err != nil {
		return fmt.Errorf("table: %w", err)
	}
	t.closeWindow()
	t.ending = &e
	return nil
}

// Ending is how the table ended the game (nil: it did not, whether the
// game goes on or ended by its rules).
func (t *Table) Ending() *record.Ending {
	if t.ending == nil {
		return nil
	}
	e := *t.ending
	return &e
}

// names are the seats' display names.
func (t *Table) names() []string {
	out := make([]string, len(t.seats))
	for i, s := range t.seats {
		out[i] = s.Name
	}
	return out
}

// ZeroSum reports whether seats play against each other (a seat may
// resign or be offered a draw), rather than together.
func (t *Table) ZeroSum() bool { return t.game.Utility() == engine.ZeroSum }
