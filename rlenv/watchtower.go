package rlenv

import (
	"fmt"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// Watchtower's observations have room for 4 seats, counted from the viewer.
const wtSeats = 4

// Watchtower's action index groups.
const (
	wtPlace     = 0
	wtBurn      = wtPlace + 52
	wtChallenge = wtBurn + 13
	wtCampaign  = wtChallenge + (wtSeats-1)*13*3
	wtPick      = wtCampaign + wtSeats - 1
	wtGive      = wtPick + 52
	wtDone      = wtGive + 52
	wtEnd       = wtDone + 1
	wtActions   = wtEnd + 1
)

var (
	wtPhases  = []string{"setup", "play", "over"}
	wtPending = []string{"battle", "free-for-all", "give"}
	wtEnds    = []string{"showdown", "tower battle", "elimination", "round cap"}
)

type watchtowerLayout struct {
	seat, players, phase, round, turn, toMove, first, dealer, barracks, known, aside   int
	burnUsed, challengeUsed, out, campaign, armySize, army, won, seen, fortress, tower int
	row, tricks, tries, pending, picker, from, positions, open, attacker, defender     int
	target, k, contested, participants, owed, winners, end                             int
}

func newWatchtowerSpace(sp *Space) {
	var g actionGroups
	g.add("place", 52, "`place CARD`: index c places card c (cards in order 2C 2D 2H 2S 3C … AS)")
	g.add("burn", 13, "`burn RANK`: ranks 2 … A")
	g.add("challenge", (wtSeats-1)*13*3, "`challenge SEAT RANK K`: index 65 + ((r−1)·13 + rank)·3 + K challenges the seat r places after the actor (r = 1 … 3) for rank (0 = 2 … 12 = A) with K = 0, 1 or 2 cards")
	g.add("campaign-battle", wtSeats-1, "`campaign-battle SEAT`: the seat r = 1 … 3 places after the actor")
	g.add("pick", 52, "`pick SLOT`: index 185 + i picks position i+1 (1 … 52)")
	g.add("give", 52, "`give CARD`: index 237 + c gives card c to an empty barracks")
	g.add("done", 1, "`done`: end a setup turn")
	g.add("end", 1, "`end`: end the turn")
	sp.Actions, sp.NumActions = g.groups, g.size

	l := &sp.Obs
	const s, c = wtSeats, numCards - 2
	var o watchtowerLayout
	o.seat = l.add("seat", "the viewer's seat (absolute), one-hot", s)
	o.players = l.add("players", "2, 3 or 4 players, one-hot", 3)
	o.phase = l.add("phase", "`setup`, `play`, `over`, one-hot", len(wtPhases))
	o.round = l.add("round", "the round / the `max-rounds` option (0 in setup)", 1)
	o.turn = l.add("turn", "whose turn it is, one-hot; seats here and below count from the viewer (0 = the viewer)", s)
	o.toMove = l.add("to_move", "who acts now, one-hot (all 0 once over)", s)
	o.first = l.add("first", "who played first, one-hot", s)
	o.dealer = l.add("dealer", "who dealt, one-hot", s)
	o.barracks = l.add("barracks", "cards in the barracks / 52", 1)
	o.known = l.add("barracks_known", "per card: its position from the barracks' top / 52, for a card whose position the viewer knows", c)
	o.aside = l.add("aside", "per card: 1 set aside", c)
	o.burnUsed = l.add("burn_used", "1 once this turn's burn is spent", 1)
	o.challengeUsed = l.add("challenge_used", "1 once this turn's challenge is spent", 1)
	o.out = l.add("out", "1 for a seat out of the game", s)
	o.campaign = l.add("campaign", "1 for a seat on campaign", s)
	o.armySize = l.add("army_size", "each seat's army size / 52", s)
	o.army = l.add("army", "per card: 1 in the viewer's army (its held order is not kept: picks are from a fresh shuffle)", c)
	o.won = l.add("won", "per card: 1 for a card of the viewer's army marked won", c)
	o.seen = l.add("seen", "per seat, per card: 1 for a card of its army everyone watched arrive", s, c)
	o.fortress = l.add("fortress", "per seat, per card: (i+1)/4 for a card i-th from the bottom of its stack in the seat's fortress", s, c)
	o.tower = l.add("tower", "per seat, per card: (i+1)/4 for its tower's i-th card (on campaign)", s, c)
	o.row = l.add("row", "per seat, per card: (i+1)/52 for the i-th card of its showdown row", s, c)
	o.tricks = l.add("tricks", "showdown tricks each seat took / 52", s)
	o.tries = l.add("tries", "per fortress card, failed challenges / 3 counted per card (column 0) or by the attacker r = 0 … 3 (column 1+r)", c, 1+s)
	o.pending = l.add("pending", "what waits for decisions: `battle`, `free-for-all`, `give`, one-hot", len(wtPending))
	o.picker = l.add("picker", "who picks (or gives), one-hot", s)
	o.from = l.add("from", "whose army is picked from, one-hot", s)
	o.positions = l.add("positions", "face-down positions offered / 52", 1)
	o.open = l.add("open", "per position 1 … 52: 1 while still offered", 52)
	o.attacker = l.add("attacker", "the battle's attacker, one-hot", s)
	o.defender = l.add("defender", "the battle's defender, one-hot", s)
	o.target = l.add("target", "the card the battle is for, one-hot", c)
	o.k = l.add("k", "the battle's size K / 3", 1)
	o.contested = l.add("contested", "the free-for-all's contested card, one-hot", c)
	o.participants = l.add("participants", "1 for a seat in the free-for-all", s)
	o.owed = l.add("owed", "cards the giver still owes / 52", 1)
	o.winners = l.add("winners", "1 for a seat that won (once over)", s)
	o.end = l.add("end", "why the game ended: `showdown`, `tower battle`, `elimination`, `round cap`, one-hot", len(wtEnds))
	maxRounds := sp.Options.Int("max-rounds")
	sp.newCoder = func() coder { return &watchtowerCoder{o: o, maxRounds: maxRounds} }
	sp.describe = describeWatchtower
}

type watchtowerCoder struct {
	o         watchtowerLayout
	maxRounds int
	v         *watchtower.View
}

func (c *watchtowerCoder) indices(st engine.State, seat int, acts []engine.Action, idx []int) {
	n := st.NumSeats()
	for i, a := range acts {
		idx[i] = -1
		f, ok := watchtower.Fields(a)
		if !ok {
			continue
		}
		switch f.Kind {
		case watchtower.KindPlace:
			idx[i] = wtPlace + cardIndex(f.Card)
		case watchtower.KindBurn:
			idx[i] = wtBurn + int(f.Rank-cards.Two)
		case watchtower.KindChallenge:
			if r := rel(f.Seat, seat, n); r > 0 {
				idx[i] = wtChallenge + ((r-1)*13+int(f.Rank-cards.Two))*3 + f.K
			}
		case watchtower.KindCampaignBattle:
			if r := rel(f.Seat, seat, n); r > 0 {
				idx[i] = wtCampaign + r - 1
			}
		case watchtower.KindPick:
			if f.Slot >= 1 && f.Slot <= 52 {
				idx[i] = wtPick + f.Slot - 1
			}
		case watchtower.KindGive:
			idx[i] = wtGive + cardIndex(f.Card)
		case watchtower.KindDone:
			idx[i] = wtDone
		case watchtower.KindEnd:
			idx[i] = wtEnd
		}
	}
}

func (c *watchtowerCoder) encode(st engine.State, seat int, w obsWriter) {
	c.v = watchtower.ViewInto(st, seat, c.v)
	v, o, n := c.v, &c.o, st.NumSeats()
	w.set(o.seat, seat, 1)
	w.set(o.players, n-2, 1)
	w.oneOf(o.phase, v.Phase, wtPhases)
	w.ratio(o.round, v.Round, c.maxRounds)
	w.seat(o.turn, v.Turn, seat, n)
	w.seat(o.toMove, v.ToMove, seat, n)
	w.seat(o.first, v.First, seat, n)
	w.seat(o.dealer, v.Dealer, seat, n)
	w.ratio(o.barracks, v.Barracks, 52)
	for _, k := range v.Known {
		w.set(o.known, cardIndex(k.Card), float32(k.Position)/52)
	}
	w.cardSet(o.aside, v.Aside)
	w.flag(o.burnUsed, 0, v.BurnUsed)
	w.flag(o.challengeUsed, 0, v.ChallengeUsed)
	for i := range v.Players {
		c.encodePlayer(w, &v.Players[i], seat, n)
	}
	for _, t := range v.Tries {
		col := 0
		if t.Attacker >= 0 {
			col = 1 + rel(t.Attacker, seat, n)
		}
		w.set(o.tries+cardIndex(t.Card)*(1+wtSeats), col, float32(t.Count)/3)
	}
	if p := v.Pending; p != nil {
		c.encodePending(w, p, seat, n)
	}
	if r := v.Result; r != nil && r.Over {
		w.seats(o.winners, r.Winners, seat, n)
		w.oneOf(o.end, r.End, wtEnds)
	}
}

func (c *watchtowerCoder) encodePlayer(w obsWriter, p *watchtower.PlayerView, seat, n int) {
	o, r := &c.o, rel(p.Seat, seat, n)
	w.flag(o.out, r, p.Out)
	w.flag(o.campaign, r, p.Campaign)
	w.ratio(o.armySize+r, p.ArmySize, 52)
	if p.Seat == seat {
		w.cardSet(o.army, p.Army)
		w.cardSet(o.won, p.Won)
	}
	w.cardSet(o.seen+r*52, p.Seen)
	for _, st := range p.Fortress {
		w.cardOrder(o.fortress+r*52, st.Cards, 4)
	}
	w.cardOrder(o.tower+r*52, p.Tower, 4)
	w.cardOrder(o.row+r*52, p.Row, 52)
	w.ratio(o.tricks+r, p.Tricks, 52)
}

func (c *watchtowerCoder) encodePending(w obsWriter, p *watchtower.Pending, seat, n int) {
	o := &c.o
	w.oneOf(o.pending, p.Kind, wtPending)
	w.seat(o.picker, p.Picker, seat, n)
	w.seat(o.from, p.From, seat, n)
	w.ratio(o.owed, p.Owed, 52)
	if p.Kind == "give" {
		return
	}
	w.ratio(o.positions, p.Positions, 52)
	for _, pos := range p.Open {
		w.set(o.open, pos-1, 1)
	}
	if p.Kind == "battle" {
		w.seat(o.attacker, p.Attacker, seat, n)
		w.seat(o.defender, p.Defender, seat, n)
		w.ratio(o.k, p.K, 3)
	}
	if p.Target != nil {
		w.set(o.target, cardIndex(*p.Target), 1)
	}
	if p.Contested != nil {
		w.set(o.contested, cardIndex(*p.Contested), 1)
	}
	w.seats(o.participants, p.Participants, seat, n)
}

// describeWatchtower names an index by its operands.
func describeWatchtower(x int) string {
	card := func(i int) string { return cards.Card(i + int(cards.New(cards.Two, cards.Clubs))).String() }
	switch {
	case x < wtBurn:
		return "place " + card(x-wtPlace)
	case x < wtChallenge:
		return "burn " + cards.Rank(x-wtBurn+int(cards.Two)).String()
	case x < wtCampaign:
		i := x - wtChallenge
		return fmt.Sprintf("challenge the seat %d on for %s with K=%d", i/39+1, cards.Rank(i%39/3+int(cards.Two)), i%3)
	case x < wtPick:
		return fmt.Sprintf("campaign-battle against the seat %d on", x-wtCampaign+1)
	case x < wtGive:
		return fmt.Sprintf("pick %d", x-wtPick+1)
	case x < wtDone:
		return "give " + card(x-wtGive)
	}
	return ""
}
