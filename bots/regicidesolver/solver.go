// Package regicidesolver decides whether a Regicide deal can be won by
// players who see every card: both decks in order, every hand, and the
// state's generator, which fixes every later Hearts shuffle (REG-10). It
// controls every seat and returns a winning line when one exists.
//
// A verdict is never a guess. Won comes with a line that replays to a win
// through the real engine. Lost means the search was exhaustive and used
// only sound reductions (docs/solver.md argues each one). Unknown means a
// node or time budget ran out first.
//
// The search is a depth-first search over the engine's own states (a
// Regicide State is a plain value, so a copy is a clone) with a bounded
// transposition table of failed positions keyed by State.PositionKey, and
// move ordering from State.Facts. It runs in two stages: a quick stage that
// only tries minimal discards (a cover from which no card can be dropped),
// which finds most wins, then a complete stage over every legal action,
// which alone can prove a loss.
package regicidesolver

import (
	"context"
	"fmt"
	"time"

	"cardtable/engine"
	"cardtable/games/regicide"
)

// Verdict is what the solver decided about a deal.
type Verdict int

const (
	// Unknown: a budget ran out before the search decided.
	Unknown Verdict = iota
	// Won: a winning line exists (and is returned).
	Won
	// Lost: no line wins, proven by an exhaustive sound search.
	Lost
)

var verdictNames = [...]string{"unknown", "won", "lost"}

func (v Verdict) String() string { return verdictNames[v] }

// MarshalText writes the verdict's name, for JSON.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// Limits bound one search. Zero means no limit; with neither limit a search
// runs until it decides. Only Nodes keeps verdicts reproducible: how far a
// time budget reaches depends on the machine.
type Limits struct {
	// Nodes is the most actions the search may apply.
	Nodes int64
	// Time is the longest the search may run.
	Time time.Duration
	// Shuffles says what a line that draws a card Hearts put under the
	// Tavern since the position was marked (regicide.State.TrackHeals)
	// counts as; the default, ShufflesKnown, plays such lines out under
	// the state's generator like any other.
	Shuffles Shuffles
}

// Shuffles is how a search treats the Hearts shuffles (REG-10) after a
// position marked with regicide.State.TrackHeals. The generator fixes
// their order, but a puzzle's answer must not depend on it: a line that
// never draws a card put back by those shuffles plays the same under every
// order they can take.
type Shuffles uint8

const (
	// ShufflesKnown: the state's generator decides, as in the game.
	ShufflesKnown Shuffles = iota
	// ShufflesAgainst: drawing such a card ends the line as a failure, so
	// Won means a line wins under every order of the shuffles.
	ShufflesAgainst
	// ShufflesFor: drawing such a card ends the line as a success, so Lost
	// means that no line wins under any order of the shuffles. A Won
	// verdict of this mode proves nothing and its line is not checked.
	ShufflesFor
)

// Step is one action of a line: the seat and the action in the game's
// notation, as engine.ApplyText takes them.
type Step struct {
	Seat   int    `json:"seat"`
	Action string `json:"action"`
}

// Result is the outcome of one search.
type Result struct {
	Verdict Verdict `json:"verdict"`
	// Line is the winning line (Won only).
	Line []Step `json:"line,omitempty"`
	// Nodes counts the actions the search applied.
	Nodes int64 `json:"nodes"`
	// Elapsed is the search's wall-clock time.
	Elapsed time.Duration `json:"elapsed_ns"`
	// Deepest is the most enemies any line the search tried defeated.
	Deepest int `json:"deepest"`
	// Why says why the verdict is unknown ("node budget", "time budget",
	// "cancelled", "depth limit").
	Why string `json:"why,omitempty"`
}

// discrepancySchedule lists the discrepancy budgets of the quick stage's
// iterations.
var discrepancySchedule = []int{0, 1, 2, 4, 8, 16, 32, 64}

