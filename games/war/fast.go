package war

import (
	"math/bits"
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
			if p.plainBattle() {
				p.afterBattle()
				continue
			}
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

// plainBattle plays, straight from the piles, a battle whose face-up cards
// settle it at once with no Automatic War rank among them and no Slap War:
// what layRound, compare, settle and pickUp do for it (WAR-03, WAR-04),
// without the trick's bookkeeping. It reports false, changing nothing, for
// any other round; afterBattle follows a true.
func (p *play) plainBattle() bool {
	if p.war || p.r.slap != 0 {
		return false
	}
	n := p.r.seats
	var top [3]cards.Card
	var ranks [3]cards.Rank
	for seat := range n {
		if p.in&bit(seat) != 0 {
			top[seat] = p.piles[seat].at(0)
			ranks[seat] = top[seat].Rank()
			if ranks[seat] == p.r.autoWar && p.r.autoWar != 0 {
				return false
			}
		}
	}
	beats := &p.r.cmp.beats
	var unbeaten uint8
	for i := range n {
		if p.in&bit(i) == 0 {
			continue
		}
		beaten := uint8(0)
		for j := range n {
			if p.in&bit(j) != 0 {
				beaten |= beats[ranks[j]&15][ranks[i]&15]
			}
		}
		unbeaten |= (beaten ^ 1) << uint(i)
	}
	if bits.OnesCount8(unbeaten) != 1 {
		return false
	}
	winner := bits.TrailingZeros8(unbeaten)
	for seat := range n {
		if p.in&bit(seat) != 0 {
			p.piles[seat].pop()
		}
	}
	dst := &p.piles[winner]
	from := uint(dst.head) + uint(dst.n)
	for _, seat := range p.r.order[winner][:n] {
		if p.in&bit(int(seat)) != 0 {
			dst.push(top[seat])
		}
	}
	if p.r.pickup == shuffled {
		tail := uint(dst.head) + uint(dst.n)
		for i := int(tail-from) - 1; i > 0; i-- {
			j := uint(p.rng.IntN(i + 1))
			a, b := (from+uint(i))&63, (from+j)&63
			dst.buf[a], dst.buf[b] = dst.buf[b], dst.buf[a]
		}
	}
	p.count.battles++
	return true
}
