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
}

// slapShown marks a comparison whose cards open a slap window.
const slapShown = 4

// prepare makes the comparison table for rules r.
func (d *duel) prepare(r *rules) {
	d.cmp = r.cmp.cmp2
	if r.slap == 0 {
		return
	}
	for _, x := range standardDeck {
		for _, y := range standardDeck {
			if x.Rank() == r.slap || y.Rank() == r.slap {
				d.cmp[x][y] |= slapShown
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

// run plays one two-player game: the same rules as play, specialised. The
// hot loop keeps the pile ends and seat 0's pile size in locals (between
// battles seat 1 holds the rest of the deck), stores a battle's two cards
// under the winner's pile without branching on who won, and leaves the
// rare work out of line: wars and shuffled pickups (trick), Brent's card
// comparison when the pile sizes match the saved position, and the save at
// each power of two or the cap (one countdown).
func (d *duel) run(r *rules, seed uint64, out *engine.Outcome) {
	g := d.deal(seed)
	if r.slap != 0 {
		g.bots = [2]cards.RNG{cards.NewRNG(engine.BotSeed(seed, 0)), cards.NewRNG(engine.BotSeed(seed, 1))}
	}
	ring := &d.ring
	h0, h1, tail, n0 := uint(0), uint(0), [2]uint{26, 26}, uint(26)
	first := firstCards(r.pickup)
	shuffle := r.pickup == shuffled
	battles, power, stop, savedLen0 := 0, 1, 1, uint(26)
	if r.repetitionApplies() {
		d.save(ends{tail: tail})
	} else {
		savedLen0, stop = 64, r.maxBattles
	}
	end, winner := endNone, -1
	cmp := &d.cmp
	for {
		a, b := ring[0][h0&63], ring[1][h1&63]
		h0++
		h1++
		// c is 0 or 1 when seat c won at once (firstWins, secondWin).
		if c := cmp[a&63][b&63] - firstWins; c < 2 {
			w := uint(c) & 1
			f := uint(first[w])
			if shuffle {
				// Fisher-Yates on the two cards collected winner-first:
				// IntN(2) is the top bit of one draw; 0 swaps them.
				f ^= uint(g.rng.Uint64()>>63) ^ 1
			}
			// x is seat f's card, y the other's, selected without a
			// branch.
			x := a ^ (a^b)&cards.Card(-f)
			tw := tail[w]
			ring[w][tw&63], ring[w][(tw+1)&63] = x, x^a^b
			tail[w] = tw + 2
			n0 += 1 - 2*w
		} else {
			d.laid[0][0], d.laid[1][0] = a, b
			e, ok := d.trick(r, &g, c+firstWins, ends{head: [2]uint{h0, h1}, tail: tail})
			if !ok {
				battles++
				end = endDraw
				break
			}
			h0, h1, tail = e.head[0], e.head[1], e.tail
			n0 = tail[0] - h0
		}
		battles++
		if n0-1 >= 51 {
			end, winner = endWin, 0
			if n0 == 0 {
				winner = 1
			}
			break
		}
		if n0 == savedLen0 && d.same(ends{head: [2]uint{h0, h1}, tail: tail}) {
			end = endRepetition
			break
		}
		if battles == stop {
			if battles >= r.maxBattles {
				end = endCap
				break
			}
			d.save(ends{head: [2]uint{h0, h1}, tail: tail})
			savedLen0, power = n0, 2*power
			stop = min(battles+power, r.maxBattles)
		}
	}
	g.write(out, end, winner, battles)
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
	for i := range 26 {
		d.ring[0][i], d.ring[1][i] = deck[2*i], deck[2*i+1]
	}
	return g
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
func (d *duel) save(e ends) {
	d.saved = d.ring
	d.savedHead = e.head
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
