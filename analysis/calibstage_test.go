package analysis

import (
	"testing"

	"cardtable/games/watchtower"
)

// Watchtower's stage is the end ("last off") when every player still in
// but one is on campaign, whatever the table's size or the players out.
func TestWatchtowerStage(t *testing.T) {
	for _, c := range []struct{ in, campaigners, want int }{
		{2, 0, 0}, {2, 1, 1}, {3, 0, 0}, {3, 1, 0}, {3, 2, 1},
		{4, 2, 0}, {4, 3, 1}, {1, 0, 0}, {1, 1, 0},
	} {
		if got := watchtowerStage(c.in, c.campaigners); got != c.want {
			t.Errorf("%d in, %d on campaign: stage %d; want %d", c.in, c.campaigners, got, c.want)
		}
	}
}

// The analysis reads a Watchtower position's stage from the deciding
// seat's view: through the positions of heuristic games of 2 and 3
// players, the chance it gives a share is the table's at the stage the
// players' public campaign and out flags say, and both stages are met.
func TestWatchtowerChanceReadsTheStage(t *testing.T) {
	for _, players := range []int{2, 3} {
		cal := calibrationFor("watchtower", Quick, players)
		x := watchtowerExpert(Quick.settings("watchtower"), cal)
		met := map[int]bool{}
		for seed := uint64(1); seed <= 3; seed++ {
			rec := playRecord(t, "watchtower", map[string]string{"players": itoa(players)}, "heuristic", seed)
			positions, err := replayPositions(rec)
			if err != nil {
				t.Fatal(err)
			}
			for i, a := range rec.Actions {
				v := positions[i].View(a.Seat).(*watchtower.View)
				in, campaigners := 0, 0
				for _, p := range v.Players {
					if !p.Out {
						in++
						if p.Campaign {
							campaigners++
						}
					}
				}
				stage := 0
				if in >= 2 && campaigners == in-1 {
					stage = 1
				}
				met[stage] = true
				if got, want := x.calibrate(positions[i], a.Seat, 0.7), cal.chance(0.7, stage); got != want {
					t.Fatalf("%d players, seed %d, step %d (%d in, %d on campaign): chance %v; want the stage %d table's %v", players, seed, i+1, in, campaigners, got, stage, want)
				}
			}
		}
		if !met[0] || !met[1] {
			t.Errorf("%d players: stages met %v; want both", players, met)
		}
		if cal.chance(0.7, 0) == cal.chance(0.7, 1) {
			t.Errorf("%d players: the stages' chances at share 0.7 are equal (%v): the test cannot tell them apart", players, cal.chance(0.7, 0))
		}
	}
}
