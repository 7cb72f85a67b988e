package rlenv

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"cardtable/bots"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games"
	"cardtable/games/war"
	"cardtable/record"
)

// Errors an Env returns besides the engine's sentinels (engine.ErrBadOption,
// ErrIllegal, ErrNotYourTurn, ErrGameOver, ErrNotation). Every error wraps
// one of them, so the C library maps each to its code.
var (
	// ErrBadArgument: a seat, a setting or a game name that does not exist.
	ErrBadArgument = errors.New("bad argument")
	// ErrBadBot: a bot spec that names no bot of the game, a setting the
	// bot refuses, or a setting over the environment's caps.
	ErrBadBot = errors.New("bad bot")
	// ErrNoRecord: a determinized environment holds a guessed deal, not a
	// game that was played, so it has no record.
	ErrNoRecord = errors.New("no record")
)

// Settings are the environment's own settings beside the game's options.
type Settings struct {
	// SlapMS is the time War's slap index claims, in milliseconds after
	// the reveal; ReactionSlap (slap-ms=reaction) draws it instead like
	// the heuristic bot's reaction, kept inside the window.
	SlapMS       int
	ReactionSlap bool
}

// ParseSettings reads settings written key=value, comma-separated:
// slap-ms=MS or slap-ms=reaction.
func ParseSettings(text string) (Settings, error) {
	var s Settings
	for part := range strings.SplitSeq(text, ",") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if k != "slap-ms" {
			return s, fmt.Errorf("rlenv: %w: unknown setting %q; the settings are slap-ms", ErrBadArgument, k)
		}
		if v == "reaction" {
			s.ReactionSlap = true
			continue
		}
		ms, err := strconv.Atoi(v)
		if err != nil || ms < 0 || ms >= 60000 {
			return s, fmt.Errorf("rlenv: %w: slap-ms=%q: give the milliseconds of War's slap index (0 to 59999, under the slap-window option) or reaction", ErrBadArgument, v)
		}
		s.SlapMS = ms
	}
	return s, nil
}

// Config is what an environment plays.
type Config struct {
	// Game is the game's name and Options its options (-o key=value).
	Game    string
	Options map[string]string
	// Seats gives each seat's player: "" for the caller, or a bot spec
	// ("heuristic", "expert:iterations=200") the environment plays. Seats
	// beyond the list are the caller's.
	Seats    []string
	Settings Settings
}

// move is one applied action.
type move struct {
	seat int
	a    engine.Action
}

// Env is one game in progress for a learner: its seats' legal actions as
// indices, their observations, bot seats played inside, simultaneous
// windows sealed, and its record. An Env is not safe for concurrent use.
type Env struct {
	cfg   Config
	game  engine.Game
	opts  engine.Options
	space *Space
	coder *Coder
	specs []*bots.Spec // nil for the caller's seats
	seed  uint64
	state engine.State
	bots  []engine.Bot
	moves []move
	win   *window
	// spare is a closed window whose memory the next one reuses.
	spare  *window
	askers map[string]engine.Bot
	// reaction draws War's slap times for slap-ms=reaction.
	reaction cards.RNG
	// guessed marks a determinized environment (no record).
	guessed bool
	moving  []int
	// version counts the positions the environment has been in; legal
	// caches one seat's legal actions at one version.
	version uint64
	legal   legalCache
}

// legalCache is a seat's legal actions and indices at a version, and the
// indices in increasing order.
type legalCache struct {
	ok      bool
	seat    int
	version uint64
	acts    []engine.Action
	idx     []int
	sorted  []int
}

// legalOf returns seat's legal actions and their indices now.
func (e *Env) legalOf(seat int) ([]engine.Action, []int, error) {
	c := &e.legal
	if c.ok && c.seat == seat && c.version == e.version {
		return c.acts, c.idx, nil
	}
	acts, idx, err := e.coder.Legal(e.state, seat)
	if err != nil {
		return nil, nil, err
	}
	*c = legalCache{ok: true, seat: seat, version: e.version, acts: acts, idx: idx, sorted: e.coder.Sorted(c.sorted[:0])}
	return acts, idx, nil
}

