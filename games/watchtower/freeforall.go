package watchtower

import (
	"slices"

	"cardtable/cards"
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
	parts []int
	order [][]cards.Card
	picks []int
}

func (f freeForAll) clone() freeForAll {
	f.parts = slices.Clone(f.parts)
	f.picks = slices.Clone(f.picks)
	f.order = slices.Clone(f.order)
	for i := range f.order {
		f.order[i] = slices.Clone(f.order[i])
	}
	return f
}

// picker is the participant choosing now.
func (f *freeForAll) picker() int { return f.parts[len(f.picks)] }

// victim is the index of the participant parts[i] picks from.
func (f *freeForAll) victim(i int) int { return (i + len(f.parts) - 1) % len(f.parts) }

// startFreeForAll sets aside seat's 4th card c and lets the players not on
// campaign with army cards contest it (WT-16, WT-17).
func (s *State) startFreeForAll(seat int, c cards.Card) {
	s.takeTop(seat, c.Rank())
	s.stats[metricFreeForAlls]++
	var parts []int
	for _, x := range s.order(seat) {
		if p := &s.players[x]; !p.onCampaign() && len(p.army) > 0 {
			parts = append(parts, x)
		}
	}
	s.free = freeForAll{drawer: seat, card: c}
	s.logf("free-for-all for %v, drawn by %s", cardArg(c), seatArg(seat))
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
	f.parts, f.picks = parts, nil
	f.order = make([][]cards.Card, len(parts))
	for i, x := range parts {
		f.order[i] = slices.Clone(s.players[x].army)
		s.rng.Shuffle(f.order[i])
	}
	s.wait = waitFreePick
}

// pickInFreeForAll records the picker's choice of position pos (0-based).
func (s *State) pickInFreeForAll(pos int) {
	f := &s.free
	i := len(f.picks)
	s.logf("%s picks position %d of %s's army", seatArg(f.parts[i]), intArg(pos+1), seatArg(f.parts[f.victim(i)]))
	f.picks = append(f.picks, pos)
	if len(f.picks) < len(f.parts) {
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
	var top []int
	var shown []cards.Card
	m := len(f.parts)
	for j, owner := range f.parts {
		c := f.order[j][f.picks[(j+1)%m]]
		s.players[owner].seen |= bit(c)
		shown = append(shown, c)
		switch r := c.Rank(); {
		case r > best:
			best, top = r, []int{owner}
		case r == best:
			top = append(top, owner)
		}
	}
	s.logf("free-for-all flip (%s's card first): %s", seatArg(f.parts[0]), s.cardsArg(shown))
	if len(top) == 1 {
		s.awardContested(top[0])
		return
	}
	if f.attempt < 3 {
		s.logf("highest card tied: replay among %d players", intArg(len(top)))
		s.playFreeForAll(top)
		return
	}
	c := f.card
	s.free = freeForAll{}
	s.toBottom(c, everyone)
	s.logf("three tied attempts: %v goes under the barracks", cardArg(c))
}

// awardContested gives the contested card to seat: back on the drawer's
// triple, completing the tower, or into another winner's army, won.
func (s *State) awardContested(seat int) {
	f := s.free
	s.free = freeForAll{}
	if seat == f.drawer {
		s.toFortress(seat, f.card)
		s.logf("%s wins the free-for-all: %v completes the watchtower", seatArg(seat), cardArg(f.card))
		s.complete(seat)
		return
	}
	s.addToArmy(seat, f.card, true, true)
	s.logf("%s wins the free-for-all and takes %v", seatArg(seat), cardArg(f.card))
}
