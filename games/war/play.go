package war

import (
	"math/bits"

	"cardtable/cards"
)

// pile is one player's face-down stack as a ring buffer, top at head.
type pile struct {
	buf  [64]cards.Card
	head uint8
	n    uint8
}

func (p *pile) pop() cards.Card {
	c := p.buf[p.head&63]
	p.head = (p.head + 1) & 63
	p.n--
	return c
}

func (p *pile) push(c cards.Card) {
	p.buf[(p.head+p.n)&63] = c
	p.n++
}

// copyTo copies the top len(dst) cards (at most the whole pile) into dst
// and returns how many it copied.
func (p *pile) copyTo(dst []cards.Card) int {
	n := min(len(dst), int(p.n))
	k := copy(dst[:n], p.buf[p.head&63:])
	copy(dst[k:n], p.buf[:])
	return n
}

// equal reports whether the pile holds exactly cs, top first.
func (p *pile) equal(cs []cards.Card) bool {
	if len(cs) != int(p.n) {
		return false
	}
	head := p.buf[p.head&63:]
	k := min(len(head), len(cs))
	return string(head[:k]) == string(cs[:k]) && string(p.buf[:len(cs)-k]) == string(cs[k:])
}

// at returns the i-th card from the top.
func (p *pile) at(i int) cards.Card { return p.buf[(int(p.head)+i)&63] }

// stack is what one seat has laid in the current trick, in order; its i-th
// card is in layer i (WAR-04).
type stack struct {
	cards [52]cards.Card
	n     uint8
	// up has bit i set when cards[i] is face up.
	up uint64
	// round is the index of this seat's first card of the current round.
	round uint8
}

func (st *stack) top() cards.Card { return st.cards[st.n-1] }

// How a trick was decided.
const (
	byCompare uint8 = iota + 1
	byUnderdog
	bySlap
	byRunOut
	byDraw
)

// End reasons, indexing endReasons.
const (
	endNone uint8 = iota
	endWin
	endDraw
	endRepetition
	endCap
)

// endReasons are Result.End and engine.StatsSpec.EndReasons, indexed by the
// end constants minus one.
var endReasons = []string{"win", "draw", "repetition", "cap"}

// Phases of play.
const (
	phaseFlip uint8 = iota
	phaseSlap
	phaseOver
)

// counts are the per-game statistics (WAR-09).
type counts struct {
	battles, wars, autoWars, slaps, underdogs, falseSlaps int
}

// slapWindow is an open Slap War window (WAR-15).
type slapWindow struct {
	eligible, answered, slapped uint8
	ms                          [3]uint16
}

// brent detects a repeated position with Brent's algorithm (WAR-08): the
// position saved at the last power of two is compared with every later one.
type brent struct {
	saved      [52]cards.Card
	savedLen   [3]uint8
	power, lam int
	// rings hold the saved position instead of saved when inRings: the
	// piles' rings whole and their heads (saveRings, the three-player fast
	// path's save: three fixed-size copies). linear writes saved from them;
	// everything but that fast path reads saved.
	rings   [3][64]cards.Card
	heads   [3]uint8
	inRings bool
}

// play is the whole rules engine: the position and every rule. State wraps
// it for the engine contract; Simulate drives it directly.
type play struct {
	r     rules
	rng   cards.RNG
	piles [3]pile
	table [3]stack
	// in: seats still in the game; fighting: seats laying in the current
	// round; pending: seats yet to flip.
	in, fighting, pending uint8
	// war is true while the current round is a war (or peace) round.
	war   bool
	phase uint8
	// locked: seats barred from the next reveal's slap window;
	// falseSlapped: seats that false-slapped in this flip phase.
	locked, falseSlapped uint8
	window               slapWindow
	count                counts
	end                  uint8
	winner               int8
	cycle                brent
	// record keeps the last trick for views; Simulate turns it off.
	record bool
	last   trick
}

