package analysis

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"cardtable/bots/regicidesolver"
	"cardtable/engine"
	"cardtable/record"
)

// Version is the analysis document's format version.
const Version = 1

// Document is the analysis of one finished game: the JSON document of
// docs/analysis.md. Its fields are an interface: they keep their names and
// meanings, and new ones are added rather than old ones renamed.
type Document struct {
	Version int    `json:"version"`
	Game    string `json:"game"`
	// Depth is the depth analysed at, with the budgets it stands for.
	Depth    Depth    `json:"depth"`
	Settings Settings `json:"settings"`
	// Options, Seats, Seed and Result are the record's.
	Options map[string]string `json:"options"`
	Seats   []record.Seat     `json:"seats"`
	Seed    *uint64           `json:"seed,omitempty"`
	Result  engine.Result     `json:"result"`
	// Ending is the record's: how the table ended a game its rules had
	// not (absent when the rules ended it).
	Ending *record.Ending `json:"ending,omitempty"`
	// Steps is the number of actions in the record; step k is the k-th
	// action, and position k the game after it (position 0: the deal).
	Steps int `json:"steps"`
	// Analysed lists the seats whose decisions were analysed.
	Analysed []int `json:"analysed"`
	// Decisions are the analysed seats' decisions in game order.
	Decisions []Decision `json:"decisions"`
	// Hindsight is the clairvoyant solver's part (Regicide only).
	Hindsight *Hindsight `json:"hindsight,omitempty"`
	// Graph is what the replay page and the terminal review draw.
	Graph Graph `json:"graph"`
	// Summary has one entry per analysed seat.
	Summary []SeatSummary `json:"summary"`
	// Seconds is the wall-clock time each part took.
	Seconds Timing `json:"seconds"`
}

// Settings are the budgets an analysis ran with (set by its depth).
type Settings struct {
	// SolverNodes bounds all the solver's searches of one game together,
	// ProbeNodes each one (Regicide).
	SolverNodes int64 `json:"solver_nodes,omitempty"`
	ProbeNodes  int64 `json:"probe_nodes,omitempty"`
	// Iterations is the expert's search budget for its own move at one
	// decision (Regicide: the expert bot's, whose early stop often ends
	// it sooner), PlayedIterations that of each search that measures one
	// move (Regicide: the move played and the expert's; Watchtower: the
	// move played when it is not the expert's).
	Iterations       int `json:"iterations,omitempty"`
	PlayedIterations int `json:"played_iterations,omitempty"`
	// Candidates is how many actions the Watchtower expert's search
	// considers at each decision.
	Candidates int `json:"candidates,omitempty"`
}

// Timing is the wall-clock seconds of each part of an analysis.
type Timing struct {
	Hindsight float64 `json:"hindsight"`
	Expert    float64 `json:"expert"`
	Total     float64 `json:"total"`
}

// Decision is one analysed action: who chose it among how many, and what
// each part of the analysis says about it.
type Decision struct {
	Step   int    `json:"step"`
	Seat   int    `json:"seat"`
	Action string `json:"action"`
	// Choices is how many legal actions the seat had (1: forced, not
	// appraised).
	Choices int `json:"choices"`
	// Before and After are the solver's verdicts on the positions before
	// and after the action (Regicide): won (still winnable), lost or
	// unknown.
	Before Verdict `json:"before,omitempty"`
	After  Verdict `json:"after,omitempty"`
	// Losing marks the action that turned a winnable game into a lost one
	// (Regicide, proven by the solver both ways).
	Losing bool `json:"losing,omitempty"`
	// Played is the expert's estimate after the action played, Best its
	// own best action and the estimate after it (Regicide, Watchtower).
	Played *Estimate    `json:"played,omitempty"`
	Best   *Alternative `json:"best,omitempty"`
	// Loss is Best's chance less Played's (0 when the expert's choice was
	// played; it may be slightly negative: both are estimates).
	Loss float64 `json:"loss,omitempty"`
	// Mark is the decision's class (docs/analysis.md): inaccuracy,
	// mistake or blunder from the expert's Loss; in War missed or false.
	Mark string `json:"mark,omitempty"`
	// Accuracy is the move's accuracy from 0 to 100 (accuracy.go), for
	// an appraised decision.
	Accuracy *float64 `json:"accuracy,omitempty"`
	// HindsightOnly is set on a losing move the expert did not mark and
	// gave a chance of at least HighChance: from what the seat could see
	// the move was as good as the expert's own, and only the hidden cards
	// made it lose ("you could not have known").
	HindsightOnly bool `json:"hindsight_only,omitempty"`
	// Keeps is, on the losing move, an action that kept the game
	// winnable there: the first of the solver's winning line (Regicide).
	Keeps string `json:"keeps,omitempty"`
	// Slap is a Slap War window's answer (War).
	Slap *Slap `json:"slap,omitempty"`
}