// New makes an environment and deals its first game with seed.
func New(cfg Config, seed uint64) (*Env, error) {
	g, err := games.Lookup(cfg.Game)
	if err != nil {
		return nil, fmt.Errorf("rlenv: %w: %v", ErrBadArgument, err)
	}
	opts, err := engine.ResolveOptions(g.Options(), cfg.Options)
	if err != nil {
		return nil, err
	}
	sp, err := NewSpace(g, opts)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadArgument, err)
	}
	e := &Env{cfg: cfg, game: g, opts: opts, space: sp, coder: sp.Coder()}
	if err := e.checkSettings(); err != nil {
		return nil, err
	}
	if len(cfg.Seats) > sp.Players {
		return nil, fmt.Errorf("rlenv: %w: %d seats given for a %d-seat game", ErrBadArgument, len(cfg.Seats), sp.Players)
	}
	e.specs = make([]*bots.Spec, sp.Players)
	for i, text := range cfg.Seats {
		if strings.TrimSpace(text) == "" {
			continue
		}
		spec, err := e.botSpec(text)
		if err != nil {
			return nil, fmt.Errorf("%w (seat %d)", err, i+1)
		}
		e.specs[i] = &spec
	}
	if err := e.Reset(seed); err != nil {
		return nil, err
	}
	return e, nil
}

// checkSettings refuses a War slap time outside the slap window.
func (e *Env) checkSettings() error {
	if e.game.Name() != "war" || e.cfg.Settings.ReactionSlap {
		return nil
	}
	if window := e.slapWindowMS(); e.cfg.Settings.SlapMS >= window {
		return fmt.Errorf("rlenv: %w: slap-ms=%d is not inside the slap window of %d ms; give less than %d", ErrBadArgument, e.cfg.Settings.SlapMS, window, window)
	}
	return nil
}

func (e *Env) slapWindowMS() int { return int(e.opts.Duration("slap-window").Milliseconds()) }

// Reset deals a new game with seed: the game's shuffle and every later
// chance event, and the bots' generators (seat s's is engine.BotSeed(seed,
// s), as in cardtable sim), so a game is reproduced by its seed and the
// caller's actions. Bots then play until a caller's seat must act.
func (e *Env) Reset(seed uint64) error {
	st, err := e.game.New(e.opts, engine.Setup{Seed: seed})
	if err != nil {
		return err
	}
	e.seed, e.state, e.moves, e.win, e.guessed = seed, st, e.moves[:0], nil, false
	e.version++
	e.reaction = cards.NewRNG(cards.SubSeed(seed, 3000))
	e.askers = nil
	e.bots = make([]engine.Bot, e.space.Players)
	for s, spec := range e.specs {
		if spec != nil {
			if e.bots[s], err = e.newBot(*spec, engine.BotSeed(seed, s)); err != nil {
				return err
			}
		}
	}
	return e.playBots()
}

// Space returns the environment's action and observation space.
func (e *Env) Space() *Space { return e.space }

// State returns the game's state. It is the environment's own: read it,
// never apply to it.
func (e *Env) State() engine.State { return e.state }

// Seed returns the seed of the game being played.
func (e *Env) Seed() uint64 { return e.seed }

// IsBot reports whether seat is played by a bot of the environment.
func (e *Env) IsBot(seat int) bool { return seat >= 0 && seat < len(e.specs) && e.specs[seat] != nil }

// ToMove appends to dst the caller's seats that may act now, in seat order
// (several in a simultaneous window; none once the game is over).
func (e *Env) ToMove(dst []int) []int {
	e.moving = e.state.ToMove(e.moving[:0])
	for _, s := range e.moving {
		if !e.IsBot(s) {
			dst = append(dst, s)
		}
	}
	return dst
}

// Terminal reports whether the game is over.
func (e *Env) Terminal() bool { return e.state.Terminal() }

// Returns gives each seat's return: all 0 until the game is over.
func (e *Env) Returns() []float64 { return e.state.Returns() }

// Result describes the outcome so far.
func (e *Env) Result() engine.Result { return e.state.Result() }

// Steps counts the actions applied so far, the bots' included.
func (e *Env) Steps() int { return len(e.moves) }

// checkSeat refuses a seat that is not one of the game's.
func (e *Env) checkSeat(seat int) error {
	if seat < 0 || seat >= e.space.Players {
		return fmt.Errorf("rlenv: %w: seat %d is not a seat of this %d-seat game (seats are 0 to %d)", ErrBadArgument, seat, e.space.Players, e.space.Players-1)
	}
	return nil
}