// trick is the record of the last finished trick, for views: its cards
// as laid and which of them were face up. The face-down ones are turned
// when the trick is won (views show them as Turned); a trick decoded from
// a version-1 state knows them only as cards.NoCard.
type trick struct {
	winner   int8
	how      uint8
	cards    [3][52]cards.Card
	up       [3]uint64
	n        [3]uint8
	underdog cards.Card
	slapMS   uint16
}

func bit(seat int) uint8 { return 1 << uint(seat) }

// reset deals deck (top first) to a fresh game with rules r.
func (p *play) reset(r *rules, rng cards.RNG, deck *[52]cards.Card) {
	record := p.record
	*p = play{r: *r, rng: rng, record: record, winner: -1}
	p.last.winner = -1
	// Card i to seat i mod n (WAR-02), seat by seat without a division.
	for seat := range r.seats {
		pl := &p.piles[seat&3]
		k := uint8(0)
		for i := seat; i < len(deck); i += r.seats {
			pl.buf[k&63] = deck[i]
			k++
		}
		pl.n = k
	}
	p.in = uint8(1)<<uint(r.seats) - 1
	if r.repetitionApplies() {
		p.cycle.power = 1
		p.cycle.save(&p.piles, r.seats)
	}
	p.startBattle()
}

// startBattle begins a trick: every player still in flips (WAR-03).
func (p *play) startBattle() {
	p.war = false
	p.fighting = p.in
	p.pending = p.in
	p.phase = phaseFlip
}

// flip records seat's flip; the last one lays and reveals the round.
func (p *play) flip(seat int) {
	p.pending &^= bit(seat)
	if p.pending == 0 {
		p.layRound()
		p.reveal()
	}
}

// layRound lays every fighting seat's cards: one face up in a battle;
// down+1 in a war, or all but the last face down for a short stack
// (WAR-05, WAR-06).
func (p *play) layRound() {
	for seat := 0; seat < p.r.seats; seat++ {
		if p.fighting&bit(seat) == 0 {
			continue
		}
		st, pl := &p.table[seat], &p.piles[seat]
		st.round = st.n
		k := 1
		if p.war {
			k = min(int(pl.n), p.r.down+1)
		}
		for range k {
			st.cards[st.n] = pl.pop()
			st.n++
		}
		st.up |= 1 << (st.n - 1)
	}
}

// reveal follows a lay: a slap card opens a window (WAR-15), else the round
// is compared. The lock of a false slap covers this reveal and ends here.
func (p *play) reveal() {
	eligible := p.in &^ p.locked
	p.locked, p.falseSlapped = 0, 0
	if p.r.slap != 0 && eligible != 0 && p.slapShowing() {
		p.phase = phaseSlap
		p.window = slapWindow{eligible: eligible}
		return
	}
	p.compare()
}

// slapShowing reports whether a card just turned up has the slap rank.
func (p *play) slapShowing() bool {
	for seat := 0; seat < p.r.seats; seat++ {
		if p.fighting&bit(seat) != 0 && p.table[seat].top().Rank() == p.r.slap {
			return true
		}
	}
	return false
}

// compare finds the winner of the round's face-up cards, or the seats that
// go to war: the cards no other card beats, all of them when every card is
// beaten, every fighter on an Automatic War card (WAR-03, WAR-11..13).
func (p *play) compare() {
	var seats [3]int
	var ranks [3]cards.Rank
	k, auto := 0, false
	for seat := 0; seat < p.r.seats; seat++ {
		if p.fighting&bit(seat) != 0 {
			seats[k], ranks[k] = seat, p.table[seat].top().Rank()
			auto = auto || ranks[k] == p.r.autoWar
			k++
		}
	}
	if auto && p.r.autoWar != 0 {
		p.count.autoWars++
		p.startWar(p.fighting)
		return
	}
	// No rank beats itself, so each card is checked against all of them.
	beats := &p.r.cmp.beats
	var unbeaten uint8
	for i := range k {
		beaten := uint8(0)
		for j := range k {
			beaten |= beats[ranks[j]&15][ranks[i]&15]
		}
		unbeaten |= (beaten ^ 1) << uint(seats[i])
	}
	switch {
	case bits.OnesCount8(unbeaten) == 1:
		p.settle(bits.TrailingZeros8(unbeaten), byCompare)
	case unbeaten == 0:
		p.startWar(p.fighting)
	default:
		p.startWar(unbeaten)
	}
}

