package watchtower

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"cardtable/cards"
	"cardtable/engine"
)

// magic starts every serialized Watchtower state (format version 2: the
// last action's events and the end are kept in English and as messages).
const magic = "WT2"

// writer appends the fields of a state.
type writer struct{ b []byte }

func (w *writer) byte(v byte)  { w.b = append(w.b, v) }
func (w *writer) uint(v int)   { w.b = binary.AppendUvarint(w.b, uint64(v)) }
func (w *writer) u64(v uint64) { w.b = binary.LittleEndian.AppendUint64(w.b, v) }
func (w *writer) bool(v bool) {
	if v {
		w.byte(1)
		return
	}
	w.byte(0)
}
func (w *writer) cards(cs []cards.Card) {
	w.uint(len(cs))
	for _, c := range cs {
		w.byte(byte(c))
	}
}
func (w *writer) ints(xs []int) {
	w.uint(len(xs))
	for _, x := range xs {
		w.uint(x)
	}
}
func (w *writer) bytes(b []byte) { w.uint(len(b)); w.b = append(w.b, b...) }

// said writes a sentence: its English text, then its message as JSON.
func (w *writer) said(x said) {
	w.bytes([]byte(x.text))
	m, err := json.Marshal(x.msg)
	if err != nil {
		panic(fmt.Sprintf("watchtower: a message does not encode: %v", err))
	}
	w.bytes(m)
}

// reader reads them back; the first failure sticks.
type reader struct {
	b   []byte
	err error
}

var errShort = errors.New("data ends early")

