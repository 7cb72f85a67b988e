package watchtower

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// scene describes a table in the middle of play for scenario tests: seat 0
// plays first, seat turn is in its turn (its draw done), and every card the
// scene does not place is set aside, out of play, unless rest says
// "barracks" (then it goes under the listed barracks in pack order).
type scene struct {
	players  int
	turn     int
	opts     map[string]string
	armies   []string
	forts    []string
	towers   []string
	won      []string
	barracks string
	rest     string
	setup    bool
}

func (sc scene) build(t *testing.T) *State {
	t.Helper()
	given := map[string]string{"players": strconv.Itoa(sc.players)}
	for k, v := range sc.opts {
		given[k] = v
	}
	opts := engine.MustResolve(Game{}, given)
	s := &State{cfg: configOf(opts), opts: opts, rng: cards.NewRNG(7), dealer: sc.players - 1,
		turn: sc.turn, wait: waitTurn, phase: phasePlay, turns: 1}
	if sc.setup {
		s.phase, s.turns = phaseSetup, 0
	}
	used := map[cards.Card]bool{}
	take := func(text string) []cards.Card {
		cs := cards.Stack(text)
		for _, c := range cs {
			if used[c] {
				t.Fatalf("scene uses %v twice", c)
			}
			used[c] = true
		}
		return cs
	}
	for seat := range s.all() {
		p := &s.players[seat]
		p.noArmy = true // as a state built field by field always showed it
		if seat < len(sc.armies) {
			army := take(sc.armies[seat])
			p.army.set(army)
			p.held, p.noArmy = cardSet(army), army == nil
		}
		if seat < len(sc.forts) {
			for _, c := range take(sc.forts[seat]) {
				s.toFortress(seat, c)
			}
		}
		if seat < len(sc.towers) && sc.towers[seat] != "" {
			copy(p.tower[:], take(sc.towers[seat]))
		}
		if seat < len(sc.won) {
			for _, c := range cards.Stack(sc.won[seat]) {
				p.won |= bit(c)
			}
		}
	}
	s.sync()
	s.barracks.set(take(sc.barracks), nil)
	for _, c := range cards.Standard52() {
		if !used[c] {
			if sc.rest == "barracks" {
				s.barracks.under(c, 0)
			} else {
				s.aside.push(c)
			}
		}
	}
	return s
}

// do applies actions (separated by ";") for the seat to move, failing the
// test on a refusal.
func do(t *testing.T, s *State, actions string) {
	t.Helper()
	for _, text := range strings.Split(actions, ";") {
		seat := s.mover()
		if err := engine.ApplyText(s, seat, strings.TrimSpace(text)); err != nil {
			t.Fatalf("seat %d %q: %v", seat+1, text, err)
		}
	}
}

// refused checks that the mover's action is refused as illegal with a
// message containing want, and that the state did not change.
func refused(t *testing.T, s *State, text, want string) {
	t.Helper()
	before, _ := s.MarshalBinary()
	err := engine.ApplyText(s, s.mover(), text)
	if !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), want) {
		t.Fatalf("%q: got error %v, want ErrIllegal saying %q", text, err, want)
	}
	if after, _ := s.MarshalBinary(); !slices.Equal(before, after) {
		t.Fatalf("refused %q changed the state", text)
	}
	// A refusal the rules make says why in the reader's language: a
	// message, not only its English (issue 27).
	if _, ok := engine.SaidOf(err); !ok {
		t.Errorf("%q: the refusal %q carries no message for people", text, err)
	}
}

// pick makes the mover pick the position that holds c in the hidden order.
func pick(t *testing.T, s *State, c cards.Card) {
	t.Helper()
	var order []cards.Card
	switch s.wait {
	case waitBattlePick:
		order = s.battle.order[s.battle.side()].all()
	case waitFreePick:
		order = s.free.order[s.free.victim(s.free.picks.len())].all()
	default:
		t.Fatalf("no pick pending (wait %d)", s.wait)
	}
	i := slices.Index(order, c)
	if i < 0 {
		t.Fatalf("%v is not among the positions %v", c, order)
	}
	do(t, s, "pick "+strconv.Itoa(i+1))
}

// picks picks the named cards in order.
func picks(t *testing.T, s *State, list string) {
	t.Helper()
	for _, c := range cards.Stack(list) {
		pick(t, s, c)
	}
}

func army(s *State, seat int) string { return cards.Format(s.players[seat].army.all()) }

func stack(s *State, seat int, r cards.Rank) string {
	p := &s.players[seat]
	return cards.Format(p.fort[r][:p.fortN[r]])
}

func bottom(s *State, n int) string {
	bar := s.barracks.cards()
	return cards.Format(bar[len(bar)-n:])
}

func legalText(s *State) []string {
	var out []string
	for _, a := range s.Legal(s.mover(), nil) {
		out = append(out, s.ActionString(a))
	}
	return out
}

func eq(t *testing.T, what, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %q, want %q", what, got, want)
	}
}

func eqInt(t *testing.T, what string, got, want int) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %d, want %d", what, got, want)
	}
}
