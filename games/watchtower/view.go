package watchtower

import (
	"fmt"
	"slices"
	"strings"

	"cardtable/cards"
	"cardtable/engine"
)

// View is what one seat may see (WT-26): everything public, plus the
// seat's own army and won marks. Seats are numbered from 0 in JSON and
// from 1 in text.
type View struct {
	// Seat is the viewer (-1: a spectator).
	Seat  int    `json:"seat"`
	Phase string `json:"phase"`
	// Round is the round being played (from 1; 0 in setup).
	Round  int `json:"round"`
	Turn   int `json:"turn"`
	ToMove int `json:"to_move"`
	First  int `json:"first"`
	Dealer int `json:"dealer"`
	// Barracks is the number of cards in the barracks; Known lists the
	// cards at positions the viewer knows (burned and returned cards under
	// it, until the next shuffle).
	Barracks      int          `json:"barracks"`
	Known         []KnownCard  `json:"barracks_known,omitempty"`
	Aside         []cards.Card `json:"aside,omitempty"`
	BurnUsed      bool         `json:"burn_used"`
	ChallengeUsed bool         `json:"challenge_used"`
	Players       []PlayerView `json:"players"`
	Tries         []TryView    `json:"tries,omitempty"`
	Pending       *Pending     `json:"pending,omitempty"`
	// Events are what the last action set off, in order, in English;
	// EventsI18n says the same as messages, for the reader's language.
	Events     []string       `json:"events,omitempty"`
	EventsI18n []engine.Msg   `json:"events_i18n,omitempty"`
	Result     *engine.Result `json:"result,omitempty"`
}

// KnownCard is a barracks card whose position the viewer knows (1 = top).
type KnownCard struct {
	Position int        `json:"position"`
	Card     cards.Card `json:"card"`
}

// PlayerView is one seat as the viewer sees it.
type PlayerView struct {
	Seat     int  `json:"seat"`
	Out      bool `json:"out"`
	Campaign bool `json:"campaign"`
	ArmySize int  `json:"army_size"`
	// Army (held order) and Won are shown to their owner only.
	Army []cards.Card `json:"army,omitempty"`
	Won  []cards.Card `json:"won,omitempty"`
	// Seen are this army's cards every seat watched arrive face up (battle
	// spoils, taken fortress cards, free-for-all flips) and has not since
	// lost track of.
	Seen     []cards.Card `json:"seen,omitempty"`
	Fortress []Stack      `json:"fortress"`
	Tower    []cards.Card `json:"tower,omitempty"`
	Row      []cards.Card `json:"row,omitempty"`
	Tricks   int          `json:"tricks"`
}

// Stack is one rank's cards in a fortress, bottom first.
type Stack struct {
	Rank  string       `json:"rank"`
	Count int          `json:"count"`
	Cards []cards.Card `json:"cards"`
}

// StackSize is how many cards of rank r the player's fortress holds.
func (p *PlayerView) StackSize(r cards.Rank) int {
	for _, st := range p.Fortress {
		if st.Rank == r.String() {
			return st.Count
		}
	}
	return 0
}

// TryView is a fortress card's failed challenges (Attacker -1: per card).
type TryView struct {
	Card     cards.Card `json:"card"`
	Attacker int        `json:"attacker"`
	Count    int        `json:"count"`
}

// Pending is a battle, free-for-all or refill waiting for decisions.
type Pending struct {
	Kind string `json:"kind"`
	// Picker chooses among Positions face-down positions of From's army;
	// Open are the positions still offered.
	Picker    int   `json:"picker"`
	From      int   `json:"from"`
	Positions int   `json:"positions"`
	Open      []int `json:"open,omitempty"`
	// A battle's sides, target (none in a campaign battle) and size.
	Attacker int         `json:"attacker"`
	Defender int         `json:"defender"`
	Target   *cards.Card `json:"target,omitempty"`
	K        int         `json:"k,omitempty"`
	// A free-for-all's contested card and participants.
	Contested    *cards.Card `json:"contested,omitempty"`
	Participants []int       `json:"participants,omitempty"`
	// A refill giver's remaining count.
	Owed int `json:"owed,omitempty"`
	// target holds the card Target or Contested points to in a view
	// written by ViewInto.
	target cards.Card
}

// View implements engine.State.
func (s *State) View(seat int) engine.View {
	v := s.view(seat)
	v.Events = s.eventTexts()
	v.EventsI18n = s.eventMsgs()
	return v
}

// view is seat's view without the texts of the last action's events, which
// the bot does not read and which cost more to format than the rest.
func (s *State) view(seat int) *View {
	v := &View{
		Seat: seat, Phase: []string{"setup", "play", "over"}[s.phase], Turn: s.turn, ToMove: -1,
		First: s.first, Dealer: s.dealer, Barracks: s.barracks.len(), Aside: cloneCards(s.aside.all()),
		BurnUsed: s.burnUsed, ChallengeUsed: s.challengeUsed,
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
			v.Known = append(v.Known, KnownCard{Position: i + 1, Card: s.barracks.at(i)})
		}
	}
	for i := range s.all() {
		v.Players = append(v.Players, s.playerView(i, seat))
	}
	for _, t := range s.tryCounts() {
		v.Tries = append(v.Tries, TryView{Card: t.card, Attacker: int(t.attacker), Count: int(t.n)})
	}
	v.Pending = s.pendingView()
	return v
}

