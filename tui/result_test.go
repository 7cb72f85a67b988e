package tui

import (
	"regexp"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/games/war"
	"cardtable/games/watchtower"
)

// The end in words: who won and how, with names, the numbers, and a tone
// that makes a loss of the people here look like one.
func TestEndingSentences(t *testing.T) {
	you := endTeller{labels: []string{"seat 1 (you)", "seat 2 (heuristic)", "seat 3 (expert)"}, you: 0, persons: []int{0}}
	hot := endTeller{labels: []string{"Ann", "Bob"}, you: -1, persons: []int{0, 1}}
	kc, _ := cards.Parse("KC")
	for _, c := range []struct {
		name    string
		e       endTeller
		res     engine.Result
		view    engine.View
		want    string
		numbers string
		tone    tone
	}{
		{"war win", you, engine.Result{Over: true, End: "win", Winners: []int{0}, Length: 91},
			&war.View{Battles: 91, Wars: 4}, "You won with all 52 cards after 91 battles.", "91 battles · 4 wars", toneWin},
		{"war loss", you, engine.Result{Over: true, End: "win", Winners: []int{1}, Length: 1},
			&war.View{Battles: 1, Wars: 1}, "Seat 2 (heuristic) won with all 52 cards after 1 battle.", "1 battle · 1 war", toneLoss},
		{"war cap", you, engine.Result{Over: true, End: "cap", Winners: []int{}, Length: 3},
			&war.View{Battles: 3}, "A draw: nobody won within 3 battles.", "3 battles · 0 wars", toneNeutral},
		{"regicide solo gold", you, engine.Result{Over: true, End: "won", Winners: []int{0}},
			&regicide.View{Players: 1, Defeated: 12, Turns: 61, PowersLeft: 2}, "You defeated the Castle in 61 turns: Gold, no Jester power used.",
			"12 of 12 enemies defeated · 61 turns · Jester powers used: 0 of 2", toneWin},
		{"regicide solo silver", you, engine.Result{Over: true, End: "won", Winners: []int{0}},
			&regicide.View{Players: 1, Defeated: 12, Turns: 70, PowersLeft: 1}, "You defeated the Castle in 70 turns: Silver, 1 Jester power used.", "", toneWin},
		{"regicide solo loss", you, engine.Result{Over: true, End: "lost to KC"},
			&regicide.View{Players: 1, Defeated: 9, Turns: 40, Enemy: &regicide.EnemyView{Card: kc}},
			"The King of Clubs defeated you with 9 enemies down.", "9 of 12 enemies defeated · 40 turns · Jester powers used: 2 of 2", toneLoss},
		{"regicide table loss", hot, engine.Result{Over: true, End: "lost to JH"},
			&regicide.View{Players: 2, Defeated: 1, Turns: 5, Current: 1},
			"The Jack of Hearts defeated the table with 1 enemy down: Bob could not cover its attack.", "1 of 12 enemies defeated · 5 turns", toneLoss},
		{"regicide stuck", hot, engine.Result{Over: true, End: "stuck"},
			&regicide.View{Players: 2, Defeated: 0, Turns: 3, Current: 0, Enemy: &regicide.EnemyView{Card: kc}},
			"The King of Clubs defeated the table with 0 enemies down: Ann had no legal play.", "", toneLoss},
		{"regicide table win", hot, engine.Result{Over: true, End: "won", Winners: []int{0, 1}},
			&regicide.View{Players: 2, Defeated: 12, Turns: 80}, "Ann and Bob defeated the Castle in 80 turns.", "12 of 12 enemies defeated · 80 turns", toneWin},
		{"watchtower showdown", you, engine.Result{Over: true, End: "showdown", Winners: []int{2}, Length: 130},
			&watchtower.View{Round: 67, Players: []watchtower.PlayerView{{Seat: 0, Tricks: 1, Row: cards.Stack("2C")}, {Seat: 1, Out: true}, {Seat: 2, Tricks: 3, Row: cards.Stack("3C")}}},
			"Seat 3 (expert) won the showdown.", "tricks: you 1, seat 3 (expert) 3 · round 67 · 130 turns", toneLoss},
		{"watchtower cap shared", hot, engine.Result{Over: true, End: "round cap", Winners: []int{0, 1}, Length: 150},
			&watchtower.View{Round: 75, Players: []watchtower.PlayerView{{Seat: 0, Tricks: 2, Row: cards.Stack("2C")}, {Seat: 1, Tricks: 2, Row: cards.Stack("3C")}}},
			"After 75 rounds Ann and Bob shared the forced showdown.", "", toneWin},
		{"watchtower elimination", you, engine.Result{Over: true, End: "elimination", Winners: []int{0}, Length: 20},
			&watchtower.View{Round: 9}, "You won: the last player in.", "round 9 · 20 turns", toneWin},
	} {
		t.Run(c.name, func(t *testing.T) {
			end := c.e.tell(c.res, c.view)
			if end.sentence != c.want {
				t.Errorf("sentence %q, want %q", end.sentence, c.want)
			}
			if c.numbers != "" && end.numbers != c.numbers {
				t.Errorf("numbers %q, want %q", end.numbers, c.numbers)
			}
			if end.tone != c.tone {
				t.Errorf("tone %d, want %d", end.tone, c.tone)
			}
			if s := ansi.Strip(end.render(80)); singularAsPlural.MatchString(s) {
				t.Errorf("a singular written as a plural: %q", s)
			}
		})
	}
}

// The loss and the win are drawn in different colours.
func TestEndingToneStyles(t *testing.T) {
	win := ending{sentence: "You won.", tone: toneWin}.render(80)
	loss := ending{sentence: "You won.", tone: toneLoss}.render(80)
	if win == loss {
		t.Fatalf("a win and a loss look the same: %q", win)
	}
}

// singularAsPlural finds "1 cards", "1 enemies" and the like.
var singularAsPlural = regexp.MustCompile(`\b1 (cards|enemies|turns|battles|wars|tricks|rounds)\b|card\(s\)`)
