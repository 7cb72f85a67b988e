package watchtower

import (
	"cardtable/cards"
	"cardtable/engine"
)

// freeForAll is a free-for-all in progress (WT-17).
type freeForAll struct {
	drawer int
	// card is the contested card, set aside; NoCard when none is running.
	card    cards.Card
	attempt int
	// parts are the participants in seat order from the drawer; order[i] is
	// parts[i]'s army in its hidden shuffled order; picks[i] is the position
	// parts[i] chose in the army of the participant before them.
	parts seatGroup
	order [engine.MaxSeats]cardList
	picks positions
}

// reset ends the free-for-all.
func (f *freeForAll) reset() { *f = freeForAll{} }

// picker is the participant choosing now.
func (f *freeForAll) picker() int { return f.parts.s[f.picks.n] }

// victim is the index of the participant parts[i] picks from.
func (f *freeForAll) victim(i int) int {
	if i == 0 {
		return f.parts.n - 1
	}
	return i - 1
}

// startFreeForAll sets aside seat's 4th card c and lets the players not on
// campaign with army cards contest it (WT-16, WT-17).
func (s *State) startFreeForAll(seat int, c cards.Card) {
	s.takeTop(seat, c.Rank())
	s.stats[metricFreeForAlls]++
	var buf [engine.MaxSeats]int
	parts := buf[:0]
	for k := 0; k < s.cfg.players; k++ {
		x := s.seatFrom(seat, k)
		if p := &s.players[x]; !p.out && !p.onCampaign() && p.armySize() > 0 {
			parts = append(parts, x)
		}
	}
	s.free.reset()
	s.free.drawer, s.free.card = seat, c
	s.log2(evFreeForAll, cardArg(c), seatArg(seat))
	s.playFreeForAll(parts)
}

// playFreeForAll runs one attempt among parts: a lone participant (or
// none, for the drawer) wins at once; otherwise each army is shuffled and
// the picks begin.
func (s *State) playFreeForAll(parts []int) {
	f := &s.free
	f.attempt++
	switch len(parts) {
	case 0:
		s.awardContested(f.drawer)
		return
	case 1:
		s.awardContested(parts[0])
		return
	}
	// parts never aliases f.parts: callers pass their own buffers.
	f.parts.set(parts)
	f.picks = positions{}
	f.order = [engine.MaxSeats]cardList{}
	for i, x := range parts {
		f.order[i] = s.players[x].army
		s.rng.Shuffle(f.order[i].all())
	}
	s.wait = waitFreePick
}

// pickInFreeForAll records the picker's choice of position pos (0-based).
func (s *State) pickInFreeForAll(pos int) {
	f := &s.free
	i := f.picks.len()
	s.log3(evPick, seatArg(f.parts.s[i]), intArg(pos+1), seatArg(f.parts.s[f.victim(i)]))
	f.picks.push(pos)
	if f.picks.len() < f.parts.n {
		return
	}
	s.wait = waitNone
	s.flipFreeForAll()
}

// flipFreeForAll compares the picked cards: the single highest wins for
// its owner; a tie replays among the tied, three attempts in all, and then
// the contested card goes under the barracks.
func (s *State) flipFreeForAll() {
	f := &s.free
	best := cards.Rank(0)
	var topBuf [engine.MaxSeats]int
	var shownBuf [engine.MaxSeats]cards.Card
	top, shown := topBuf[:0], shownBuf[:0]
	m := f.parts.n
	for j, owner := range f.parts.all() {
		c := f.order[j].c[f.picks.at((j+1)%m)]
		s.players[owner].seen |= bit(c)
		shown = append(shown, c)
		switch r := c.Rank(); {
		case r > best:
			best, top = r, append(top[:0], owner)
		case r == best:
			top = append(top, owner)
		}
	}
	s.log2(evFreeFlip, seatArg(f.parts.s[0]), s.cardsArg(shown))
	if len(top) == 1 {
		s.awardContested(top[0])
		return
	}
	if f.attempt < 3 {
		s.log1(evFreeReplay, intArg(len(top)))
		s.playFreeForAll(top)
		return
	}
	c := f.card
	s.free.reset()
	s.toBottom(c, everyone)
	s.log1(evFreeTiedOut, cardArg(c))
}

// awardContested gives the contested card to seat: back on the drawer's
// triple, completing the tower, or into another winner's army, won.
func (s *State) awardContested(seat int) {
	drawer, card := s.free.drawer, s.free.card
	s.free.reset()
	if seat == drawer {
		s.toFortress(seat, card)
		s.log2(evFreeCompletes, seatArg(seat), cardArg(card))
		s.complete(seat)
		return
	}
	s.addToArmy(seat, card, true, true)
	s.log2(evFreeTakes, seatArg(seat), cardArg(card))
}
