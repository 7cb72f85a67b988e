// Package watchtowerbot holds Watchtower's computer players: the rule-based
// Heuristic (registered as "heuristic") and the strongest, the bot
// registered as "expert". By default the expert plays its Policy: the
// heuristic, made to complete towers only into showdowns it expects to
// win, and to wait for them, as the last player off campaign, with its
// cards in hand while it cycles low ones for draws (with 4 players also
// while it is off campaign beside campaigners). With candidates set
// above 1 it searches: single-observer ISMCTS (bots/ismcts) over a search
// game that offers, at each decision, only the few actions the policy
// ranks best, whose rollouts are played by that policy and stopped after a
// few actions to be scored by an evaluation fitted to game outcomes (the
// chance to win from campaign status and the share of a showdown played
// between the armies now).
//
// A searching bot plays the policy's choice unless the search finds another
// candidate whose mean return beats it by more than a margin: with the few
// iterations a decision can afford the means are noisy, and the policy is
// a good player to deviate from only on evidence. Blind picks and gifts to
// an empty barracks are played by the policy without a search: the
// positions of a blind pick carry no information. Like every cardtable bot
// it reads only what its seat may know: View, Legal and Determinize.
//
// Settings (--bot-opt key=value):
//
//	iterations     ISMCTS iterations per decision (default 200)
//	time           wall-clock budget per decision (as in bots/ismcts)
//	c              UCB1 exploration constant (default 1.0)
//	workers        parallel trees (default 1)
//	rollout-depth  actions of a rollout before it is scored (default 24)
//	candidates     actions the search considers at each decision, the
//	               policy's best (default 1: the policy alone, no search;
//	               3 was the 2-player default before the policy's waiting
//	               play, see docs/watchtower.md)
//	margin         how much higher another action's mean return must be
//	               than the policy choice's to be played (default 0.05)
//	complete-odds  the showdown share below which the last player off
//	               campaign holds back a completion (default 0.65; with 2
//	               players the bar is 0.1 higher, Policy.threshold)
package watchtowerbot

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"

	"cardtable/bots/ismcts"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// Defaults of Settings.
const (
	DefaultIterations   = 200
	DefaultC            = 1.0
	DefaultRolloutDepth = 24
	// DefaultCandidates is 1: the policy alone, at every player count.
	DefaultCandidates = 1
	DefaultMargin     = 0.05
	// MaxCandidates bounds Settings.Candidates: more than a decision has
	// legal actions changes nothing.
	MaxCandidates = 256
)

// Settings are a Bot's options.
type Settings struct {
	// Search configures the ISMCTS search; its Rollout and Evaluate are
	// set by New.
	Search ismcts.Config
	// Candidates is how many actions the search considers per decision;
	// 0 is DefaultCandidates (1: the policy alone, no search). The policy
	// alone beats the heuristic by more than the search over the previous
	// policy did, at microseconds a decision (docs/watchtower.md).
	Candidates int
	// Margin is how much higher another action's mean return must be than
	// the policy's choice's for the bot to play it instead.
	Margin float64
	// CompleteOdds is the policy's completion rule (Policy.CompleteOdds).
	CompleteOdds float64
}

// DefaultSettings returns the registered defaults.
func DefaultSettings() Settings {
	cfg := ismcts.DefaultConfig()
	cfg.Iterations, cfg.C, cfg.RolloutDepth = DefaultIterations, DefaultC, DefaultRolloutDepth
	return Settings{Search: cfg, Margin: DefaultMargin, CompleteOdds: DefaultCompleteOdds}
}

// Bot plays Watchtower for one seat. It implements engine.Bot and is not
// safe for concurrent use.
type Bot struct {
	search     *ismcts.Bot
	policy     *Policy
	candidates int
	margin     float64
	legal      []engine.Action
}

