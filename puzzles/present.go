package puzzles

import (
	"fmt"
	"strings"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/i18n"
)

// Shown is a puzzle as the player sees it before answering: the seat's
// view, what the puzzle reveals, the legal actions and their forecasts.
// It holds no answer, no line and no verdict (docs/puzzles.md).
type Shown struct {
	ID    int `json:"id"`
	Count int `json:"count"`
	// View is the solo seat's view (games/regicide.View).
	View *regicide.View `json:"view"`
	// Revealed is what the puzzle shows beyond the view.
	Revealed Revealed `json:"revealed"`
	// Legal lists the legal actions in the engine's order and notation;
	// Hints the forecast of each play or yield (what the seat may know).
	Legal []string          `json:"legal"`
	Hints map[string]string `json:"hints"`
	// HintsI18n says the same as messages, for the reader's language.
	HintsI18n map[string]engine.Msg `json:"hints_i18n"`
	// Misses and Panel rate the puzzle: Misses of the Panel bots missed it.
	Misses int `json:"misses"`
	Panel  int `json:"panel"`
}

// Revealed is what a puzzle reveals: the Tavern, top first, and the
// enemies still in the Castle after the current one, next first. The
// shuffles Hearts will make are not revealed.
type Revealed struct {
	Tavern []cards.Card `json:"tavern"`
	Castle []cards.Card `json:"castle"`
}

// Outcome is the answer to an answer: whether it was the winning action,
// and then the answer and a line that wins (Answer first).
type Outcome struct {
	ID        int      `json:"id"`
	Action    string   `json:"action"`
	Correct   bool     `json:"correct"`
	Answer    string   `json:"answer"`
	Line      []string `json:"line"`
	BotChoice string   `json:"bot_choice"`
	Misses    int      `json:"misses"`
	Panel     int      `json:"panel"`
	// Themes tag the answer (themes.go), Solution tells the line step by
	// step with the board after each step: shown only after an answer.
	Themes   []string       `json:"themes"`
	Solution []SolutionStep `json:"solution"`
}

// Show returns puzzle id of s as the player sees it.
func (s *Set) Show(id int) (*Shown, *regicide.State, error) {
	p, err := s.Get(id)
	if err != nil {
		return nil, nil, err
	}
	pos, err := p.Position(s.Options())
	if err != nil {
		return nil, nil, err
	}
	return s.show(p, pos), pos, nil
}

// show builds what p shows at its position pos: from the seat's view,
// the piles the puzzle reveals, the legal actions and their forecasts,
// and the rating; nothing else of p or of pos.
func (s *Set) show(p *Puzzle, pos *regicide.State) *Shown {
	sh := &Shown{ID: p.ID, Count: len(s.Puzzles), View: pos.View(0).(*regicide.View),
		Revealed: revealed(pos),
		Legal:    []string{}, Hints: map[string]string{}, HintsI18n: map[string]engine.Msg{},
		Misses: p.Misses, Panel: len(s.Header.Panel)}
	for _, a := range pos.Legal(0, nil) {
		text := pos.ActionString(a)
		sh.Legal = append(sh.Legal, text)
		if text == "yield" || strings.HasPrefix(text, "play ") {
			if h, err := pos.Hint(0, a); err == nil {
				sh.Hints[text], sh.HintsI18n[text] = i18n.English.Say(h), h
			}
		}
	}
	return sh
}

// revealed is what a puzzle reveals at pos: the Tavern, top first, and
// the Castle after the current enemy (which is in the view), next first.
func revealed(pos *regicide.State) Revealed {
	tavern, castle := pos.Piles()
	if len(castle) > 0 {
		castle = castle[1:]
	}
	if tavern == nil {
		tavern = []cards.Card{}
	}
	return Revealed{Tavern: tavern, Castle: castle}
}

// maxActionLen bounds an answer's text: the longest action ("discard"
// and eight cards) is far shorter.
const maxActionLen = 64

// Answer checks action (in the engine's notation) as the answer to
// puzzle id. An action that is not legal there is an error that says so
// and is not counted as an answer.
func (s *Set) Answer(id int, action string) (*Outcome, error) {
	p, err := s.Get(id)
	if err != nil {
		return nil, err
	}
	if len(action) > maxActionLen {
		return nil, fmt.Errorf("puzzles: an action of %d bytes; actions are at most %d", len(action), maxActionLen)
	}
	pos, err := p.Position(s.Options())
	if err != nil {
		return nil, err
	}
	a, err := pos.ParseAction(0, action)
	if err != nil {
		return nil, fmt.Errorf("puzzles: %q is not an action here: %w", action, err)
	}
	text := pos.ActionString(a)
	if err := pos.Clone().Apply(0, a); err != nil {
		return nil, fmt.Errorf("puzzles: %q is not legal here: %w", text, err)
	}
	sol, err := s.Solution(p)
	if err != nil {
		return nil, err
	}
	return &Outcome{ID: id, Action: text, Correct: text == p.Answer, Answer: p.Answer,
		Line: p.Line, BotChoice: p.BotChoice, Misses: p.Misses, Panel: len(s.Header.Panel),
		Themes: p.Themes, Solution: sol}, nil
}