func (r *reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

func (r *reader) byte() byte {
	if len(r.b) == 0 {
		r.fail(errShort)
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

func (r *reader) bool() bool {
	v := r.byte()
	if v > 1 {
		r.fail(fmt.Errorf("flag %d is not 0 or 1", v))
	}
	return v == 1
}

func (r *reader) uint() int {
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > 1<<30 {
		r.fail(errShort)
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

func (r *reader) u64() uint64 {
	if len(r.b) < 8 {
		r.fail(errShort)
		return 0
	}
	v := binary.LittleEndian.Uint64(r.b)
	r.b = r.b[8:]
	return v
}

func (r *reader) count() int {
	n := r.uint()
	if n > len(r.b) {
		r.fail(errShort)
		return 0
	}
	return n
}

func (r *reader) cards() []cards.Card {
	n := r.count()
	var out []cards.Card
	for i := 0; i < n; i++ {
		out = append(out, cards.Card(r.byte()))
	}
	return out
}

func (r *reader) ints() []int {
	n := r.count()
	var out []int
	for i := 0; i < n; i++ {
		out = append(out, r.uint())
	}
	return out
}

func (r *reader) bytes() []byte {
	n := r.count()
	out := append([]byte(nil), r.b[:n]...)
	r.b = r.b[n:]
	return out
}

// said reads what writer.said wrote.
func (r *reader) said() said {
	x := said{text: string(r.bytes())}
	if m := r.bytes(); r.err == nil {
		if err := json.Unmarshal(m, &x.msg); err != nil {
			r.fail(err)
		}
	}
	return x
}

// MarshalBinary implements engine.State.
func (s *State) MarshalBinary() ([]byte, error) {
	w := &writer{b: append(make([]byte, 0, 512), magic...)}
	w.byte(byte(s.cfg.players))
	w.bool(s.cfg.triesByCard)
	w.bool(s.cfg.ownerGives)
	w.uint(s.cfg.maxRounds)
	rng, err := s.rng.MarshalBinary()
	if err != nil {
		return nil, err
	}
	w.bytes(rng)
	w.cards(s.barracks.cards())
	w.bytes(s.barracks.known())
	for i := range s.all() {
		writePlayer(w, &s.players[i])
	}
	for _, v := range []int{int(s.phase), s.dealer, s.first, s.turn, s.rounds, s.turns, int(s.wait), s.giver, s.owed} {
		w.uint(v)
	}
	w.bool(s.burnUsed)
	w.bool(s.challengeUsed)
	w.uint(len(s.agenda))
	for _, t := range s.pending() {
		w.b = append(w.b, byte(t.kind), byte(t.seat), byte(t.n), byte(t.card))
		w.bool(t.flag)
		w.bool(t.retry)
	}
	w.cards(s.aside.all())
	if s.wait == waitBattlePick {
		writeBattle(w, &s.battle)
	}
	writeFree(w, &s.free)
	w.uint(int(s.ntries))
	for _, t := range s.tryCounts() {
		w.b = append(w.b, byte(t.card), byte(t.attacker), t.n)
	}
	w.uint(len(s.events))
	for _, e := range s.events {
		w.said(said{s.eventText(e), s.eventMsg(e)})
	}
	w.byte(byte(s.end))
	w.ints(s.winnerSeats())
	w.said(s.endDetail())
	for _, n := range s.stats {
		w.uint(n)
	}
	return w.b, nil
}

func writePlayer(w *writer, p *player) {
	w.cards(p.army.all())
	w.u64(p.won)
	w.u64(p.seen)
	for r := cards.Two; r <= cards.Ace; r++ {
		w.cards(p.fort[r][:p.fortN[r]])
	}
	w.b = append(w.b, byte(p.tower[0]), byte(p.tower[1]), byte(p.tower[2]), byte(p.tower[3]))
	w.bool(p.out)
	w.cards(p.row.all())
	w.uint(p.tricks)
}

func writeBattle(w *writer, b *battle) {
	w.b = append(w.b, byte(b.attacker), byte(b.defender), byte(b.k), byte(b.target))
	w.bool(b.emptyFortress)
	w.bool(b.atkCampaign)
	w.bool(b.defCampaign)
	for i := range b.order {
		w.cards(b.order[i].all())
		w.ints(b.picks[i].ints())
	}
}

func writeFree(w *writer, f *freeForAll) {
	w.byte(byte(f.card))
	if f.card == cards.NoCard {
		return
	}
	w.uint(f.drawer)
	w.uint(f.attempt)
	w.ints(f.parts.all())
	w.uint(f.parts.n)
	for i := range f.parts.n {
		w.cards(f.order[i].all())
	}
	w.ints(f.picks.ints())
}

// Unmarshal implements engine.Game.
func (g Game) Unmarshal(data []byte) (engine.State, error) {
	if bytes.HasPrefix(data, []byte("WT1")) {
		return nil, engine.Corrupt("watchtower: a state saved in format 1 by an older cardtable; this one reads format 2 (%q): replay the game's record instead", magic)
	}
	if !bytes.HasPrefix(data, []byte(magic)) {
		return nil, engine.Corrupt("watchtower: not a saved Watchtower state (it must start with %q)", magic)
	}
	r := &reader{b: data[len(magic):]}
	s := readState(r)
	if r.err == nil && len(r.b) != 0 {
		r.fail(fmt.Errorf("%d bytes left over", len(r.b)))
	}
	if r.err == nil {
		r.err = s.validate()
	}
	if r.err == nil {
		s.mv = s.whoMoves()
	}
	if r.err == nil {
		again, _ := s.MarshalBinary()
		if !bytes.Equal(again, data) {
			r.err = errors.New("not in canonical form")
		}
	}
	if r.err != nil {
		return nil, engine.Corrupt("watchtower: saved state is damaged: %v", r.err)
	}
	return s, nil
}

func readState(r *reader) *State {
	s := &State{}
	s.cfg.players = int(r.byte())
	s.cfg.triesByCard = r.bool()
	s.cfg.ownerGives = r.bool()
	s.cfg.maxRounds = r.uint()
	if s.cfg.players < 2 || s.cfg.players > 4 || s.cfg.maxRounds < 1 || s.cfg.maxRounds > 1000 {
		r.fail(errors.New("options out of range"))
		return s
	}
	s.opts = s.cfg.options()
	if err := s.rng.UnmarshalBinary(r.bytes()); err != nil {
		r.fail(err)
	}
	bar, known := r.cards(), r.bytes()
	if len(bar) > 52 || len(known) != len(bar) {
		r.fail(errors.New("barracks knowledge does not match the barracks"))
		return s
	}
	s.barracks.set(bar, known)
	for i := range s.all() {
		readPlayer(r, &s.players[i])
	}
	s.syncSeats()
	var ph, wait int
	for _, v := range []*int{&ph, &s.dealer, &s.first, &s.turn, &s.rounds, &s.turns, &wait, &s.giver, &s.owed} {
		*v = r.uint()
	}
	s.phase, s.wait = phase(ph), waitKind(wait)
	s.burnUsed = r.bool()
	s.challengeUsed = r.bool()
	for n := r.count(); n > 0; n-- {
		t := task{kind: taskKind(r.byte()), seat: int8(r.byte()), n: int8(r.byte()), card: cards.Card(r.byte())}
		t.flag, t.retry = r.bool(), r.bool()
		s.agenda = append(s.agenda, t)
	}
	slices.Reverse(s.agenda) // kept as a stack, the next step last
	if !readList(r, &s.aside) {
		return s
	}
	if s.wait == waitBattlePick {
		readBattle(r, &s.battle)
	}
	readFree(r, &s.free)
	for n := r.count(); n > 0; n-- {
		if s.ntries == maxTries {
			r.fail(errors.New("too many try counts"))
			return s
		}
		s.tries[s.ntries] = tryCount{card: cards.Card(r.byte()), attacker: int8(r.byte()), n: r.byte()}
		s.tried |= bit(s.tries[s.ntries].card)
		s.ntries++
	}
	for n := r.count(); n > 0; n-- {
		s.log1(evText, s.saidArg(r.said()))
	}
	s.end = endReason(r.byte())
	winners := r.ints()
	if len(winners) > engine.MaxSeats {
		r.fail(errors.New("too many winners"))
		return s
	}
	s.nwinners = uint8(copy(s.winners[:], winners))
	s.detail = r.said()
	for i := range s.stats {
		s.stats[i] = r.uint()
	}
	return s
}

func readPlayer(r *reader, p *player) {
	if !readList(r, &p.army) {
		return
	}
	p.noArmy = p.army.n == 0 // an empty army is saved as none
	p.held = cardSet(p.army.all())
	p.won = r.u64()
	p.seen = r.u64()
	for rank := cards.Two; rank <= cards.Ace; rank++ {
		stack := r.cards()
		if len(stack) > 4 {
			r.fail(fmt.Errorf("a stack of %d cards", len(stack)))
			return
		}
		p.fortN[rank] = uint8(copy(p.fort[rank][:], stack))
	}
	p.syncRanks()
	for i := range p.tower {
		p.tower[i] = cards.Card(r.byte())
	}
	p.out = r.bool()
	readList(r, &p.row)
	p.tricks = r.uint()
}

func readBattle(r *reader, b *battle) {
	b.attacker, b.defender, b.k, b.target = int(r.byte()), int(r.byte()), int(r.byte()), cards.Card(r.byte())
	b.emptyFortress, b.atkCampaign, b.defCampaign = r.bool(), r.bool(), r.bool()
	for i := range b.order {
		if !readList(r, &b.order[i]) || !readPositions(r, &b.picks[i], 3) {
			return
		}
	}
}

func readFree(r *reader, f *freeForAll) {
	if f.card = cards.Card(r.byte()); f.card == cards.NoCard {
		return
	}
	f.drawer = r.uint()
	f.attempt = r.uint()
	parts := r.ints()
	if len(parts) > engine.MaxSeats {
		r.fail(errors.New("too many free-for-all participants"))
		return
	}
	f.parts.n = copy(f.parts.s[:], parts)
	if n := r.count(); n != f.parts.n {
		r.fail(errors.New("free-for-all orders do not match its participants"))
		return
	}
	for i := range f.parts.n {
		if !readList(r, &f.order[i]) {
			return
		}
	}
	readPositions(r, &f.picks, engine.MaxSeats)
}

// readList reads a card list of at most 52 cards into l.
func readList(r *reader, l *cardList) bool {
	cs := r.cards()
	if len(cs) > len(l.c) {
		r.fail(fmt.Errorf("a list of %d cards", len(cs)))
		return false
	}
	l.set(cs)
	return true
}

// readPositions reads at most max picks into p.
func readPositions(r *reader, p *positions, max int) bool {
	xs := r.ints()
	if len(xs) > max {
		r.fail(fmt.Errorf("%d picks", len(xs)))
		return false
	}
	for _, x := range xs {
		if x > 51 {
			r.fail(fmt.Errorf("pick %d", x))
			return false
		}
		p.push(x)
	}
	return true
}
