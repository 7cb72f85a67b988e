package sim

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"cardtable/engine"
	"cardtable/record"
)

// player plays games through State with bots; one per worker, so its
// buffers are reused from game to game.
type player struct {
	bots   []engine.Bot
	toMove []int
	legal  []engine.Action
	record *record.Record
	// cut is set when a search was cut short by the run's context
	// (Ctrl-C): the game stops there.
	cut bool
	// times receives the decision times; lineup says who plays each seat.
	times  *tally
	lineup *lineup
	// epoch is the player's time origin: measuring from it reads only the
	// monotonic clock, one read fewer per decision than time.Now.
	epoch time.Time
}

// play plays one game from seed to its end with lineup l, timing each
// decision into t and recording the game when asked.
func (p *player) play(ctx context.Context, cfg Config, t *tally, l *lineup, seed uint64, rec bool) (engine.State, error) {
	s, err := cfg.Game.New(cfg.Options, engine.Setup{Seed: seed})
	if err != nil {
		return nil, err
	}
	p.times, p.lineup = t, l
	if p.epoch.IsZero() {
		p.epoch = time.Now()
	}
	p.bots, p.cut = p.bots[:0], false
	for i := 0; i < l.seats; i++ {
		b, err := cfg.Seats[l.config[i]].New(engine.BotSeed(seed, i))
		if err != nil {
			return nil, fmt.Errorf("seat %d: %w", i, err)
		}
		if cb, ok := b.(engine.ContextBot); ok {
			b = &cutShort{bot: cb, ctx: ctx, cut: &p.cut}
		}
		p.bots = append(p.bots, b)
	}
	p.record = nil
	if rec {
		p.record = record.FromGame(cfg.Game, cfg.Options, engine.Setup{Seed: seed}, recordSeats(cfg.Seats, l))
	}
	for n := 0; !s.Terminal(); {
		p.toMove = s.ToMove(p.toMove[:0])
		for _, seat := range p.toMove {
			if n++; n > maxActions {
				return nil, fmt.Errorf("no end after %d actions", maxActions)
			}
			if err := p.act(cfg, s, seat); err != nil {
				return nil, err
			}
		}
		if p.cut {
			return nil, ctx.Err()
		}
	}
	if p.record != nil {
		p.record.Finish(s)
	}
	return s, nil
}

// cutShort asks a searching bot under the run's context, so Ctrl-C stops
// its search, and marks the game cut when it did. Only searching seats
// are wrapped: War's bots and the heuristics pay nothing per decision.
type cutShort struct {
	bot engine.ContextBot
	ctx context.Context
	cut *bool
}

func (c *cutShort) Act(s engine.State, seat int) engine.Action {
	a := c.bot.ActContext(c.ctx, s, seat)
	if c.ctx.Err() != nil {
		*c.cut = true
	}
	return a
}

// act asks seat's bot for an action, timing the decision, and applies it.
// In a simultaneous window an earlier seat's action may have closed the
// window; a seat that may no longer act is skipped rather than asked.
func (p *player) act(cfg Config, s engine.State, seat int) error {
	if p.legal = s.Legal(seat, p.legal[:0]); len(p.legal) == 0 {
		return nil
	}
	start := time.Since(p.epoch)
	a := p.bots[seat].Act(s, seat)
	took := time.Since(p.epoch) - start
	p.times.seatTimes[seat].add(took)
	p.times.botTimes[p.lineup.bot[seat]].add(took)
	if p.record != nil {
		p.record.Add(s, seat, a)
	}
	if err := s.Apply(seat, a); err != nil {
		return fmt.Errorf("bot %q in seat %d chose %q: %w", cfg.Seats[p.lineup.config[seat]].Bot, seat, s.ActionString(a), err)
	}
	return nil
}

// recordSeats names each seat of a recorded game and the bot playing it.
func recordSeats(seats []Seat, l *lineup) []record.Seat {
	out := make([]record.Seat, l.seats)
	for i := range out {
		out[i] = record.Seat{Name: fmt.Sprintf("seat %d", i+1), Bot: seats[l.config[i]].Bot}
	}
	return out
}

// RecordConfig saves every Every-th game (game indices 0, Every, 2·Every…)
// as a record file in Dir. Games saved this way are played through State
// even when the game has a fast path.
type RecordConfig struct {
	Dir   string
	Every int64
}

func (rc RecordConfig) wants(game int64) bool {
	return rc.Dir != "" && rc.Every > 0 && game%rc.Every == 0
}

// save writes the record of game i to Dir/GAME-i.json.
func (rc RecordConfig) save(i int64, r *record.Record) error {
	path := filepath.Join(rc.Dir, fmt.Sprintf("%s-%d.json", r.Game, i))
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("sim: saving game %d: %w", i, err)
	}
	if err := r.Write(f); err != nil {
		f.Close()
		return fmt.Errorf("sim: saving game %d: %w", i, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("sim: saving game %d: %w", i, err)
	}
	return nil
}

// reporterOf returns the game's own Reporter, or one built from Result for
// a game without one.
func reporterOf(g engine.Game) engine.Reporter {
	if r, ok := g.(engine.Reporter); ok {
		return r
	}
	return &resultReporter{index: map[string]int{}}
}

// resultReporter derives an Outcome from State.Result: length, winners,
// returns and end reason (numbered in the order first seen; the report
// maps them back to names, so the numbering does not show).
type resultReporter struct {
	mu    sync.Mutex
	index map[string]int
	names []string
}

func (r *resultReporter) Stats(engine.Options) engine.StatsSpec {
	return engine.StatsSpec{LengthUnit: "length"}
}

func (r *resultReporter) Outcome(s engine.State) engine.Outcome {
	res := s.Result()
	out := engine.Outcome{Seats: s.NumSeats(), Length: res.Length, End: r.endIndex(res.End)}
	copy(out.Returns[:], res.Returns)
	for _, w := range res.Winners {
		out.Won[w] = true
	}
	return out
}

func (r *resultReporter) endIndex(end string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	i, ok := r.index[end]
	if !ok {
		i = len(r.names)
		r.index[end] = i
		r.names = append(r.names, end)
	}
	return i
}

// endNames returns the names of the end reasons seen so far.
func (r *resultReporter) endNames() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.names...)
}
