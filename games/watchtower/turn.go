package watchtower

import (
	"math/bits"
	"slices"

	"cardtable/cards"
	"cardtable/engine"
)

// Legal implements engine.State. The order is stable: places (cards in
// ascending order), burns (ranks up), then in play challenges (defenders in
// seat order after seat, ranks up, K up) and campaign battles, then done or
// end. It allocates nothing beyond growing dst.
func (s *State) Legal(seat int, dst []engine.Action) []engine.Action {
	if s.phase == phaseOver || seat != s.mover() {
		return dst
	}
	p := &s.players[seat]
	switch s.wait {
	case waitBattlePick:
		side := s.battle.side()
		for pos := range s.battle.order[side].len() {
			if !s.battle.picks[side].has(pos) {
				dst = append(dst, pickAction(pos+1))
			}
		}
		return dst
	case waitFreePick:
		for pos := range s.free.order[s.free.victim(s.free.picks.len())].len() {
			dst = append(dst, pickAction(pos+1))
		}
		return dst
	case waitGive:
		for m := p.held; m != 0; m &= m - 1 {
			dst = append(dst, giveAction(cards.Card(bits.TrailingZeros64(m))))
		}
		return dst
	}
	if !p.onCampaign() {
		for m := p.held; m != 0; m &= m - 1 {
			dst = append(dst, placeAction(cards.Card(bits.TrailingZeros64(m))))
		}
		if !s.burnUsed {
			dst = s.legalBurns(seat, dst)
		}
	}
	if s.phase == phaseSetup {
		return append(dst, Done)
	}
	if !s.challengeUsed {
		dst = s.legalChallenges(seat, dst)
	}
	return append(dst, End)
}

// cardSet returns the set of cs, one bit per card value (bit(c)). Cards
// are below 64, so walking the set from its lowest bit lists cs sorted.
func cardSet(cs []cards.Card) uint64 {
	var m uint64
	for _, c := range cs {
		m |= bit(c)
	}
	return m
}

// legalBurns appends seat's legal burns: ranks in its fortress that no
// other seat holds two or more of (WT-06).
func (s *State) legalBurns(seat int, dst []engine.Action) []engine.Action {
	var doubled uint16
	for x := range s.all() {
		if x != seat {
			doubled |= s.players[x].stacks[1]
		}
	}
	for m := s.players[seat].stacks[0] &^ doubled; m != 0; m &= m - 1 {
		dst = append(dst, burnAction(cards.Rank(bits.TrailingZeros16(m))))
	}
	return dst
}

// legalChallenges appends seat's legal challenges and campaign battles
// (the turn's challenge must be unused). It lists exactly the actions
// checkChallenge and checkCampaignBattle accept, without calling them.
func (s *State) legalChallenges(seat int, dst []engine.Action) []engine.Action {
	n := s.cfg.players
	armyA := s.players[seat].armySize()
	for k := 1; k < n; k++ {
		def := s.seatFrom(seat, k)
		d := &s.players[def]
		if d.out || d.onCampaign() {
			continue
		}
		armyD := d.armySize()
		lo, hi := 1, min(2, armyA, armyD)
		if armyD == 0 {
			lo, hi = 0, 0
		}
		if lo > hi {
			continue
		}
		// The top of a double tower needs 6 army cards, of a triple 10.
		open := d.stacks[0]
		if armyA < 6 {
			open &^= d.stacks[1] &^ d.stacks[2]
		}
		if armyA < 10 {
			open &^= d.stacks[2] &^ d.stacks[3]
		}
		for m := open; m != 0; m &= m - 1 {
			r := cards.Rank(bits.TrailingZeros16(m))
			for k := lo; k <= hi; k++ {
				dst = append(dst, challengeAction(def, r, k))
			}
		}
	}
	if !s.players[seat].onCampaign() || armyA == 0 || s.allOnCampaign() {
		return dst
	}
	for k := 1; k < n; k++ {
		def := s.seatFrom(seat, k)
		if d := &s.players[def]; !d.out && d.onCampaign() && d.armySize() > 0 {
			dst = append(dst, campaignBattleAction(def))
		}
	}
	return dst
}

func sortedCards(cs []cards.Card) []cards.Card {
	return sortedInto(nil, cs)
}

// sortedInto appends cs to dst and sorts the appended cards; with a stack
// buffer as dst, listing a hand in order allocates nothing.
func sortedInto(dst, cs []cards.Card) []cards.Card {
	n := len(dst)
	dst = append(dst, cs...)
	slices.Sort(dst[n:])
	return dst
}

// Apply implements engine.State.
func (s *State) Apply(seat int, a engine.Action) error {
	if s.phase == phaseOver || seat != s.mover() {
		return engine.CheckSeat(seat, s.ToMove(nil))
	}
	d, ok := decode(a)
	if !ok {
		return engine.Illegal("watchtower: %d is not an action of this game; %s", uint64(a), notationHelp)
	}
	if err := s.check(seat, d); err != nil {
		return err
	}
	s.clearEvents()
	s.play(seat, d)
	s.run()
	return nil
}

