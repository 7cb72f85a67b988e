package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games"
	"cardtable/games/regicide"
	"cardtable/games/war"
	"cardtable/games/watchtower"
)

// The boards drawn from hand-made views: every part of each game's view
// that the table must show.

func drawn(t *testing.T, game string, v engine.View, viewer int, options map[string]string) string {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	sc := scene{view: v, viewer: viewer, labels: []string{"Ann", "seat 2 (expert)", "seat 3 (heuristic)"},
		options: options, game: g, lastActor: 1, width: 120}
	return ansi.Strip(uiFor(game).board(sc))
}

func wantAll(t *testing.T, s string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(s, p) {
			t.Errorf("board lacks %q:\n%s", p, s)
		}
	}
}

func TestWatchtowerBoard(t *testing.T) {
	target := cards.Stack("QH")[0]
	v := &watchtower.View{Seat: 0, Phase: "play", Round: 7, Turn: 1, ToMove: 0, Barracks: 12,
		Known: []watchtower.KnownCard{{Position: 3, Card: cards.Stack("7C")[0]}}, ChallengeUsed: true,
		Aside: cards.Stack("2D"),
		Players: []watchtower.PlayerView{
			{Seat: 0, ArmySize: 3, Army: cards.Stack("AS 9H 4D"), Won: cards.Stack("9H"),
				Fortress: []watchtower.Stack{{Rank: "Q", Count: 2, Cards: cards.Stack("QH QS")}}},
			{Seat: 1, ArmySize: 5, Campaign: true, Tower: cards.Stack("8C 8D 8H 8S"), Seen: cards.Stack("KD"),
				Fortress: []watchtower.Stack{}, Row: cards.Stack("10C 3H"), Tricks: 1},
			{Seat: 2, Out: true, Fortress: []watchtower.Stack{}},
		},
		Tries:   []watchtower.TryView{{Card: target, Attacker: 1, Count: 2}},
		Pending: &watchtower.Pending{Kind: "battle", Picker: 0, From: 1, Positions: 5, Open: []int{1, 2, 4, 5}, Attacker: 1, Defender: 0, Target: &target, K: 2},
	}
	s := drawn(t, "watchtower", v, 0, map[string]string{"max-rounds": "75"})
	wantAll(t, s, "round 7 of 75", "seat 2 (expert)'s turn", "barracks 12", "#3 7♣", "challenge used", "set aside 2♦",
		"army 3: 4♦ 9♥* A♠", "(* won)", "fortress [Q♥ Q♠]",
		"army 5 seen K♦", "ON CAMPAIGN", "tower 8♣ 8♦ 8♥ 8♠", "showdown row 10♣ 3♥ (1 trick)",
		"out", "tries: Q♥ 2/3 (seat 2 (expert))",
		"battle: seat 2 (expert) challenges Ann for Q♥ with 2 cards",
		"Ann picks blind from seat 2 (expert)'s army: [1░][2░] ·· [4░][5░]")
	contested := cards.Stack("6S")[0]
	v.Pending = &watchtower.Pending{Kind: "free-for-all", Picker: 2, From: 0, Positions: 2, Open: []int{1, 2}, Contested: &contested, Participants: []int{0, 2}}
	wantAll(t, drawn(t, "watchtower", v, 0, nil), "free-for-all for 6♠ between Ann and seat 3 (heuristic)", "seat 3 (heuristic) picks blind from Ann's army")
	v.Pending = &watchtower.Pending{Kind: "give", Picker: 0, From: 0, Owed: 2}
	wantAll(t, drawn(t, "watchtower", v, 0, nil), "Ann gives 2 army cards to the empty barracks")
}

func TestRegicideBoard(t *testing.T) {
	v := &regicide.View{Seat: 0, Players: 3, Phase: "discard", Current: 0, Suffer: 12,
		Enemy:  &regicide.EnemyView{Card: cards.Stack("QS")[0], Attack: 15, Health: 30, Damage: 11, Shield: 3, HeldShield: 4, Immune: true},
		Castle: 7, Defeated: 5, Tavern: 20, TavernTop: cards.Stack("JD"),
		Recycled: cards.Stack("2H 5C 9D"), RecycledAtBottom: 2, Discard: cards.Stack("3C 4C"),
		Table: cards.Stack("7S 7H"), HandSizes: []int{4, 1, 5}, Hand: cards.Stack("2C 8D 10H AS"),
		Known: [][]cards.Card{nil, nil, cards.Stack("KH")}, Signals: []string{"", "good", ""}, Yielded: []bool{false, true, false}}
	s := drawn(t, "regicide", v, 0, map[string]string{"immunity": "true"})
	wantAll(t, s, "Enemy Q♠", "attack 15 − shield 3 = 12", "health 30", "damage 11 (19 to go)",
		"immune to ♠: its shield does not work", "4 shield held until a Jester",
		"Castle 6 to come · 5 defeated", "Tavern 20 (on top: J♦)", "discard 2",
		"2 still at its bottom", "2♥ 5♣ 9♦", "on the table: 7♠ 7♥",
		"Ann", "4 cards  ← current", "1 card", "yielded", "signal: good", "holds K♥",
		"your hand: 2♣ 8♦ 10♥ A♠", "Ann suffers 12")
	v.Enemy.Immune = false
	wantAll(t, drawn(t, "regicide", v, 0, map[string]string{"immunity": "true"}), "immunity to ♠ cancelled by the Jester")
	wantAll(t, drawn(t, "regicide", v, 0, map[string]string{"immunity": "false"}), "no immunity (variant)")
	v.Phase, v.Players, v.HandSizes, v.PowersLeft = "play", 1, []int{4}, 1
	wantAll(t, drawn(t, "regicide", v, 0, nil), "Jester powers left: 1")
}

func TestWarBoard(t *testing.T) {
	v := &war.View{Seat: 0, Players: 2, Piles: []int{20, 24}, Out: []bool{false, false},
		Table: [][]string{{"9H", "##", "##", "##", "5S"}, {"9C", "##", "##", "##", "KD"}}, Phase: "slap", Round: "war",
		Slap: &war.SlapView{Rank: "5", WindowMS: 2000, ToAnswer: []int{1}, Answer: "slap@312"}, LockedOut: []int{1},
		Battles: 11, Wars: 3,
		Last: &war.TrickView{Winner: 1, How: "underdog", Underdog: "6C", Table: [][]string{{"4H"}, {"2S"}}}}
	s := drawn(t, "war", v, 0, map[string]string{"slap": "5", "underdog": "6", "pickup": "winner-first"})
	wantAll(t, s, "Underdog 6", "Slap War on 5", "battle 12", "wars so far 3", "WAR",
		"20 cards", "9♥ ░░ ░░ ░░ 5♠", "9♣ ░░ ░░ ░░ K♦",
		"SLAP WINDOW: the 5 is showing", "you: slap@312", "locked out of the next slap: seat 2 (expert)",
		"seat 2 (expert) took it by Underdog (6♣)")
}
