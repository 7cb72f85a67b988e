package regicide

import (
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
	// Note says anything else worth knowing, as a message.
	Note engine.Msg `json:"note,omitzero"`
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
		f.Note = engine.Say("regicide.note.power", engine.NumArg("hand", s.hands[seat].len()), engine.NumArg("tavern", int(s.nTavern)))
	case kindDiscard:
		f.Note = engine.Say("regicide.note.discard", engine.NumArg("cards", m.len()), engine.NumArg("worth", m.value()), engine.NumArg("attack", s.suffer()))
	case kindNext:
		f.Note = engine.Say("regicide.note.next")
	case kindExact:
		f.Note = engine.Say(exactNoteIDs[arg])
	}
	return f, nil
}

// forecastPlay fills f for a play of m.
func (s *State) forecastPlay(f *Forecast, m set) {
	hand := s.hands[s.current] &^ m
	if m&jesters != 0 {
		f.Jester = true
		f.Shield += int(s.heldShield)
		f.Note = engine.Say("regicide.note.jester")
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

// Say says the forecast as one line: the action, then what it does
// ("play 5H: attack 5 (hearts); shield 0; damage 5; then suffer 10: your
// hand covers it").
func (f Forecast) Say() engine.Msg {
	if f.Kind != kindWords[kindPlay] && f.Kind != kindWords[kindYield] {
		return hintLine(f.Action, f.Note)
	}
	var parts []engine.Msg
	if f.Kind == kindWords[kindPlay] && !f.Jester {
		parts = append(parts, f.sayAttack())
	}
	if f.Heal > 0 {
		parts = append(parts, engine.Say("regicide.hint.heal", engine.NumArg("n", f.Heal)))
	}
	if f.Draw > 0 {
		parts = append(parts, engine.Say("regicide.hint.draw", engine.NumArg("n", f.Draw), engine.NumArg("self", f.DrawSelf)))
	}
	parts = append(parts, engine.Say("regicide.hint.shield", engine.NumArg("n", f.Shield)))
	switch {
	case f.Jester:
		parts = append(parts, f.Note)
	case f.Exact:
		parts = append(parts, engine.Say("regicide.hint.kills-exactly", engine.NumArg("n", f.Damage), engine.MsgArg("where", engine.Say("regicide.where."+f.Where))))
	case f.Kills:
		parts = append(parts, engine.Say("regicide.hint.kills", engine.NumArg("n", f.Damage)))
	default:
		if f.Kind == kindWords[kindPlay] {
			parts = append(parts, engine.Say("regicide.hint.damage", engine.NumArg("n", f.Damage)))
		}
		if f.Suffer <= 0 {
			parts = append(parts, engine.Say("regicide.hint.shield-stops"))
		} else {
			parts = append(parts, engine.Say(sufferIDs[b2i(f.CanCover)][b2i(f.Draw > 0)], engine.NumArg("n", f.Suffer)))
		}
	}
	return engine.Say("regicide.hint", engine.TextArg("action", f.Action), engine.MsgsArg("parts", parts))
}

// sayAttack says a play's attack with the powers that act and those the
// enemy is immune to.
func (f Forecast) sayAttack() engine.Msg {
	n := engine.NumArg("n", f.Attack)
	switch {
	case len(f.Powers) > 0 && len(f.Blocked) > 0:
		return engine.Say("regicide.hint.attack-powers-immune", n, powerList("powers", f.Powers), powerList("immune", f.Blocked))
	case len(f.Powers) > 0:
		return engine.Say("regicide.hint.attack-powers", n, powerList("powers", f.Powers))
	case len(f.Blocked) > 0:
		return engine.Say("regicide.hint.attack-immune", n, powerList("immune", f.Blocked))
	}
	return engine.Say("regicide.hint.attack", n)
}

// exactNoteIDs say where an exactly killed enemy goes, by exactWords.
var exactNoteIDs = [len(exactWords)]string{"regicide.note.exact-tavern", "regicide.note.exact-discard"}

// sufferIDs are the messages of the attack to suffer next, by whether the
// hand covers it and whether Diamonds draw first.
var sufferIDs = [2][2]string{
	{"regicide.hint.suffer-uncovered", "regicide.hint.suffer-uncovered-before-drawing"},
	{"regicide.hint.suffer-covers", "regicide.hint.suffer-covers-before-drawing"},
}

// powerList names suit powers ("hearts, diamonds") as one argument.
func powerList(name string, powers []string) engine.Arg {
	m := engine.Say("regicide.power." + powers[len(powers)-1])
	for i := len(powers) - 2; i >= 0; i-- {
		m = engine.Say("list.comma", engine.MsgArg("a", engine.Say("regicide.power."+powers[i])), engine.MsgArg("b", m))
	}
	return engine.MsgArg(name, m)
}

// hintLine says an action and one thing about it.
func hintLine(action string, note engine.Msg) engine.Msg {
	return engine.Say("regicide.hint", engine.TextArg("action", action), engine.MsgsArg("parts", []engine.Msg{note}))
}

// Hint says the forecast of action a for seat as one line.
func (s *State) Hint(seat int, a engine.Action) (engine.Msg, error) {
	if err := s.check(seat, a); err != nil {
		return engine.Msg{}, err
	}
	if k, _, _ := decode(a); k == kindSignal {
		return hintLine(s.ActionString(a), engine.Say("regicide.note.signal")), nil
	}
	f, err := s.Forecast(a)
	if err != nil {
		return engine.Msg{}, err
	}
	return f.Say(), nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
