package war

import (
	"cardtable/cards"
	"cardtable/engine"
)

// duel is the scratch of the two-player fast path: both piles as rings of
// 64 cards indexed by ever-growing positions (masked on use), both
// players' cards of the current trick, and Brent's saved position.
type duel struct {
	ring      [2][64]cards.Card
	laid      [2][52]cards.Card
	saved     [2][64]cards.Card
	savedHead [2]uint
	// cmp is the comparator's two-player table with slapShown added to
	// every pair that shows a slap card (WAR-15), made by prepare.
	cmp [64][64]uint8
	// battle is cmp for battles: for a pair settled at once, the winner
	// w in bit 0 and the seat whose card goes under first in bit 1
	// (firstCards); battleTie or battleAutoTie for a tie the loop may
	// settle as a war, battleOther for any other pair. It is indexed by
	// the two cards whole, which need no bounds check; only the 64×64
	// corner of real cards is ever read (4 KiB of cache).
	battle [256][256]uint8
	// first is firstCards of the rules' pickup order.
	first [2]uint8
	// full is a full war round's cards after the tied one when battles
	// settles wars, 0 when they all go through trick.
	full uint
	// wars and autoWars count the wars battles settled (kept here, not
	// in duelCounts, so that the loop holds one pointer).
	wars, autoWars int
	// rep is the cheap reject before Brent's card comparison.
	rep repetition
	// repKey is rep as battles compares it after every battle, pile 0's
	// size and top card in one number: len0 | top0<<8 (len0 64 never
	// matches).
	repKey uint
	// power, stop and cap are Brent's schedule (loop): the next save is
	// at battle stop, power battles after the one before; cap is the
	// rules' maxBattles.
	power, stop, cap int
}

// Values of duel.battle from plainEnd on: pairs the first comparison
// does not settle.
const (
	plainEnd      = 4
	battleTie     = plainEnd
	battleAutoTie = plainEnd + 1
	battleOther   = plainEnd + 2
)

// slapShown marks a comparison whose cards open a slap window.
const slapShown = 4

// prepare makes the comparison tables for rules r.
func (d *duel) prepare(r *rules) {
	d.cmp = r.cmp.cmp2
	if r.slap != 0 {
		for _, x := range standardDeck {
			for _, y := range standardDeck {
				if x.Rank() == r.slap || y.Rank() == r.slap {
					d.cmp[x][y] |= slapShown
				}
			}
		}
	}
	first := firstCards(r.pickup)
	d.first = first
	for x := range d.battle {
		for y := range d.battle[x] {
			d.battle[x][y] = battleOther
		}
	}
	for x := range d.cmp {
		for y, c := range d.cmp[x] {
			switch c {
			case firstWins, secondWin:
				w := c - firstWins
				d.battle[x][y] = w | first[w]<<1
			case tie:
				d.battle[x][y] = battleTie
			case autoTie:
				d.battle[x][y] = battleAutoTie
			default:
				d.battle[x][y] = battleOther
			}
		}
	}
}

// ends are the two piles' ends: pile s holds ring[s][head[s]..tail[s]).
type ends struct {
	head, tail [2]uint
}

// duelCounts are the figures trick keeps for run.
type duelCounts struct {
	rng cards.RNG
	// bots are the two default players' generators (bots/warbot), drawn
	// from in slap windows.
	bots                             [2]cards.RNG
	wars, autoWars, underdogs, slaps int
}

// run plays one two-player game: the same rules as play, specialised.
// Battles go through battles (shuffledBattles with pickup=shuffle), a loop
// without calls that keeps the pile ends in registers and settles the
// common war inline; it returns for the checks that need more than a
// table lookup and for the tricks it does not settle, which go through
// trick. The checks after a battle are the end, a repetition (Brent's card
// comparison only when pile 0 has the saved size and top card) and the
// next save at a power of two or the cap (one countdown).
func (d *duel) run(r *rules, seed uint64, out *engine.Outcome) {
	g := d.deal(seed)
	if r.slap != 0 {
		g.bots = [2]cards.RNG{cards.NewRNG(engine.BotSeed(seed, 0)), cards.NewRNG(engine.BotSeed(seed, 1))}
	}
	p := piles{t0: 26, t1: 26}
	shuffle := r.pickup == shuffled
	// d.full is a full war round's cards after the tied ones, 0 when wars
	// go through trick.
	d.full = 0
	if !shuffle && r.underdog == 0 && r.slap == 0 {
		d.full = uint(r.down) + 1
	}
	d.wars, d.autoWars = 0, 0
	power, stop := 1, 1
	if r.repetitionApplies() {
		d.save(p)
		d.expect(repetition{len0: 26, top0: d.saved[0][0]})
	} else {
		d.expect(repetition{len0: 64})
		stop = r.maxBattles
	}
	end, winner, battles := d.loop(r, &g, p, 0, power, stop)
	g.wars += d.wars
	g.autoWars += d.autoWars
	g.write(out, end, winner, battles)
}

