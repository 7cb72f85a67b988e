package regicide

import (
	"math/bits"
	"slices"

	"cardtable/cards"
)

// ViewInto writes View(seat) into v, reusing v's slices and enemy record
// instead of allocating new ones: the same view for a search that reads
// one at every step of its rollouts. Whatever v held before is
// overwritten, also through the slices and the Enemy pointer it had.
func (s *State) ViewInto(seat int, v *View) {
	n := s.cfg.players
	old := *v
	*v = View{
		Seat: seat, Players: n, Phase: s.phase.String(), Current: int(s.current),
		ToMove: s.ToMove(old.ToMove[:0]), Turns: int(s.turns),
		Castle: int(s.nCastle), Defeated: int(s.defeated),
		Tavern: int(s.nTavern), RecycledAtBottom: int(s.recycled),
		Recycled: s.recycledSet.appendCards(old.Recycled[:0]), Discard: s.discard.appendCards(old.Discard[:0]),
		Table: s.table.appendCards(old.Table[:0]), PowersLeft: s.powersLeft(),
		TavernTop: old.TavernTop[:0], HandSizes: old.HandSizes[:0], Known: old.Known[:0],
		Signals: old.Signals[:0], Yielded: old.Yielded[:0],
	}
	for i := s.nTavern; i > s.nTavern-s.knownTop; i-- {
		v.TavernTop = append(v.TavernTop, s.tavern[i-1])
	}
	if e := s.enemy(); e != cards.NoCard {
		if v.Enemy = old.Enemy; v.Enemy == nil {
			v.Enemy = new(EnemyView)
		}
		*v.Enemy = EnemyView{Card: e, Attack: Value(e), Health: health(e), Damage: int(s.damage),
			Shield: int(s.shield), HeldShield: int(s.heldShield), Immune: s.immuneSuit() != 0}
	}
	if s.phase == phaseDiscard {
		v.Suffer = s.suffer()
	}
	for p := 0; p < n; p++ {
		v.HandSizes = append(v.HandSizes, s.hands[p].len())
		var known []cards.Card
		if p < len(old.Known) {
			known = old.Known[p][:0]
		}
		v.Known = append(v.Known, s.shown[p].appendCards(known))
		v.Signals = append(v.Signals, signalNames[s.signals[p]])
		v.Yielded = append(v.Yielded, s.yielded[p])
	}
	if seat >= 0 && seat < n {
		v.Hand = s.hands[seat].appendCards(old.Hand[:0])
	}
	if s.phase == phaseOver {
		v.Result = s.Result().Detail
	}
}

// appendCards appends the cards of m to dst in ascending order, growing
// dst once and writing by index.
func (m set) appendCards(dst []cards.Card) []cards.Card {
	n := len(dst)
	dst = slices.Grow(dst, m.len())[:n+m.len()]
	for i := range dst[n:] {
		dst[n+i] = cards.Card(bits.TrailingZeros64(uint64(m)))
		m &= m - 1
	}
	return dst
}
