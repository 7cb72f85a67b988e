package watchtower

import (
	"math/bits"
	"slices"

	"cardtable/cards"
	"cardtable/engine"
)

// maxLegal bounds the number of actions legal at once: every card of an
// army placed, 13 burns, challenges with 1 and 2 cards for 13 ranks of 3
// defenders, 3 campaign battles, and end.
const maxLegal = 52 + 13 + 3*13*2 + 3 + 1

// Legal implements engine.State. The order is stable: places (cards in
// ascending order), burns (ranks up), then in play challenges (defenders in
// seat order after seat, ranks up, K up) and campaign battles, then done or
// end. It allocates nothing beyond growing dst.
func (s *State) Legal(seat int, dst []engine.Action) []engine.Action {
	if s.phase == phaseOver || seat != s.mover() {
		return dst
	}
	start := len(dst)
	dst = slices.Grow(dst, maxLegal)
	n := s.legalInto(seat, (*[maxLegal]engine.Action)(dst[start:start+maxLegal]))
	return dst[:start+n]
}

// legalInto writes Legal's actions for seat, the seat to move, into out
// and returns how many there are. Each list is a walk over a bit set,
// written by index (listBits).
func (s *State) legalInto(seat int, out *[maxLegal]engine.Action) int {
	p := &s.players[seat]
	n := 0
	switch s.wait {
	case waitBattlePick:
		b := &s.battle
		side := b.side()
		return listBits(out, 0, lowBits(b.order[side].len())&^b.picks[side].taken, pickAction(1))
	case waitFreePick:
		for m := lowBits(s.free.order[s.free.victim(s.free.picks.len())].len()); m != 0; m &= m - 1 {
			out[n] = pickAction(bits.TrailingZeros64(m) + 1)
			n++
		}
		return n
	case waitGive:
		for m := p.held; m != 0; m &= m - 1 {
			out[n] = giveAction(cards.Card(bits.TrailingZeros64(m)))
			n++
		}
		return n
	}
	if !p.onCampaign() {
		n = listBits(out, 0, p.held, placeAction(0))
		if !s.burnUsed {
			n = listBits(out, n, uint64(p.stacks[0]&^s.doubled(seat)), burnAction(0))
		}
	}
	if s.phase == phaseSetup {
		out[n] = Done
		return n + 1
	}
	if !s.challengeUsed {
		n = s.legalChallenges(seat, out, n)
	}
	out[n] = End
	return n + 1
}

// listBits writes, from out[n], the action base + x<<8 for each x in m,
// lowest first, and returns the new count. A set of up to 8 (nearly every
// army, fortress and battle order) is written by 8 stores without a
// branch: a loop over the set ends at a place no branch predictor can
// learn, and writing past the count is harmless (Legal returns the first
// n).
func listBits(out *[maxLegal]engine.Action, n int, m uint64, base engine.Action) int {
	k := bits.OnesCount64(m)
	if k > 8 {
		for ; m != 0; m &= m - 1 {
			out[n] = base + at(m)
			n++
		}
		return n
	}
	o := (*[8]engine.Action)(out[n : n+8])
	m1 := m & (m - 1)
	m2 := m1 & (m1 - 1)
	m3 := m2 & (m2 - 1)
	o[0], o[1] = base+at(m), base+at(m1)
	o[2], o[3] = base+at(m2), base+at(m3)
	m4 := m3 & (m3 - 1)
	m5 := m4 & (m4 - 1)
	m6 := m5 & (m5 - 1)
	m7 := m6 & (m6 - 1)
	o[4], o[5] = base+at(m4), base+at(m5)
	o[6], o[7] = base+at(m6), base+at(m7)
	return n + k
}

// at is the lowest member of m as an action's first operand.
func at(m uint64) engine.Action { return engine.Action(bits.TrailingZeros64(m)) << 8 }

// lowBits is the set of positions 0..n-1.
func lowBits(n int) uint64 { return 1<<uint(n) - 1 }

