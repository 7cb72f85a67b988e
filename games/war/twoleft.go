package war

import (
	"math/bits"

	"cardtable/cards"
)

// twoLeft plays the rest of a three-player game in which one player is out
// as the two-player game it has become, through duel's loop, and reports
// whether it did (then p is over). It runs between tricks, when the two
// piles hold all 52 cards, and only without Slap War; it declines (false)
// when the rules' pickup order restricted to the two seats differs from
// the one duel's tables were made for. Brent's saved position and
// schedule carry over: a saved position that still had the third pile
// cannot repeat, so nothing is compared until the next save.
func (d *duel) twoLeft(p *play) bool {
	r := &p.r
	s0 := bits.TrailingZeros8(p.in)
	s1 := bits.TrailingZeros8(p.in &^ bit(s0))
	for w, seat := range [2]int{s0, s1} {
		for _, o := range r.order[seat&3][:3] {
			if int(o) == s0 || int(o) == s1 {
				if (int(o) == s1) != (d.first[w] == 1) {
					return false
				}
				break
			}
		}
	}
	pa, pb := &p.piles[s0&3], &p.piles[s1&3]
	na, nb := int(pa.n), int(pb.n)
	if na+nb != 52 {
		return false
	}
	for i := range na {
		d.ring[0][i] = pa.at(i)
	}
	for i := range nb {
		d.ring[1][i] = pb.at(i)
	}
	d.full = 0
	if r.pickup != shuffled && r.underdog == 0 {
		d.full = uint(r.down) + 1
	}
	d.wars, d.autoWars = 0, 0
	battles := p.count.battles
	power, stop := 1, r.maxBattles
	d.expect(repetition{len0: 64})
	if b := &p.cycle; r.repetitionApplies() {
		power, stop = b.power, min(battles+b.power-b.lam, r.maxBattles)
		off := [3]int{0, int(b.savedLen[0]), int(b.savedLen[0]) + int(b.savedLen[1])}
		la, lb := int(b.savedLen[s0&3]), int(b.savedLen[s1&3])
		switch {
		case la+lb != 52 || la == 0:
		case b.inRings:
			d.saved = [2][64]cards.Card{b.rings[s0&3], b.rings[s1&3]}
			d.savedHead = [2]uint{uint(b.heads[s0&3]), uint(b.heads[s1&3])}
			d.expect(repetition{len0: uint(la), top0: d.saved[0][d.savedHead[0]&63]})
		default:
			copy(d.saved[0][:la], b.saved[off[s0&3]:])
			copy(d.saved[1][:lb], b.saved[off[s1&3]:])
			d.savedHead = [2]uint{0, 0}
			d.expect(repetition{len0: uint(la), top0: d.saved[0][0]})
		}
	}
	g := duelCounts{rng: p.rng, wars: p.count.wars, autoWars: p.count.autoWars, underdogs: p.count.underdogs}
	end, winner, n := d.loop(r, &g, piles{t0: uint(na), t1: uint(nb)}, battles, power, stop)
	p.count.battles = n
	p.count.wars, p.count.autoWars, p.count.underdogs = g.wars+d.wars, g.autoWars+d.autoWars, g.underdogs
	switch winner {
	case 0:
		winner = s0
	case 1:
		winner = s1
	}
	p.finish(end, winner)
	return true
}
