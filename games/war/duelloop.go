package war

// battles plays battles from p, left of them before Brent's next save:
// those the first comparison settles (duel.battle) and, when d.full is not
// 0, the common wars, in which both lay full rounds until the face-up
// cards differ. It makes Brent's saves it reaches itself (renew) and
// returns the piles, the battles left before the next save and done true
// after a battle that needs loop's checks (pile 0 empty or whole, of the
// size and top card of Brent's saved position, d.repKey, or the cap
// reached), or done false before a battle it does not settle, which is
// left unplayed.
//
// The loop calls out only for a save (once per power of two) and keeps
// four numbers in registers: the heads' position h, pile 0's size n0, the
// countdown and the repetition key; the next battle's two cards are
// loaded after the end check, and the repetition check reads pile 0's top
// card from them. Every battle it plays moves both heads alike, and it
// starts with pile 1's ring rotated so that both heads are at one position
// (see level), so pile 1's head is h too; between battles the two piles
// hold all 52 cards, so pile 0 ends at h+n0 and pile 1 at h+52-n0. It is
// longer than the project's usual function on purpose: any part split off
// would be a call in the loop (tried: the war as a call costs more than
// the call saves).
func (d *duel) battles(p piles, left int) (piles, int, bool) {
	if p.h1 != p.h0 {
		p = d.level(p)
	}
	h, n0 := p.h0, p.t0-p.h0
	ring, battle, key := &d.ring, &d.battle, d.repKey
	a, b := ring[0][h&63], ring[1][h&63]
	for {
		if c := battle[a][b]; c < plainEnd {
			// The winner w takes both cards: seat s's card (bit 1 of c)
			// goes under first, at w's tail tw, the other after it.
			w, s := uint(c)&1, uint(c)>>1
			nw := n0
			if w != 0 {
				nw = 52 - n0
			}
			tw := h + nw
			rw := &ring[w]
			rw[(tw+s)&63] = a
			rw[(tw+1-s)&63] = b
			h++
			n0 += 1 - 2*w
		} else {
			// A war the loop settles: rounds of full cards each (the
			// last face up) while the face-up cards tie, as long as both
			// piles hold every round and the pickup stays within the ring
			// (see below). Anything else is left to trick, untouched.
			full := d.full
			if c > battleAutoTie || full == 0 {
				return d.piles(h, h+n0), left, false
			}
			k, wars, autos := uint(0), 0, 0
			for up := c; ; {
				wars++
				if up == battleAutoTie {
					autos++
				}
				k += full
				if n0 <= k || 52-n0 <= k || k >= 12 {
					return d.piles(h, h+n0), left, false
				}
				up = battle[ring[0][(h+k)&63]][ring[1][(h+k)&63]]
				if up < plainEnd {
					c = up
					break
				}
				if up > battleAutoTie {
					return d.piles(h, h+n0), left, false
				}
			}
			w, n := uint(c)&1, k+1
			d.wars += wars
			d.autoWars += autos
			// The winner picks up n cards per seat, the tied ones first,
			// layer by layer in the pickup order (WAR-04): seat f's
			// first, both from the heads' position h. The cards are read
			// behind the heads and written after the winner's tail; the
			// winner holds at most 52-n cards with its n laid ones, so
			// with n at most 12 the 2n written never reach the ones still
			// to be read.
			f := uint(d.first[w])
			nw := n0
			if w != 0 {
				nw = 52 - n0
			}
			tw := h + nw
			rf, rs, dst := &ring[f&1], &ring[(f^1)&1], &ring[w]
			for i := range n {
				dst[(tw+2*i)&63], dst[(tw+2*i+1)&63] = rf[(h+i)&63], rs[(h+i)&63]
			}
			h += n
			n0 += n - 2*n*w
		}
		left--
		if n0-1 >= 51 {
			break
		}
		a, b = ring[0][h&63], ring[1][h&63]
		if n0|uint(a)<<8 == key {
			break
		}
		if left != 0 {
			continue
		}
		// Brent's next save, made here rather than by loop (a return
		// and a call fewer), unless the cap is reached.
		if d.stop >= d.cap {
			break
		}
		left = d.renew(d.piles(h, h+n0))
		key = d.repKey
	}
	return d.piles(h, h+n0), left, true
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