// doubled is the ranks another seat holds two or more of in its fortress,
// which seat may not burn (WT-06).
func (s *State) doubled(seat int) uint16 {
	var m uint16
	for x := range s.all() {
		m |= s.players[x].stacks[1] &^ -uint16(b2i(x == seat))
	}
	return m
}

// legalChallenges writes seat's legal challenges and campaign battles
// (the turn's challenge must be unused) into out from n and returns the
// new count. It lists exactly the actions checkChallenge and
// checkCampaignBattle accept, without calling them.
func (s *State) legalChallenges(seat int, out *[maxLegal]engine.Action, n int) int {
	players := s.cfg.players
	armyA := s.players[seat].armySize()
	for k := 1; k < players; k++ {
		def := s.seatFrom(seat, k)
		d := &s.players[def]
		if d.out || d.onCampaign() {
			continue
		}
		armyD := d.armySize()
		if armyA == 0 && armyD > 0 {
			continue // K is at least 1 and at most the smaller army
		}
		// The top of a double tower needs 6 army cards, of a triple 10.
		open := d.stacks[0]
		if armyA < 6 {
			open &^= d.stacks[1] &^ d.stacks[2]
		}
		if armyA < 10 {
			open &^= d.stacks[2] &^ d.stacks[3]
		}
		// K runs from lo to hi: 0 alone against an empty army (WT-14),
		// else 1, and 2 when both armies hold two.
		lo := min(armyD, 1)
		two := armyA >= 2 && armyD >= 2
		// Both Ks are written; the second is kept only when two (no branch).
		step := 1 + b2i(two)
		for m := open; m != 0; m &= m - 1 {
			r := cards.Rank(bits.TrailingZeros16(m))
			out[n] = challengeAction(def, r, lo)
			out[n+1] = challengeAction(def, r, 2)
			n += step
		}
	}
	if !s.players[seat].onCampaign() || armyA == 0 || s.allOnCampaign() {
		return n
	}
	for k := 1; k < players; k++ {
		def := s.seatFrom(seat, k)
		if d := &s.players[def]; !d.out && d.onCampaign() && d.armySize() > 0 {
			out[n] = campaignBattleAction(def)
			n++
		}
	}
	return n
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
	if !validAction(a) {
		return engine.Illegal("watchtower: %d is not an action of this game; %s", uint64(a), notationHelp)
	}
	if err := s.act(seat, a); err != nil {
		return err
	}
	s.run()
	return nil
}