// Verdict is the solver's verdict on a position, as text: Won (a line
// from it wins), Lost (proven: no line wins) or Unknown (the budget ran
// out first).
type Verdict string

// The verdicts.
const (
	Won     Verdict = "won"
	Lost    Verdict = "lost"
	Unknown Verdict = "unknown"
)

// verdictOf names a solver verdict.
func verdictOf(v regicidesolver.Verdict) Verdict {
	switch v {
	case regicidesolver.Won:
		return Won
	case regicidesolver.Lost:
		return Lost
	}
	return Unknown
}

// Estimate is the expert's chance to win (0 to 1) with the 95% interval
// of its estimate, from a search of Trials iterations whose share of won
// playouts was Share (Regicide: the share that ended in a win; Watchtower:
// the seat's mean share of the win, a playout cut short scored by the
// bot's evaluation), calibrated into Chance (docs/analysis.md).
type Estimate struct {
	Chance float64 `json:"chance"`
	Low    float64 `json:"low"`
	High   float64 `json:"high"`
	Trials int     `json:"trials"`
	Share  float64 `json:"share"`
	// Wins is how many of the Trials ended in a win (Regicide; in
	// Watchtower, whose playouts are mostly scored rather than played
	// out, only 0, when every playout ended with the seat lost or out, and
	// else absent). 0 means the search found no win: people read "no win
	// found in N playouts", not a percentage.
	Wins *int `json:"wins,omitempty"`
}

// NoWin reports whether the search behind e won none of its playouts.
func (e Estimate) NoWin() bool { return e.Wins != nil && *e.Wins == 0 }

// Alternative is the expert's best action and its estimate.
type Alternative struct {
	Action string `json:"action"`
	Estimate
}

// Slap is one seat's answer in a Slap War window (or a false slap).
type Slap struct {
	// WindowMS is how long the window was open.
	WindowMS int `json:"window_ms"`
	// Possible is true in a window the seat could slap in.
	Possible bool `json:"possible"`
	// ReactionMS is when the seat slapped after the reveal (-1: it did
	// not slap).
	ReactionMS int `json:"reaction_ms"`
	// First is true when the seat's slap was the earliest (it took the
	// cards).
	First bool `json:"first,omitempty"`
}

// Hindsight is what the clairvoyant solver says about every position of a
// Regicide game (docs/analysis.md: how the positions are chosen).
type Hindsight struct {
	// Verdicts[k] is position k's: won (winnable), lost or unknown.
	Verdicts []Verdict `json:"verdicts"`
	// LastWon is the last position known winnable, FirstLost the first
	// known lost (-1: none).
	LastWon   int `json:"last_won"`
	FirstLost int `json:"first_lost"`
	// LosingStep is the step whose action lost a winnable game (0: not
	// settled, or none: the game was won or the deal never winnable).
	LosingStep int `json:"losing_step,omitempty"`
	// Losing is the losing step's seat and action.
	Losing *record.Action `json:"losing,omitempty"`
	// Line wins from position LastWon: the record's first LastWon actions
	// followed by Line replay to a win.
	Line []regicidesolver.Step `json:"line,omitempty"`
	// Probes are the solver's searches, in the order they ran.
	Probes []Probe `json:"probes"`
	// Nodes is the actions all the searches applied.
	Nodes int64 `json:"nodes"`
}

