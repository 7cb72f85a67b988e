// Package regicidebot holds Regicide's computer players: the rule-based
// Heuristic (registered as "heuristic") and the strongest, the bot
// registered as "expert": single-observer ISMCTS (bots/ismcts) whose
// rollouts are played by a fast rule-based policy, over a search game that
// offers only minimal Step 4 covers, the cheapest first, and that scores a
// lost game below the engine's progress return.
//
// The policy reads one View per decision and scores every play from the
// action's card mask with the same arithmetic as regicide's Forecast (kill,
// exact kill, damage, shield, draws, heals, the attack left to cover); it
// discards the cover whose cards it values least and flips a solo power
// only when nothing else survives. Like every cardtable bot it reads only
// what its seat may know: View, Legal and Determinize.
//
// Settings (--bot-opt key=value):
//
//	iterations  ISMCTS iterations per decision (default 2000); the search
//	            stops early once no remaining iteration can change the
//	            move; 0 plays the policy alone, without a search
//	time        wall-clock budget per decision (as in bots/ismcts)
//	c           UCB1 exploration constant (default 0.4)
//	workers     parallel trees (default 1)
//	plays       Step 1 plays the search considers, the policy's best
//	            (default 4)
//	covers      Step 4 covers the search considers (default 4)
//	loss        scale of a lost game's return, enemies/12 (default 0.5)
//
// Steps where the seat only signals, names the next player or places an
// exactly killed enemy are played by the policy without a search.
package regicidebot

import (
	"context"
	"fmt"
	"strconv"

	"cardtable/bots/ismcts"
	"cardtable/cards"
	"cardtable/engine"
)

// Bot plays Regicide for one seat. It implements engine.Bot and is not
// safe for concurrent use.
type Bot struct {
	policy policy
	search *ismcts.Bot // nil: the policy plays alone
	plays  int
	covers int
	loss   float64
	rng    cards.RNG
	legal  []engine.Action
	buf    scratch // the search game's scratch at the root
}

// Settings are a Bot's options beyond the search's own.
type Settings struct {
	// Search configures the ISMCTS search; Iterations and Time both zero
	// means no search.
	Search ismcts.Config
	// Plays is how many Step 1 plays (yield included) the search
	// considers, the policy's best.
	Plays int
	// Covers is how many minimal Step 4 covers the search considers.
	Covers int
	// LossScale multiplies a lost game's return in the search.
	LossScale float64
}

// Defaults of Settings.
const (
	DefaultIterations = 2000
	DefaultC          = 0.4
	DefaultPlays      = 4
	DefaultCovers     = 4
	DefaultLossScale  = 0.5
)

// DefaultSettings returns the registered defaults.
func DefaultSettings() Settings {
	cfg := ismcts.DefaultConfig()
	cfg.Iterations, cfg.C = DefaultIterations, DefaultC
	cfg.StopEarly = true
	return Settings{Search: cfg, Plays: DefaultPlays, Covers: DefaultCovers, LossScale: DefaultLossScale}
}

// validate reports, wrapping engine.ErrBadOption, a setting of the
// package's own out of range (New checks the search's).
func (st Settings) validate() error {
	switch {
	case st.Plays < 1:
		return fmt.Errorf("regicidebot: %w", ismcts.BadSetting("plays", fmt.Sprint(st.Plays), ownKeys["plays"]))
	case st.Covers < 1:
		return fmt.Errorf("regicidebot: %w", ismcts.BadSetting("covers", fmt.Sprint(st.Covers), ownKeys["covers"]))
	case !(st.LossScale >= 0 && st.LossScale <= 1):
		return fmt.Errorf("regicidebot: %w", ismcts.BadSetting("loss", fmt.Sprint(st.LossScale), ownKeys["loss"]))
	}
	return nil
}

