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
	trio   trio
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
		sc.trio.prepare(&sc.r)
	}
	if r := &sc.r; r.seats == 2 {
		sc.duel.run(r, seed, out)
	} else {
		sc.play.simulate(r, seed, out, &sc.trio, &sc.duel)
	}
}

// simulate plays a whole game through the rules code, answering slap
// windows as the default player (bots/warbot) would.
func (p *play) simulate(r *rules, seed uint64, out *engine.Outcome, t *trio, d *duel) {
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
			if p.in == 7 && !p.war && r.slap == 0 {
				if p.plainBattles3(t) {
					continue
				}
			} else if bits.OnesCount8(p.in) == 2 && !p.war && r.slap == 0 {
				if d.twoLeft(p) || p.plainBattles2(t) {
					continue
				}
			} else if p.plainBattle() {
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

// trio holds the three-player comparison tables of the fast path.
type trio struct {
	// of3[ra][rb][rc] is the seat whose face-up card alone is unbeaten
	// when seats 0, 1 and 2 turn up ranks ra, rb and rc (WAR-03, WAR-13),
	// or trioWar when the cards do not settle the battle at once (a war,
	// or an Automatic War rank among them).
	of3 [16][16][16]uint8
	// of2[ra][rb] is 0 or 1 when the first or the second of the two
	// players left wins with ranks ra and rb, trioWar otherwise.
	of2 [16][16]uint8
}

const trioWar = 3

// prepare fills the table for rules r (three players).
func (t *trio) prepare(r *rules) {
	beats := &r.cmp.beats
	auto := func(x int) bool { return r.autoWar != 0 && cards.Rank(x) == r.autoWar }
	for ra := range t.of2 {
		for rb := range t.of2[ra] {
			t.of2[ra][rb] = trioWar
			switch {
			case auto(ra) || auto(rb):
			case beats[ra][rb] == 1:
				t.of2[ra][rb] = 0
			case beats[rb][ra] == 1:
				t.of2[ra][rb] = 1
			}
		}
	}
	for ra := range t.of3 {
		for rb := range t.of3[ra] {
			for rc := range t.of3[ra][rb] {
				ranks := [3]int{ra, rb, rc}
				t.of3[ra][rb][rc] = trioWar
				var unbeaten uint8
				anyAuto := false
				for i, x := range ranks {
					anyAuto = anyAuto || auto(x)
					beaten := uint8(0)
					for _, y := range ranks {
						beaten |= beats[y][x]
					}
					unbeaten |= (beaten ^ 1) << uint(i)
				}
				if !anyAuto && bits.OnesCount8(unbeaten) == 1 {
					t.of3[ra][rb][rc] = uint8(bits.TrailingZeros8(unbeaten))
				}
			}
		}
	}
}

// plainBattles3 plays battles while all three players are in and their
// face-up cards settle each at once (t), straight from the piles, with
// afterBattle's checks inline: the end, Brent's step and the cap. The pile
// heads and sizes stay in locals and go back to p.piles before anything
// that reads them; Brent's card comparison runs only when pile 0 has the
// saved size and top card (the saved position starts with pile 0). It
// returns when a battle needs the general code (leaving it unplayed) or a
// player ran out (after afterBattle), and reports whether it played any
// battle. Like duel.battles it stays one function so the loop makes no
// calls on its common path.
func (p *play) plainBattles3(t *trio) bool {
	played := false
	order := &p.r.order
	rep := p.r.repetitionApplies()
	shuffle := p.r.pickup == shuffled
	b := &p.cycle
	pl := &p.piles
	var h, n [3]uint
	for s := range h {
		h[s], n[s] = uint(pl[s].head), uint(pl[s].n)
	}
	sync := func() {
		for s := range h {
			pl[s].head, pl[s].n = uint8(h[s]&63), uint8(n[s])
		}
	}
	for {
		top := [3]cards.Card{pl[0].buf[h[0]&63], pl[1].buf[h[1]&63], pl[2].buf[h[2]&63]}
		w := t.of3[top[0].Rank()&15][top[1].Rank()&15][top[2].Rank()&15]
		if w >= trioWar {
			sync()
			return played
		}
		played = true
		h[0]++
		h[1]++
		h[2]++
		n[0]--
		n[1]--
		n[2]--
		dst := &pl[w&3]
		o := &order[w&3]
		from := h[w&3] + n[w&3]
		dst.buf[from&63] = top[o[0]%3]
		dst.buf[(from+1)&63] = top[o[1]%3]
		dst.buf[(from+2)&63] = top[o[2]%3]
		n[w&3] += 3
		if shuffle {
			for i := 2; i > 0; i-- {
				j := uint(p.rng.IntN(i + 1))
				x, y := (from+uint(i))&63, (from+j)&63
				dst.buf[x], dst.buf[y] = dst.buf[y], dst.buf[x]
			}
		}
		p.count.battles++
		if n[0] == 0 || n[1] == 0 || n[2] == 0 {
			sync()
			p.afterBattle()
			return true
		}
		if rep {
			b.lam++
			if n[0] == uint(b.savedLen[0]) && pl[0].buf[h[0]&63] == b.saved[0] {
				sync()
				if b.same(pl, 3) {
					p.finish(endRepetition, -1)
					return true
				}
			}
			if b.lam == b.power {
				sync()
				b.save(pl, 3)
				b.power *= 2
				b.lam = 0
			}
		}
		if p.count.battles >= p.r.maxBattles {
			sync()
			p.finish(endCap, -1)
			return true
		}
	}
}

// plainBattles2 is plainBattles3 for the two players left of three
// (t.of2); the pickup order is the rules' three-seat order without the
// player who is out.
func (p *play) plainBattles2(t *trio) bool {
	s0 := bits.TrailingZeros8(p.in)
	s1 := bits.TrailingZeros8(p.in &^ bit(s0))
	// first[w]: whether s0's card goes under first when s0 (w = 0) or s1
	// (w = 1) wins.
	var first [2]bool
	for w, seat := range [2]int{s0, s1} {
		for _, o := range p.r.order[seat&3][:3] {
			if int(o) == s0 || int(o) == s1 {
				first[w] = int(o) == s0
				break
			}
		}
	}
	played := false
	rep := p.r.repetitionApplies()
	pa, pb := &p.piles[s0&3], &p.piles[s1&3]
	for {
		a, b := pa.at(0), pb.at(0)
		w := t.of2[a.Rank()&15][b.Rank()&15]
		if w >= trioWar {
			return played
		}
		played = true
		pa.pop()
		pb.pop()
		dst := pa
		if w == 1 {
			dst = pb
		}
		from := uint(dst.head) + uint(dst.n)
		if first[w&1] {
			dst.push(a)
			dst.push(b)
		} else {
			dst.push(b)
			dst.push(a)
		}
		if p.r.pickup == shuffled {
			j := uint(p.rng.IntN(2))
			x, y := (from+1)&63, (from+j)&63
			dst.buf[x], dst.buf[y] = dst.buf[y], dst.buf[x]
		}
		p.count.battles++
		if pa.n == 0 || pb.n == 0 {
			p.afterBattle()
			return true
		}
		if rep && p.cycle.step(&p.piles, 3) {
			p.finish(endRepetition, -1)
			return true
		}
		if p.count.battles >= p.r.maxBattles {
			p.finish(endCap, -1)
			return true
		}
	}
}