// Probe is one search of one position.
type Probe struct {
	Position int     `json:"position"`
	Verdict  Verdict `json:"verdict"`
	Nodes    int64   `json:"nodes"`
	Why      string  `json:"why,omitempty"`
}

// Graph is a series per analysed seat: Regicide and Watchtower the
// chance to win after each decision (0 to 1), War each slap's reaction
// time as a share of its window.
type Graph struct {
	// Measure is "chance" or "reaction".
	Measure string  `json:"measure"`
	Points  []Point `json:"points"`
}

// Point is one decision on the graph.
type Point struct {
	Step  int     `json:"step"`
	Seat  int     `json:"seat"`
	Value float64 `json:"value"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	// Mark is the decision's mark; Losing is set on the hindsight's
	// losing move.
	Mark   string `json:"mark,omitempty"`
	Losing bool   `json:"losing,omitempty"`
}

// SeatSummary counts one seat's marks.
type SeatSummary struct {
	Seat         int `json:"seat"`
	Decisions    int `json:"decisions"`
	Inaccuracies int `json:"inaccuracies"`
	Mistakes     int `json:"mistakes"`
	Blunders     int `json:"blunders"`
	// TurningPoint is the step of the seat's costliest decision: its
	// losing move when the solver found one, else its largest Loss
	// (0: none marked).
	TurningPoint int `json:"turning_point,omitempty"`
	// Accuracy is the seat's accuracy over its appraised decisions, 0 to
	// 100 (accuracy.go; absent when none was appraised).
	Accuracy *float64 `json:"accuracy,omitempty"`
	// LosingStep is the step of the seat's move that lost a winnable
	// game (Regicide; 0: none).
	LosingStep int `json:"losing_step,omitempty"`
	// Slap War: windows the seat could slap in, slaps (and of them
	// first), misses, false slaps and the mean reaction time of its slaps.
	Windows        int     `json:"windows,omitempty"`
	Slaps          int     `json:"slaps,omitempty"`
	First          int     `json:"first,omitempty"`
	Missed         int     `json:"missed,omitempty"`
	False          int     `json:"false,omitempty"`
	MeanReactionMS float64 `json:"mean_reaction_ms,omitempty"`
}

// Write encodes d as indented JSON.
func (d *Document) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(d)
}

// Decode reads an analysis document, refusing unknown fields and versions.
func Decode(r io.Reader) (*Document, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var d Document
	if err := dec.Decode(&d); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("analysis: empty input: %w", engine.ErrCorrupt)
		}
		return nil, fmt.Errorf("analysis: %v: %w", err, engine.ErrCorrupt)
	}
	if d.Version != Version {
		return nil, fmt.Errorf("analysis: version %d is not one this program reads (want %d): %w", d.Version, Version, engine.ErrCorrupt)
	}
	return &d, nil
}

// Of says whether d is the analysis of rec: the same game, deal, options
// and number of actions; the error names what differs.
func (d *Document) Of(rec *record.Record) error {
	switch {
	case d.Game != rec.Game:
		return fmt.Errorf("analysis: it is of a %s game, the record of a %s game", d.Game, rec.Game)
	case (d.Seed == nil) != (rec.Seed == nil) || d.Seed != nil && *d.Seed != *rec.Seed:
		return fmt.Errorf("analysis: it is of %s, the record %s", seedWords(d.Seed), seedWords(rec.Seed))
	case d.Steps != len(rec.Actions):
		return fmt.Errorf("analysis: it is of a game of %d actions, the record has %d", d.Steps, len(rec.Actions))
	}
	for k, v := range rec.Options {
		if d.Options[k] != v {
			return fmt.Errorf("analysis: it is of a game with %s=%s, the record has %s=%s", k, d.Options[k], k, v)
		}
	}
	return nil
}

func seedWords(s *uint64) string {
	if s == nil {
		return "a game without a seed"
	}
	return fmt.Sprintf("seed %d", *s)
}
