package watchtower

import (
	"math/bits"

	"cardtable/cards"
	"cardtable/engine"
)

// ViewInto writes seat's view of st into v, reusing the memory of v's
// slices, and returns it (a new view when v is nil). The result holds what
// ViewOf(st, seat) holds (it encodes to the same JSON and prints the same
// text); like ViewOf it leaves out the event texts. Every slice and
// pointer of the view given as v is overwritten: a caller reading one view
// per decision (a bot's rollout policy) keeps one View and passes it back
// each time, and must not keep parts of an earlier view.
func ViewInto(st engine.State, seat int, v *View) *View {
	if v == nil {
		v = &View{}
	}
	s, ok := st.(*State)
	if !ok {
		*v = *st.View(seat).(*View)
		v.Events, v.EventsI18n = nil, nil
		return v
	}
	s.viewInto(v, seat)
	return v
}

// viewInto is view written into v's buffers.
func (s *State) viewInto(v *View, seat int) {
	players, known, aside, tries, pending := v.Players, v.Known[:0], v.Aside[:0], v.Tries[:0], v.Pending
	*v = View{
		Seat: seat, Phase: phaseNames[s.phase], Turn: s.turn, ToMove: -1,
		First: s.first, Dealer: s.dealer, Barracks: s.barracks.len(),
		BurnUsed: s.burnUsed, ChallengeUsed: s.challengeUsed,
	}
	if s.aside.len() > 0 {
		v.Aside = append(aside, s.aside.all()...)
	}
	if s.phase != phaseSetup {
		v.Round = s.roundsPlayed()
	}
	if s.phase != phaseOver {
		v.ToMove = s.mover()
	} else {
		r := s.Result()
		v.Result = &r
	}
	for i, k := range s.barracks.known() {
		if k == everyone || (seat >= 0 && k&(1<<seat) != 0) {
			known = append(known, KnownCard{Position: i + 1, Card: s.barracks.at(i)})
		}
	}
	if len(known) > 0 {
		v.Known = known
	}
	for len(players) < s.cfg.players {
		if len(players) < cap(players) {
			players = players[:len(players)+1] // an earlier view's player, buffers kept
		} else {
			players = append(players, PlayerView{})
		}
	}
	v.Players = players[:s.cfg.players]
	for i := range v.Players {
		s.playerViewInto(&v.Players[i], i, seat)
	}
	for _, t := range s.tryCounts() {
		tries = append(tries, TryView{Card: t.card, Attacker: int(t.attacker), Count: int(t.n)})
	}
	if len(tries) > 0 {
		v.Tries = tries
	}
	v.Pending = s.pendingInto(pending)
}

var phaseNames = [...]string{"setup", "play", "over"}

// playerViewInto is playerView written into pv's buffers.
func (s *State) playerViewInto(pv *PlayerView, i, viewer int) {
	p := &s.players[i]
	army, won, seen, fort, tower, row := pv.Army[:0], pv.Won[:0], pv.Seen[:0], pv.Fortress[:0], pv.Tower[:0], pv.Row[:0]
	*pv = PlayerView{Seat: i, Out: p.out, Campaign: p.onCampaign(), ArmySize: p.armySize(), Tricks: p.tricks}
	for m := p.held; m != 0; m &= m - 1 {
		c := cards.Card(bits.TrailingZeros64(m))
		if p.seen&bit(c) != 0 {
			seen = append(seen, c)
		}
		if i == viewer && p.won&bit(c) != 0 {
			won = append(won, c)
		}
	}
	if len(seen) > 0 {
		pv.Seen = seen
	}
	if len(won) > 0 {
		pv.Won = won
	}
	if i == viewer && !p.noArmy { // none after elimination or the rows: no army shown
		if army == nil {
			army = []cards.Card{} // not nil: the owner sees their (maybe empty) army
		}
		pv.Army = append(army, p.army.all()...)
	}
	for r := cards.Two; r <= cards.Ace; r++ {
		n := int(p.fortN[r])
		if n == 0 {
			continue
		}
		if len(fort) < cap(fort) {
			fort = fort[:len(fort)+1]
		} else {
			fort = append(fort, Stack{})
		}
		st := &fort[len(fort)-1]
		st.Rank, st.Count, st.Cards = r.String(), n, append(st.Cards[:0], p.fort[r][:n]...)
	}
	if fort == nil {
		fort = []Stack{} // encoded as [], never null, as View does
	}
	pv.Fortress = fort
	if p.onCampaign() {
		pv.Tower = append(tower, p.tower[:]...)
	}
	if p.row.len() > 0 {
		pv.Row = append(row, p.row.all()...)
	}
}

// pendingInto is pendingView written into pv (nil: a new one).
func (s *State) pendingInto(pv *Pending) *Pending {
	if s.wait != waitBattlePick && s.wait != waitFreePick && s.wait != waitGive {
		return nil
	}
	if pv == nil {
		pv = &Pending{}
	}
	open, parts := pv.Open[:0], pv.Participants[:0]
	*pv = Pending{}
	switch s.wait {
	case waitBattlePick:
		b := &s.battle
		side := b.side()
		*pv = Pending{Kind: "battle", Picker: b.picker(), From: b.seat(side),
			Positions: b.order[side].len(), Attacker: b.attacker, Defender: b.defender, K: b.k}
		if b.target != cards.NoCard {
			pv.target = b.target
			pv.Target = &pv.target
		}
		for pos := range b.order[side].len() {
			if !b.taken(pos) {
				open = append(open, pos+1)
			}
		}
	case waitFreePick:
		f := &s.free
		from := f.victim(f.picks.len())
		*pv = Pending{Kind: "free-for-all", Picker: f.picker(), From: f.parts.s[from],
			Positions: f.order[from].len(), Participants: append(parts, f.parts.all()...)}
		pv.target = f.card
		pv.Contested = &pv.target
		for pos := range f.order[from].len() {
			open = append(open, pos+1)
		}
	case waitGive:
		*pv = Pending{Kind: "give", Picker: s.giver, From: s.giver, Owed: s.owed}
	}
	if len(open) > 0 {
		pv.Open = open
	}
	return pv
}
