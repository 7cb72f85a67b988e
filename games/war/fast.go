package war

import (
	"sync"

	"cardtable/cards"
	"cardtable/engine"
)

// metricNames are the per-game figures of engine.Outcome.Metrics, in order.
var metricNames = []string{"wars", "slaps", "underdogs", "false-slaps", "auto-wars"}

// Stats declares War's figures: length in battles, the end reasons, and
// wars (a peace counts as a war), slaps won, Underdog wins, false slaps and
// wars forced by an Automatic War card.
func (Game) Stats(engine.Options) engine.StatsSpec {
	return engine.StatsSpec{LengthUnit: "battles", EndReasons: endReasons, Metrics: metricNames}
}

// Outcome summarises a War state (normally a terminal one).
func (Game) Outcome(s engine.State) engine.Outcome {
	var out engine.Outcome
	if ws, ok := s.(*State); ok {
		ws.outcome(&out)
	}
	return out
}

func (p *play) outcome(out *engine.Outcome) {
	*out = engine.Outcome{Seats: p.r.seats, End: int(p.end) - 1, Length: p.count.battles}
	if p.end == endWin {
		for seat := range p.r.seats {
			out.Returns[seat] = -1
		}
		out.Returns[p.winner] = float64(p.r.seats - 1)
		out.Won[p.winner] = true
	}
	c := &p.count
	out.Metrics[0], out.Metrics[1], out.Metrics[2] = float64(c.wars), float64(c.slaps), float64(c.underdogs)
	out.Metrics[3], out.Metrics[4] = float64(c.falseSlaps), float64(c.autoWars)
}

// scratch is one goroutine's reusable memory for Simulate, with the rules
// decoded from the options it last saw (keyed by engine.Options.ID).
type scratch struct {
	optsID uint64
	r      rules
	duel   duel
	play   play
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// Simulate plays the game New(opts, Setup{Seed: seed}) with the default
// player (bots/warbot) in every seat (seat s seeded engine.BotSeed(seed,
// s)) and writes its outcome, without allocating. Two-player games take a
// dedicated loop; three-player games run the same rules code as State. It
// is safe for concurrent use. It panics on options New rejects: check them with New
// first.
func (Game) Simulate(opts engine.Options, seed uint64, out *engine.Outcome) {
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	if id := opts.ID(); id == 0 || id != sc.optsID {
		r, err := rulesFrom(opts)
		if err != nil {
			panic(err)
		}
		sc.r, sc.optsID = r, id
		sc.duel.prepare(&sc.r)
	}
	if r := &sc.r; r.seats == 2 {
		sc.duel.run(r, seed, out)
	} else {
		sc.play.simulate(r, seed, out)
	}
}

// simulate plays a whole game through the rules code, answering slap
// windows as the default player (bots/warbot) would.
func (p *play) simulate(r *rules, seed uint64, out *engine.Outcome) {
	rng := cards.NewRNG(seed)
	deck := standardDeck
	rng.Shuffle(deck[:])
	p.record = false
	p.reset(r, rng, &deck)
	var bots [3]cards.RNG
	for seat := range r.seats {
		bots[seat] = cards.NewRNG(engine.BotSeed(seed, seat))
	}
	for p.phase != phaseOver {
		if p.phase == phaseFlip {
			p.pending = 0
			p.layRound()
			p.reveal()
			continue
		}
		w := &p.window
		for seat := range r.seats {
			if w.eligible&bit(seat) == 0 {
				continue
			}
			if t := ReactionMS(&bots[seat]); t < r.windowMS {
				w.slapped |= bit(seat)
				w.ms[seat] = uint16(t)
			}
		}
		w.answered = w.eligible
		p.closeWindow()
	}
	p.outcome(out)
}