// check explains why d is not legal for seat now, or returns nil.
func (s *State) check(seat int, d decoded) error {
	switch s.wait {
	case waitBattlePick, waitFreePick:
		return s.checkPick(d)
	case waitGive:
		if d.kind != kindGive {
			return engine.Illegal("watchtower: %s must give %s more to the empty barracks first: give CARD (WT-21)", seatName(seat), counted(s.owed, nounArmyCard))
		}
		if !s.players[seat].holds(d.card) {
			return engine.Illegal("watchtower: cannot give %v: it is not in your army", d.card)
		}
		return nil
	}
	if s.phase == phaseSetup && (d.kind == kindChallenge || d.kind == kindCampaignBattle) {
		return engine.Illegal("watchtower: no challenges during setup: place, burn or write done (WT-03)")
	}
	switch d.kind {
	case kindPlace:
		return s.checkPlace(seat, d.card)
	case kindBurn:
		return s.checkBurn(seat, d.rank)
	case kindChallenge:
		return s.checkChallenge(seat, int(d.seat), d.rank, int(d.k))
	case kindCampaignBattle:
		return s.checkCampaignBattle(seat, int(d.seat))
	case kindDone:
		if s.phase != phaseSetup {
			return engine.Illegal("watchtower: done ends a setup turn; the game has started, so write end")
		}
		return nil
	case kindEnd:
		if s.phase == phaseSetup {
			return engine.Illegal("watchtower: this is a setup turn: write done to finish it (WT-03)")
		}
		return nil
	}
	if d.kind == kindPick {
		return engine.Illegal("watchtower: no blind pick is pending: it is your turn (place, burn, challenge or end)")
	}
	return engine.Illegal("watchtower: no one owes cards to the barracks: it is your turn (place, burn, challenge or end)")
}

func (s *State) checkPick(d decoded) error {
	if d.kind != kindPick {
		return engine.Illegal("watchtower: a blind pick is pending: write pick SLOT (WT-09)")
	}
	var n int
	var taken bool
	if s.wait == waitBattlePick {
		n = s.battle.order[s.battle.side()].len()
		taken = int(d.slot) <= n && s.battle.taken(int(d.slot)-1)
	} else {
		n = s.free.order[s.free.victim(s.free.picks.len())].len()
	}
	switch {
	case int(d.slot) > n:
		return engine.Illegal("watchtower: cannot pick %d: there are only %d positions", int(d.slot), n)
	case taken:
		return engine.Illegal("watchtower: cannot pick %d: that position is already taken", int(d.slot))
	}
	return nil
}

func (s *State) checkPlace(seat int, c cards.Card) error {
	p := &s.players[seat]
	switch {
	case p.onCampaign():
		return engine.Illegal("watchtower: cannot place %v: you are on campaign (WT-18)", c)
	case !p.holds(c):
		return engine.Illegal("watchtower: cannot place %v: it is not in your army", c)
	}
	return nil
}

func (s *State) checkBurn(seat int, r cards.Rank) error {
	p := &s.players[seat]
	switch {
	case p.onCampaign():
		return engine.Illegal("watchtower: cannot burn %v: you are on campaign (WT-18)", r)
	case s.burnUsed:
		return engine.Illegal("watchtower: cannot burn %v: you have already burned a card this turn (WT-06)", r)
	case p.fortN[r] == 0:
		return engine.Illegal("watchtower: cannot burn %v: there is no %v in your fortress", r, r)
	}
	if x := s.doubledBy(seat, r); x >= 0 {
		return engine.Illegal("watchtower: cannot burn %v: %s has %d %vs in their fortress (WT-06)", r, seatName(x), s.players[x].fortN[r], r)
	}
	return nil
}

// doubledBy returns another seat holding 2 or more cards of rank r in their
// fortress, which forbids burning r (WT-06), or -1.
func (s *State) doubledBy(seat int, r cards.Rank) int {
	for x := range s.all() {
		if x != seat && s.players[x].fortN[r] >= 2 {
			return x
		}
	}
	return -1
}

func (s *State) checkChallenge(seat, def int, r cards.Rank, k int) error {
	a := &s.players[seat]
	if def >= s.cfg.players || def == seat || s.players[def].out {
		return engine.Illegal("watchtower: cannot challenge seat %d: challenge another player still in", def+1)
	}
	d := &s.players[def]
	armyA, armyD := a.armySize(), d.armySize()
	switch {
	case s.challengeUsed:
		return engine.Illegal("watchtower: cannot challenge: you have already challenged this turn (WT-07)")
	case d.onCampaign():
		return engine.Illegal("watchtower: cannot challenge %s: they are on campaign (WT-07)", seatName(def))
	case d.fortN[r] == 0:
		return engine.Illegal("watchtower: cannot challenge %s for %v: there is no %v in their fortress", seatName(def), r, r)
	case d.fortN[r] == 2 && armyA < 6:
		return engine.Illegal("watchtower: cannot challenge the top of %s's double tower of %vs: it needs 6 cards in your army, you have %d (WT-07)", seatName(def), r, armyA)
	case d.fortN[r] == 3 && armyA < 10:
		return engine.Illegal("watchtower: cannot challenge the top of %s's triple tower of %vs: it needs 10 cards in your army, you have %d (WT-07)", seatName(def), r, armyA)
	case armyD == 0 && k != 0:
		return engine.Illegal("watchtower: %s's army is empty: their fortress is vulnerable, take the card with challenge %d %v 0 (WT-14)", seatName(def), def+1, r)
	case armyD > 0 && k == 0:
		return engine.Illegal("watchtower: K=0 only takes from an empty army; %s has %d army cards: challenge with 1 or 2 cards (WT-14)", seatName(def), armyD)
	case k > min(2, armyA, armyD):
		return engine.Illegal("watchtower: cannot challenge with %s: at most 2 and at most the smaller army (you %d, %s %d) (WT-08)", counted(k, nounCard), armyA, seatName(def), armyD)
	}
	return nil
}

