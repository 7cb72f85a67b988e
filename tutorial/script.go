// Package tutorial teaches a game by playing it. A lesson is a script: a
// stacked deal of the real game, the learner's seat, and every move of the
// lesson in order — the learner's and the scripted seats' — each with the
// words (catalogue messages) that explain it at the moment it matters. The
// lesson is played on the real engine and table: the learner makes the
// moves (a move other than the script's is explained, never played), a
// scripted seat plays the script's, and no rule of any game lives here.
// Scripts are data (scripts/*.json, described in docs/tutorials.md); the
// tests play every one through the engine, so a rules change that breaks a
// lesson breaks a test.
package tutorial

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games"
	"cardtable/table"
)

//go:embed scripts/*.json
var scriptFiles embed.FS

// MessagePrefix starts the id of every message a lesson says.
const MessagePrefix = "tutorial."

// Script is one lesson, as its file holds it.
type Script struct {
	// Name names the lesson (cardtable learn NAME, /learn/NAME): the
	// game's name, or the game's and a variant's ("slap-war").
	Name string `json:"name"`
	// Game is the game it teaches ("watchtower").
	Game string `json:"game"`
	// Title is the message naming the lesson.
	Title string `json:"title"`
	// Options are the game's options (missing keys take their defaults).
	Options map[string]string `json:"options,omitempty"`
	// Seed seeds the game's generator: the dealer, blind-pick shuffles,
	// every chance event after the deal.
	Seed uint64 `json:"seed"`
	// Deck is the top of the stacked deal in card notation, top first,
	// separated by spaces; the cards it leaves out follow in the pack's
	// order (cards.Standard52, 2C 2D 2H 2S 3C ...), so a script writes
	// only the cards that matter.
	Deck string `json:"deck"`
	// Learner is the seat of the person learning (from 0); every other
	// seat is scripted.
	Learner int `json:"learner"`
	// Steps are every action of the lesson, in the order the table
	// takes them.
	Steps []Step `json:"steps"`
	// End is what the lesson says once its last step is played.
	End []string `json:"end"`
	// Then is what a scripted seat plays after the last step when the
	// game goes on (a bot spec; "" or omitted: the game's default bot).
	Then string `json:"then,omitempty"`

	game   engine.Game
	opts   engine.Options
	deck   []cards.Card
	groups []int // groups[i]: the table version step i is taken at
	once   sync.Once
	err    error
}

// Step is one action of a lesson.
type Step struct {
	// Seat plays it (the learner or a scripted seat).
	Seat int `json:"seat"`
	// Do is the action in the game's notation. A War slap is written
	// "slap": any slap@MS the learner makes is that slap.
	Do string `json:"do"`
	// Say are the messages that explain it, shown from the moment it is
	// the next thing to happen until the learner's next move.
	Say []string `json:"say,omitempty"`
	// Wrong is the message that explains another move the learner makes
	// instead (the lesson then says what it asks for, too).
	Wrong string `json:"wrong,omitempty"`
}

// order is the order lessons are listed in: the game with the most to
// learn first.
var order = []string{"watchtower", "regicide", "war", "slap-war"}

var (
	loadOnce sync.Once
	scripts  map[string]*Script
	loadErr  error
)

// All returns every lesson, in the order they are taught.
func All() []*Script {
	must()
	out := make([]*Script, 0, len(scripts))
	for _, s := range scripts {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return rank(out[i].Name) < rank(out[j].Name) })
	return out
}

func rank(name string) int {
	if i := slices.Index(order, name); i >= 0 {
		return i
	}
	return len(order)
}

// Lookup returns the lesson called name, or an error listing them.
func Lookup(name string) (*Script, error) {
	must()
	if s, ok := scripts[strings.ToLower(name)]; ok {
		return s, nil
	}
	return nil, fmt.Errorf("tutorial: no lesson %q; lessons: %s", name, strings.Join(Names(), ", "))
}

// Names lists the lessons' names, in the order they are taught.
func Names() []string {
	var out []string
	for _, s := range All() {
		out = append(out, s.Name)
	}
	return out
}

// ForGame returns the lessons of a game (the game's own first).
func ForGame(game string) []*Script {
	var out []*Script
	for _, s := range All() {
		if s.Game == game {
			out = append(out, s)
		}
	}
	return out
}

// must loads the embedded scripts once; a broken one is a bug the tests
// catch, so it panics rather than make every caller handle it.
func must() {
	loadOnce.Do(func() { scripts, loadErr = loadAll() })
	if loadErr != nil {
		panic(loadErr)
	}
}

