package regicide

import (
	"math/bits"

	"cardtable/cards"
)

// Key identifies a position for a search's transposition table: a 128-bit
// hash of everything that decides how the game can go on from here.
type Key [2]uint64

// SearchFacts are the numbers of a position a full-knowledge search orders
// and prunes moves by. They read every hand and the Tavern, so they are for
// solvers only, never for a bot that plays one seat.
type SearchFacts struct {
	// Won is true once the last King is defeated; Over once the game ended.
	Won, Over bool
	// Defeated counts the enemies defeated; Damage and Health are the
	// current enemy's, Attack its attack minus shields (REG-17).
	Defeated, Damage, Health, Attack int
	// HandValue and HandCards add up every hand.
	HandValue, HandCards int
	// TavernValue and TavernCards describe the Tavern.
	TavernValue, TavernCards int
	// DiscardCards is the size of the discard pile.
	DiscardCards int
	// PowersLeft counts the unused solo Jester powers (REG-30).
	PowersLeft int
}

// Facts returns the position's SearchFacts.
func (s *State) Facts() SearchFacts {
	f := SearchFacts{
		Won: s.end == endWon, Over: s.phase == phaseOver, Defeated: int(s.defeated),
		TavernCards: int(s.nTavern), DiscardCards: s.discard.len(), PowersLeft: s.powersLeft(),
	}
	if e := s.enemy(); e != cards.NoCard {
		f.Damage, f.Health, f.Attack = int(s.damage), health(e), s.suffer()
	}
	for _, h := range s.hands[:s.cfg.players] {
		f.HandValue += h.value()
		f.HandCards += h.len()
	}
	for _, c := range s.tavern[:s.nTavern] {
		f.TavernValue += Value(c)
	}
	return f
}

// PositionKey hashes everything that decides the rest of the game: the
// options, the generator (it drives every later Hearts shuffle), the Castle
// and the Tavern in order, every hand, the table, the discard pile, the
// enemy's damage and shields, the step, the current seat, signals, yields
// and powers used. Counters that only report (turns, yields, what each
// seat has seen) are left out: two positions that differ only in them play
// on alike.
func (s *State) PositionKey() Key {
	var h keyHasher
	h.word(uint64(s.cfg.players) | keyBit(s.cfg.immunity)<<8 | keyBit(s.cfg.exactOptional)<<16 |
		keyBit(s.cfg.soloYield)<<24 | uint64(s.phase)<<32 | uint64(s.current)<<40 | uint64(s.powersUsed)<<48 |
		keyBit(s.jestered)<<56)
	var buf [40]byte
	rng, _ := s.rng.AppendBinary(buf[:0])
	h.bytes(rng)
	h.cards(s.castle[:s.nCastle])
	h.cards(s.tavern[:s.nTavern])
	for p := 0; p < s.cfg.players; p++ {
		h.word(uint64(s.hands[p]))
		h.word(uint64(s.signals[p]) | keyBit(s.yielded[p])<<8)
	}
	h.word(uint64(s.table))
	h.word(uint64(s.discard))
	h.word(uint64(uint16(s.damage)) | uint64(uint16(s.shield))<<16 | uint64(uint16(s.heldShield))<<32)
	return h.sum()
}

func keyBit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// keyHasher runs two independent multiply-xorshift lanes over 64-bit words,
// giving a 128-bit hash; deterministic, so searches are reproducible.
type keyHasher struct {
	a, b uint64
	n    uint64
}

func (h *keyHasher) word(w uint64) {
	h.n++
	h.a = mix(h.a^w^h.n, 0x9e3779b97f4a7c15)
	h.b = mix(h.b+w+h.n*0xd1b54a32d192ed03, 0xbf58476d1ce4e5b9)
}

// cards hashes a pile in order, eight cards a word, then its length.
func (h *keyHasher) cards(cs []cards.Card) {
	var w uint64
	for i, c := range cs {
		w |= uint64(c) << (8 * (i % 8))
		if i%8 == 7 {
			h.word(w)
			w = 0
		}
	}
	h.word(w | uint64(len(cs))<<56)
}

func (h *keyHasher) bytes(b []byte) {
	for len(b) >= 8 {
		var w uint64
		for i := 0; i < 8; i++ {
			w |= uint64(b[i]) << (8 * i)
		}
		h.word(w)
		b = b[8:]
	}
	var w uint64
	for i, c := range b {
		w |= uint64(c) << (8 * i)
	}
	h.word(w | uint64(len(b))<<56)
}

func (h *keyHasher) sum() Key {
	return Key{mix(h.a, 0x94d049bb133111eb), mix(h.b^bits.RotateLeft64(h.a, 17), 0x94d049bb133111eb)}
}

func mix(x, m uint64) uint64 {
	x *= m
	x ^= x >> 31
	x *= 0xff51afd7ed558ccd
	return x ^ x>>29
}
