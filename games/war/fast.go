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

var (
	playPool = sync.Pool{New: func() any { return new(play) }}
	duelPool = sync.Pool{New: func() any { return new(duel) }}
)

// Simulate plays the game New(opts, Setup{Seed: seed}) with NewBot in every
// seat (seat s seeded engine.BotSeed(seed, s)) and writes its outcome,
// without allocating. Two-player games without Slap War or Underdog take a
// dedicated loop; the rest run the same rules code as State. It is safe for
// concurrent use. It panics on options New rejects: check them with New
// first.
func (Game) Simulate(opts engine.Options, seed uint64, out *engine.Outcome) {
	r, err := rulesFrom(opts)
	if err != nil {
		panic(err)
	}
	if r.seats == 2 && r.slap == 0 && r.underdog == 0 {
		d := duelPool.Get().(*duel)
		d.run(&r, seed, out)
		duelPool.Put(d)
		return
	}
	p := playPool.Get().(*play)
	p.simulate(&r, seed, out)
	playPool.Put(p)
}

// simulate plays a whole game through the rules code, answering slap
// windows as NewBot would.
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
			if t := reactionMS(&bots[seat]); t < r.windowMS {
				w.slapped |= bit(seat)
				w.ms[seat] = uint16(t)
			}
		}
		w.answered = w.eligible
		p.closeWindow()
	}
	p.outcome(out)
}

// duel is the scratch of the two-player loop: both piles, both players'
// laid cards, and Brent's saved position.
type duel struct {
	p     [2]pile
	laid  [2][52]cards.Card
	saved [52]cards.Card
}

// duelGame is the running state of one two-player game.
type duelGame struct {
	rng                     cards.RNG
	battles, wars, autoWars int
	savedLen0, power, lam   int
	end                     uint8
	winner                  int
}

// run plays one two-player game: the same rules as play, specialised.
func (d *duel) run(r *rules, seed uint64, out *engine.Outcome) {
	g := duelGame{rng: cards.NewRNG(seed), winner: -1, power: 1, savedLen0: 26}
	deck := standardDeck
	g.rng.Shuffle(deck[:])
	p0, p1 := &d.p[0], &d.p[1]
	p0.head, p1.head, p0.n, p1.n = 0, 0, 26, 26
	for i := range 26 {
		p0.buf[i], p1.buf[i] = deck[2*i], deck[2*i+1]
	}
	detect := r.repetitionApplies()
	if detect {
		d.save()
	}
	cmp := &r.cmp.cmp2
	for g.end == endNone {
		a, b := p0.pop(), p1.pop()
		switch c := cmp[a][b]; {
		case c == firstWins && r.pickup == winnerFirst:
			p0.push(a)
			p0.push(b)
		case c == secondWin && r.pickup == winnerFirst:
			p1.push(b)
			p1.push(a)
		default:
			d.laid[0][0], d.laid[1][0] = a, b
			if !d.trick(r, &g, c) {
				g.battles++
				g.end = endDraw
				continue
			}
		}
		g.battles++
		switch {
		case p0.n == 0:
			g.end, g.winner = endWin, 1
		case p1.n == 0:
			g.end, g.winner = endWin, 0
		case detect && d.step(&g):
			g.end = endRepetition
		case g.battles >= r.maxBattles:
			g.end = endCap
		}
	}
	*out = engine.Outcome{Seats: 2, End: int(g.end) - 1, Length: g.battles}
	if g.winner >= 0 {
		out.Won[g.winner] = true
		out.Returns[g.winner], out.Returns[1-g.winner] = 1, -1
	}
	out.Metrics[0], out.Metrics[4] = float64(g.wars), float64(g.autoWars)
}

// trick finishes a battle whose first comparison c was not settled by the
// quick path: wars until a winner, then pickup. It returns false when both
// players ran out of cards (a draw).
func (d *duel) trick(r *rules, g *duelGame, c uint8) bool {
	p0, p1 := &d.p[0], &d.p[1]
	n0, n1 := 1, 1
	for c == tie || c == autoTie {
		if c == autoTie {
			g.autoWars++
		}
		g.wars++
		if p0.n == 0 || p1.n == 0 {
			if p0.n == p1.n {
				return false
			}
			c = firstWins
			if p0.n == 0 {
				c = secondWin
			}
			break
		}
		n0 = d.lay(0, n0, r.down)
		n1 = d.lay(1, n1, r.down)
		c = r.cmp.cmp2[d.laid[0][n0-1]][d.laid[1][n1-1]]
	}
	w := 0
	if c == secondWin {
		w = 1
	}
	d.pickUp(r.pickup, w, [2]int{n0, n1}, &g.rng)
	return true
}

// lay lays seat's war round after its first n cards and returns the new
// count (WAR-05, WAR-06).
func (d *duel) lay(seat, n, down int) int {
	pl := &d.p[seat]
	k := min(int(pl.n), down+1)
	for i := range k {
		d.laid[seat][n+i] = pl.pop()
	}
	return n + k
}

// pickUp moves both players' laid cards under the winner's pile, layer by
// layer in the pickup order (WAR-04).
func (d *duel) pickUp(order pickupOrder, w int, n [2]int, rng *cards.RNG) {
	first := w
	switch order {
	case loserFirst:
		first = 1 - w
	case seatOrder:
		first = 0
	}
	dst := &d.p[w]
	from := dst.n
	fa, fb := &d.laid[first], &d.laid[1-first]
	na, nb := n[first], n[1-first]
	for i := range max(na, nb) {
		if i < na {
			dst.push(fa[i])
		}
		if i < nb {
			dst.push(fb[i])
		}
	}
	if order == shuffled {
		for i := int(dst.n-from) - 1; i > 0; i-- {
			j := rng.IntN(i + 1)
			x, y := (dst.head+from+uint8(i))&63, (dst.head+from+uint8(j))&63
			dst.buf[x], dst.buf[y] = dst.buf[y], dst.buf[x]
		}
	}
}

// save stores both piles as Brent's saved position.
func (d *duel) save() {
	k := 0
	for seat := range 2 {
		pl := &d.p[seat]
		for i := range int(pl.n) {
			d.saved[k] = pl.at(i)
			k++
		}
	}
}

// step is brent.step for two piles: the lengths first, then the cards.
func (d *duel) step(g *duelGame) bool {
	g.lam++
	if int(d.p[0].n) == g.savedLen0 && d.same() {
		return true
	}
	if g.lam == g.power {
		d.save()
		g.savedLen0 = int(d.p[0].n)
		g.power *= 2
		g.lam = 0
	}
	return false
}

func (d *duel) same() bool {
	k := 0
	for seat := range 2 {
		pl := &d.p[seat]
		for i := range int(pl.n) {
			if pl.at(i) != d.saved[k] {
				return false
			}
			k++
		}
	}
	return true
}
