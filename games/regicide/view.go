package regicide

import (
	"fmt"
	"slices"
	"strings"

	"cardtable/cards"
	"cardtable/engine"
)

// View is what one seat may see: everything public (REG-23) and the seat's
// own hand. Card lists are in ascending card order unless noted.
type View struct {
	// Seat is the viewer (engine.Spectator for the public view).
	Seat    int    `json:"seat"`
	Players int    `json:"players"`
	Phase   string `json:"phase"`
	Current int    `json:"current"`
	ToMove  []int  `json:"to_move"`
	Turns   int    `json:"turns"`

	Enemy    *EnemyView `json:"enemy,omitempty"`
	Castle   int        `json:"castle"`
	Defeated int        `json:"defeated"`
	// Suffer is the attack the current player must cover (Step 4).
	Suffer int `json:"suffer,omitempty"`

	Tavern int `json:"tavern"`
	// TavernTop lists the enemies known to sit on top of the Tavern, top
	// first (exact kills, REG-15).
	TavernTop []cards.Card `json:"tavern_top"`
	// Recycled lists the cards Hearts returned to the Tavern that nobody
	// has seen face up since; RecycledAtBottom of them are still the
	// Tavern's bottom cards, in an order nobody knows.
	Recycled         []cards.Card `json:"recycled"`
	RecycledAtBottom int          `json:"recycled_at_bottom"`
	Discard          []cards.Card `json:"discard"`
	Table            []cards.Card `json:"table"`

	HandSizes []int `json:"hand_sizes"`
	// Hand is the viewer's own hand (absent for spectators).
	Hand []cards.Card `json:"hand,omitempty"`
	// Known lists per seat the cards everyone knows that seat holds
	// (enemies drawn from the known top of the Tavern).
	Known   [][]cards.Card `json:"known"`
	Signals []string       `json:"signals"`
	Yielded []bool         `json:"yielded"`
	// PowersLeft counts the unused solo Jester powers (REG-30).
	PowersLeft int    `json:"powers_left"`
	Result     string `json:"result,omitempty"`
}

// EnemyView is the current enemy's public state.
type EnemyView struct {
	Card   cards.Card `json:"card"`
	Attack int        `json:"attack"`
	Health int        `json:"health"`
	Damage int        `json:"damage"`
	Shield int        `json:"shield"`
	// HeldShield is Spades played while the enemy was immune to them; a
	// Jester makes it count (REG-19).
	HeldShield int  `json:"held_shield"`
	Immune     bool `json:"immune"`
}

// View returns what seat may see (engine.Spectator: the public view).
func (s *State) View(seat int) engine.View {
	n := s.cfg.players
	v := &View{
		Seat: seat, Players: n, Phase: s.phase.String(), Current: int(s.current),
		ToMove: s.ToMove([]int{}), Turns: int(s.turns),
		Castle: int(s.nCastle), Defeated: int(s.defeated),
		Tavern: int(s.nTavern), RecycledAtBottom: int(s.recycled),
		Recycled: s.recycledSet.cards(), Discard: s.discard.cards(), Table: s.table.cards(),
		PowersLeft: s.powersLeft(),
	}
	top := slices.Clone(s.tavern[s.nTavern-s.knownTop : s.nTavern])
	slices.Reverse(top)
	v.TavernTop = append([]cards.Card{}, top...)
	if e := s.enemy(); e != cards.NoCard {
		v.Enemy = &EnemyView{Card: e, Attack: Value(e), Health: health(e), Damage: int(s.damage),
			Shield: int(s.shield), HeldShield: int(s.heldShield), Immune: s.immuneSuit() != 0}
	}
	if s.phase == phaseDiscard {
		v.Suffer = s.suffer()
	}
	for p := 0; p < n; p++ {
		v.HandSizes = append(v.HandSizes, s.hands[p].len())
		v.Known = append(v.Known, s.shown[p].cards())
		v.Signals = append(v.Signals, signalNames[s.signals[p]])
		v.Yielded = append(v.Yielded, s.yielded[p])
	}
	if seat >= 0 && seat < n {
		v.Hand = s.hands[seat].cards()
	}
	if s.phase == phaseOver {
		v.Result = s.Result().Detail
	}
	return v
}

// String renders the view for people, a few lines.
func (v *View) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "turn %d, seat %d, %s", v.Turns, v.Current+1, v.Phase)
	if v.Suffer != 0 {
		fmt.Fprintf(&b, " (suffer %d)", v.Suffer)
	}
	if e := v.Enemy; e != nil {
		fmt.Fprintf(&b, "\nenemy %v: attack %d, damage %d/%d, shield %d", e.Card, e.Attack, e.Damage, e.Health, e.Shield)
		if e.HeldShield > 0 {
			fmt.Fprintf(&b, " (+%d held)", e.HeldShield)
		}
		if e.Immune {
			b.WriteString(", immune")
		}
	}
	fmt.Fprintf(&b, "\ncastle %d, defeated %d, tavern %d", v.Castle, v.Defeated, v.Tavern)
	if len(v.TavernTop) > 0 {
		fmt.Fprintf(&b, " (top %s)", cards.Format(v.TavernTop))
	}
	if v.RecycledAtBottom > 0 {
		fmt.Fprintf(&b, " (bottom %d of %s)", v.RecycledAtBottom, cards.Format(v.Recycled))
	}
	fmt.Fprintf(&b, "\ntable [%s] discard %d [%s]", cards.Format(v.Table), len(v.Discard), cards.Format(v.Discard))
	b.WriteString("\nhands")
	for p, n := range v.HandSizes {
		fmt.Fprintf(&b, " %d:%d", p+1, n)
		if len(v.Known[p]) > 0 {
			fmt.Fprintf(&b, "(holds %s)", cards.Format(v.Known[p]))
		}
		if v.Yielded[p] {
			b.WriteString("(yielded)")
		}
		if v.Signals[p] != "" {
			fmt.Fprintf(&b, "(signal %s)", v.Signals[p])
		}
	}
	if v.Players == 1 {
		fmt.Fprintf(&b, "; powers left %d", v.PowersLeft)
	}
	if v.Hand != nil {
		fmt.Fprintf(&b, "\nyour hand (seat %d): %s", v.Seat+1, cards.Format(v.Hand))
	}
	if v.Result != "" {
		fmt.Fprintf(&b, "\nresult: %s", v.Result)
	}
	return b.String()
}
