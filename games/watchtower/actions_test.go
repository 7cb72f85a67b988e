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
