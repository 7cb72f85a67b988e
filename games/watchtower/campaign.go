package watchtower

import (
	"fmt"
	"slices"
	"strings"

	"cardtable/cards"
	"cardtable/engine"
)

// complete moves seat's four of a kind to the tower area and every other
// fortress card into the army: the player is on campaign (WT-18). With an
// empty army the campaign is lost at once (WT-20).
func (s *State) complete(seat int) {
	p := &s.players[seat]
	for r := cards.Two; r <= cards.Ace; r++ {
		if p.fortN[r] == 4 {
			p.tower = p.fort[r]
			s.campSeats |= 1 << seat
			p.fort[r], p.fortN[r] = [4]cards.Card{}, 0
		}
	}
	for r := cards.Two; r <= cards.Ace; r++ {
		for _, c := range p.fort[r][:p.fortN[r]] {
			s.addToArmy(seat, c, false, true)
		}
		p.fort[r], p.fortN[r] = [4]cards.Card{}, 0
	}
	p.stacks = [4]uint16{}
	s.dropTries(func(t tryCount) bool { return s.fortressOf(t.card) < 0 })
	s.stats[metricCampaignsWon]++
	s.log2(evCompletes, seatArg(seat), rankArg(p.tower[0].Rank()))
	if p.armySize() == 0 {
		s.loseCampaign(seat)
	}
}

// fortressOf returns the seat whose fortress holds c, or -1.
func (s *State) fortressOf(c cards.Card) int {
	for i := range s.all() {
		p := &s.players[i]
		if slices.Contains(p.fort[c.Rank()][:p.fortN[c.Rank()]], c) {
			return i
		}
	}
	return -1
}

// loseCampaign plays T15 exactly (WT-20): tower cards 1 and 2 under the
// barracks, card 3 to the fortress, card 4 to the army, then two draws to
// the fortress and two to the army.
func (s *State) loseCampaign(seat int) {
	p := &s.players[seat]
	t := p.tower
	p.tower = [4]cards.Card{}
	s.campSeats &^= 1 << seat
	s.toBottom(t[0], everyone)
	s.toBottom(t[1], everyone)
	s.toFortress(seat, t[2])
	s.addToArmy(seat, t[3], false, true)
	s.stats[metricCampaignsLost]++
	if seat == s.turn && s.phase == phasePlay {
		s.challengeUsed = true
	}
	s.log2(evCampaignLost, seatArg(seat), rankArg(t[0].Rank()))
	s.push2(drawTask(seat, 2, true), drawTask(seat, 2, false))
}

// layRows lays the showdown rows of seats (WT-22): L is the smallest army,
// made odd by sending the last card of the first smallest army's shuffled
// row under the barracks; every army is shuffled and its first L cards form
// its row, the rest go under the barracks in seat order.
func (s *State) layRows(seats []int) {
	small := seats[0]
	for _, x := range seats {
		s.rng.Shuffle(s.players[x].army.all())
		if s.players[x].armySize() < s.players[small].armySize() {
			small = x
		}
	}
	l := s.players[small].armySize()
	if l%2 == 0 {
		l--
		c := s.players[small].army.c[l]
		s.removeFromArmy(small, c)
		s.toBottom(c, 1<<small)
	}
	for _, x := range seats {
		p := &s.players[x]
		for _, c := range p.army.all()[l:] {
			s.toBottom(c, 1<<x)
		}
		// The army is shown as none, as it always has been; a tower
		// battle's draws then start it again.
		p.row.set(p.army.all()[:l])
		p.army.clear()
		p.held, p.won, p.seen, p.noArmy = 0, 0, 0, true
		p.tricks = 0
	}
}

