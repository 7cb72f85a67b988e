package watchtowerbot

import (
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/games/watchtower"
)

// TestLastOffThinsItsArmyAtTwoPlayers: waiting as the last player off
// campaign with 2 players and its burn used, the policy places its army
// cards below 9 onto its fortress as singles, 7s first, then the lowest,
// until 3 are left in the army; never a rank its fortress holds (the
// triple of 5s, the single 9) or one it holds all four of; a burn the
// waiting move finds still comes first, and with 3 players it only waits.
func TestLastOffThinsItsArmyAtTwoPlayers(t *testing.T) {
	legal := func(s string) []engine.Action {
		var acts []engine.Action
		for _, text := range strings.Split(s, ",") {
			acts = append(acts, mustAction(t, strings.TrimSpace(text)))
		}
		return acts
	}
	decide := func(v *watchtower.View, acts []engine.Action) engine.Action {
		return thinMove(v, 0, acts, waitMove(v, 0, acts))
	}
	v := lastOffView(t, "5S 9D 3D 7H 8C KH AS", "AC AD AH KC KD")
	v.BurnUsed = true
	all := legal("place 5S, place 9D, place 3D, place 7H, place 8C, place KH, place AS, end")
	if got := decide(v, all); got != mustAction(t, "place 7H") {
		t.Errorf("played %v, want place 7H (a 7 is the first card to leave the army)", got)
	}
	v.Players[0].Army = list(t, "5S 9D 3D 8C KH AS")
	v.Players[0].ArmySize = 6
	if got := decide(v, legal("place 5S, place 9D, place 3D, place 8C, place KH, place AS, end")); got != mustAction(t, "place 3D") {
		t.Errorf("played %v, want place 3D (the lowest card below 9)", got)
	}
	if got := decide(v, legal("place 5S, place 9D, place KH, place AS, end")); got != watchtower.End {
		t.Errorf("played %v, want end: the 5 and the 9 are of ranks on its fortress, K and A are high", got)
	}
	v.Players[0].Army = list(t, "5S 3D 8C")
	v.Players[0].ArmySize = 3
	if got := decide(v, legal("place 5S, place 3D, place 8C, end")); got != watchtower.End {
		t.Errorf("played %v with 3 cards in the army, want end", got)
	}
	four := lastOffView(t, "6S 6D 6H 6C KH AS", "AC AD AH KC KD")
	four.BurnUsed = true
	if got := decide(four, legal("place 6S, place KH, place AS, end")); got != watchtower.End {
		t.Errorf("played %v, want end: it holds all four 6s", got)
	}
	v = lastOffView(t, "5S 9D 3D 7H 8C KH AS", "AC AD AH KC KD")
	v.Players[0].Fortress = append(v.Players[0].Fortress, watchtower.Stack{Rank: "Q", Count: 1, Cards: list(t, "QC")})
	if got := decide(v, legal("place 3D, place 7H, burn 5, burn 9, burn Q, end")); got != mustAction(t, "burn Q") {
		t.Errorf("played %v with the burn unused, want burn Q (the waiting move's burn first)", got)
	}
	v.BurnUsed = true
	v.Players = append(v.Players, watchtower.PlayerView{Seat: 2, Campaign: true, ArmySize: 4})
	if got := decide(v, all); got != watchtower.End {
		t.Errorf("played %v with 3 players, want end (the waiting move, unthinned)", got)
	}
}