// Legal returns seat's legal action indices in increasing order, appended
// to dst (none for a seat that may not act now).
func (e *Env) Legal(seat int, dst []int) ([]int, error) {
	if err := e.checkSeat(seat); err != nil {
		return dst, err
	}
	if _, _, err := e.legalOf(seat); err != nil {
		return dst, err
	}
	return append(dst, e.legal.sorted...), nil
}

// Observe writes seat's observation into obs (Space().Obs.Size numbers).
// In an open simultaneous window it is the seat's own position: the
// window's opening with the seat's own answers, never another seat's.
func (e *Env) Observe(seat int, obs []float32) error {
	if err := e.checkSeat(seat); err != nil {
		return err
	}
	if len(obs) < e.space.Obs.Size {
		return fmt.Errorf("rlenv: %w: the observation needs %d numbers, the buffer holds %d", ErrBadArgument, e.space.Obs.Size, len(obs))
	}
	e.coder.Encode(e.stateFor(seat), seat, obs)
	return nil
}

// View returns seat's view as the engine shows it (its own position in an
// open window, as Observe).
func (e *Env) View(seat int) (engine.View, error) {
	if err := e.checkSeat(seat); err != nil {
		return nil, err
	}
	return e.stateFor(seat).View(seat), nil
}

// Step plays the action with index for seat, then the bots' actions until
// a caller's seat must act or the game ends. An index that is not legal,
// a seat that may not act and a finished game are refused, changing
// nothing.
func (e *Env) Step(seat, index int) error {
	a, err := e.action(seat, index)
	if err != nil {
		return err
	}
	return e.play(seat, a)
}

// StepText plays seat's action written in the game's notation (any slap
// time in War: slap@350), then the bots' actions, as Step.
func (e *Env) StepText(seat int, text string) error {
	if err := e.checkCaller(seat); err != nil {
		return err
	}
	a, err := e.state.ParseAction(seat, text)
	if err != nil {
		return err
	}
	return e.play(seat, a)
}

// play applies seat's action a and lets the bots play.
func (e *Env) play(seat int, a engine.Action) error {
	if err := e.apply(seat, a); err != nil {
		return err
	}
	return e.playBots()
}

// checkCaller refuses a seat that is not the caller's to play now.
func (e *Env) checkCaller(seat int) error {
	if err := e.checkSeat(seat); err != nil {
		return err
	}
	if e.IsBot(seat) {
		return fmt.Errorf("rlenv: %w: seat %d is played by the environment's %s bot", engine.ErrNotYourTurn, seat, e.specs[seat].Name)
	}
	return engine.CheckSeat(seat, e.state.ToMove(e.moving[:0]))
}

// action returns the action index names for seat now.
func (e *Env) action(seat, index int) (engine.Action, error) {
	a, err := e.legalAction(seat, index)
	if err != nil {
		return 0, err
	}
	if e.game.Name() == "war" && index == warSlap {
		a = e.slap()
	}
	return a, nil
}

// legalAction returns the legal action index names for seat now, as the
// game lists it.
func (e *Env) legalAction(seat, index int) (engine.Action, error) {
	if err := e.checkCaller(seat); err != nil {
		return 0, err
	}
	if index < 0 || index >= e.space.NumActions {
		return 0, fmt.Errorf("rlenv: %w: index %d is outside %s's %d action indices (0 to %d)", engine.ErrIllegal, index, e.game.Name(), e.space.NumActions, e.space.NumActions-1)
	}
	acts, idx, err := e.legalOf(seat)
	if err != nil {
		return 0, err
	}
	i := slices.Index(idx, index)
	if i < 0 {
		return 0, fmt.Errorf("rlenv: %w: index %d (%s) is not legal for seat %d now; its legal indices are %s", engine.ErrIllegal, index, e.space.Describe(index), seat, indexList(idx))
	}
	return acts[i], nil
}

// ActionText writes the action index names for seat now in the game's
// notation (War's slap index with slap-ms=reaction: "slap", its time is
// drawn when it is played).
func (e *Env) ActionText(seat, index int) (string, error) {
	a, err := e.legalAction(seat, index)
	if err != nil {
		return "", err
	}
	if e.game.Name() == "war" && index == warSlap {
		if e.cfg.Settings.ReactionSlap {
			return "slap", nil
		}
		a = war.Slap(e.cfg.Settings.SlapMS)
	}
	return e.state.ActionString(a), nil
}