// playRows compares the rows of seats set by set: a set's single highest
// card takes a trick. It appends the seats with the most tricks to dst,
// which may be seats[:0].
func (s *State) playRows(dst, seats []int) []int {
	for _, x := range seats {
		s.players[x].tricks = 0
	}
	for j := range s.players[seats[0]].row.len() {
		best, winner := cards.Rank(0), -1
		for _, x := range seats {
			switch r := s.players[x].row.c[j].Rank(); {
			case r > best:
				best, winner = r, x
			case r == best:
				winner = -1
			}
		}
		if winner >= 0 {
			s.players[winner].tricks++
		}
	}
	s.logRows(seats)
	return s.mostTricks(dst, seats)
}

// mostTricks appends the seats of seats holding the most tricks to dst,
// which may be seats[:0] (seats is read before dst is written).
func (s *State) mostTricks(dst, seats []int) []int {
	var most [engine.MaxSeats]int
	n := 0
	for _, x := range seats {
		switch {
		case n == 0 || s.players[x].tricks > s.players[most[0]].tricks:
			most[0], n = x, 1
		case s.players[x].tricks == s.players[most[0]].tricks:
			most[n], n = x, n+1
		}
	}
	return append(dst, most[:n]...)
}

func (s *State) logRows(seats []int) {
	s.log1(evRows, s.rowsArg(seats))
}

// showdown ends the game when every player still in is on campaign (WT-22).
func (s *State) showdown() {
	in, n := s.order(s.first)
	seats := in[:n]
	s.log0(evShowdown)
	s.layRows(seats)
	var buf [engine.MaxSeats]int
	most := s.playRows(buf[:0], seats)
	if len(most) == 1 {
		s.finish(endShowdown, most)
		return
	}
	s.towerBattle(most)
}

// towerValue is how many cards a tower battle draws for a tower (WT-23).
func towerValue(r cards.Rank) int { return min(int(r), 10) }

// towerRank is seat's tower rank, 0 without a tower.
func (s *State) towerRank(seat int) cards.Rank { return s.players[seat].tower[0].Rank() }

// towerBattle settles a tie on tricks (WT-23): all rows go back under the
// barracks, which is shuffled; the tied draw round-robin up to their
// tower's value and play new rows; ties replay the same rows reshuffled up
// to 20 times, then the higher tower wins.
func (s *State) towerBattle(tied []int) {
	in, n := s.order(s.first)
	for _, x := range in[:n] {
		p := &s.players[x]
		for _, c := range p.row.all() {
			s.toBottom(c, everyone)
		}
		p.row.clear()
	}
	s.shuffleBarracks()
	s.log1(evTowerBattle, s.seatsArg(tied))
	for drew := true; drew; {
		drew = false
		for _, x := range tied {
			if s.players[x].armySize() < towerValue(s.towerRank(x)) && s.barracks.len() > 0 {
				c, public := s.drawTop()
				s.addToArmy(x, c, false, public)
				drew = true
			}
		}
	}
	s.layRows(tied)
	var buf [engine.MaxSeats]int
	most := s.playRows(buf[:0], tied)
	for replay := 0; len(most) > 1 && replay < 20; replay++ {
		for _, x := range most {
			s.rng.Shuffle(s.players[x].row.all())
		}
		most = s.playRows(most[:0], most)
	}
	if len(most) > 1 {
		slices.SortFunc(most, func(a, b int) int { return int(s.towerRank(b)) - int(s.towerRank(a)) })
		most = most[:1]
		s.higherTower = true
	}
	s.finish(endTowerBattle, most)
}

// roundCap ends the game after the last round (WT-24): a showdown among
// the players still in who hold army cards, ties broken on tower rank,
// still tied a shared result.
func (s *State) roundCap() {
	s.log1(evRoundCap, intArg(s.rounds))
	var seatBuf, mostBuf, bestBuf [engine.MaxSeats]int
	seats := seatBuf[:0]
	in, n := s.order(s.first)
	for _, x := range in[:n] {
		s.players[x].tricks = 0
		if s.players[x].armySize() > 0 {
			seats = append(seats, x)
		}
	}
	if len(seats) > 0 {
		s.layRows(seats)
		s.playRows(mostBuf[:0], seats)
	}
	most := s.mostTricks(mostBuf[:0], in[:n])
	best := bestBuf[:0]
	for _, x := range most {
		switch {
		case len(best) == 0 || s.towerRank(x) > s.towerRank(best[0]):
			best = append(best[:0], x)
		case s.towerRank(x) == s.towerRank(best[0]):
			best = append(best, x)
		}
	}
	s.finish(endRoundCap, best)
}

