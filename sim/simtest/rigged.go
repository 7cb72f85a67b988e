package simtest

import "cardtable/engine"

// Rigged is HighCard in which seat 0 wins every round, whatever the cards,
// and so every game: a game with a known seat advantage, for testing seat
// rotation. Seat 0 also moves first, and Rigged reports it with the metric
// "first-player-win" after "ties" (always 0 here).
type Rigged struct{}

// Name returns "rigged".
func (Rigged) Name() string { return "rigged" }

// Title returns "Rigged High Card".
func (Rigged) Title() string { return "Rigged High Card" }

// Seats returns 2, 4.
func (Rigged) Seats() (int, int) { return HighCard{}.Seats() }

// Utility returns ZeroSum.
func (Rigged) Utility() engine.Utility { return engine.ZeroSum }

// Rules returns the rules in Markdown.
func (Rigged) Rules() string {
	return "# Rigged High Card\n\nEach round every seat plays one card; seat 0 wins the round.\n"
}

// Options are HighCard's.
func (Rigged) Options() []engine.Option { return HighCard{}.Options() }

// New deals a game as HighCard does.
func (Rigged) New(opts engine.Options, setup engine.Setup) (engine.State, error) {
	s, err := HighCard{}.New(opts, setup)
	if err != nil {
		return nil, err
	}
	s.(*state).Rigged = true
	return s, nil
}

// Unmarshal restores a state.
func (Rigged) Unmarshal(data []byte) (engine.State, error) { return unmarshal(data, true) }

// Stats declares HighCard's figures and first-player-win.
func (Rigged) Stats(opts engine.Options) engine.StatsSpec {
	spec := HighCard{}.Stats(opts)
	spec.Metrics = append(spec.Metrics, "first-player-win")
	return spec
}

// Outcome summarises a finished state.
func (Rigged) Outcome(s engine.State) engine.Outcome {
	out := HighCard{}.Outcome(s)
	if out.Won[0] {
		out.Metrics[1] = 1
	}
	return out
}
