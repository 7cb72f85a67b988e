package regicide

import (
	"encoding/binary"
	"strconv"

	"cardtable/cards"
	"cardtable/engine"
)

// magic starts every serialized state; its last byte is the format version.
const magic = "RGC\x01"

// MarshalBinary writes the whole state: options, generator, piles, hands
// and counters, in a fixed layout.
func (s *State) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, 256)
	b = append(b, magic...)
	first := byte(0xff)
	if s.cfg.first >= 0 {
		first = byte(s.cfg.first)
	}
	b = append(b, byte(s.cfg.players), flag(s.cfg.immunity), flag(s.cfg.exactOptional), flag(s.cfg.soloYield), first)
	rng, err := s.rng.MarshalBinary()
	if err != nil {
		return nil, err
	}
	b = append(b, byte(len(rng)))
	b = append(b, rng...)
	b = appendCards(b, s.castle[:s.nCastle])
	b = appendCards(b, s.tavern[:s.nTavern])
	b = append(b, s.knownTop, s.recycled)
	for _, m := range []set{s.recycledSet, s.table, s.discard, s.powers} {
		b = binary.LittleEndian.AppendUint64(b, uint64(m))
	}
	for p := 0; p < 4; p++ {
		b = binary.LittleEndian.AppendUint64(b, uint64(s.hands[p]))
		b = binary.LittleEndian.AppendUint64(b, uint64(s.shown[p]))
		b = append(b, s.signals[p], flag(s.yielded[p]))
	}
	b = append(b, s.powersUsed, flag(s.jestered), byte(s.phase), s.current, s.defeated, s.end, byte(s.lostTo))
	for _, v := range []uint16{uint16(s.damage), uint16(s.shield), uint16(s.heldShield), s.turns, s.yields, s.jestersPlayed} {
		b = binary.LittleEndian.AppendUint16(b, v)
	}
	for _, c := range s.recycledSet.cards() {
		b = append(b, s.layerOf[c], s.drawnBy[c])
	}
	return b, nil
}

func flag(v bool) byte {
	if v {
		return 1
	}
	return 0
}

func appendCards(b []byte, cs []cards.Card) []byte {
	b = append(b, byte(len(cs)))
	for _, c := range cs {
		b = append(b, byte(c))
	}
	return b
}