// endByElimination ends the game when one player is left (WT-15).
func (s *State) endByElimination() {
	in, _ := s.order(s.first)
	s.finish(endElimination, in[:1])
}

// The end's sentence (the result's Detail and the game-over event) is
// made only when it is read: a playout that wants only the winner never
// formats it. It is worked out from the finished state, which no longer
// changes; detail holds it once restored from bytes.

// endDetail says how the game ended: nothing before the end.
func (s *State) endDetail() said {
	if s.phase != phaseOver || s.detail.text != "" {
		return s.detail
	}
	w := s.winnerSeats()
	switch s.end {
	case endShowdown:
		return s.wonWith("watchtower.end.showdown", "%s wins the showdown with %s", w[0])
	case endTowerBattle:
		if !s.higherTower {
			return s.wonWith("watchtower.end.tower-battle", "%s wins the tower battle with %s", w[0])
		}
		rank := s.towerRank(w[0])
		return said{fmt.Sprintf("%s wins the tower battle on the higher tower (%vs) after 20 tied replays", seatName(w[0]), rank),
			engine.Say("watchtower.end.higher-tower", engine.SeatArg("seat", w[0]), engine.TextArg("rank", rank.String()))}
	case endRoundCap:
		return s.roundCapDetail()
	}
	return said{fmt.Sprintf("%s is the last player in", seatName(w[0])),
		engine.Say("watchtower.end.last-in", engine.SeatArg("seat", w[0]))}
}

// wonWith says that seat won, with its tricks: format has the seat's %s
// and the tricks' %s; id is the message.
func (s *State) wonWith(id, format string, seat int) said {
	tricks := s.players[seat].tricks
	return said{fmt.Sprintf(format, seatName(seat), counted(tricks, nounTrick)),
		engine.Say(id, engine.SeatArg("seat", seat), engine.NounArg("tricks", tricks, nounIDs[nounTrick]))}
}

// roundCapDetail says the forced showdown's winners in seat order from the
// first player, as roundCap found them.
func (s *State) roundCapDetail() said {
	var buf [engine.MaxSeats]int
	best := buf[:0]
	in, n := s.order(s.first)
	for _, x := range in[:n] {
		if slices.Contains(s.winnerSeats(), x) {
			best = append(best, x)
		}
	}
	id, verb := "watchtower.end.round-cap-wins", "wins"
	if len(best) > 1 {
		id, verb = "watchtower.end.round-cap-share", "share"
	}
	tricks := s.players[best[0]].tricks
	return said{
		fmt.Sprintf("after %s %s %s the forced showdown with %s", counted(s.rounds, nounRound), seatList(best), verb, counted(tricks, nounTrick)),
		engine.Say(id, engine.NounArg("rounds", s.rounds, nounIDs[nounRound]), engine.SeatsArg("seats", best), engine.NounArg("tricks", tricks, nounIDs[nounTrick]))}
}

func (s *State) finish(why endReason, winners []int) {
	s.phase, s.wait, s.agenda = phaseOver, waitNone, s.agenda[:0]
	s.end = why
	s.nwinners = uint8(copy(s.winners[:], winners))
	slices.Sort(s.winnerSeats())
	s.log1(evGameOver, argDetail)
}

// seatList names seats: "seat 1 and seat 3".
func seatList(seats []int) string {
	names := make([]string, len(seats))
	for i, x := range seats {
		names[i] = seatName(x).String()
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
