package regicide

import (
	"fmt"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// viewText renders a view with its enemy record spelled out, so two views
// compare equal when they say the same (an empty slice and a missing one
// alike).
func viewText(v *View) string {
	c := *v
	c.Enemy = nil
	enemy := "none"
	if v.Enemy != nil {
		enemy = fmt.Sprintf("%+v", *v.Enemy)
	}
	return fmt.Sprintf("%+v enemy %s", c, enemy)
}

// ViewInto writes the same view as View, for every seat and the spectator
// at every step of random games of every player count, with one View
// reused throughout (so stale slices and enemy records would show).
func TestViewIntoEqualsView(t *testing.T) {
	var reused View
	steps := 0
	for players := 1; players <= 4; players++ {
		opts := engine.MustResolve(Game{}, map[string]string{"players": fmt.Sprint(players)})
		for seed := uint64(1); seed <= 30; seed++ {
			s, err := Game{}.New(opts, engine.Setup{Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			st := s.(*State)
			rng := cards.NewRNG(seed)
			for {
				for seat := engine.Spectator; seat < players; seat++ {
					st.ViewInto(seat, &reused)
					if got, want := viewText(&reused), viewText(st.View(seat).(*View)); got != want {
						t.Fatalf("players=%d seed=%d seat %d:\nViewInto %s\nView     %s", players, seed, seat, got, want)
					}
				}
				steps++
				if st.Terminal() {
					break
				}
				seat := st.ToMove(nil)[0]
				legal := st.Legal(seat, nil)
				if err := st.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if steps < 1000 {
		t.Fatalf("only %d positions compared", steps)
	}
}