// act carries out a (a valid action) for seat if it is legal now, or explains why it is not
// and changes nothing. Checking and playing share one dispatch on the
// kind: a random player's kinds come in no order a branch predictor could
// learn.
func (s *State) act(seat int, a engine.Action) error {
	kind := actKind(a)
	switch s.wait {
	case waitBattlePick, waitFreePick:
		if err := s.checkPick(kind, actSlot(a)); err != nil {
			return err
		}
		s.clearEvents()
		if s.wait == waitBattlePick {
			s.pickInBattle(actSlot(a) - 1)
		} else {
			s.pickInFreeForAll(actSlot(a) - 1)
		}
		return nil
	case waitGive:
		c := actCard(a)
		if kind != kindGive {
			return engine.IllegalSay(engine.Say("watchtower.refuse.must-give", engine.SeatArg("seat", seat), engine.NounArg("owed", int(s.owed), nounIDs[nounArmyCard])),
				"watchtower: %s must give %s more to the empty barracks first: give CARD (WT-21)", seatName(seat), counted(s.owed, nounArmyCard))
		}
		if !s.players[seat].holds(c) {
			return engine.IllegalSay(engine.Say("watchtower.refuse.give-not-army", engine.TextArg("card", c.String())), "watchtower: cannot give %v: it is not in your army", c)
		}
		s.clearEvents()
		s.give(seat, c)
		return nil
	}
	if s.phase == phaseSetup && (kind == kindChallenge || kind == kindCampaignBattle) {
		return engine.IllegalSay(engine.Say("watchtower.refuse.setup-no-challenge"), "watchtower: no challenges during setup: place, burn or write done (WT-03)")
	}
	var err error
	switch kind {
	case kindPlace:
		if err = s.checkPlace(seat, actCard(a)); err == nil {
			s.clearEvents()
			s.place(seat, actCard(a))
		}
	case kindBurn:
		if err = s.checkBurn(seat, actRank(a)); err == nil {
			s.clearEvents()
			s.burn(seat, actRank(a))
		}
	case kindChallenge:
		def, r, k := actSeat(a), challengeRank(a), challengeK(a)
		if err = s.checkChallenge(seat, def, r, k); err == nil {
			s.clearEvents()
			s.challenge(seat, def, r, k)
		}
	case kindCampaignBattle:
		if err = s.checkCampaignBattle(seat, actSeat(a)); err == nil {
			s.clearEvents()
			s.campaignBattle(seat, actSeat(a))
		}
	case kindDone:
		if s.phase != phaseSetup {
			return engine.IllegalSay(engine.Say("watchtower.refuse.setup-over"), "watchtower: done ends a setup turn; the game has started, so write end")
		}
		s.clearEvents()
		s.done(seat)
	case kindEnd:
		if s.phase == phaseSetup {
			return engine.IllegalSay(engine.Say("watchtower.refuse.setup-turn"), "watchtower: this is a setup turn: write done to finish it (WT-03)")
		}
		s.clearEvents()
		s.log1(evEnd, seatArg(seat))
		s.endTurn()
	case kindPick:
		return engine.IllegalSay(engine.Say("watchtower.refuse.no-pick"), "watchtower: no blind pick is pending: it is your turn (place, burn, challenge or end)")
	default:
		return engine.IllegalSay(engine.Say("watchtower.refuse.no-give"), "watchtower: no one owes cards to the barracks: it is your turn (place, burn, challenge or end)")
	}
	if err != nil {
		return err
	}
	if s.wait == waitTurn {
		s.wait = waitNone
	}
	return nil
}

// checkPick checks an action of kind picking slot (from 1).
func (s *State) checkPick(kind uint8, slot int) error {
	if kind != kindPick {
		return engine.IllegalSay(engine.Say("watchtower.refuse.pick-pending"), "watchtower: a blind pick is pending: write pick SLOT (WT-09)")
	}
	var n int
	var taken bool
	if s.wait == waitBattlePick {
		n = s.battle.order[s.battle.side()].len()
		taken = slot <= n && s.battle.taken(slot-1)
	} else {
		n = s.free.order[s.free.victim(s.free.picks.len())].len()
	}
	switch {
	case slot > n:
		return engine.IllegalSay(engine.Say("watchtower.refuse.pick-range", engine.NumArg("slot", slot), engine.NumArg("n", n)), "watchtower: cannot pick %d: there are only %d positions", slot, n)
	case taken:
		return engine.IllegalSay(engine.Say("watchtower.refuse.pick-taken", engine.NumArg("slot", slot)), "watchtower: cannot pick %d: that position is already taken", slot)
	}
	return nil
}

func (s *State) checkPlace(seat int, c cards.Card) error {
	p := &s.players[seat]
	switch {
	case p.onCampaign():
		return engine.IllegalSay(engine.Say("watchtower.refuse.place-campaign", engine.TextArg("card", c.String())), "watchtower: cannot place %v: you are on campaign (WT-18)", c)
	case !p.holds(c):
		return engine.IllegalSay(engine.Say("watchtower.refuse.place-not-army", engine.TextArg("card", c.String())), "watchtower: cannot place %v: it is not in your army", c)
	}
	return nil
}

