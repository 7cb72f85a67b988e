package regicide

import (
	"fmt"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// SeatFacts says what View says, for every seat and the spectator at every
// step of random games of every player count.
func TestSeatFactsMatchView(t *testing.T) {
	steps := 0
	for players := 1; players <= 4; players++ {
		opts := engine.MustResolve(Game{}, map[string]string{"players": fmt.Sprint(players)})
		for seed := uint64(1); seed <= 20; seed++ {
			s, err := Game{}.New(opts, engine.Setup{Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			st := s.(*State)
			rng := cards.NewRNG(seed)
			for {
				for seat := engine.Spectator; seat < players; seat++ {
					if got, want := st.SeatFacts(seat), st.View(seat).(*View).SeatFacts(); got != want {
						t.Fatalf("players=%d seed=%d seat %d:\nSeatFacts %+v\nView  %+v", players, seed, seat, got, want)
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
	if steps < 500 {
		t.Fatalf("only %d positions compared", steps)
	}
}