// New returns a Bot with settings st, seeded with seed.
func New(st Settings, seed uint64) (*Bot, error) {
	if st.Candidates < 0 || st.Candidates > MaxCandidates {
		return nil, fmt.Errorf("watchtowerbot: %w", ismcts.BadSetting("candidates", fmt.Sprint(st.Candidates), fmt.Sprintf("1 to %d (0: the default)", MaxCandidates)))
	}
	if !(st.Margin >= 0 && st.Margin <= 2) {
		return nil, fmt.Errorf("watchtowerbot: %w", ismcts.BadSetting("margin", fmt.Sprint(st.Margin), "a number from 0 to 2"))
	}
	if !(st.CompleteOdds >= 0 && st.CompleteOdds <= 1) {
		return nil, fmt.Errorf("watchtowerbot: %w", ismcts.BadSetting("complete-odds", fmt.Sprint(st.CompleteOdds), "a number from 0 to 1"))
	}
	cfg := st.Search
	cfg.Rollout = firstListed
	cfg.Evaluate = func(s engine.State) []float64 { return s.(*searchGame).evaluate() }
	search, err := ismcts.New(cfg, cards.SubSeed(seed, 1))
	if err != nil {
		return nil, fmt.Errorf("watchtowerbot: %w", err)
	}
	return &Bot{search: search, policy: NewPolicy(cards.SubSeed(seed, 2), st.CompleteOdds), candidates: st.Candidates, margin: st.Margin}, nil
}

// Act returns one of seat's legal actions in s.
func (b *Bot) Act(s engine.State, seat int) engine.Action {
	return b.ActContext(context.Background(), s, seat)
}

// ActContext is Act with a search that stops when ctx ends; with no
// iteration run it plays the policy's choice (engine.ContextBot).
func (b *Bot) ActContext(ctx context.Context, s engine.State, seat int) engine.Action {
	candidates := b.candidates
	if candidates == 0 {
		candidates = DefaultCandidates
	}
	b.legal = b.policy.Ranked(s, seat, b.legal[:0], candidates)
	if len(b.legal) == 1 {
		return b.legal[0]
	}
	stats := b.search.SearchContext(ctx, &searchGame{State: s, candidates: candidates, policy: b.policy}, seat)
	return preferred(stats, b.legal[0], b.margin)
}

// Settings returns the bot's settings, as lowered by Cap.
func (b *Bot) Settings() Settings {
	return Settings{Search: b.search.Config(), Candidates: b.candidates, Margin: b.margin, CompleteOdds: b.policy.CompleteOdds}
}

// Cap lowers the settings over caps to them (engine.Capper): the
// candidates, and the search's own.
func (b *Bot) Cap(caps engine.BotCaps) {
	if n := caps.Candidates; n > 0 && b.candidates > n {
		b.candidates = n
	}
	b.search.Cap(caps)
}

// preferred returns the policy's choice unless the search found an
// action whose mean return beats the choice's by more than margin (the
// most visited of those, ties to the higher mean): with few iterations the
// means are noisy, and the policy is a good player to deviate from only
// on evidence.
func preferred(stats []ismcts.ActionStat, choice engine.Action, margin float64) engine.Action {
	base := -2.0
	for _, st := range stats {
		if st.Action == choice && st.Visits > 0 {
			base = st.Mean
		}
	}
	best, bestVisits, bestMean := choice, 0, base+margin
	for _, st := range stats {
		if st.Action == choice || st.Visits == 0 || st.Mean <= base+margin {
			continue
		}
		if st.Visits > bestVisits || (st.Visits == bestVisits && st.Mean > bestMean) {
			best, bestVisits, bestMean = st.Action, st.Visits, st.Mean
		}
	}
	return best
}

// firstListed is the rollout policy: the search game lists the policy's
// choice first.
func firstListed(_ engine.State, _ int, legal []engine.Action, _ *cards.RNG) engine.Action {
	return legal[0]
}

// searchGame is the game the search sees: the real one, offering at each
// decision only the policy's best candidates, its choice first.
type searchGame struct {
	engine.State
	candidates int
	policy     *Policy
	toMove     []int
}

// Legal lists the policy's best candidates for seat, its choice first.
func (g *searchGame) Legal(seat int, dst []engine.Action) []engine.Action {
	if g.State.Terminal() {
		return dst
	}
	g.toMove = g.State.ToMove(g.toMove[:0])
	for _, x := range g.toMove {
		if x == seat {
			return g.policy.Ranked(g.State, seat, dst, g.candidates)
		}
	}
	return dst
}

