package war

import "cardtable/cards"

// battles plays battles from p, at most left of them: those the first
// comparison settles (duel.battle) and, when d.full is not 0, the common
// war, one round in which both lay a full war and the face-up cards
// differ. It returns the piles, the battles still left and done true
// after a battle that needs run's checks (pile 0 of a size in checkAt,
// with the saved top card for rep.len0, or none left), or done false
// before a battle it does not settle, which is left unplayed. The loop
// makes no calls and keeps the pile ends in locals, so they stay in
// registers.
func (d *duel) battles(p piles, left int) (piles, int, bool) {
	h0, h1, t0, t1 := p.h0, p.h1, p.t0, p.t1
	ring, battle := &d.ring, &d.battle
	for {
		a, b := ring[0][h0&63], ring[1][h1&63]
		c := battle[a][b]
		// Each battle moves both heads by n and the tails by 2n·(1-w)
		// and 2n·w: the common code after the two kinds below.
		n, w := uint(1), uint(c)&1
		if c < plainEnd {
			// x goes under first, y second, selected without a branch.
			x := a ^ (a^b)&cards.Card(-(c>>1))
			y := x ^ a ^ b
			tw := t0
			if w != 0 {
				tw = t1
			}
			rw := &ring[w]
			rw[tw&63], rw[(tw+1)&63] = x, y
		} else {
			// A war the loop settles: both hold the tied card and full
			// more, and the last of those, face up, differ.
			full := d.full
			if c > battleAutoTie || full == 0 || t0-h0 <= full || t1-h1 <= full {
				return piles{h0, h1, t0, t1}, left, false
			}
			up := battle[ring[0][(h0+full)&63]][ring[1][(h1+full)&63]]
			if up >= plainEnd {
				return piles{h0, h1, t0, t1}, left, false
			}
			w = uint(up) & 1
			n = full + 1
			d.wars++
			if c == battleAutoTie {
				d.autoWars++
			}
			// The winner picks up n cards per seat, the tied ones
			// first, layer by layer in the pickup order (WAR-04), read
			// from behind the heads and written after the tail: the
			// piles never hold 64 cards, so the two never overlap.
			f := uint(d.first[w])
			hf, hs := h0^(h0^h1)&-f, h1^(h0^h1)&-f
			rf, rs, dst := &ring[f&1], &ring[(f^1)&1], &ring[w]
			tw := t0 ^ (t0^t1)&-w
			for i := range n {
				dst[(tw+2*i)&63], dst[(tw+2*i+1)&63] = rf[(hf+i)&63], rs[(hs+i)&63]
			}
		}
		h0 += n
		h1 += n
		t0 += 2 * n * (1 - w)
		t1 += 2 * n * w
		left--
		if k := d.checkAt[(t0-h0)&63]; k != 0 && (k == checkEnd || ring[0][h0&63] == d.rep.top0) || left == 0 {
			return piles{h0, h1, t0, t1}, left, true
		}
	}
}
