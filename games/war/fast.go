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

// Simulate plays the game New(opts, Setup{Seed: seed}) with NewBot in every
// seat (seat s seeded engine.BotSeed(seed, s)) and writes its outcome,
// without allocating. Two-player games without Slap War or Underdog take a
// dedicated loop; the rest run the same rules code as State. It is safe for
// concurrent use. It panics on options New rejects: check them with New
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
	}
	if r := &sc.r; r.seats == 2 && r.slap == 0 && r.underdog == 0 {
		sc.duel.run(r, seed, out)
	} else {
		sc.play.simulate(r, seed, out)
	}
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
	p         [2]pile
	laid      [2][52]cards.Card
	saved     [2][64]cards.Card
	savedHead [2]uint
}

// duelGame is what trick needs of a running two-player game.
type duelGame struct {
	rng            cards.RNG
	wars, autoWars int
	end            uint8
	winner         int
}

// run plays one two-player game: the same rules as play, specialised. The
// hot loop keeps the pile ends as ring indices (masked on use) and seat 0's
// pile size in locals (between battles seat 1 holds the rest of the deck),
// stores a battle's two cards under the winner's pile without branching on
// who won, and leaves the rare work out of line: wars and shuffled pickups
// (trick), Brent's card comparison when the pile sizes match the saved
// position, and the save at each power of two or the cap (one countdown).
func (d *duel) run(r *rules, seed uint64, out *engine.Outcome) {
	g := duelGame{rng: cards.NewRNG(seed), winner: -1}
	deck := standardDeck
	g.rng.Shuffle(deck[:])
	p := &d.p
	for i := range 26 {
		p[0].buf[i], p[1].buf[i] = deck[2*i], deck[2*i+1]
	}
	h0, h1, t, n0 := uint(0), uint(0), [2]uint{26, 26}, uint(26)
	// The battle card that goes under first when seat w wins is laid[f]
	// with f = (w ^ flip) & keep (WAR-04).
	flip, keep := uint(0), uint(1)
	switch r.pickup {
	case loserFirst:
		flip = 1
	case seatOrder:
		keep = 0
	}
	// Comparisons below quick (firstWins, secondWin less firstWins) take
	// the inline path; shuffled pickups always go to trick.
	quick := uint8(2)
	if r.pickup == shuffled {
		quick = 0
	}
	battles, power, savedLen0 := 0, 1, uint(26)
	stop := 1
	if !r.repetitionApplies() {
		savedLen0, stop = 64, r.maxBattles
	} else {
		d.save(0, 0)
	}
	cmp := &r.cmp.cmp2
	for {
		laid := [2]cards.Card{p[0].buf[h0&63], p[1].buf[h1&63]}
		h0++
		h1++
		if c := cmp[laid[0]&63][laid[1]&63] - firstWins; c < quick {
			w := uint(c) & 1
			f := (w ^ flip) & keep
			tw := t[w]
			p[w].buf[tw&63], p[w].buf[(tw+1)&63] = laid[f], laid[f^1]
			t[w] = tw + 2
			n0 += 1 - 2*w
		} else {
			d.laid[0][0], d.laid[1][0] = laid[0], laid[1]
			d.sync(h0, h1, t)
			ok := d.trick(r, &g, c+firstWins)
			h0, h1, t = d.ends()
			n0 = t[0] - h0
			if !ok {
				battles++
				g.end = endDraw
				break
			}
		}
		battles++
		if n0-1 >= 51 {
			g.end, g.winner = endWin, 0
			if n0 == 0 {
				g.winner = 1
			}
			break
		}
		if n0 == savedLen0 {
			d.sync(h0, h1, t)
			if d.same() {
				g.end = endRepetition
				break
			}
		}
		if battles == stop {
			if battles >= r.maxBattles {
				g.end = endCap
				break
			}
			d.save(h0, h1)
			savedLen0, power = n0, 2*power
			stop = min(battles+power, r.maxBattles)
		}
	}
	*out = engine.Outcome{Seats: 2, End: int(g.end) - 1, Length: battles}
	if g.winner >= 0 {
		out.Won[g.winner] = true
		out.Returns[g.winner], out.Returns[1-g.winner] = 1, -1
	}
	out.Metrics[0], out.Metrics[4] = float64(g.wars), float64(g.autoWars)
}

// sync stores the loop's pile ends into the pile structs.
func (d *duel) sync(h0, h1 uint, t [2]uint) {
	d.p[0].head, d.p[0].n = uint8(h0&63), uint8(t[0]-h0)
	d.p[1].head, d.p[1].n = uint8(h1&63), uint8(t[1]-h1)
}

// ends loads the pile ends back into the loop's form.
func (d *duel) ends() (h0, h1 uint, t [2]uint) {
	h0, h1 = uint(d.p[0].head), uint(d.p[1].head)
	return h0, h1, [2]uint{h0 + uint(d.p[0].n), h1 + uint(d.p[1].n)}
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
	pl.copyTo(d.laid[seat][n : n+k])
	pl.head = (pl.head + uint8(k)) & 63
	pl.n -= uint8(k)
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
	t := uint(dst.head) + uint(dst.n)
	for i := range max(na, nb) {
		if i < na {
			dst.buf[t&63] = fa[i]
			t++
		}
		if i < nb {
			dst.buf[t&63] = fb[i]
			t++
		}
	}
	dst.n = uint8(t - uint(dst.head))
	if order == shuffled {
		for i := int(dst.n-from) - 1; i > 0; i-- {
			j := rng.IntN(i + 1)
			x, y := (dst.head+from+uint8(i))&63, (dst.head+from+uint8(j))&63
			dst.buf[x], dst.buf[y] = dst.buf[y], dst.buf[x]
		}
	}
}

// save stores Brent's saved position: both rings whole (a fixed-size
// copy) and where each pile starts; the sizes are savedLen0 and the rest.
func (d *duel) save(h0, h1 uint) {
	d.saved = [2][64]cards.Card{d.p[0].buf, d.p[1].buf}
	d.savedHead = [2]uint{h0, h1}
}

// same reports whether the piles (already of the saved sizes) hold the
// saved position card for card.
func (d *duel) same() bool {
	for seat := range 2 {
		pl, sv, sh := &d.p[seat], &d.saved[seat], d.savedHead[seat]
		for i := range uint(pl.n) {
			if pl.buf[(uint(pl.head)+i)&63] != sv[(sh+i)&63] {
				return false
			}
		}
	}
	return true
}