func (s *State) checkBurn(seat int, r cards.Rank) error {
	p := &s.players[seat]
	switch {
	case p.onCampaign():
		return engine.IllegalSay(engine.Say("watchtower.refuse.burn-campaign", engine.TextArg("rank", r.String())), "watchtower: cannot burn %v: you are on campaign (WT-18)", r)
	case s.burnUsed:
		return engine.IllegalSay(engine.Say("watchtower.refuse.burned-already", engine.TextArg("rank", r.String())), "watchtower: cannot burn %v: you have already burned a card this turn (WT-06)", r)
	case p.fortN[r] == 0:
		return engine.IllegalSay(engine.Say("watchtower.refuse.burn-none", engine.TextArg("rank", r.String())), "watchtower: cannot burn %v: there is no %v in your fortress", r, r)
	}
	if s.doubled(seat)>>r&1 == 0 {
		return nil
	}
	if x := s.doubledBy(seat, r); x >= 0 {
		return engine.IllegalSay(engine.Say("watchtower.refuse.burn-doubled", engine.TextArg("rank", r.String()), engine.SeatArg("seat", x), engine.NumArg("n", int(s.players[x].fortN[r]))),
			"watchtower: cannot burn %v: %s has %d %vs in their fortress (WT-06)", r, seatName(x), s.players[x].fortN[r], r)
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
		return engine.IllegalSay(engine.Say("watchtower.refuse.challenge-whom", engine.NumArg("n", def+1)), "watchtower: cannot challenge seat %d: challenge another player still in", def+1)
	}
	d := &s.players[def]
	armyA, armyD := a.armySize(), d.armySize()
	switch {
	case s.challengeUsed:
		return engine.IllegalSay(engine.Say("watchtower.refuse.challenged-already"), "watchtower: cannot challenge: you have already challenged this turn (WT-07)")
	case d.onCampaign():
		return engine.IllegalSay(engine.Say("watchtower.refuse.challenge-campaign", engine.SeatArg("seat", def)), "watchtower: cannot challenge %s: they are on campaign (WT-07)", seatName(def))
	case d.fortN[r] == 0:
		return engine.IllegalSay(engine.Say("watchtower.refuse.challenge-none", engine.SeatArg("seat", def), engine.TextArg("rank", r.String())),
			"watchtower: cannot challenge %s for %v: there is no %v in their fortress", seatName(def), r, r)
	case d.fortN[r] == 2 && armyA < 6:
		return engine.IllegalSay(engine.Say("watchtower.refuse.double-tower", engine.SeatArg("seat", def), engine.TextArg("rank", r.String()), engine.NumArg("army", armyA)),
			"watchtower: cannot challenge the top of %s's double tower of %vs: it needs 6 cards in your army, you have %d (WT-07)", seatName(def), r, armyA)
	case d.fortN[r] == 3 && armyA < 10:
		return engine.IllegalSay(engine.Say("watchtower.refuse.triple-tower", engine.SeatArg("seat", def), engine.TextArg("rank", r.String()), engine.NumArg("army", armyA)),
			"watchtower: cannot challenge the top of %s's triple tower of %vs: it needs 10 cards in your army, you have %d (WT-07)", seatName(def), r, armyA)
	case armyD == 0 && k != 0:
		return engine.IllegalSay(engine.Say("watchtower.refuse.empty-army", engine.SeatArg("seat", def), engine.NumArg("n", def+1), engine.TextArg("rank", r.String())),
			"watchtower: %s's army is empty: their fortress is vulnerable, take the card with challenge %d %v 0 (WT-14)", seatName(def), def+1, r)
	case armyD > 0 && k == 0:
		return engine.IllegalSay(engine.Say("watchtower.refuse.k-zero", engine.SeatArg("seat", def), engine.NounArg("army", armyD, nounIDs[nounArmyCard])),
			"watchtower: K=0 only takes from an empty army; %s has %d army cards: challenge with 1 or 2 cards (WT-14)", seatName(def), armyD)
	case k > min(2, armyA, armyD):
		return engine.IllegalSay(engine.Say("watchtower.refuse.challenge-size", engine.NounArg("with", k, "noun.cards"), engine.NumArg("mine", armyA), engine.SeatArg("seat", def), engine.NumArg("theirs", armyD)),
			"watchtower: cannot challenge with %s: at most 2 and at most the smaller army (you %d, %s %d) (WT-08)", counted(k, nounCard), armyA, seatName(def), armyD)
	}
	return nil
}

