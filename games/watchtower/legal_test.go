package watchtower

import (
	"slices"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// candidates lists every action any seat could write: all the forms with
// all their operands.
func candidates() []engine.Action {
	var out []engine.Action
	for _, c := range cards.Standard52() {
		out = append(out, placeAction(c), giveAction(c))
	}
	for r := cards.Two; r <= cards.Ace; r++ {
		out = append(out, burnAction(r))
		for seat := 0; seat < engine.MaxSeats; seat++ {
			for k := 0; k <= 2; k++ {
				out = append(out, challengeAction(seat, r, k))
			}
		}
	}
	for seat := 0; seat < engine.MaxSeats; seat++ {
		out = append(out, campaignBattleAction(seat))
	}
	for slot := 1; slot <= 52; slot++ {
		out = append(out, pickAction(slot))
	}
	return append(out, Done, End)
}

// WT-03..WT-21 (the player decisions table): Legal lists exactly the
// actions Apply accepts (tried on a copy), in every state of random games.
func TestLegalMatchesApply(t *testing.T) {
	all := candidates()
	for _, given := range []map[string]string{{"players": "2"}, {"players": "3", "refill-pick": "owner"}, {"players": "4"}} {
		opts := engine.MustResolve(Game{}, given)
		for seed := uint64(1); seed <= 3; seed++ {
			st, _ := Game{}.New(opts, engine.Setup{Seed: seed})
			s := st.(*State)
			rng := cards.NewRNG(seed)
			for step := 0; !s.Terminal() && step < 3000; step++ {
				seat := s.mover()
				legal := s.Legal(seat, nil)
				var c engine.State
				for _, a := range all {
					c = s.CloneInto(c)
					ok := c.Apply(seat, a) == nil
					if ok != slices.Contains(legal, a) {
						t.Fatalf("%v seed %d step %d: %q accepted by Apply = %v, listed by Legal = %v", given, seed, step, s.ActionString(a), ok, !ok)
					}
				}
				if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// legalReference is Legal as first written: every form in the documented
// order, each candidate checked by the validation Apply uses. The fast
// Legal must list exactly these actions in exactly this order.
func legalReference(s *State, seat int) []engine.Action {
	var out []engine.Action
	if s.phase == phaseOver || seat != s.mover() {
		return out
	}
	p := &s.players[seat]
	switch s.wait {
	case waitBattlePick, waitFreePick:
		for slot := 1; slot <= 52; slot++ {
			if s.checkPick(kindPick, slot) == nil {
				out = append(out, pickAction(slot))
			}
		}
		return out
	case waitGive:
		for _, c := range sortedCards(p.army.all()) {
			out = append(out, giveAction(c))
		}
		return out
	}
	if !p.onCampaign() {
		for _, c := range sortedCards(p.army.all()) {
			out = append(out, placeAction(c))
		}
	}
	for r := cards.Two; r <= cards.Ace; r++ {
		if s.checkBurn(seat, r) == nil {
			out = append(out, burnAction(r))
		}
	}
	if s.phase == phaseSetup {
		return append(out, Done)
	}
	in, n := s.order(seat)
	for _, def := range in[1:n] {
		for r := cards.Two; r <= cards.Ace; r++ {
			for k := 0; k <= 2; k++ {
				if s.checkChallenge(seat, def, r, k) == nil {
					out = append(out, challengeAction(def, r, k))
				}
			}
		}
	}
	for _, def := range in[1:n] {
		if s.checkCampaignBattle(seat, def) == nil {
			out = append(out, campaignBattleAction(def))
		}
	}
	return append(out, End)
}

// Legal lists its actions in the documented, stable order: the same
// sequence as the reference built from Apply's own validation, in every
// state of random games with every option set that changes the decisions.
func TestLegalOrderMatchesReference(t *testing.T) {
	for _, given := range []map[string]string{{"players": "2"}, {"players": "3", "refill-pick": "owner"},
		{"players": "4", "tries-per": "card"}, {"players": "3", "max-rounds": "4"}} {
		opts := engine.MustResolve(Game{}, given)
		for seed := uint64(1); seed <= 30; seed++ {
			st, _ := Game{}.New(opts, engine.Setup{Seed: seed})
			s := st.(*State)
			rng := cards.NewRNG(seed)
			var legal []engine.Action
			for step := 0; !s.Terminal(); step++ {
				seat := s.mover()
				for x := range s.all() {
					p := s.players[x]
					if p.syncRanks(); p.stacks != s.players[x].stacks {
						t.Fatalf("%v seed %d step %d: seat %d's rank masks do not match its stacks", given, seed, step, x)
					}
				}
				legal = s.Legal(seat, legal[:0])
				if want := legalReference(s, seat); !slices.Equal(legal, want) {
					t.Fatalf("%v seed %d step %d: Legal lists %v, want %v", given, seed, step, legal, want)
				}
				for other := range s.all() {
					if other != seat && len(s.Legal(other, nil)) != 0 {
						t.Fatalf("%v seed %d step %d: seat %d not to move has legal actions", given, seed, step, other)
					}
				}
				if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