// loop plays from piles p after battles battles to the end of the game
// and returns how it ended, the winner (-1 for none) and the battles
// played. Brent's next save is at battle stop, after which power doubles
// (stop is the cap when repetition does not apply); battles makes the
// saves it reaches itself.
func (d *duel) loop(r *rules, g *duelCounts, p piles, battles, power, stop int) (end uint8, winner, n int) {
	ring := &d.ring
	shuffle := r.pickup == shuffled
	d.power, d.stop, d.cap = power, stop, r.maxBattles
	for {
		var left int
		var done bool
		if shuffle {
			p, left, done = d.shuffledBattles(p, d.stop-battles, &g.rng)
		} else {
			p, left, done = d.battles(p, d.stop-battles)
		}
		battles = d.stop - left
		if !done {
			a, b := ring[0][p.h0&63], ring[1][p.h1&63]
			d.laid[0][0], d.laid[1][0] = a, b
			e, ok := d.trick(r, g, d.cmp[a&63][b&63], ends{head: [2]uint{p.h0 + 1, p.h1 + 1}, tail: [2]uint{p.t0, p.t1}})
			battles++
			if !ok {
				return endDraw, -1, battles
			}
			p = piles{h0: e.head[0], h1: e.head[1], t0: e.tail[0], t1: e.tail[1]}
		}
		if n0 := p.t0 - p.h0; n0-1 >= 51 {
			if n0 == 0 {
				return endWin, 1, battles
			}
			return endWin, 0, battles
		}
		if d.rep.candidate(ring, p) && d.same(ends{head: [2]uint{p.h0, p.h1}, tail: [2]uint{p.t0, p.t1}}) {
			return endRepetition, -1, battles
		}
		if battles == d.stop {
			if battles >= d.cap {
				return endCap, -1, battles
			}
			d.renew(p)
		}
	}
}

// renew makes Brent's save of piles p at battle d.stop, doubles the power
// and returns the battles to the next save (or the cap). It is not
// inlined: in battles' loop it would crowd the registers.
//
//go:noinline
func (d *duel) renew(p piles) int {
	d.save(p)
	d.expect(repetition{len0: p.t0 - p.h0, top0: d.ring[0][p.h0&63]})
	battles := d.stop
	d.power *= 2
	d.stop = min(battles+d.power, d.cap)
	return d.stop - battles
}

// piles are the two piles' ends between battles: pile s is
// ring[s][h..t), positions masked on use.
type piles struct{ h0, h1, t0, t1 uint }

// repetition is the cheap reject before Brent's card comparison: a
// position can repeat the saved one only when pile 0 has its size and top
// card. A len0 of 64 never matches (no detection).
type repetition struct {
	len0 uint
	top0 cards.Card
}

// expect makes rep the reject before Brent's comparison.
func (d *duel) expect(rep repetition) {
	d.rep = rep
	d.repKey = rep.len0 | uint(rep.top0)<<8
}

// candidate reports whether p may repeat the saved position.
func (rep *repetition) candidate(ring *[2][64]cards.Card, p piles) bool {
	return p.t0-p.h0 == rep.len0 && ring[0][p.h0&63] == rep.top0
}