// startWar begins a war round among tied. A tied player with no cards is
// out at once; if one fighter is left it takes the table, if none the
// player outside the war does, and with nobody left the game is a draw
// (WAR-05, WAR-06, WAR-11). The war counts either way (WAR-09).
func (p *play) startWar(tied uint8) {
	p.count.wars++
	p.war = true
	for seat := 0; seat < p.r.seats; seat++ {
		if tied&bit(seat) != 0 && p.piles[seat].n == 0 {
			p.in &^= bit(seat)
		}
	}
	p.fighting = tied & p.in
	switch bits.OnesCount8(p.fighting) {
	case 0:
		if outside := p.in &^ tied; outside != 0 {
			p.settle(bits.TrailingZeros8(outside), byRunOut)
			return
		}
		p.count.battles++
		p.keepTrick(-1, byDraw)
		p.finish(endDraw, -1)
	case 1:
		p.settle(bits.TrailingZeros8(p.fighting), byRunOut)
	default:
		p.pending = p.fighting
		p.phase = phaseFlip
	}
}

// closeWindow resolves a slap window once every eligible seat answered:
// the earliest slap wins, slaps within 50 ms of it tie and the generator
// picks one; without a slap the round is compared (WAR-15).
func (p *play) closeWindow() {
	w := p.window
	p.window = slapWindow{}
	if w.slapped == 0 {
		p.phase = phaseFlip
		p.compare()
		return
	}
	earliest := uint16(0xffff)
	for seat := 0; seat < p.r.seats; seat++ {
		if w.slapped&bit(seat) != 0 {
			earliest = min(earliest, w.ms[seat])
		}
	}
	var tied uint8
	for seat := 0; seat < p.r.seats; seat++ {
		if w.slapped&bit(seat) != 0 && w.ms[seat]-earliest < 50 {
			tied |= bit(seat)
		}
	}
	if k := bits.OnesCount8(tied); k > 1 {
		for pick := p.rng.IntN(k); pick > 0; pick-- {
			tied &= tied - 1
		}
	}
	slapper := bits.TrailingZeros8(tied)
	p.count.slaps++
	p.last.slapMS = w.ms[slapper]
	p.phase = phaseFlip
	p.settle(slapper, bySlap)
}

// settle gives the table to winner (after Underdog, WAR-14), then runs the
// end checks.
func (p *play) settle(winner int, how uint8) {
	if how == byCompare && p.war && p.r.underdog != 0 {
		if u, card := p.underdogWinner(winner); u >= 0 {
			winner, how = u, byUnderdog
			p.count.underdogs++
			p.last.underdog = card
		}
	}
	p.keepTrick(winner, how)
	p.pickUp(winner)
	p.count.battles++
	p.afterBattle()
}

// underdogWinner returns the first loser of the war, in seat order after
// winner, with a face-down card of the underdog rank in its last war round,
// and that card; -1 if none (WAR-14).
func (p *play) underdogWinner(winner int) (int, cards.Card) {
	for i := 1; i < p.r.seats; i++ {
		seat := (winner + i) % p.r.seats
		if p.fighting&bit(seat) == 0 {
			continue
		}
		st := &p.table[seat]
		for j := st.round; j+1 < st.n; j++ {
			if st.cards[j].Rank() == p.r.underdog {
				return seat, st.cards[j]
			}
		}
	}
	return -1, cards.NoCard
}