// reader consumes a serialized state, remembering the first problem.
type reader struct {
	b   []byte
	err error
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil || n > len(r.b) {
		if r.err == nil {
			r.err = engine.Corrupt("regicide: state truncated")
		}
		return make([]byte, n)
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) byte() byte  { return r.bytes(1)[0] }
func (r *reader) bool() bool  { return r.byte() != 0 }
func (r *reader) u16() uint16 { return binary.LittleEndian.Uint16(r.bytes(2)) }
func (r *reader) set() set    { return set(binary.LittleEndian.Uint64(r.bytes(8))) }
func (r *reader) fail(msg string) {
	if r.err == nil {
		r.err = engine.Corrupt("regicide: " + msg)
	}
}

func (r *reader) cards(dst []cards.Card) uint8 {
	n := int(r.byte())
	if n > len(dst) {
		r.fail("pile too large")
		return 0
	}
	for i, c := range r.bytes(n) {
		dst[i] = cards.Card(c)
	}
	return uint8(n)
}

// Unmarshal restores a state written by State.MarshalBinary; anything else
// returns an error wrapping engine.ErrCorrupt.
func (g Game) Unmarshal(data []byte) (engine.State, error) {
	if len(data) < len(magic) || string(data[:len(magic)]) != magic {
		return nil, engine.Corrupt("regicide: not a saved Regicide state")
	}
	r := &reader{b: data[len(magic):]}
	s, err := g.readOptions(r)
	if err != nil {
		return nil, err
	}
	r.readState(s)
	if r.err == nil && len(r.b) != 0 {
		r.fail("trailing bytes after the state")
	}
	if r.err == nil {
		r.err = s.validate()
	}
	if r.err != nil {
		return nil, r.err
	}
	return s, nil
}

func (g Game) readOptions(r *reader) (*State, error) {
	players, immunity, exact, soloYield, first := r.byte(), r.bool(), r.bool(), r.bool(), r.byte()
	given := map[string]string{
		optPlayers: strconv.Itoa(int(players)), optImmunity: strconv.FormatBool(immunity),
		optExactKill: "tavern", optSoloYield: strconv.FormatBool(soloYield), optFirst: "random",
	}
	if exact {
		given[optExactKill] = "optional"
	}
	if first != 0xff {
		given[optFirst] = strconv.Itoa(int(first))
	}
	opts, err := engine.ResolveOptions(g.Options(), given)
	if err != nil || r.err != nil {
		return nil, engine.Corrupt("regicide: bad options in state")
	}
	c, err := configOf(opts)
	if err != nil {
		return nil, engine.Corrupt("regicide: bad options in state")
	}
	s := &State{opts: opts, cfg: c}
	if err := s.rng.UnmarshalBinary(r.bytes(int(r.byte()))); err != nil || r.err != nil {
		return nil, engine.Corrupt("regicide: bad generator state")
	}
	return s, nil
}

func (r *reader) readState(s *State) {
	s.nCastle = r.cards(s.castle[:])
	s.nTavern = r.cards(s.tavern[:])
	s.knownTop, s.recycled = r.byte(), r.byte()
	s.recycledSet, s.table, s.discard, s.powers = r.set(), r.set(), r.set(), r.set()
	for p := 0; p < 4; p++ {
		s.hands[p], s.shown[p] = r.set(), r.set()
		s.signals[p], s.yielded[p] = r.byte(), r.bool()
	}
	s.powersUsed, s.jestered, s.phase, s.current = r.byte(), r.bool(), phase(r.byte()), r.byte()
	s.defeated, s.end, s.lostTo = r.byte(), r.byte(), cards.Card(r.byte())
	s.damage, s.shield, s.heldShield = int16(r.u16()), int16(r.u16()), int16(r.u16())
	s.turns, s.yields, s.jestersPlayed = r.u16(), r.u16(), r.u16()
	if r.err == nil {
		for _, c := range s.recycledSet.cards() {
			s.layerOf[c], s.drawnBy[c] = r.byte(), r.byte()
		}
	}
}

// validate checks that a restored state is one the game can reach in kind:
// every card once, piles of possible sizes, counters in range.
func (s *State) validate() error {
	n := s.cfg.players
	switch {
	case s.phase > phaseOver || int(s.current) >= n:
		return engine.Corrupt("regicide: bad phase or current seat")
	case s.end > endLostTo || (s.phase == phaseOver) != (s.end != endNone):
		return engine.Corrupt("regicide: bad end")
	case s.end >= endStuck && !s.lostTo.Rank().IsRoyal():
		return engine.Corrupt("regicide: bad losing enemy")
	case int(s.knownTop)+int(s.recycled) > int(s.nTavern) || int(s.nCastle)+int(s.defeated) != 12:
		return engine.Corrupt("regicide: bad pile counts")
	case (n == 1 && s.powers != jesters) || (n > 1 && s.powers != 0) || s.powersUsed > uint8(s.powers.len()):
		return engine.Corrupt("regicide: bad Jester powers")
	}
	want := setOf(s.cfg.tavernCards())
	var got set
	for _, c := range append(s.castle[:s.nCastle:s.nCastle], s.tavern[:s.nTavern]...) {
		if got.has(c) || !c.Valid() {
			return engine.Corrupt("regicide: bad or repeated card in the Castle or Tavern")
		}
		got |= bit(c)
	}
	for _, c := range s.castle[:s.nCastle] {
		if !c.Rank().IsRoyal() {
			return engine.Corrupt("regicide: a non-enemy card in the Castle")
		}
	}
	for p := 0; p < 4; p++ {
		if s.signals[p] > sigRatherNot || s.shown[p]&^s.hands[p] != 0 || s.hands[p].len() > maxHand[n] || (p >= n && s.hands[p] != 0) {
			return engine.Corrupt("regicide: bad hand or signal")
		}
		got = joinDisjoint(got, s.hands[p])
	}
	for _, m := range []set{s.table, s.discard, s.powers} {
		got = joinDisjoint(got, m)
	}
	if n == 1 {
		want |= jesters
	}
	for r := cards.Jack; r <= cards.King; r++ {
		want |= set(0xf) << (uint(r) << 2)
	}
	if got != want {
		return engine.Corrupt("regicide: the cards are not exactly the game's cards")
	}
	return s.validateRecycled()
}

// validateRecycled checks that every recycled card has a layer and is
// either in the Tavern's bottom part or in the hand of the seat that drew
// it, which Determinize relies on.
func (s *State) validateRecycled() error {
	bottom := setOf(s.tavern[:s.recycled])
	if bottom&^s.recycledSet != 0 {
		return engine.Corrupt("regicide: a card at the Tavern's bottom was not put there by Hearts")
	}
	for _, c := range s.recycledSet.cards() {
		layer, by := s.layerOf[c], int(s.drawnBy[c])
		switch {
		case layer == 0 || layer >= 64 || by > s.cfg.players:
			return engine.Corrupt("regicide: bad Hearts layer or drawer")
		case by == 0 && !bottom.has(c), by > 0 && (!s.hands[by-1].has(c) || s.shown[by-1].has(c)):
			return engine.Corrupt("regicide: a recycled card is not where its drawer says")
		}
	}
	return nil
}

// joinDisjoint adds m to got, or poisons got (a card seen twice) so that
// the final comparison fails.
func joinDisjoint(got, m set) set {
	if got&m != 0 {
		return ^set(0)
	}
	return got | m
}
