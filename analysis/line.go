package analysis

import (
	"errors"
	"fmt"
	"slices"

	"cardtable/engine"
	"cardtable/record"
)

// WinningRecord returns the record of the game of rec played as far as the
// last position the solver knows winnable, then on along the solver's
// winning line from there (doc's Hindsight): a record that replays to a
// win, checked before it is returned. The seats keep their names.
func WinningRecord(rec *record.Record, doc *Document) (*record.Record, error) {
	h := doc.Hindsight
	if h == nil || len(h.Line) == 0 || h.LastWon < 0 || h.LastWon > len(rec.Actions) {
		return nil, errors.New("analysis: this analysis has no winning line")
	}
	won := *rec
	won.Seats = slices.Clone(rec.Seats)
	won.Actions = slices.Clone(rec.Actions[:h.LastWon])
	for _, st := range h.Line {
		won.Actions = append(won.Actions, record.Action{Seat: st.Seat, Action: st.Action})
	}
	won.Result = nil
	final, _, err := record.Replay(&won)
	if err != nil {
		return nil, fmt.Errorf("analysis: the winning line does not replay: %w", err)
	}
	res := final.Result()
	if !res.Over || len(res.Winners) == 0 {
		return nil, fmt.Errorf("analysis: the winning line ends %s, not in a win", describeEnd(res))
	}
	won.Result = &res
	return &won, nil
}

func describeEnd(r engine.Result) string {
	if !r.Over {
		return "before the game is over"
	}
	return fmt.Sprintf("%q (%s)", r.End, r.Detail)
}
