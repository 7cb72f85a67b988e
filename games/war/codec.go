package war

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"cardtable/cards"
	"cardtable/engine"
)

// codecVersion is the first byte of every serialized War state. Version 2
// keeps the last trick's face-down cards and its face-up marks; version 1
// (still read) kept face-down cards as cards.NoCard.
const codecVersion = 2

// MarshalBinary writes the whole state (options, generator, piles, table,
// phase, counts, repetition detector, last trick) in a compact binary form
// that starts with a version byte.
func (s *State) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, 512)
	b = append(b, codecVersion)
	b = binary.AppendUvarint(b, uint64(len(s.optsText)))
	b = append(b, s.optsText...)
	rng, err := s.rng.AppendBinary(nil)
	if err != nil {
		return nil, fmt.Errorf("war: generator: %w", err)
	}
	b = append(b, byte(len(rng)))
	b = append(b, rng...)
	for seat := 0; seat < s.r.seats; seat++ {
		pl := &s.piles[seat]
		b = append(b, pl.n)
		for i := range int(pl.n) {
			b = append(b, byte(pl.at(i)))
		}
	}
	for seat := 0; seat < s.r.seats; seat++ {
		st := &s.table[seat]
		b = append(b, st.n)
		b = appendCards(b, st.cards[:st.n])
		b = binary.LittleEndian.AppendUint64(b, st.up)
		b = append(b, st.round)
	}
	b = append(b, s.in, s.fighting, s.pending, boolByte(s.war), s.phase, s.locked, s.falseSlapped)
	w := &s.window
	b = append(b, w.eligible, w.answered, w.slapped)
	for _, ms := range w.ms {
		b = binary.LittleEndian.AppendUint16(b, ms)
	}
	for _, n := range []int{s.count.battles, s.count.wars, s.count.autoWars, s.count.slaps, s.count.underdogs, s.count.falseSlaps} {
		b = binary.AppendUvarint(b, uint64(n))
	}
	b = append(b, s.end, byte(s.winner))
	if s.r.repetitionApplies() {
		s.cycle.linear()
		b = append(b, s.cycle.savedLen[:s.r.seats]...)
		b = appendCards(b, s.cycle.saved[:])
		b = binary.AppendUvarint(b, uint64(s.cycle.power))
		b = binary.AppendUvarint(b, uint64(s.cycle.lam))
	}
	l := &s.last
	b = append(b, byte(l.winner), l.how, byte(l.underdog))
	b = binary.LittleEndian.AppendUint16(b, l.slapMS)
	for seat := 0; seat < s.r.seats; seat++ {
		b = append(b, l.n[seat])
		b = appendCards(b, l.cards[seat][:l.n[seat]])
		b = binary.LittleEndian.AppendUint64(b, l.up[seat])
	}
	return b, nil
}

