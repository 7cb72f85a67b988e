package regicide

import (
	"fmt"
	"strings"

	"cardtable/cards"
	"cardtable/engine"
)

// Forecast is what a play or yield of the current player would do, from
// what that player knows: their hand and the public state (the hint).
// Which cards Diamonds would draw is unknown, so CanCover ignores draws.
type Forecast struct {
	// Action is the action in notation.
	Action string `json:"action"`
	// Kind is play, yield, or another action kind (which forecasts nothing
	// beyond Note).
	Kind string `json:"kind"`
	// Attack is N, the total value of the cards played.
	Attack int `json:"attack"`
	// Powers lists the suits whose power acts, Blocked those the enemy's
	// immunity cancels ("hearts", "diamonds", "clubs", "spades").
	Powers  []string `json:"powers"`
	Blocked []string `json:"blocked"`
	// Jester is true for a Jester: immunity cancelled, no damage, no attack.
	Jester bool `json:"jester,omitempty"`
	// Heal is how many discarded cards Hearts puts back under the Tavern.
	Heal int `json:"heal"`
	// Draw is how many cards Diamonds draws in total, DrawSelf how many of
	// them go to the current player.
	Draw     int `json:"draw"`
	DrawSelf int `json:"draw_self"`
	// Shield is the enemy's total shield after the play.
	Shield int `json:"shield"`
	// Damage is the damage dealt; Kills whether the enemy dies, Exact
	// whether exactly; Where is where a killed enemy goes: "tavern",
	// "discard" or "choice" (exact-kill=optional).
	Damage int    `json:"damage"`
	Kills  bool   `json:"kills"`
	Exact  bool   `json:"exact"`
	Where  string `json:"where,omitempty"`
	// Suffer is the attack the player would then have to cover (0 when the
	// enemy dies or after a Jester); CanCover whether the hand left after
	// the play covers it, not counting cards Diamonds would draw.
	Suffer   int  `json:"suffer"`
	CanCover bool `json:"can_cover"`
	// Note says anything else worth knowing, in words.
	Note string `json:"note,omitempty"`
}

var powerNames = [4]string{"clubs", "diamonds", "hearts", "spades"}

// Forecast says what action a would do for the current player, without
// changing the state. It reveals only what the current player may know.
func (s *State) Forecast(a engine.Action) (Forecast, error) {
	f, err := s.forecast(a)
	if err == nil {
		f.Action = s.ActionString(a)
	}
	return f, err
}

// forecast is Forecast without the notation of the action, for bots that
// forecast every legal action.
func (s *State) forecast(a engine.Action) (Forecast, error) {
	seat := int(s.current)
	if s.phase == phaseSignal {
		return Forecast{}, engine.Illegal("regicide: forecasts are for the current player; the game waits for signals")
	}
	if err := s.check(seat, a); err != nil {
		return Forecast{}, err
	}
	k, arg, m := decode(a)
	f := Forecast{Kind: kindWords[k], Powers: []string{}, Blocked: []string{}, Shield: int(s.shield), CanCover: true}
	switch k {
	case kindPlay:
		s.forecastPlay(&f, m)
	case kindYield:
		f.Suffer = s.suffer()
		f.CanCover = s.hands[seat].value() >= f.Suffer
	case kindPower:
		f.Note = fmt.Sprintf("discard the hand of %d and draw up to 8 from a Tavern of %d", s.hands[seat].len(), s.nTavern)
	case kindDiscard:
		f.Note = fmt.Sprintf("discard %d worth %d against an attack of %d", m.len(), m.value(), s.suffer())
	case kindNext:
		f.Note = "that seat plays next"
	case kindExact:
		f.Note = "the enemy goes to the " + exactWords[arg]
	}
	return f, nil
}