// slap is War's slap at the environment's slap time.
func (e *Env) slap() engine.Action {
	ms := e.cfg.Settings.SlapMS
	if e.cfg.Settings.ReactionSlap {
		ms = min(war.ReactionMS(&e.reaction), e.slapWindowMS()-1)
	}
	return war.Slap(ms)
}

// indexList writes indices sorted, at most 20 of them.
func indexList(idx []int) string {
	s := slices.Sorted(slices.Values(idx))
	parts := make([]string, 0, 21)
	for i, x := range s {
		if i == 20 {
			parts = append(parts, fmt.Sprintf("… (%d in all)", len(s)))
			break
		}
		parts = append(parts, strconv.Itoa(x))
	}
	return strings.Join(parts, ", ")
}

// playBots plays the bot seats that are to move, in seat order, until only
// the caller's seats are (or the game is over).
func (e *Env) playBots() error {
	for !e.state.Terminal() {
		e.moving = e.state.ToMove(e.moving[:0])
		seat := -1
		for _, s := range e.moving {
			if e.IsBot(s) {
				seat = s
				break
			}
		}
		if seat < 0 {
			return nil
		}
		a, err := e.decide(e.bots[seat], seat)
		if err != nil {
			return err
		}
		if err := e.apply(seat, a); err != nil {
			return fmt.Errorf("rlenv: the %s bot of seat %d chose %q, which the game refused: %w", e.specs[seat].Name, seat, e.state.ActionString(a), err)
		}
	}
	return nil
}

// Record returns the game's record so far, in the project's record format
// (docs/records.md): `cardtable replay` and `cardtable analyze` read it.
func (e *Env) Record() (*record.Record, error) {
	if e.guessed {
		return nil, fmt.Errorf("rlenv: %w: a determinized environment holds a guessed deal, not a game that was played", ErrNoRecord)
	}
	seats := make([]record.Seat, e.space.Players)
	for s := range seats {
		seats[s].Name = "seat " + strconv.Itoa(s+1)
		if spec := e.specs[s]; spec != nil {
			seats[s].Bot = spec.String()
		}
	}
	r := record.FromGame(e.game, e.opts, engine.Setup{Seed: e.seed}, seats)
	for _, m := range e.moves {
		r.Actions = append(r.Actions, record.Action{Seat: m.seat, Action: e.state.ActionString(m.a)})
	}
	r.Finish(e.state)
	return r, nil
}

// Clone returns an independent copy of the environment. Its bots start
// again from their seeds' generators, so their later choices may differ
// from the original's.
func (e *Env) Clone() (*Env, error) {
	c := *e
	c.state = e.state.Clone()
	c.moves = slices.Clone(e.moves)
	c.coder = e.space.Coder()
	c.moving = nil
	c.askers = nil
	c.spare = nil
	c.legal = legalCache{}
	if e.win != nil {
		c.win = e.win.clone()
	}
	if err := c.remakeBots(); err != nil {
		return nil, err
	}
	return &c, nil
}

// Determinize returns a copy of the environment in which every card seat
// cannot see is dealt again at random, consistent with seat's
// observation, and the game's future chance is reseeded (from seed): a
// sample of seat's information set. It has no record.
func (e *Env) Determinize(seat int, seed uint64) (*Env, error) {
	if err := e.checkSeat(seat); err != nil {
		return nil, err
	}
	c := *e
	c.state = e.stateFor(seat).Determinize(seat, rand.New(rand.NewPCG(seed, cards.SubSeed(seed, 1))))
	c.moves, c.win, c.spare, c.guessed = nil, nil, nil, true
	c.legal = legalCache{}
	c.coder = e.space.Coder()
	c.moving = nil
	c.askers = nil
	if err := c.remakeBots(); err != nil {
		return nil, err
	}
	return &c, nil
}

// remakeBots gives the copy bots of its own.
func (e *Env) remakeBots() error {
	e.bots = make([]engine.Bot, e.space.Players)
	for s, spec := range e.specs {
		if spec != nil {
			b, err := e.newBot(*spec, engine.BotSeed(e.seed, s))
			if err != nil {
				return err
			}
			e.bots[s] = b
		}
	}
	return nil
}