func (s *State) playerView(i, viewer int) PlayerView {
	p := &s.players[i]
	pv := PlayerView{Seat: i, Out: p.out, Campaign: p.onCampaign(), ArmySize: p.armySize(),
		Row: cloneCards(p.row.all()), Tricks: p.tricks, Fortress: []Stack{}}
	for _, c := range sortedCards(p.army.all()) {
		if p.seen&bit(c) != 0 {
			pv.Seen = append(pv.Seen, c)
		}
		if i == viewer && p.won&bit(c) != 0 {
			pv.Won = append(pv.Won, c)
		}
	}
	if i == viewer && !p.noArmy {
		pv.Army = slices.Clone(p.army.all()) // not nil: the owner sees their (maybe empty) army
	}
	for r := cards.Two; r <= cards.Ace; r++ {
		if n := int(p.fortN[r]); n > 0 {
			pv.Fortress = append(pv.Fortress, Stack{Rank: r.String(), Count: n, Cards: slices.Clone(p.fort[r][:n])})
		}
	}
	if p.onCampaign() {
		pv.Tower = slices.Clone(p.tower[:])
	}
	return pv
}

func (s *State) pendingView() *Pending {
	switch s.wait {
	case waitBattlePick:
		b := &s.battle
		side := b.side()
		pv := &Pending{Kind: "battle", Picker: b.picker(), From: []int{b.attacker, b.defender}[side],
			Positions: b.order[side].len(), Attacker: b.attacker, Defender: b.defender, K: b.k}
		if b.target != cards.NoCard {
			t := b.target
			pv.Target = &t
		}
		for pos := range b.order[side].len() {
			if !b.taken(pos) {
				pv.Open = append(pv.Open, pos+1)
			}
		}
		return pv
	case waitFreePick:
		f := &s.free
		from := f.victim(f.picks.len())
		c := f.card
		pv := &Pending{Kind: "free-for-all", Picker: f.picker(), From: f.parts.s[from],
			Positions: f.order[from].len(), Contested: &c, Participants: slices.Clone(f.parts.all())}
		for pos := range f.order[from].len() {
			pv.Open = append(pv.Open, pos+1)
		}
		return pv
	case waitGive:
		return &Pending{Kind: "give", Picker: s.giver, From: s.giver, Owed: s.owed}
	}
	return nil
}

// cloneCards copies cs; nil when it is empty.
func cloneCards(cs []cards.Card) []cards.Card {
	if len(cs) == 0 {
		return nil
	}
	return slices.Clone(cs)
}

// String renders the view for people.
func (v *View) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, round %d, seat %d's turn; barracks %d", v.Phase, v.Round, v.Turn+1, v.Barracks)
	for _, k := range v.Known {
		fmt.Fprintf(&b, " [%d:%v]", k.Position, k.Card)
	}
	b.WriteByte('\n')
	for _, p := range v.Players {
		b.WriteString(p.line())
	}
	if p := v.Pending; p != nil {
		if p.Kind == "give" {
			fmt.Fprintf(&b, "  pending: seat %d gives %s\n", p.Picker+1, counted(p.Owed, nounArmyCard))
		} else {
			fmt.Fprintf(&b, "  pending %s: seat %d picks from seat %d's army, positions %v\n", p.Kind, p.Picker+1, p.From+1, p.Open)
		}
	}
	for _, e := range v.Events {
		fmt.Fprintf(&b, "  > %s\n", e)
	}
	if v.Result != nil {
		fmt.Fprintf(&b, "  result: %s (%s)\n", v.Result.Detail, v.Result.End)
	}
	return b.String()
}

func (p PlayerView) line() string {
	var b strings.Builder
	fmt.Fprintf(&b, "  seat %d", p.Seat+1)
	switch {
	case p.Out:
		b.WriteString(" (out)")
	case p.Campaign:
		fmt.Fprintf(&b, " on campaign, tower %s", cards.Format(p.Tower))
	}
	fmt.Fprintf(&b, ": army %d", p.ArmySize)
	if p.Army != nil {
		fmt.Fprintf(&b, " [%s]", cards.Format(p.Army))
	}
	if len(p.Won) > 0 {
		fmt.Fprintf(&b, " won [%s]", cards.Format(p.Won))
	}
	if len(p.Seen) > 0 {
		fmt.Fprintf(&b, " seen [%s]", cards.Format(p.Seen))
	}
	b.WriteString("; fortress")
	for i, st := range p.Fortress {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %s", cards.Format(st.Cards))
		if st.Count > 1 {
			fmt.Fprintf(&b, "(x%d)", st.Count)
		}
	}
	if len(p.Fortress) == 0 {
		b.WriteString(" empty")
	}
	if len(p.Row) > 0 {
		fmt.Fprintf(&b, "; row %s, %s", cards.Format(p.Row), counted(p.Tricks, nounTrick))
	}
	b.WriteByte('\n')
	return b.String()
}

// ViewOf returns seat's view of st: st.View(seat), without the texts of
// the last action's events when st is a *State (bots do not read them, and
// they cost more to format than the rest of the view).
func ViewOf(st engine.State, seat int) *View {
	if s, ok := st.(*State); ok {
		return s.view(seat)
	}
	return st.View(seat).(*View)
}