// New returns a Bot with settings st, seeded with seed.
func New(st Settings, seed uint64) (*Bot, error) {
	if err := st.validate(); err != nil {
		return nil, err
	}
	b := &Bot{policy: policy{w: defaultWeights}, plays: st.Plays, covers: st.Covers, loss: st.LossScale, rng: cards.NewRNG(seed)}
	if st.Search.Iterations == 0 && st.Search.Time == 0 {
		return b, nil
	}
	pol := &b.policy
	st.Search.Rollout = func(s engine.State, seat int, legal []engine.Action, rng *cards.RNG) engine.Action {
		return pol.choose(s, seat, legal, rng)
	}
	var err error
	b.search, err = ismcts.New(st.Search, cards.SubSeed(seed, 1))
	if err != nil {
		return nil, fmt.Errorf("regicidebot: %w", err)
	}
	return b, nil
}

// Act returns one of seat's legal actions in s.
func (b *Bot) Act(s engine.State, seat int) engine.Action {
	return b.ActContext(context.Background(), s, seat)
}

// ActContext is Act with a search that stops when ctx ends, playing the
// most visited action so far, the policy's choice if the search had no
// time (engine.ContextBot).
func (b *Bot) ActContext(ctx context.Context, s engine.State, seat int) engine.Action {
	g := &searchGame{State: s, plays: b.plays, covers: b.covers, lossScale: b.loss, w: &b.policy.w, buf: &b.buf}
	b.legal = g.Legal(seat, b.legal[:0])
	if len(b.legal) == 1 {
		return b.legal[0]
	}
	switch kindOf(b.legal[0]) {
	case kindPlay, kindYield, kindDiscard, kindPower:
		if b.search != nil {
			return b.search.ActContext(ctx, g, seat)
		}
	}
	return b.policy.choose(g, seat, b.legal, &b.rng)
}

// Settings returns the bot's settings, as lowered by Cap (the search's
// zero when the policy plays alone).
func (b *Bot) Settings() Settings {
	st := Settings{Plays: b.plays, Covers: b.covers, LossScale: b.loss}
	if b.search != nil {
		st.Search = b.search.Config()
	}
	return st
}

// Cap lowers the settings over caps to them (engine.Capper): plays and
// covers to the candidates cap, and the search's own.
func (b *Bot) Cap(caps engine.BotCaps) {
	if n := caps.Candidates; n > 0 {
		b.plays, b.covers = min(b.plays, n), min(b.covers, n)
	}
	if b.search != nil {
		b.search.Cap(caps)
	}
}

// ownKeys are the settings the package reads itself; the rest go to
// ismcts.ParseParams.
var ownKeys = map[string]string{
	"plays":  "an integer >= 1 (default 4)",
	"covers": "an integer >= 1 (default 4)",
	"loss":   "a number from 0 to 1 (default 0.5)",
}

// ParseSettings reads --bot-opt settings over DefaultSettings. An unknown
// key or a bad value returns an error wrapping engine.ErrBadOption.
func ParseSettings(params map[string]string) (Settings, error) {
	st := DefaultSettings()
	search, err := ismcts.SplitParams("regicidebot", params, ownKeys, func(k, v string) (err error) {
		switch k {
		case "plays":
			st.Plays, err = strconv.Atoi(v)
		case "covers":
			st.Covers, err = strconv.Atoi(v)
		case "loss":
			st.LossScale, err = strconv.ParseFloat(v, 64)
		}
		return err
	})
	if err != nil {
		return Settings{}, err
	}
	if err := st.validate(); err != nil {
		return Settings{}, err
	}
	if search["iterations"] == "0" {
		if _, timed := params["time"]; !timed {
			st.Search.Iterations = 0
			return st, nil
		}
	}
	cfg, err := ismcts.ParseParamsOver(st.Search, search)
	if err != nil {
		return Settings{}, fmt.Errorf("regicidebot: %w (or plays, covers, loss)", err)
	}
	st.Search = cfg
	return st, nil
}

// Factory makes an expert bot from --bot-opt settings; it has the shape of
// bots.Factory.
func Factory(_ engine.Game, _ engine.Options, params map[string]string, seed uint64) (engine.Bot, error) {
	st, err := ParseSettings(params)
	if err != nil {
		return nil, err
	}
	return New(st, seed)
}
