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
	// tied[ra][rb][rc] is the two seats (a bit each) that go to war when
	// seats 0, 1 and 2 turn up ranks ra, rb and rc and exactly two of them
	// do (compare), 0 for any other battle: one settled at once, all three
	// at war, an Automatic War rank among them.
	tied [16][16][16]uint8
	// round2[ra][rb] is a war round's outcome between two players, the
	// lower seat turning up ra: 0 or 1 for the winner, round2Tie for a new
	// war round, round2Auto for one started by an Automatic War rank.
	round2 [16][16]uint8
	// wars is true when plainBattles3 settles two-player wars itself: no
	// Underdog, no shuffled pickup.
	wars bool
	// full is a full war round's cards, the face-up one included.
	full uint
	// shifts[w] says where the cards of a battle won by w go under: byte
	// k is 8 times the seat whose card goes k-th (the rules' order[w]).
	shifts [3]uint32
	// pos[w][s] is seat s's place in the rules' order[w].
	pos [3][4]uint8
}

const trioWar = 3

// Values of trio.round2 beyond a winner.
const (
	round2Tie  = 2
	round2Auto = 3
)

// prepare fills the table for rules r (three players).
func (t *trio) prepare(r *rules) {
	beats := &r.cmp.beats
	auto := func(x int) bool { return r.autoWar != 0 && cards.Rank(x) == r.autoWar }
	t.wars = r.underdog == 0 && r.pickup != shuffled
	t.full = uint(r.down) + 1
	for w, o := range r.order {
		t.shifts[w] = uint32(o[0])*8 | uint32(o[1])*8<<8 | uint32(o[2])*8<<16
		for k, seat := range o {
			t.pos[w][seat&3] = uint8(k)
		}
	}
	for ra := range t.of2 {
		for rb := range t.of2[ra] {
			t.of2[ra][rb] = trioWar
			t.round2[ra][rb] = round2Tie
			switch {
			case auto(ra) || auto(rb):
				t.round2[ra][rb] = round2Auto
			case beats[ra][rb] == 1:
				t.of2[ra][rb] = 0
			case beats[rb][ra] == 1:
				t.of2[ra][rb] = 1
			}
			// As compare: a card wins when it alone is unbeaten.
			switch {
			case auto(ra) || auto(rb):
			case beats[ra][rb] == 1 && beats[rb][ra] == 0:
				t.round2[ra][rb] = 0
			case beats[rb][ra] == 1 && beats[ra][rb] == 0:
				t.round2[ra][rb] = 1
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
				t.tied[ra][rb][rc] = 0
				if !anyAuto && bits.OnesCount8(unbeaten) == 2 {
					t.tied[ra][rb][rc] = unbeaten
				}
			}
		}
	}
}