func loadAll() (map[string]*Script, error) {
	entries, err := scriptFiles.ReadDir("scripts")
	if err != nil {
		return nil, err
	}
	out := map[string]*Script{}
	for _, e := range entries {
		data, err := scriptFiles.ReadFile("scripts/" + e.Name())
		if err != nil {
			return nil, err
		}
		s, err := Parse(data)
		if err != nil {
			return nil, fmt.Errorf("tutorial: scripts/%s: %w", e.Name(), err)
		}
		if s.Name+".json" != e.Name() {
			return nil, fmt.Errorf("tutorial: scripts/%s names the lesson %q: name the file %s.json", e.Name(), s.Name, s.Name)
		}
		out[s.Name] = s
	}
	return out, nil
}

// Parse reads a script and checks its shape: a known game, options it
// takes, a deck of real cards, a learner seat, steps with an action each,
// message ids that start with "tutorial.". Whether its moves are legal is
// Check's (it plays the script).
func Parse(data []byte) (*Script, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s Script
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("not a lesson script: %w", err)
	}
	g, err := games.Lookup(s.Game)
	if err != nil {
		return nil, err
	}
	s.game = g
	if s.opts, err = engine.ResolveOptions(g.Options(), s.Options); err != nil {
		return nil, err
	}
	if s.deck, err = stackDeck(s.Deck); err != nil {
		return nil, err
	}
	if s.Name == "" || len(s.Steps) == 0 || len(s.End) == 0 {
		return nil, fmt.Errorf("a lesson needs a name, steps and end words")
	}
	for _, id := range s.messages() {
		if !strings.HasPrefix(id, MessagePrefix) {
			return nil, fmt.Errorf("message %q: a lesson's message ids start with %q", id, MessagePrefix)
		}
	}
	for i, st := range s.Steps {
		if st.Do == "" {
			return nil, fmt.Errorf("steps[%d]: no action (do)", i)
		}
	}
	return &s, nil
}

// stackDeck reads the top of a deck and completes it with the pack's
// other cards in order.
func stackDeck(text string) ([]cards.Card, error) {
	top, err := cards.ParseList(text)
	if err != nil {
		return nil, fmt.Errorf("deck: %w", err)
	}
	seen := map[cards.Card]bool{}
	for _, c := range top {
		if seen[c] {
			return nil, fmt.Errorf("deck: %v twice", c)
		}
		seen[c] = true
	}
	for _, c := range cards.Standard52() {
		if !seen[c] {
			top = append(top, c)
		}
	}
	return top, nil
}

// messages lists every message id the script says, in order.
func (s *Script) messages() []string {
	out := []string{s.Title}
	for _, st := range s.Steps {
		out = append(out, st.Say...)
		if st.Wrong != "" {
			out = append(out, st.Wrong)
		}
	}
	return append(out, s.End...)
}

// Messages lists every message id the script says, each once.
func (s *Script) Messages() []string {
	out := s.messages()
	slices.Sort(out)
	return slices.Compact(out)
}

// GameOf returns the game the lesson teaches.
func (s *Script) GameOf() engine.Game { return s.game }

// Resolved returns the lesson's options.
func (s *Script) Resolved() engine.Options { return s.opts }

// Setup returns the lesson's stacked deal.
func (s *Script) Setup() engine.Setup {
	return engine.Setup{Seed: s.Seed, Deck: slices.Clone(s.deck)}
}

// Seats returns the lesson's seating: the learner's seat a person named
// name ("" for "seat N"), every other seat the scripted tutor.
func (s *Script) Seats(name string, n int) []table.SeatInfo {
	out := make([]table.SeatInfo, n)
	for i := range out {
		out[i] = table.SeatInfo{Name: TutorName, Kind: table.KindBot, Bot: BotName}
		if n > 2 {
			out[i].Name = fmt.Sprintf("%s %d", TutorName, i+1)
		}
	}
	if name == "" {
		name = table.SeatName(s.Learner)
	}
	out[s.Learner] = table.SeatInfo{Name: name, Kind: table.KindHuman}
	return out
}

// TutorName is a scripted seat's name at the table, and BotName the bot
// it is recorded as.
const (
	TutorName = "Tutor"
	BotName   = "tutorial"
)

// NewTable starts the lesson's game: its options, its stacked deal, the
// learner at their seat named name.
func (s *Script) NewTable(name string) (*table.Table, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	st, err := s.game.New(s.opts, s.Setup())
	if err != nil {
		return nil, err
	}
	return table.New(s.game, s.opts, s.Setup(), s.Seats(name, st.NumSeats()))
}
