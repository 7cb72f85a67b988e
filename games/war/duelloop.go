package war

// battles plays battles from p, at most left of them: those the first
// comparison settles (duel.battle) and, when d.full is not 0, the common
// wars, in which both lay full rounds until the face-up cards differ. It
// returns the piles, the battles still left and done true after a battle
// that needs run's checks (pile 0 empty or whole, or of the size and top
// card of Brent's saved position, d.repKey, or none left), or done false
// before a battle it does not settle, which is left unplayed.
//
// The loop makes no calls and keeps three numbers in registers: pile 0's
// head h and tail t, and the countdown. Every battle it plays moves both
// heads alike, and it starts with pile 1's ring rotated so that both heads
// are at one position (see level), so pile 1's head is h too; between
// battles the two piles hold all 52 cards, so pile 1's tail is h plus
// 52-(t-h). It is longer than the project's usual
// function on purpose: any part split off would be a call in the loop.
func (d *duel) battles(p piles, left int) (piles, int, bool) {
	if p.h1 != p.h0 {
		p = d.level(p)
	}
	h, t := p.h0, p.t0
	ring, battle := &d.ring, &d.battle
	for {
		a, b := ring[0][h&63], ring[1][h&63]
		c := battle[a][b]
		if c < plainEnd {
			// The winner w takes both cards: seat s's card (bit 1 of c)
			// goes under first, at w's tail tw, the other after it.
			w, s := uint(c)&1, uint(c)>>1
			tw, t1 := t, 2*h+52-t
			if w != 0 {
				tw = t1
			}
			rw := &ring[w]
			rw[(tw+s)&63] = a
			rw[(tw+1-s)&63] = b
			h++
			t += 2 - 2*w
			left--
			if n0 := t - h; n0-1 >= 51 || n0|uint(ring[0][h&63])<<8 == d.repKey || left == 0 {
				break
			}
			continue
		}
		// A war the loop settles: rounds of full cards each (the last
		// face up) while the face-up cards tie, as long as both piles
		// hold every round and the pickup stays within the ring (see
		// below). Anything else is left to trick, untouched.
		full := d.full
		if c > battleAutoTie || full == 0 {
			return d.piles(h, t), left, false
		}
		n0, k, wars, autos := t-h, uint(0), 0, 0
		for up := c; ; {
			wars++
			if up == battleAutoTie {
				autos++
			}
			k += full
			if n0 <= k || 52-n0 <= k || k >= 12 {
				return d.piles(h, t), left, false
			}
			up = battle[ring[0][(h+k)&63]][ring[1][(h+k)&63]]
			if up < plainEnd {
				c = up
				break
			}
			if up > battleAutoTie {
				return d.piles(h, t), left, false
			}
		}
		w, n := uint(c)&1, k+1
		d.wars += wars
		d.autoWars += autos
		// The winner picks up n cards per seat, the tied ones first,
		// layer by layer in the pickup order (WAR-04): seat f's first,
		// both from the heads' position h. The cards are read behind the
		// heads and written after the winner's tail; the winner holds at
		// most 52-n cards with its n laid ones, so with n at most 12 the
		// 2n written never reach the ones still to be read.
		f := uint(d.first[w])
		tw, t1 := t, 2*h+52-t
		if w != 0 {
			tw = t1
		}
		rf, rs, dst := &ring[f&1], &ring[(f^1)&1], &ring[w]
		for i := range n {
			dst[(tw+2*i)&63], dst[(tw+2*i+1)&63] = rf[(h+i)&63], rs[(h+i)&63]
		}
		h += n
		t += 2 * n * (1 - w)
		left--
		if n0 := t - h; n0-1 >= 51 || n0|uint(ring[0][h&63])<<8 == d.repKey || left == 0 {
			break
		}
	}
	return d.piles(h, t), left, true
}

// piles returns the piles of battles' h and t.
func (d *duel) piles(h, t uint) piles {
	return piles{h0: h, h1: h, t0: t, t1: 2*h + 52 - t}
}

// level rotates pile 1's ring so that its head is at pile 0's head
// position and returns p in the new positions. Only pile 1's positions
// change: the same cards in the same order, so run's checks and Brent's
// saved copy (which keeps its own positions) are unaffected. Both heads
// advance alike except in a war with a short pile (trick), so this is rare.
func (d *duel) level(p piles) piles {
	dh := p.h1 - p.h0
	old := d.ring[1]
	for i := range uint(64) {
		d.ring[1][(i-dh)&63] = old[i]
	}
	p.h1 -= dh
	p.t1 -= dh
	return p
}