// Determinize keeps the search's view of the game on the sample, with a
// ranker of its own: every iteration of every worker ranks with its own
// generator, drawn from the worker's, so searches stay reproducible and
// workers share nothing.
func (g *searchGame) Determinize(seat int, rng *rand.Rand) engine.State {
	d := g.State.Determinize(seat, rng)
	return &searchGame{State: d, candidates: g.candidates, policy: g.policy.forRollouts(rng.Uint64())}
}

// DeterminizeInto is Determinize written into dst, a search game of an
// earlier sample: its inner state takes the new determinization
// (engine.DeterminizeInto) and its rollout policy is re-seeded as
// Determinize seeds a new one, keeping its buffers. Any other dst gets a
// new search game.
func (g *searchGame) DeterminizeInto(dst engine.State, seat int, rng *rand.Rand) engine.State {
	old, ok := dst.(*searchGame)
	if !ok || old == g || old.policy == g.policy {
		return g.Determinize(seat, rng)
	}
	old.State = engine.DeterminizeInto(g.State, old.State, seat, rng)
	old.candidates = g.candidates
	old.policy.reseedForRollouts(rng.Uint64(), g.policy.CompleteOdds)
	return old
}

// CloneInto is Clone written into dst when it is another search game:
// the copy shares the policy, as Clone's does.
func (g *searchGame) CloneInto(dst engine.State) engine.State {
	old, ok := dst.(*searchGame)
	if !ok || old == g {
		return g.Clone()
	}
	old.State = engine.CloneInto(g.State, old.State)
	old.candidates, old.policy = g.candidates, g.policy
	return old
}

// ApplyLegal implements engine.LegalApplier for the search's rollouts:
// what Legal lists (the policy's candidates) is legal in the real game,
// which plays it through its own trusted path.
func (g *searchGame) ApplyLegal(seat int, a engine.Action) {
	if err := engine.ApplyLegal(g.State, seat, a); err != nil {
		panic(fmt.Sprintf("watchtowerbot: the search's legal action %s was refused: %v", g.ActionString(a), err))
	}
}

// View is the real game's view without event texts, which the search
// does not read.
func (g *searchGame) View(seat int) engine.View { return watchtower.ViewOf(g.State, seat) }

// evaluate scores the position for a rollout the search stopped, drawing
// on the policy's generator (each iteration's own, see Determinize).
func (g *searchGame) evaluate() []float64 {
	p := g.policy
	if p.view == nil {
		p.view = &watchtower.View{}
	}
	return evaluate(g.State, &p.rng, p.armyBuffers(g.NumSeats()), p.view)
}

// Clone keeps the search's view of the game on the copy.
func (g *searchGame) Clone() engine.State {
	return &searchGame{State: g.State.Clone(), candidates: g.candidates, policy: g.policy}
}

// ownKeys are the settings the package reads itself; the rest go to
// ismcts.ParseParams.
var ownKeys = map[string]string{
	"candidates":    "an integer from 1 to 256 (default 1: the policy alone)",
	"margin":        "a number from 0 to 2 (default 0.05)",
	"complete-odds": "a number from 0 to 1 (default 0.65)",
}

// errBelow marks a setting out of its range.
var errBelow = errors.New("out of range")

// ParseSettings reads --bot-opt settings over DefaultSettings. An unknown
// key or a bad value returns an error wrapping engine.ErrBadOption.
func ParseSettings(params map[string]string) (Settings, error) {
	st := DefaultSettings()
	search, err := ismcts.SplitParams("watchtowerbot", params, ownKeys, func(k, v string) (err error) {
		switch k {
		case "candidates":
			st.Candidates, err = strconv.Atoi(v)
			if err == nil && (st.Candidates < 1 || st.Candidates > MaxCandidates) {
				err = errBelow
			}
		case "margin":
			st.Margin, err = strconv.ParseFloat(v, 64)
			if err == nil && !(st.Margin >= 0 && st.Margin <= 2) {
				err = errBelow
			}
		case "complete-odds":
			st.CompleteOdds, err = strconv.ParseFloat(v, 64)
			if err == nil && !(st.CompleteOdds >= 0 && st.CompleteOdds <= 1) {
				err = errBelow
			}
		}
		return err
	})
	if err != nil {
		return Settings{}, err
	}
	cfg, err := ismcts.ParseParamsOver(st.Search, search)
	if err != nil {
		return Settings{}, fmt.Errorf("watchtowerbot: %w (or candidates, margin, complete-odds)", err)
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