func (s *State) checkCampaignBattle(seat, def int) error {
	if def >= s.cfg.players || def == seat || s.players[def].out {
		return engine.IllegalSay(engine.Say("watchtower.refuse.battle-whom", engine.NumArg("n", def+1)), "watchtower: cannot battle seat %d: battle another player still in", def+1)
	}
	switch {
	case s.challengeUsed:
		return engine.IllegalSay(engine.Say("watchtower.refuse.battle-challenged"), "watchtower: cannot start a campaign battle: you have already challenged this turn (WT-07)")
	case !s.players[seat].onCampaign() || !s.players[def].onCampaign():
		return engine.IllegalSay(engine.Say("watchtower.refuse.battle-campaign"), "watchtower: a campaign battle is between two players on campaign (WT-19)")
	case s.allOnCampaign():
		return engine.IllegalSay(engine.Say("watchtower.refuse.battle-all-campaign"), "watchtower: a campaign battle needs a player still in who is not on campaign (WT-19)")
	case s.players[seat].armySize() == 0 || s.players[def].armySize() == 0:
		return engine.IllegalSay(engine.Say("watchtower.refuse.battle-empty"), "watchtower: a campaign battle needs cards in both armies (WT-19)")
	}
	return nil
}

// give puts the giver's card c under the empty barracks (WT-21).
func (s *State) give(seat int, c cards.Card) {
	s.removeFromArmy(seat, c)
	s.toBottom(c, 1<<seat)
	if s.owed--; s.owed == 0 {
		s.wait = waitNone
	}
}

// campaignBattle starts seat's campaign battle against def (WT-19).
func (s *State) campaignBattle(seat, def int) {
	s.stats[metricCampaignBattles]++
	s.log2(evCampaignBattle, seatArg(seat), seatArg(def))
	s.startBattle(seat, def, cards.NoCard, min(3, s.players[seat].armySize(), s.players[def].armySize()))
}

// done ends seat's setup turn; after the last one the game starts.
func (s *State) done(seat int) {
	s.log1(evDone, seatArg(seat))
	if next := s.nextIn(seat); next != s.first {
		s.beginSetup(next)
	} else {
		s.phase = phasePlay
		s.beginTurn(s.first)
	}
}

// place moves c from the army onto its stack (WT-04); a 4th card completes
// the tower if it was won, else starts a free-for-all (WT-16). It reports
// whether the card was a first to third of its rank, which sets off
// nothing.
func (s *State) place(seat int, c cards.Card) bool {
	won := s.removeFromArmy(seat, c)
	s.toFortress(seat, c)
	s.log2(evPlace, seatArg(seat), cardArg(c))
	if s.players[seat].fortN[c.Rank()] < 4 {
		return true
	}
	if won {
		s.complete(seat)
		return false
	}
	s.push(task{kind: taskFreeForAll, seat: int8(seat), card: c})
	return false
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
	s.log2(evBurn, seatArg(seat), cardArg(c))
	// The draw, then the card under the barracks: the draw is made at
	// once (nothing is queued on a turn), and the card goes under after it
	// unless the draw queued a refill, which must come first.
	q := len(s.agenda)
	s.execDraw(drawTask(seat, n, false))
	if len(s.agenda) == q {
		s.takeAside(c)
		s.toBottom(c, everyone)
		return
	}
	s.agenda = slices.Insert(s.agenda, q, task{kind: taskBottom, card: c})
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
		s.log3(evVulnerableTake, seatArg(seat), cardArg(target), seatArg(def))
		return
	}
	s.stats[metricChallenges]++
	s.log4(evChallenge, seatArg(seat), seatArg(def), cardArg(target), countArg(k, nounCard))
	s.startBattle(seat, def, target, k)
}
