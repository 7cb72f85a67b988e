package regicide

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// scene describes a position to test from, in notation: the cards of each
// place are listed; every card of the game not listed goes to spare
// ("tavern", the default: under the listed Tavern cards, in card order; or
// "discard").
type scene struct {
	opts map[string]string
	// castle lists enemies top first; the rest of each rank follows in card
	// order, tier by tier.
	castle string
	// gone counts the enemies on top of the Castle already defeated (they
	// are in the discard pile).
	gone    int
	hands   []string
	tavern  string // top first
	discard string
	spare   string
	current int
}

// build makes the scene's state at the current player's Step 1.
func (sc scene) build(t *testing.T) *State {
	t.Helper()
	given := map[string]string{"players": "1"}
	for k, v := range sc.opts {
		given[k] = v
	}
	opts, err := engine.ResolveOptions(Game{}.Options(), given)
	if err != nil {
		t.Fatal(err)
	}
	c, err := configOf(opts)
	if err != nil {
		t.Fatal(err)
	}
	s := &State{opts: opts, cfg: c, rng: cards.NewRNG(7)}
	if c.players == 1 {
		s.powers = jesters
	}
	all := setOf(c.tavernCards())
	s.placeCastle(cards.Stack(sc.castle))
	for range sc.gone {
		s.nCastle--
		s.defeated++
		s.discard |= bit(s.castle[s.nCastle])
	}
	for p, h := range sc.hands {
		s.hands[p] = setOf(cards.Stack(h))
		all &^= s.hands[p]
	}
	s.discard |= setOf(cards.Stack(sc.discard))
	all &^= s.discard
	top := cards.Stack(sc.tavern)
	all &^= setOf(top)
	rest := all.cards()
	if sc.spare == "discard" {
		s.discard |= all
		rest = nil
	}
	for i, card := range append(slices.Clone(top), rest...) {
		s.tavern[len(top)+len(rest)-1-i] = card
	}
	s.nTavern = uint8(len(top) + len(rest))
	if err := s.validate(); err != nil {
		t.Fatalf("scene is not a valid position: %v", err)
	}
	s.startTurn(sc.current)
	return s
}

// placeCastle puts the listed enemies on top of their tiers.
func (s *State) placeCastle(listed []cards.Card) {
	var order []cards.Card
	for r := cards.Jack; r <= cards.King; r++ {
		var tier []cards.Card
		for _, c := range listed {
			if c.Rank() == r {
				tier = append(tier, c)
			}
		}
		for suit := cards.Clubs; suit <= cards.Spades; suit++ {
			if c := cards.New(r, suit); !slices.Contains(tier, c) {
				tier = append(tier, c)
			}
		}
		order = append(order, tier...)
	}
	for i, c := range order {
		s.castle[11-i] = c
	}
	s.nCastle = 12
}

// do applies the action text for seat and fails the test if it is refused.
func do(t *testing.T, s *State, seat int, texts ...string) {
	t.Helper()
	for _, text := range texts {
		if err := engine.ApplyText(s, seat, text); err != nil {
			t.Fatalf("seat %d %q: %v", seat, text, err)
		}
	}
}

// refuse checks that seat's action text is refused as illegal with a
// reason containing want, and that the state is unchanged.
func refuse(t *testing.T, s *State, seat int, text, want string) {
	t.Helper()
	before, _ := s.MarshalBinary()
	err := engine.ApplyText(s, seat, text)
	if err == nil {
		t.Fatalf("seat %d %q accepted, want refused (%s)", seat, text, want)
	}
	if !errors.Is(err, engine.ErrIllegal) && !errors.Is(err, engine.ErrNotYourTurn) {
		t.Errorf("seat %d %q: error %v wraps neither ErrIllegal nor ErrNotYourTurn", seat, text, err)
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("seat %d %q: error %q does not say %q", seat, text, err, want)
	}
	if after, _ := s.MarshalBinary(); !bytes.Equal(before, after) {
		t.Errorf("seat %d %q: refused action changed the state", seat, text)
	}
}

// legalTexts lists seat's legal actions in notation.
func legalTexts(s *State, seat int) []string {
	var out []string
	for _, a := range s.Legal(seat, nil) {
		out = append(out, s.ActionString(a))
	}
	return out
}

// hand returns seat's hand in notation (ascending card order).
func hand(s *State, seat int) string { return cards.Format(s.hands[seat].cards()) }

// tavernTop returns the Tavern's top n cards, top first.
func tavernTop(s *State, n int) string {
	var cs []cards.Card
	for i := 0; i < n && i < int(s.nTavern); i++ {
		cs = append(cs, s.tavern[int(s.nTavern)-1-i])
	}
	return cards.Format(cs)
}

func sorted(text string) string { return cards.Format(setOf(cards.Stack(text)).cards()) }
