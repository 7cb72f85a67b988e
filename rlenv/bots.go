package rlenv

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"cardtable/bots"
	"cardtable/cards"
	"cardtable/engine"
)

// BotCaps bound every bot an environment plays or asks, as `cardtable
// serve` bounds a table's (docs/protocol.md, "Bots"): a decision thinks at
// most 2 s, searches at most 20,000 iterations over at most 16 candidates,
// on at most as many workers as the machine has CPUs. A spec asking for
// more is refused.
var BotCaps = engine.BotCaps{Think: 2 * time.Second, Iterations: 20000, Workers: runtime.NumCPU(), Candidates: 16}

// botSpec reads a bot spec and checks that the game has the bot, that it
// takes the settings and that they are under BotCaps.
func (e *Env) botSpec(text string) (bots.Spec, error) {
	spec, err := bots.ParseSpec(text)
	if err != nil {
		return spec, fmt.Errorf("rlenv: %w: %v", ErrBadBot, err)
	}
	if _, err := e.newBot(spec, 0); err != nil {
		return spec, err
	}
	if over := spec.OverCaps(BotCaps); len(over) > 0 {
		return spec, fmt.Errorf("rlenv: %w: %s: %s=%s is over the environment's cap of %s; ask for at most %s", ErrBadBot, spec.Name, over[0].Key, over[0].Value, over[0].Max, over[0].Max)
	}
	return spec, nil
}

// newBot makes spec's bot for the game, seeded with seed and capped.
func (e *Env) newBot(spec bots.Spec, seed uint64) (engine.Bot, error) {
	b, err := spec.Bot(e.game, e.opts, seed)
	if err != nil {
		return nil, fmt.Errorf("rlenv: %w: %v", ErrBadBot, err)
	}
	engine.CapBot(b, BotCaps)
	return b, nil
}

// decide asks b for seat's action in seat's own position, within the
// think cap.
func (e *Env) decide(b engine.Bot, seat int) (engine.Action, error) {
	ctx, cancel := context.WithTimeout(context.Background(), BotCaps.Think)
	defer cancel()
	return engine.ActContext(ctx, b, e.stateFor(seat), seat), nil
}

// BotAction asks the bot of spec (a bot spec, e.g. "heuristic" or
// "expert:iterations=200") which action it would play for seat now, and
// returns its index and its notation; nothing is played. Each (seat, spec)
// keeps its bot, seeded from the game's seed, until Reset. In War the
// notation carries the bot's own slap time (slap@T), which StepText plays
// as it is; the index's slap plays the environment's slap-ms.
func (e *Env) BotAction(seat int, spec string) (int, string, error) {
	if err := e.checkSeat(seat); err != nil {
		return 0, "", err
	}
	if e.state.Terminal() {
		return 0, "", fmt.Errorf("rlenv: %w", engine.ErrGameOver)
	}
	if err := engine.CheckSeat(seat, e.state.ToMove(e.moving[:0])); err != nil {
		return 0, "", err
	}
	key := strconv.Itoa(seat) + " " + strings.TrimSpace(spec)
	b, ok := e.askers[key]
	if !ok {
		s, err := e.botSpec(spec)
		if err != nil {
			return 0, "", err
		}
		if b, err = e.newBot(s, cards.SubSeed(e.seed, 2000+uint64(seat))); err != nil {
			return 0, "", err
		}
		if e.askers == nil {
			e.askers = map[string]engine.Bot{}
		}
		e.askers[key] = b
	}
	a, err := e.decide(b, seat)
	if err != nil {
		return 0, "", err
	}
	acts, idx, err := e.legalOf(seat)
	if err != nil {
		return 0, "", err
	}
	text := e.state.ActionString(a)
	for i, x := range acts {
		if x == a || (e.game.Name() == "war" && idx[i] == warSlap && strings.HasPrefix(text, "slap@")) {
			return idx[i], text, nil
		}
	}
	return 0, "", fmt.Errorf("rlenv: the bot %q chose %q, which is not a legal action of seat %d", spec, text, seat)
}