// pickUp moves the table under winner's pile in the pickup order (WAR-04).
func (p *play) pickUp(winner int) {
	n := p.r.seats
	order := &p.r.order[winner]
	layers := uint8(0)
	for seat := range n {
		layers = max(layers, p.table[seat].n)
	}
	dst := &p.piles[winner]
	from := uint(dst.head) + uint(dst.n)
	tail := from
	for layer := range layers {
		for _, seat := range order[:n] {
			if st := &p.table[seat]; layer < st.n {
				dst.buf[tail&63] = st.cards[layer]
				tail++
			}
		}
	}
	dst.n = uint8(tail - uint(dst.head))
	if p.r.pickup == shuffled {
		for i := int(tail-from) - 1; i > 0; i-- {
			j := uint(p.rng.IntN(i + 1))
			a, b := (from+uint(i))&63, (from+j)&63
			dst.buf[a], dst.buf[b] = dst.buf[b], dst.buf[a]
		}
	}
	// Only the counts need clearing: cards past n are never read.
	for seat := range n {
		st := &p.table[seat]
		st.n, st.up, st.round = 0, 0, 0
	}
}

// afterBattle runs the checks after a battle: players without cards are
// out, then the win, repetition and cap checks in that order (WAR-07,
// WAR-08, WAR-11).
func (p *play) afterBattle() {
	for seat := 0; seat < p.r.seats; seat++ {
		if p.piles[seat].n == 0 {
			p.in &^= bit(seat)
		}
	}
	switch {
	case bits.OnesCount8(p.in) == 1:
		p.finish(endWin, bits.TrailingZeros8(p.in))
	case p.r.repetitionApplies() && p.cycle.step(&p.piles, p.r.seats):
		p.finish(endRepetition, -1)
	case p.count.battles >= p.r.maxBattles:
		p.finish(endCap, -1)
	default:
		p.startBattle()
	}
}

func (p *play) finish(end uint8, winner int) {
	p.end, p.winner, p.phase = end, int8(winner), phaseOver
	p.pending, p.fighting = 0, 0
}

// keepTrick records the trick's cards, face up and down, for views.
func (p *play) keepTrick(winner int, how uint8) {
	if !p.record {
		return
	}
	l := &p.last
	l.winner, l.how = int8(winner), how
	if how != byUnderdog {
		l.underdog = cards.NoCard
	}
	if how != bySlap {
		l.slapMS = 0
	}
	for seat := 0; seat < p.r.seats; seat++ {
		st := &p.table[seat]
		l.n[seat], l.up[seat] = st.n, st.up
		copy(l.cards[seat][:st.n], st.cards[:st.n])
	}
}

// save stores the current piles as the saved position.
func (b *brent) save(piles *[3]pile, seats int) {
	k := 0
	for seat := range seats {
		b.savedLen[seat] = piles[seat].n
		k += piles[seat].copyTo(b.saved[k:])
	}
	b.inRings = false
}

// saveRings is save for three seats into rings.
func (b *brent) saveRings(piles *[3]pile) {
	for seat := range piles {
		b.rings[seat], b.heads[seat], b.savedLen[seat] = piles[seat].buf, piles[seat].head, piles[seat].n
	}
	b.inRings = true
}

// linear makes saved hold the saved position.
func (b *brent) linear() {
	if !b.inRings {
		return
	}
	k := 0
	for seat := range b.rings {
		for i := range b.savedLen[seat] {
			b.saved[k] = b.rings[seat][(b.heads[seat]+i)&63]
			k++
		}
	}
	b.inRings = false
}

// top0 returns the saved position's top card of pile 0 (when pile 0 had
// any).
func (b *brent) top0() cards.Card {
	if b.inRings {
		return b.rings[0][b.heads[0]&63]
	}
	return b.saved[0]
}

// step takes the position after a battle and reports whether it repeats
// the saved one. Pile lengths are compared before cards.
func (b *brent) step(piles *[3]pile, seats int) bool {
	b.lam++
	if b.same(piles, seats) {
		return true
	}
	if b.lam == b.power {
		b.save(piles, seats)
		b.power *= 2
		b.lam = 0
	}
	return false
}

func (b *brent) same(piles *[3]pile, seats int) bool {
	for seat := range seats {
		if piles[seat].n != b.savedLen[seat] {
			return false
		}
	}
	b.linear()
	k := 0
	for seat := range seats {
		n := int(piles[seat].n)
		if !piles[seat].equal(b.saved[k : k+n]) {
			return false
		}
		k += n
	}
	return true
}