// quickStage runs limited-discrepancy iterations that try minimal discards
// only, within 90% of the node budget. A failure here proves nothing.
func (v *Solver) quickStage(st *regicide.State) ([]Step, outcome) {
	v.quick, v.budget = true, v.lim.Nodes*9/10
	if v.lim.Nodes > 0 && v.budget == 0 {
		v.budget = 1
	}
	v.table.nextGeneration()
	for _, d := range discrepancySchedule {
		line, out, _ := v.root(st, d)
		if out != failed {
			return line, out
		}
	}
	return nil, failed
}

// DefaultTableBits sizes the transposition table: 2^DefaultTableBits
// entries of 16 bytes (16 MiB).
const DefaultTableBits = 20

// Solver searches deals. It holds a transposition table and buffers that
// are reused from one deal to the next; one Solver serves one goroutine.
type Solver struct {
	table  *table
	frames []frame
	lim    Limits
	ctx    context.Context
	start  time.Time
	nodes  int64
	budget int64
	abort  string
	// deepest is the most enemies defeated in any position seen.
	deepest int
	quick   bool
	codes   codes
}

// New returns a Solver whose transposition table has 2^tableBits entries
// (tableBits from 10 to 30; DefaultTableBits is a good size).
func New(tableBits int) (*Solver, error) {
	if tableBits < 10 || tableBits > 30 {
		return nil, fmt.Errorf("regicidesolver: table size 2^%d: %w", tableBits, errTableBits)
	}
	return &Solver{table: newTable(tableBits)}, nil
}

var errTableBits = fmt.Errorf("%w: want table bits from 10 to 30", engine.ErrBadOption)

// Solve decides the deal s. s must be a Regicide state; it is not changed.
// The result does not depend on anything but s and lim.Nodes (and, when
// lim.Time is set, on how fast the machine is).
func (v *Solver) Solve(ctx context.Context, s engine.State, lim Limits) (Result, error) {
	st, ok := s.(*regicide.State)
	if !ok {
		return Result{}, fmt.Errorf("regicidesolver: %w: only Regicide can be solved, not %s", engine.ErrBadOption, s.Game().Name())
	}
	v.ctx, v.lim, v.start, v.nodes, v.abort, v.deepest = ctx, lim, time.Now(), 0, "", 0
	v.codes = readCodes(st, 0)
	res := Result{Verdict: Unknown}
	switch {
	case st.Terminal() && st.Facts().Won:
		res.Verdict = Won
		return res, nil
	case st.Terminal():
		res.Verdict = Lost
		return res, nil
	case ctx.Err() != nil:
		res.Why = "cancelled"
		return res, nil
	}
	line, out := v.quickStage(st)
	if out == won {
		res.Verdict, res.Line = Won, line
	} else if v.abort == "" || v.abort == "node budget" {
		v.quick, v.budget, v.abort = false, lim.Nodes, ""
		v.table.nextGeneration()
		line, out, proven := v.root(st, unlimited)
		switch {
		case out == won:
			res.Verdict, res.Line = Won, line
		case out == failed && proven == unlimited:
			res.Verdict = Lost
		}
	}
	res.Why = v.abort
	res.Nodes, res.Elapsed, res.Deepest = v.nodes, time.Since(v.start), v.deepest
	if res.Verdict == Won && lim.Shuffles != ShufflesFor {
		if err := checkLine(st, res.Line); err != nil {
			return Result{}, err
		}
	}
	return res, nil
}

// checkLine replays line on a copy of s through the notation, as a user or
// a record would, and returns an error unless it ends in a win: every won
// verdict is checked before it is reported.
func checkLine(s *regicide.State, line []Step) error {
	c := *s
	for i, st := range line {
		if err := engine.ApplyText(&c, st.Seat, st.Action); err != nil {
			return fmt.Errorf("regicidesolver: step %d of the winning line (seat %d: %s) does not replay: %w", i+1, st.Seat, st.Action, err)
		}
	}
	if !c.Facts().Won {
		return fmt.Errorf("regicidesolver: the winning line does not end in a win: %s", c.Result().Detail)
	}
	return nil
}