// forecastPlay fills f for a play of m.
func (s *State) forecastPlay(f *Forecast, m set) {
	hand := s.hands[s.current] &^ m
	if m&jesters != 0 {
		f.Jester = true
		f.Shield += int(s.heldShield)
		f.Note = "immunity cancelled; no damage, no attack; the other players signal, then you pick who goes next"
		return
	}
	n := m.value()
	f.Attack = n
	suits := m.suits()
	acting := suits &^ s.immuneSuit()
	for suit := cards.Clubs; suit <= cards.Spades; suit++ {
		switch b := uint8(1) << suit; {
		case acting&b != 0:
			f.Powers = append(f.Powers, powerNames[suit])
		case suits&b != 0:
			f.Blocked = append(f.Blocked, powerNames[suit])
		}
	}
	tavern := int(s.nTavern)
	if acting&heartsBit != 0 {
		f.Heal = min(n, s.discard.len())
		tavern += f.Heal
	}
	if acting&diamondsBit != 0 {
		f.Draw, f.DrawSelf = s.countDraws(n, hand.len(), tavern)
	}
	if acting&spadesBit != 0 {
		f.Shield += n
	}
	f.Damage = n
	if acting&clubsBit != 0 {
		f.Damage *= 2
	}
	h := health(s.enemy())
	total := int(s.damage) + f.Damage
	f.Kills, f.Exact = total >= h, total == h
	switch {
	case f.Exact && s.cfg.exactOptional:
		f.Where = "choice"
	case f.Exact:
		f.Where = "tavern"
	case f.Kills:
		f.Where = "discard"
	default:
		f.Suffer = Value(s.enemy()) - f.Shield
		f.CanCover = hand.value() >= f.Suffer
	}
}

// countDraws simulates the Diamonds round of REG-11 on hand sizes only:
// own is the current player's hand size after the play, tavern the Tavern's
// size after Hearts.
func (s *State) countDraws(n, own, tavern int) (total, self int) {
	var sizes [4]int
	for p := range s.cfg.players {
		sizes[p] = s.hands[p].len()
	}
	sizes[s.current] = own
	limit := maxHand[s.cfg.players]
	seat, skipped := int(s.current), 0
	for total < n && tavern > 0 && skipped < s.cfg.players {
		if sizes[seat] < limit {
			sizes[seat]++
			total++
			tavern--
			skipped = 0
			if seat == int(s.current) {
				self++
			}
		} else {
			skipped++
		}
		seat = (seat + 1) % s.cfg.players
	}
	return total, self
}

// String renders the forecast as one line.
func (f Forecast) String() string {
	if f.Kind != kindWords[kindPlay] && f.Kind != kindWords[kindYield] {
		return f.Action + ": " + f.Note
	}
	var parts []string
	if f.Kind == kindWords[kindPlay] && !f.Jester {
		p := fmt.Sprintf("attack %d", f.Attack)
		if len(f.Powers) > 0 {
			p += " (" + strings.Join(f.Powers, ", ") + ")"
		}
		if len(f.Blocked) > 0 {
			p += " (immune to " + strings.Join(f.Blocked, ", ") + ")"
		}
		parts = append(parts, p)
	}
	if f.Heal > 0 {
		parts = append(parts, fmt.Sprintf("heal %d", f.Heal))
	}
	if f.Draw > 0 {
		parts = append(parts, fmt.Sprintf("draw %d (%d for you)", f.Draw, f.DrawSelf))
	}
	parts = append(parts, fmt.Sprintf("shield %d", f.Shield))
	switch {
	case f.Jester:
		parts = append(parts, f.Note)
	case f.Kills:
		parts = append(parts, fmt.Sprintf("damage %d kills", f.Damage))
		if f.Exact {
			parts[len(parts)-1] += " exactly (to " + f.Where + ")"
		}
	default:
		if f.Kind == kindWords[kindPlay] {
			parts = append(parts, fmt.Sprintf("damage %d", f.Damage))
		}
		cover := "your hand covers it"
		if !f.CanCover {
			cover = "your hand cannot cover it"
		}
		if f.Draw > 0 {
			cover += " (before drawing)"
		}
		if f.Suffer <= 0 {
			parts = append(parts, "the shield stops the whole attack")
		} else {
			parts = append(parts, fmt.Sprintf("then suffer %d: %s", f.Suffer, cover))
		}
	}
	return f.Action + ": " + strings.Join(parts, "; ")
}

// Hint renders the forecast of action a for seat as one line.
func (s *State) Hint(seat int, a engine.Action) (string, error) {
	if err := s.check(seat, a); err != nil {
		return "", err
	}
	if k, _, _ := decode(a); k == kindSignal {
		return s.ActionString(a) + ": tell the Jester's player how good your hand is", nil
	}
	f, err := s.Forecast(a)
	if err != nil {
		return "", err
	}
	return f.String(), nil
}