// shuffledBattles is battles, without wars, for pickup=shuffle: Fisher-Yates on the
// two cards collected winner-first, where IntN(2) is the top bit of one
// draw of rng and 0 swaps them.
func (d *duel) shuffledBattles(p piles, left int, rng *cards.RNG) (piles, int, bool) {
	r := *rng
	for {
		a, b := d.ring[0][p.h0&63], d.ring[1][p.h1&63]
		c := d.battle[a][b]
		if c >= plainEnd {
			*rng = r
			return p, left, false
		}
		p.h0++
		p.h1++
		w := uint(c) & 1
		var draw uint64
		r, draw = r.Next()
		f := uint(c>>1) ^ uint(draw>>63) ^ 1
		x := a ^ (a^b)&cards.Card(-f)
		tw := p.t0
		if w != 0 {
			tw = p.t1
		}
		rw := &d.ring[w]
		rw[tw&63], rw[(tw+1)&63] = x, x^a^b
		p.t0 += 2 - 2*w
		p.t1 += 2 * w
		left--
		if p.t0-p.h0-1 >= 51 || left == 0 {
			*rng = r
			return p, left, true
		}
	}
}

// write fills out for a finished two-player game.
func (g *duelCounts) write(out *engine.Outcome, end uint8, winner, battles int) {
	*out = engine.Outcome{Seats: 2, End: int(end) - 1, Length: battles}
	if winner >= 0 {
		out.Won[winner] = true
		out.Returns[winner], out.Returns[1-winner] = 1, -1
	}
	out.Metrics[0], out.Metrics[1], out.Metrics[2] = float64(g.wars), float64(g.slaps), float64(g.underdogs)
	out.Metrics[4] = float64(g.autoWars)
}

// deal shuffles a deck with the game's generator and deals it (WAR-02).
func (d *duel) deal(seed uint64) duelCounts {
	g := duelCounts{rng: cards.NewRNG(seed)}
	deck := standardDeck
	g.rng.Shuffle(deck[:])
	// Card 2i to pile 0 and 2i+1 to pile 1, a word at a time: 16 cards of
	// the deck, read as two words, give each pile eight.
	for i := 0; i < 48; i += 16 {
		x, y := le64(deck[i:]), le64(deck[i+8:])
		putLE64(d.ring[0][i/2:], evens(x)|evens(y)<<32)
		putLE64(d.ring[1][i/2:], evens(x>>8)|evens(y>>8)<<32)
	}
	d.ring[0][24], d.ring[1][24], d.ring[0][25], d.ring[1][25] = deck[48], deck[49], deck[50], deck[51]
	return g
}

