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
// actions Apply accepts, in every state of random games.
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
				for _, a := range all {
					d, _ := decode(a)
					ok := s.check(seat, d) == nil
					if ok != slices.Contains(legal, a) {
						t.Fatalf("%v seed %d step %d: %q accepted by check = %v, listed by Legal = %v", given, seed, step, s.ActionString(a), ok, !ok)
					}
				}
				if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