func (s *State) checkCampaignBattle(seat, def int) error {
	if def >= s.cfg.players || def == seat || s.players[def].out {
		return engine.Illegal("watchtower: cannot battle seat %d: battle another player still in", def+1)
	}
	switch {
	case s.challengeUsed:
		return engine.Illegal("watchtower: cannot start a campaign battle: you have already challenged this turn (WT-07)")
	case !s.players[seat].onCampaign() || !s.players[def].onCampaign():
		return engine.Illegal("watchtower: a campaign battle is between two players on campaign (WT-19)")
	case s.allOnCampaign():
		return engine.Illegal("watchtower: a campaign battle needs a player still in who is not on campaign (WT-19)")
	case s.players[seat].armySize() == 0 || s.players[def].armySize() == 0:
		return engine.Illegal("watchtower: a campaign battle needs cards in both armies (WT-19)")
	}
	return nil
}

// play carries out a checked action.
func (s *State) play(seat int, d decoded) {
	switch d.kind {
	case kindPick:
		if s.wait == waitBattlePick {
			s.pickInBattle(int(d.slot) - 1)
		} else {
			s.pickInFreeForAll(int(d.slot) - 1)
		}
	case kindGive:
		s.removeFromArmy(seat, d.card)
		s.toBottom(d.card, 1<<seat)
		if s.owed--; s.owed == 0 {
			s.wait = waitNone
		}
	case kindPlace:
		s.place(seat, d.card)
	case kindBurn:
		s.burn(seat, d.rank)
	case kindChallenge:
		s.challenge(seat, int(d.seat), d.rank, int(d.k))
	case kindCampaignBattle:
		s.stats[metricCampaignBattles]++
		s.logf(evCampaignBattle, seatArg(seat), seatArg(int(d.seat)))
		s.startBattle(seat, int(d.seat), cards.NoCard, min(3, s.players[seat].armySize(), s.players[int(d.seat)].armySize()))
	case kindDone:
		s.logf(evDone, seatArg(seat))
		if next := s.nextIn(seat); next != s.first {
			s.beginSetup(next)
		} else {
			s.phase = phasePlay
			s.beginTurn(s.first)
		}
	case kindEnd:
		s.logf(evEnd, seatArg(seat))
		s.endTurn()
	}
	if s.wait == waitTurn {
		s.wait = waitNone
	}
}

// place moves c from the army onto its stack (WT-04); a 4th card completes
// the tower if it was won, else starts a free-for-all (WT-16).
func (s *State) place(seat int, c cards.Card) {
	won := s.removeFromArmy(seat, c)
	s.toFortress(seat, c)
	s.logf(evPlace, seatArg(seat), cardArg(c))
	if s.players[seat].fortN[c.Rank()] < 4 {
		return
	}
	if won {
		s.complete(seat)
		return
	}
	s.push(task{kind: taskFreeForAll, seat: int8(seat), card: c})
}

// burn takes the top card of rank r aside, draws 1 (2 for J, Q, K, A),
// then puts the card under the barracks (WT-06).
func (s *State) burn(seat int, r cards.Rank) {
	c := s.takeTop(seat, r)
	s.aside.push(c)
	s.burnUsed = true
	n := 1
	if IsHigh(r) {
		n = 2
	}
	s.logf(evBurn, seatArg(seat), cardArg(c))
	s.push2(drawTask(seat, n, false), task{kind: taskBottom, card: c})
}

// challenge declares a challenge (WT-07, WT-08) or takes from a vulnerable
// fortress at once (WT-14).
func (s *State) challenge(seat, def int, r cards.Rank, k int) {
	target := s.players[def].top(r)
	if k == 0 {
		s.challengeUsed = true
		s.stats[metricVulnerableTakes]++
		s.takeTop(def, r)
		s.addToArmy(seat, target, true, true)
		s.logf(evVulnerableTake, seatArg(seat), cardArg(target), seatArg(def))
		return
	}
	s.stats[metricChallenges]++
	s.logf(evChallenge, seatArg(seat), seatArg(def), cardArg(target), countArg(k, nounCard))
	s.startBattle(seat, def, target, k)
}
