package watchtower

import (
	"errors"
	"strings"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// The notation of the player decisions table round-trips, and malformed
// text is refused with ErrNotation and the valid forms.
func TestNotation(t *testing.T) {
	s := scene{players: 3}.build(t)
	for _, text := range []string{"place 7H", "burn Q", "challenge 2 Q 1", "challenge 3 10 0",
		"campaign-battle 3", "pick 12", "give 9C", "done", "end"} {
		a, err := s.ParseAction(0, text)
		if err != nil || s.ActionString(a) != text {
			t.Errorf("ParseAction(%q) = %q, %v", text, s.ActionString(a), err)
		}
	}
	if a, _ := s.ParseAction(0, "END-TURN"); a != End {
		t.Error("end-turn is not end")
	}
	for _, text := range []string{"", "dance", "place", "place 1X", "place JK1", "burn 1", "challenge 4 Q 1",
		"challenge 2 Q 3", "challenge 2 Z 1", "campaign-battle 0", "pick 0", "pick 53", "done now"} {
		_, err := s.ParseAction(0, text)
		if !errors.Is(err, engine.ErrNotation) || !strings.Contains(err.Error(), "challenge SEAT RANK K") {
			t.Errorf("ParseAction(%q) error = %v, want ErrNotation listing the forms", text, err)
		}
	}
	if err := s.Apply(0, engine.Action(0xffff_ffff)); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("Apply of a value no action encodes to: %v, want ErrIllegal", err)
	}
}

// A card given face down to the barracks (WT-21) is named to its giver
// only.
func TestActionForHidesGivenCard(t *testing.T) {
	s := &State{}
	seven, _ := cards.Parse("7H")
	give := giveAction(seven)
	if got := s.ActionFor(1, 1, give); got != "give 7H" {
		t.Errorf("ActionFor(giver) = %q, want %q", got, "give 7H")
	}
	for _, viewer := range []int{0, 2, engine.Spectator} {
		if got := engine.TellAction(s, viewer, 1, give); got != "give" {
			t.Errorf("TellAction(viewer %d) = %q, want %q", viewer, got, "give")
		}
	}
	place := placeAction(seven)
	if got := engine.TellAction(s, 0, 1, place); got != "place 7H" {
		t.Errorf("TellAction(place) = %q, want %q", got, "place 7H")
	}
}

// decodeReference is decode as first written, one case per kind.
func decodeReference(a engine.Action) (d decoded, ok bool) {
	d.kind = uint8(a)
	b1, b2, b3 := uint8(a>>8), uint8(a>>16), uint8(a>>24)
	rest := uint64(a) >> 32
	switch d.kind {
	case kindPlace, kindGive:
		d.card = cards.Card(b1)
		ok = d.card.Valid() && !d.card.IsJoker() && a>>16 == 0
	case kindBurn:
		d.rank = cards.Rank(b1)
		ok = d.rank >= cards.Two && d.rank <= cards.Ace && a>>16 == 0
	case kindChallenge:
		d.seat, d.rank, d.k = b1, cards.Rank(b2), b3
		ok = d.seat < engine.MaxSeats && d.rank >= cards.Two && d.rank <= cards.Ace && d.k <= 2 && rest == 0
	case kindCampaignBattle:
		d.seat = b1
		ok = d.seat < engine.MaxSeats && a>>16 == 0
	case kindPick:
		d.slot = b1
		ok = d.slot >= 1 && a>>16 == 0
	case kindDone, kindEnd:
		ok = a>>8 == 0
	}
	return d, ok
}

// decode accepts exactly the encodings the reference accepts, with the
// same operands, for every kind byte and first operand, the other
// operands' edge values and random words.
func TestDecodeMatchesReference(t *testing.T) {
	check := func(a engine.Action) {
		t.Helper()
		want, wantOK := decodeReference(a)
		got, ok := decode(a)
		if ok != wantOK {
			t.Fatalf("decode(%#x) ok = %v, want %v", uint64(a), ok, wantOK)
		}
		f, _ := Fields(a)
		if ok && (got.kind != want.kind || f != (ActionFields{Kind: ActionKind(want.kind), Card: want.card, Rank: want.rank,
			Seat: int(want.seat), K: int(want.k), Slot: int(want.slot)})) {
			t.Fatalf("decode(%#x) = %+v, Fields %+v, want %+v", uint64(a), got, f, want)
		}
	}
	for kind := range 256 {
		for b1 := range 256 {
			for _, b2 := range []uint64{0, 1, 2, 14, 15, 255} {
				for _, b3 := range []uint64{0, 1, 2, 3, 255} {
					check(engine.Action(uint64(kind) | uint64(b1)<<8 | b2<<16 | b3<<24))
				}
			}
			check(engine.Action(uint64(kind) | uint64(b1)<<8 | 1<<40))
		}
	}
	rng := cards.NewRNG(1)
	for range 100000 {
		check(engine.Action(rng.Uint64() >> (rng.IntN(64))))
	}
}