// plainBattles3 plays battles while all three players are in: those their
// face-up cards settle at once (t.of3) and, when t.wars, those in which two
// of them tie and go to war (t.tied; rounds of full cards while the two
// hold every round, at most 12 cards a seat), straight from the piles.
// After each battle come afterBattle's checks (after3). It returns when a
// battle needs the general code (leaving it unplayed) or a player ran out
// (after afterBattle), and reports whether it played any battle.
//
// The loop is one function, like duel.battles, so that it makes no calls
// and keeps what changes in registers: pile 0's head h, piles 1 and 2's
// heads as offsets d1 and d2 from it (in lanes 1 and 2 of offsets too),
// the three sizes in the 16-bit lanes of sizes, and a countdown to
// Brent's next save or the cap. It leaves for a battle it does not settle,
// a player out, a position with pile 0 of the saved size and top card
// (the saved position starts with pile 0; repKey), or the end of the
// countdown.
func (p *play) plainBattles3(t *trio) bool {
	const (
		lanes = 1 | 1<<16 | 1<<32
		tops  = 0x8000 * lanes
	)
	played := false
	r := &p.r
	rep := r.repetitionApplies()
	shuffle := r.pickup == shuffled
	b := &p.cycle
	pl := &p.piles
	for {
		h := uint(pl[0].head)
		d1, d2 := (uint(pl[1].head)-h)&63, (uint(pl[2].head)-h)&63
		sizes := uint64(pl[0].n) | uint64(pl[1].n)<<16 | uint64(pl[2].n)<<32
		start := p.count.battles
		left0 := r.maxBattles - start
		repKey := uint64(64)
		if rep {
			left0 = min(left0, b.power-b.lam)
			repKey = uint64(b.savedLen[0]) | uint64(b.top0())<<8
		}
		left := left0
		wars, autos := 0, 0
		leave := false
		for {
			c0, c1, c2 := pl[0].buf[h&63], pl[1].buf[(h+d1)&63], pl[2].buf[(h+d2)&63]
			ra, rb, rc := c0>>2&15, c1>>2&15, c2>>2&15
			w := uint(t.of3[ra][rb][rc])
			// The three battle cards packed, and where each goes under the
			// winner's pile (t.shifts[w]: byte k is 8 times the seat whose
			// card goes k-th).
			cs := uint32(c0) | uint32(c1)<<8 | uint32(c2)<<16
			offsets := uint64(d1)<<16 | uint64(d2)<<32
			if w < trioWar {
				// Each lays one card; w takes the three under its pile.
				h++
				sizes -= lanes
				shift := 16 * (w & 3)
				tw := h + uint((sizes+offsets)>>shift&0xffff)
				dst := &pl[w&3].buf
				underPile(dst, tw, cs, t.shifts[w&3])
				sizes += 3 << shift
				if shuffle {
					for i := uint(2); i > 0; i-- {
						j := uint(p.rng.IntN(int(i) + 1))
						x, y := (tw+i)&63, (tw+j)&63
						dst[x], dst[y] = dst[y], dst[x]
					}
				}
			} else {
				// A war of the two tied seats i < j the loop settles.
				pair := t.tied[ra][rb][rc]
				if !t.wars || pair == 0 {
					leave = true
					break
				}
				i := uint(bits.TrailingZeros8(pair))
				j := uint(bits.TrailingZeros8(pair &^ (1 << i)))
				si, sj := 16*i, 16*j
				hi, hj := h+uint(offsets>>si&63), h+uint(offsets>>sj&63)
				ni, nj := uint(sizes>>si&0xffff), uint(sizes>>sj&0xffff)
				bi, bj := &pl[i&3].buf, &pl[j&3].buf
				k, rounds, autoRounds := uint(0), 0, 0
				var c uint8
				for {
					rounds++
					k += t.full
					if ni <= k || nj <= k || k >= 12 {
						leave = true
						break
					}
					c = t.round2[bi[(hi+k)&63]>>2&15][bj[(hj+k)&63]>>2&15]
					if c < round2Tie {
						break
					}
					if c == round2Auto {
						autoRounds++
					}
				}
				if leave {
					break
				}
				wars += rounds
				autos += autoRounds
				w = i
				if c == 1 {
					w = j
				}
				// The winner takes the battle layer, all three cards in
				// its order, then the war layers of the two, layer by
				// layer (WAR-04, WAR-11), under its pile from tw. The
				// cards are read behind the heads; the winner holds at
				// most 50-k cards besides its k+1 laid ones, so with k
				// below 12 the 2k+3 written never reach the ones still
				// to be read.
				shift := 16 * (w & 3)
				tw := h + uint((sizes+offsets)>>shift&0xffff)
				dst := &pl[w&3].buf
				underPile(dst, tw, cs, t.shifts[w&3])
				bf, bs, hf, hs := bi, bj, hi, hj
				if pos := &t.pos[w&3]; pos[j&3] < pos[i&3] {
					bf, bs, hf, hs = bj, bi, hj, hi
				}
				for x := uint(1); x <= k; x++ {
					dst[(tw+1+2*x)&63] = bf[(hf+x)&63]
					dst[(tw+2+2*x)&63] = bs[(hs+x)&63]
				}
				// Every seat laid one card, the two k more each.
				sizes -= lanes + uint64(k)<<si + uint64(k)<<sj
				sizes += uint64(2*k+3) << shift
				var adv [3]uint
				adv[i&3], adv[j&3] = k, k
				h += 1 + adv[0]
				d1 = (d1 + adv[1] - adv[0]) & 63
				d2 = (d2 + adv[2] - adv[0]) & 63
			}
			left--
			// A lane is 0 when its size is: sizes-1 borrows into its top bit.
			out := (sizes - lanes) &^ sizes & tops
			if out != 0 || sizes&0xffff|uint64(pl[0].buf[h&63])<<8 == repKey || left == 0 {
				break
			}
		}
		pl[0].head, pl[1].head, pl[2].head = uint8(h&63), uint8((h+d1)&63), uint8((h+d2)&63)
		pl[0].n, pl[1].n, pl[2].n = uint8(sizes), uint8(sizes>>16), uint8(sizes>>32)
		n := left0 - left
		p.count.battles = start + n
		p.count.wars += wars
		p.count.autoWars += autos
		played = played || n > 0
		if leave {
			if rep {
				b.lam += n
			}
			return played
		}
		// after3 takes the last battle's step.
		if rep {
			b.lam += n - 1
		}
		if p.after3() {
			return true
		}
	}
}

// underPile writes a battle's three cards, packed in cs (seat s's in byte
// s), under a pile from position tw in the order sh gives (trio.shifts).
func underPile(dst *[64]cards.Card, tw uint, cs, sh uint32) {
	dst[tw&63] = cards.Card(cs >> (sh & 31))
	dst[(tw+1)&63] = cards.Card(cs >> (sh >> 8 & 31))
	dst[(tw+2)&63] = cards.Card(cs >> (sh >> 16 & 31))
}

// after3 runs afterBattle's checks after a battle of plainBattles3, which
// p.count.battles counts and Brent's step not yet: a player out goes
// through afterBattle itself; then repetition (Brent's card comparison
// only when pile 0 has the saved size and top card) and the cap. It
// reports whether plainBattles3 must return.
func (p *play) after3() bool {
	pl := &p.piles
	if pl[0].n == 0 || pl[1].n == 0 || pl[2].n == 0 {
		p.afterBattle()
		return true
	}
	if p.r.repetitionApplies() {
		b := &p.cycle
		b.lam++
		if pl[0].n == b.savedLen[0] && pl[0].at(0) == b.top0() && b.same(pl, 3) {
			p.finish(endRepetition, -1)
			return true
		}
		if b.lam == b.power {
			b.saveRings(pl)
			b.power *= 2
			b.lam = 0
		}
	}
	if p.count.battles >= p.r.maxBattles {
		p.finish(endCap, -1)
		return true
	}
	return false
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
