package tui

import (
	"strings"
	"testing"

	"cardtable/cards"
	"cardtable/games/regicide"
	"cardtable/i18n"
)

func enemy(card string, damage, shield int) *regicide.EnemyView {
	c := cards.Stack(card)[0]
	attack := map[cards.Rank]int{cards.Jack: 10, cards.Queen: 15, cards.King: 20}[c.Rank()]
	return &regicide.EnemyView{Card: c, Attack: attack, Health: 2 * attack, Damage: damage, Shield: shield, Immune: true}
}

// The log tells what a Regicide action set off: heals, draws and for
// whom, damage, a defeat and where the enemy went, the next enemy, the
// attack to suffer.
func TestRegicideLogConsequences(t *testing.T) {
	labels := []string{"Ann", "Bob", "Cy"}
	ui := regicideUI{}
	// Ann plays 5♥ 5♦ against J♣: heals 3, draws 4 (Ann 2, Bob 1, Cy 1),
	// 10 damage, then suffers.
	before := &regicide.View{Players: 3, Phase: "play", Current: 0, Enemy: enemy("JC", 4, 0), Defeated: 2,
		Tavern: 10, Discard: cards.Stack("2C 3C 4C 9S"), HandSizes: []int{6, 4, 5}}
	after := &regicide.View{Players: 3, Phase: "discard", Current: 0, Enemy: enemy("JC", 14, 0), Defeated: 2, Suffer: 10,
		Tavern: 9, Discard: cards.Stack("9S"), HandSizes: []int{6, 5, 6}}
	got := ui.note(teller{words: i18n.English, labels: labels}, before, after)
	for _, want := range []string{"healed 3 cards under the Tavern", "drew 4 cards: Ann 2, Bob 1, Cy 1", "10 damage (6 to go)", "J♣ attacks: Ann suffers 10"} {
		if !strings.Contains(got, want) {
			t.Errorf("note %q lacks %q", got, want)
		}
	}
	// Bob kills exactly: the enemy goes on the Tavern, the next comes.
	before = &regicide.View{Players: 3, Phase: "play", Current: 1, Enemy: enemy("JC", 14, 0), Defeated: 2, Tavern: 9, HandSizes: []int{6, 5, 6}}
	after = &regicide.View{Players: 3, Phase: "play", Current: 1, Enemy: enemy("QS", 0, 0), Defeated: 3, Tavern: 10,
		TavernTop: cards.Stack("JC"), HandSizes: []int{6, 4, 6}}
	got = ui.note(teller{words: i18n.English, labels: labels}, before, after)
	for _, want := range []string{"J♣ defeated exactly: face down on the Tavern", "next enemy Q♠: attack 15, health 30"} {
		if !strings.Contains(got, want) {
			t.Errorf("note %q lacks %q", got, want)
		}
	}
	if strings.Contains(got, "drew") {
		t.Errorf("an exact kill counted as a draw: %q", got)
	}
	// A discard covering the attack.
	before = &regicide.View{Players: 3, Phase: "discard", Current: 0, Suffer: 10, Enemy: enemy("QS", 0, 0), Tavern: 10, HandSizes: []int{6, 4, 6}}
	after = &regicide.View{Players: 3, Phase: "play", Current: 1, Enemy: enemy("QS", 0, 0), Tavern: 10, HandSizes: []int{4, 4, 6}}
	if got = ui.note(teller{words: i18n.English, labels: labels}, before, after); got != "suffered 10" {
		t.Errorf("a discard's note is %q, want suffered 10", got)
	}
}

// Solo: no yield offered in the step line unless the variant allows it,
// and no explanation of a Jester power when none is left.
func TestRegicideSoloStepAndPowers(t *testing.T) {
	v := &regicide.View{Seat: 0, Players: 1, Phase: "play", Enemy: enemy("JC", 0, 0), HandSizes: []int{8}, Yielded: []bool{false},
		Known: [][]cards.Card{nil}, Signals: []string{""}, PowersLeft: 0, Hand: cards.Stack("2C")}
	s := drawn(t, "regicide", v, 0, map[string]string{"solo-yield": "false"})
	if strings.Contains(s, "yield") || strings.Contains(s, "the Jester") {
		t.Errorf("solo offers a yield or a Jester:\n%s", s)
	}
	if !strings.Contains(s, "Jester powers left: 0") || strings.Contains(s, "power: discard") {
		t.Errorf("no power left, yet explained (or not counted):\n%s", s)
	}
	v.PowersLeft = 1
	if s := drawn(t, "regicide", v, 0, map[string]string{"solo-yield": "true"}); !strings.Contains(s, "or yields") || !strings.Contains(s, "power: discard your hand") {
		t.Errorf("solo-yield on, a power left:\n%s", s)
	}
}