// le64 reads the first eight cards of cs as a little-endian number (one
// load: the compiler merges the bytes).
func le64(cs []cards.Card) uint64 {
	b := cs[:8:8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// putLE64 writes x's eight bytes, low first, as the first eight cards of
// cs (one store).
func putLE64(cs []cards.Card, x uint64) {
	b := cs[:8:8]
	b[0], b[1], b[2], b[3] = cards.Card(x), cards.Card(x>>8), cards.Card(x>>16), cards.Card(x>>24)
	b[4], b[5], b[6], b[7] = cards.Card(x>>32), cards.Card(x>>40), cards.Card(x>>48), cards.Card(x>>56)
}

// evens returns bytes 0, 2, 4 and 6 of x as its four low bytes, in order.
func evens(x uint64) uint64 {
	x &= 0x00ff00ff00ff00ff
	x = (x | x>>8) & 0x0000ffff0000ffff
	return (x | x>>16) & 0xffffffff
}

// firstCards returns, for each winning seat w, which of the battle's two
// cards (by seat) goes under first (WAR-04); a shuffled pickup collects
// winner-first before shuffling.
func firstCards(order pickupOrder) [2]uint8 {
	switch order {
	case loserFirst:
		return [2]uint8{1, 0}
	case seatOrder:
		return [2]uint8{0, 0}
	}
	return [2]uint8{0, 1}
}

// trick finishes a battle whose first comparison c the inline path did not
// settle: slap windows (WAR-15), wars until a winner or a run-out (WAR-05,
// WAR-06), Underdog (WAR-14), then pickup (WAR-04). It returns false when
// both players ran out (a draw).
func (d *duel) trick(r *rules, g *duelCounts, c uint8, e ends) (ends, bool) {
	// n counts each seat's laid cards, round where its last war round
	// starts (WAR-14).
	n, round := [2]uint{1, 1}, [2]uint{1, 1}
	var w uint
	for {
		if c&slapShown != 0 {
			if slapper, ok := g.slapWindow(r.windowMS); ok {
				w = slapper
				break
			}
			c &^= slapShown
		}
		if c == firstWins || c == secondWin {
			w = uint(c-firstWins) & 1
			if l := 1 - w; r.underdog != 0 && d.hasFaceDown(l, round[l], n[l], r.underdog) {
				w = l
				g.underdogs++
			}
			break
		}
		if c == autoTie {
			g.autoWars++
		}
		g.wars++
		n0, n1 := e.tail[0]-e.head[0], e.tail[1]-e.head[1]
		if n0 == 0 || n1 == 0 {
			if n0 == n1 {
				return e, false
			}
			w = 0
			if n0 == 0 {
				w = 1
			}
			break
		}
		round = n
		for seat := range 2 {
			k := min(e.tail[seat]-e.head[seat], uint(r.down)+1)
			for i := range k {
				d.laid[seat][n[seat]+i] = d.ring[seat][(e.head[seat]+i)&63]
			}
			e.head[seat] += k
			n[seat] += k
		}
		c = d.cmp[d.laid[0][n[0]-1]&63][d.laid[1][n[1]-1]&63]
	}
	e.tail[w] = d.pickUp(r.pickup, w, n, e.tail[w], &g.rng)
	return e, true
}

// slapWindow answers a slap window as two default players (bots/warbot)
// do and reports who takes the table: the earlier slap, a coin from the
// game's generator when the two are less than 50 ms apart; ok is false
// when neither slapped.
func (g *duelCounts) slapWindow(windowMS int) (seat uint, ok bool) {
	t0, t1 := ReactionMS(&g.bots[0]), ReactionMS(&g.bots[1])
	in0, in1 := t0 < windowMS, t1 < windowMS
	switch {
	case in0 && in1 && max(t0-t1, t1-t0) < 50:
		seat = uint(g.rng.IntN(2))
	case in0 && (!in1 || t0 < t1):
		seat = 0
	case in1:
		seat = 1
	default:
		return 0, false
	}
	g.slaps++
	return seat, true
}

// hasFaceDown reports whether seat laid a card of rank face down in its
// last war round: cards from..n-2 (card n-1 is face up).
func (d *duel) hasFaceDown(seat, from, n uint, rank cards.Rank) bool {
	for i := from; i+1 < n; i++ {
		if d.laid[seat][i].Rank() == rank {
			return true
		}
	}
	return false
}

// pickUp writes both players' laid cards under seat w's pile from tail,
// layer by layer in the pickup order, and returns the new tail (WAR-04).
func (d *duel) pickUp(order pickupOrder, w uint, n [2]uint, tail uint, rng *cards.RNG) uint {
	first := w
	switch order {
	case loserFirst:
		first = 1 - w
	case seatOrder:
		first = 0
	}
	dst := &d.ring[w]
	fa, fb := &d.laid[first], &d.laid[1-first]
	na, nb := n[first], n[1-first]
	from := tail
	both := min(na, nb)
	for i := range both {
		dst[tail&63], dst[(tail+1)&63] = fa[i], fb[i]
		tail += 2
	}
	// The longer side's last layers (a short stack laid fewer cards).
	rest, longest := fa, na
	if nb > na {
		rest, longest = fb, nb
	}
	for i := both; i < longest; i++ {
		dst[tail&63] = rest[i]
		tail++
	}
	if order == shuffled {
		for i := int(tail-from) - 1; i > 0; i-- {
			j := uint(rng.IntN(i + 1))
			x, y := (from+uint(i))&63, (from+j)&63
			dst[x], dst[y] = dst[y], dst[x]
		}
	}
	return tail
}

// save stores Brent's saved position: both rings whole (a fixed-size copy)
// and where each pile starts.
func (d *duel) save(p piles) {
	d.saved = d.ring
	d.savedHead = [2]uint{p.h0, p.h1}
}

// same reports whether the piles, already of the saved sizes, hold the
// saved position card for card (WAR-08).
func (d *duel) same(e ends) bool {
	for seat := range 2 {
		for i := range e.tail[seat] - e.head[seat] {
			if d.ring[seat][(e.head[seat]+i)&63] != d.saved[seat][(d.savedHead[seat]+i)&63] {
				return false
			}
		}
	}
	return true
}
