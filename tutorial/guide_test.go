package tutorial

import (
	"slices"
	"strings"
	"testing"

	"cardtable/i18n"
)

// Every game's guide says its goal, a turn and its key terms in every
// language from the catalogue (no id left showing), and no rule ID.
func TestGuidesInEveryLanguage(t *testing.T) {
	for _, l := range i18n.Languages() {
		p := i18n.For(l.Code)
		for _, game := range []string{"war", "regicide", "watchtower"} {
			g, err := GuideFor(game, p)
			if err != nil {
				t.Fatalf("%s %s: %v", l.Code, game, err)
			}
			md := g.Markdown()
			if strings.Contains(md, "tutorial.") || strings.Contains(md, "card.name") {
				t.Errorf("%s %s: a message id shows instead of its words:\n%s", l.Code, game, md)
			}
			for _, id := range []string{"WAR-", "REG-", "WT-"} {
				if strings.Contains(md, id) {
					t.Errorf("%s %s: the guide shows rule IDs (%s)", l.Code, game, id)
				}
			}
			if len(g.Terms) < 4 || g.Goal == "" || g.Turn == "" || len(g.Example.Moves) == 0 || len(g.Example.Say) == 0 {
				t.Errorf("%s %s: the guide is missing a part: %+v", l.Code, game, g)
			}
		}
	}
	if _, err := GuideFor("highcard", i18n.English); err == nil {
		t.Error("a guide for a game without one")
	}
}

// The worked examples are the real positions of the lessons, seen from
// the learner's seat: the card played leaves the hand, the challenged
// Jack changes hands, War's war shows its face-down cards; the Tutor's
// hidden cards are only ever face down.
func TestGuideExamplesAreRealPositions(t *testing.T) {
	row := func(rs []Row, label string) []string {
		for _, r := range rs {
			if r.Label == label {
				return r.Cards
			}
		}
		t.Fatalf("no row %q in %+v", label, rs)
		return nil
	}
	p := i18n.English
	reg, _ := GuideFor("regicide", p)
	if hand := row(reg.Example.Before, "Your hand"); !slices.Contains(hand, "7S") || slices.Contains(row(reg.Example.After, "Your hand"), "7S") {
		t.Errorf("the 7♠ played is not moved from the hand: before %v", hand)
	}
	if got := row(reg.Example.After, "Played"); !slices.Equal(got, []string{"7S"}) {
		t.Errorf("played after: %v", got)
	}
	if reg.Example.Moves[0] != "play 7♠" {
		t.Errorf("the move reads %q", reg.Example.Moves[0])
	}
	wt, _ := GuideFor("watchtower", p)
	if !slices.Contains(row(wt.Example.Before, "Tutor: fortress"), "JD") || slices.Contains(row(wt.Example.After, "Tutor: fortress"), "JD") ||
		!slices.Contains(row(wt.Example.After, "You: army"), "JD") {
		t.Errorf("the challenged Jack did not change hands: %+v → %+v", wt.Example.Before, wt.Example.After)
	}
	for _, rs := range [][]Row{wt.Example.Before, wt.Example.After} {
		for _, c := range row(rs, "Tutor: army") {
			if c != "##" {
				t.Errorf("the Tutor's army shows %s: hidden cards are drawn face down", c)
			}
		}
	}
	war, _ := GuideFor("war", p)
	if got := strings.Join(row(war.Example.After, "You"), " "); got != "7H ## ## ## QS" {
		t.Errorf("the war reads %q", got)
	}
}

func TestNotationAndGlyphs(t *testing.T) {
	for in, want := range map[string]string{"play AD JC": "play A♦ J♣", "challenge 2 J 1": "challenge 2 J 1", "flip": "flip", "discard 10H": "discard 10♥"} {
		if got := Notation(in); got != want {
			t.Errorf("Notation(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Glyphs([]string{"##", "JK1", "7S"}); got != "░░ Jester 7♠" {
		t.Errorf("Glyphs = %q", got)
	}
	if Glyphs(nil) != "—" {
		t.Error("no cards are not a dash")
	}
}