func appendCards(b []byte, cs []cards.Card) []byte {
	for _, c := range cs {
		b = append(b, byte(c))
	}
	return b
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// reader reads a serialized state, remembering the first problem.
type reader struct {
	b   []byte
	err error
}

var errShort = errors.New("data ends early")

func (r *reader) byte() byte {
	if r.err != nil || len(r.b) == 0 {
		r.err = cmpErr(r.err, errShort)
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil || n < 0 || len(r.b) < n {
		r.err = cmpErr(r.err, errShort)
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) uint16() uint16 {
	if b := r.bytes(2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (r *reader) uint64() uint64 {
	if b := r.bytes(8); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

// count reads a uvarint no larger than limit.
func (r *reader) count(limit uint64, what string) int {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > limit {
		r.err = fmt.Errorf("%s: bad or out-of-range number", what)
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

// cards reads n cards; hidden allows cards.NoCard (a face-down card in the
// last trick's record).
func (r *reader) cards(dst []cards.Card, what string, hidden bool) {
	for i, c := range r.bytes(len(dst)) {
		card := cards.Card(c)
		if !(card.Valid() && !card.IsJoker()) && !(hidden && card == cards.NoCard) {
			r.err = cmpErr(r.err, fmt.Errorf("%s: byte %d is not a card of the 52-card deck", what, c))
			return
		}
		dst[i] = card
	}
}

// length reads a card count of at most 52.
func (r *reader) length(what string) uint8 {
	n := r.byte()
	if n > 52 {
		r.err = cmpErr(r.err, fmt.Errorf("%s: %d cards, more than the deck's 52", what, n))
		return 0
	}
	return n
}

func cmpErr(old, new error) error {
	if old != nil {
		return old
	}
	return new
}

// Unmarshal restores a state written by State.MarshalBinary. It checks
// every field and that the 52 cards are all there exactly once, and
// returns an error wrapping engine.ErrCorrupt for anything else.
func (Game) Unmarshal(data []byte) (engine.State, error) {
	s, err := decodeState(data)
	if err != nil {
		return nil, fmt.Errorf("war: %w: %v", engine.ErrCorrupt, err)
	}
	return s, nil
}

func decodeState(data []byte) (*State, error) {
	r := &reader{b: data}
	version := r.byte()
	if r.err == nil && version != codecVersion && version != 1 {
		return nil, fmt.Errorf("version %d, want %d (or 1)", version, codecVersion)
	}
	s := &State{}
	s.record = true
	text := string(r.bytes(r.count(1024, "options length")))
	if r.err != nil {
		return nil, r.err
	}
	if err := s.decodeOptions(text); err != nil {
		return nil, err
	}
	if err := s.rng.UnmarshalBinary(r.bytes(int(r.byte()))); r.err == nil && err != nil {
		return nil, fmt.Errorf("generator: %v", err)
	}
	s.decodePosition(r)
	s.decodeCounts(r)
	s.decodeLast(r, version)
	if r.err == nil && len(r.b) != 0 {
		return nil, fmt.Errorf("%d unexpected bytes after the state", len(r.b))
	}
	if r.err != nil {
		return nil, r.err
	}
	return s, s.validate()
}

// decodedOptions caches resolved options by their text, since restoring
// states (replays, searches) sees the same few texts over and over. At most
// maxDecoded texts are kept, so hostile data cannot grow it without bound.
var (
	decodedOptions sync.Map // string -> *resolvedOptions
	decodedCount   atomic.Int32
)

const maxDecoded = 64

type resolvedOptions struct {
	opts engine.Options
	text string
	r    rules
}

func (s *State) decodeOptions(text string) error {
	if d, ok := decodedOptions.Load(text); ok {
		c := d.(*resolvedOptions)
		s.opts, s.optsText, s.r = c.opts, c.text, c.r
		return nil
	}
	if err := s.resolveOptions(text); err != nil {
		return err
	}
	if decodedCount.Add(1) <= maxDecoded {
		decodedOptions.Store(text, &resolvedOptions{opts: s.opts, text: s.optsText, r: s.r})
	}
	return nil
}

func (s *State) resolveOptions(text string) error {
	given, err := engine.ParseOptionArgs([]string{text})
	if err != nil {
		return fmt.Errorf("options: %v", err)
	}
	if s.opts, err = engine.ResolveOptions(Game{}.Options(), given); err != nil {
		return fmt.Errorf("options: %v", err)
	}
	if s.r, err = rulesFrom(s.opts); err != nil {
		return fmt.Errorf("options: %v", err)
	}
	s.optsText = s.opts.String()
	return nil
}

func (s *State) decodePosition(r *reader) {
	for seat := 0; seat < s.r.seats; seat++ {
		pl := &s.piles[seat]
		n := r.length("pile")
		r.cards(pl.buf[:n], fmt.Sprintf("seat %d's pile", seat), false)
		pl.n = n
	}
	for seat := 0; seat < s.r.seats; seat++ {
		st := &s.table[seat]
		st.n = r.length("table")
		r.cards(st.cards[:st.n], fmt.Sprintf("seat %d's table cards", seat), false)
		st.up = r.uint64()
		st.round = r.byte()
	}
	flags := r.bytes(10)
	if r.err != nil {
		return
	}
	s.in, s.fighting, s.pending, s.phase, s.locked, s.falseSlapped = flags[0], flags[1], flags[2], flags[4], flags[5], flags[6]
	s.war = flags[3] == 1
	if flags[3] > 1 {
		r.err = errors.New("war flag is not 0 or 1")
	}
	s.window.eligible, s.window.answered, s.window.slapped = flags[7], flags[8], flags[9]
	for i := range s.window.ms {
		s.window.ms[i] = r.uint16()
	}
}

func (s *State) decodeCounts(r *reader) {
	const limit = 1 << 40
	c := &s.count
	for _, p := range []*int{&c.battles, &c.wars, &c.autoWars, &c.slaps, &c.underdogs, &c.falseSlaps} {
		*p = r.count(limit, "counts")
	}
	s.end, s.winner = r.byte(), int8(r.byte())
	if s.r.repetitionApplies() {
		y := &s.cycle
		for seat := 0; seat < s.r.seats; seat++ {
			y.savedLen[seat] = r.length("saved position")
		}
		r.cards(y.saved[:], "saved position", false)
		y.power = r.count(limit, "repetition detector")
		y.lam = r.count(limit, "repetition detector")
	}
}

// decodeLast reads the last trick: its cards and face-up marks (version
// 2), or its cards with the face-down ones as cards.NoCard (version 1).
func (s *State) decodeLast(r *reader, version byte) {
	l := &s.last
	l.winner, l.how, l.underdog = int8(r.byte()), r.byte(), cards.Card(r.byte())
	l.slapMS = r.uint16()
	for seat := 0; seat < s.r.seats; seat++ {
		l.n[seat] = r.length("last trick")
		laid := l.cards[seat][:l.n[seat]]
		r.cards(laid, "last trick", version == 1)
		if version == 1 {
			l.up[seat] = faceUp(laid)
		} else {
			l.up[seat] = r.uint64()
		}
		if r.err == nil && l.up[seat]>>l.n[seat] != 0 {
			r.err = fmt.Errorf("last trick: seat %d's face-up marks name cards beyond its %d", seat, l.n[seat])
		}
	}
}

// validate checks that a decoded state is one play can reach, so that
// nothing done with it can go wrong.
func (s *State) validate() error {
	var all []cards.Card
	for seat := 0; seat < s.r.seats; seat++ {
		st := &s.table[seat]
		if st.up>>st.n != 0 || st.round > st.n || (st.n > 0 && st.up&(1<<(st.n-1)) == 0) {
			return fmt.Errorf("seat %d's table: inconsistent face-up marks", seat)
		}
	}
	all = s.AllCards()
	if err := cards.CheckPermutation(all, standardDeck[:]); err != nil {
		return fmt.Errorf("cards: %v", err)
	}
	if err := s.validatePhase(); err != nil {
		return err
	}
	if s.r.repetitionApplies() {
		y := &s.cycle
		if int(y.savedLen[0])+int(y.savedLen[1])+int(y.savedLen[2]) != 52 || cards.CheckPermutation(y.saved[:], standardDeck[:]) != nil {
			return errors.New("repetition detector: the saved position is not the 52 cards")
		}
		if y.power < 1 || y.lam >= y.power {
			return errors.New("repetition detector: bad counters")
		}
	}
	l := &s.last
	if l.winner < -1 || int(l.winner) >= s.r.seats || int(l.how) >= len(hows) || (l.underdog != cards.NoCard && (!l.underdog.Valid() || l.underdog.IsJoker())) {
		return errors.New("last trick: bad winner, kind or card")
	}
	return nil
}

// validatePhase checks the seat sets against the phase.
func (s *State) validatePhase() error {
	all := bit(s.r.seats) - 1
	w := &s.window
	switch {
	case (s.in|s.fighting|s.pending|s.locked|s.falseSlapped|w.eligible|w.answered|w.slapped)&^all != 0:
		return errors.New("a seat set names a seat beyond the players")
	case s.phase > phaseOver || s.end > endCap || (s.phase == phaseOver) != (s.end != endNone):
		return errors.New("phase and end reason disagree")
	case s.winner < -1 || int(s.winner) >= s.r.seats || (s.end == endWin) != (s.winner >= 0):
		return errors.New("bad winner")
	case s.phase == phaseOver:
		return nil
	case s.fighting&^s.in != 0 || s.pending&^s.fighting != 0 || bits.OnesCount8(s.fighting) < 2 || (!s.war && s.fighting != s.in):
		return errors.New("the seats in play are inconsistent")
	case s.phase == phaseFlip && (s.pending == 0 || w.eligible != 0):
		return errors.New("a flip phase with nobody to flip")
	case s.phase == phaseSlap && (s.pending != 0 || w.eligible == 0 || w.eligible&^s.in != 0 || w.answered&^w.eligible != 0 || w.answered == w.eligible || w.slapped&^w.answered != 0):
		return errors.New("an inconsistent slap window")
	}
	for seat := 0; seat < s.r.seats; seat++ {
		if w.ms[seat] != 0 && (w.slapped&bit(seat) == 0 || int(w.ms[seat]) >= s.r.windowMS) {
			return fmt.Errorf("seat %d's slap time is out of place", seat)
		}
		if err := s.validateSeat(seat); err != nil {
			return err
		}
	}
	return nil
}

// validateSeat checks that seat can lay what the phase asks of it.
func (s *State) validateSeat(seat int) error {
	st, pl := &s.table[seat], &s.piles[seat]
	fighting := s.fighting&bit(seat) != 0
	switch {
	case s.in&bit(seat) != 0 && pl.n == 0 && st.n == 0:
		return fmt.Errorf("seat %d is in the game with no cards", seat)
	case !s.war && s.phase == phaseFlip && st.n != 0:
		return fmt.Errorf("seat %d has cards on the table before a battle", seat)
	case fighting && s.phase == phaseFlip && pl.n == 0:
		return fmt.Errorf("seat %d must lay but has no cards", seat)
	case fighting && (s.war || s.phase == phaseSlap) && st.n == 0:
		return fmt.Errorf("seat %d is in the war with nothing on the table", seat)
	}
	return nil
}
