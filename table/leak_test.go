package table

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/record"
)

// cardToken finds cards as the games spell them in JSON and text ("10H",
// "AS", "JK1"), and their long names ("the Queen of Hearts").
var (
	cardToken = regexp.MustCompile(`\b(?:10|[2-9AJQK])[CDHS]\b|\bJK[12]\b`)
	cardName  = regexp.MustCompile(`\b(Ace|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King) of (Clubs|Diamonds|Hearts|Spades)\b`)
	rankOf    = map[string]string{"Ace": "A", "Two": "2", "Three": "3", "Four": "4", "Five": "5", "Six": "6", "Seven": "7", "Eight": "8", "Nine": "9", "Ten": "10", "Jack": "J", "Queen": "Q", "King": "K"}
)

// cardsIn lists every card text names, in either spelling.
func cardsIn(text string) []string {
	found := cardToken.FindAllString(text, -1)
	for _, m := range cardName.FindAllStringSubmatch(text, -1) {
		found = append(found, rankOf[m[1]]+m[2][:1])
	}
	return found
}

// leakCheck sits between a runner and a seat's real player: every message
// the seat is sent carries the view the seat is entitled to — an event's
// and the end's, its view of the position the record had reached at that
// version; a turn's, its view of the table now (in an open window, the
// opening position with its own answers) — and, as JSON and as plain
// text, names only cards that view or an earlier one showed it, and never
// the seed.
type leakCheck struct {
	t     *testing.T
	tb    *Table
	seat  int
	seed  uint64
	bot   Player
	text  *LinesPlayer
	buf   *bytes.Buffer
	seen  map[string]bool
	count int
	// shadow is the position at version shadowAt of the record.
	shadow   engine.State
	shadowAt int
}

// entitled is seat's view for m: of the record's position at m's version
// for an event or the end; for a turn, of the position the turn was
// taken from (the player decides on its own goroutine: the table is not
// read there); of the table now otherwise.
func (c *leakCheck) entitled(m Message, turn *Turn) []byte {
	c.t.Helper()
	var v engine.View
	switch {
	case turn != nil:
		v = turn.state.View(c.seat)
	case m.Type == TypeEvent || m.Type == TypeEnd:
		// Shown actions are final, so the position is replayed on from
		// the last one checked.
		rec := c.tb.Record()
		if c.shadow == nil || m.Version < c.shadowAt {
			start := *rec
			start.Actions, start.Result = nil, nil
			st, _, err := record.ReplayGame(c.tb.Game(), &start)
			if err != nil {
				c.t.Fatal(err)
			}
			c.shadow, c.shadowAt = st, 0
		}
		for _, a := range rec.Actions[c.shadowAt:m.Version] {
			if err := engine.ApplyText(c.shadow, a.Seat, a.Action); err != nil {
				c.t.Fatal(err)
			}
		}
		c.shadowAt = m.Version
		v = c.shadow.View(c.seat)
	default:
		v = c.tb.View(c.seat)
	}
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	return b
}

func (c *leakCheck) check(m Message, turn *Turn, write func()) {
	c.t.Helper()
	if c.seen == nil {
		c.seen = map[string]bool{}
	}
	if m.View != nil {
		view, _ := json.Marshal(m.View)
		if want := c.entitled(m, turn); !bytes.Equal(view, want) {
			c.t.Fatalf("%s %s message (version %d) carries the view\n%s\nwant\n%s", SeatName(c.seat), m.Type, m.Version, view, want)
		}
		for _, card := range cardsIn(string(view)) {
			c.seen[card] = true
		}
	}
	wire, err := json.Marshal(m)
	if err != nil {
		c.t.Fatal(err)
	}
	c.buf.Reset()
	write()
	for what, sent := range map[string]string{"JSON": string(wire), "text": c.buf.String()} {
		for _, card := range cardsIn(sent) {
			if !c.seen[card] {
				c.t.Fatalf("%s %s message (version %d, %s) names %s, which no view it was sent showed:\n%s", SeatName(c.seat), m.Type, m.Version, what, card, sent)
			}
		}
		if strings.Contains(sent, fmt.Sprint(c.seed)) {
			c.t.Fatalf("%s was sent the seed %d (%s): %s", SeatName(c.seat), c.seed, what, sent)
		}
	}
	c.count++
}

func (c *leakCheck) Tell(m Message) error {
	c.check(m, nil, func() { c.text.Tell(m) })
	return nil
}

func (c *leakCheck) Act(ctx context.Context, turn Turn) (Move, error) {
	c.check(turn.Message, &turn, func() { c.text.writeTurn(turn); c.text.w.Flush() })
	return c.bot.Act(ctx, turn)
}

// Over random games of every game, nothing a seat is sent names another
// seat's hidden cards or the deck order.
func TestNoLeaks(t *testing.T) {
	for _, tc := range []struct {
		game  string
		opts  map[string]string
		games int
	}{
		{"war", map[string]string{"max-battles": "200"}, 3},
		{"war", map[string]string{"players": "3", "slap": "5", "max-battles": "200"}, 3},
		{"regicide", map[string]string{"players": "1"}, 8}, {"regicide", map[string]string{"players": "2"}, 8},
		{"regicide", map[string]string{"players": "4"}, 8},
		{"watchtower", map[string]string{"players": "2", "max-rounds": "30"}, 3},
		{"watchtower", map[string]string{"players": "4", "max-rounds": "30"}, 3},
	} {
		for i := 0; i < tc.games; i++ {
			seed := cards.SubSeed(99, uint64(i))
			tb := newTable(t, tc.game, tc.opts, seed)
			bots := botPlayers(t, tb, seed)
			checks := make([]*leakCheck, len(bots))
			players := make([]Player, len(bots))
			for s := range bots {
				buf := &bytes.Buffer{}
				checks[s] = &leakCheck{t: t, tb: tb, seat: s, seed: seed, bot: bots[s], text: Watch(buf), buf: buf}
				players[s] = checks[s]
			}
			if err := (&Runner{Table: tb, Players: players}).Run(context.Background()); err != nil {
				t.Fatalf("%s %v seed %d: %v", tc.game, tc.opts, seed, err)
			}
			if checks[0].count < 3 {
				t.Fatalf("%s: seat 1 was sent %d messages", tc.game, checks[0].count)
			}
		}
	}
}

// The check itself finds a hidden card: a message naming a card of
// another seat's hand is caught.
func TestLeakCheckCatchesAHiddenCard(t *testing.T) {
	tb := newTable(t, "regicide", map[string]string{"players": "2"}, 4)
	other := tb.state.View(1)
	b, _ := json.Marshal(other)
	var v struct {
		Hand []string `json:"hand"`
	}
	json.Unmarshal(b, &v)
	mine, _ := json.Marshal(tb.View(0))
	if strings.Contains(string(mine), `"`+v.Hand[0]+`"`) {
		t.Skip("seat 2's first card is public")
	}
	allowed := map[string]bool{}
	for _, c := range cardsIn(string(mine)) {
		allowed[c] = true
	}
	for _, text := range []string{"play " + v.Hand[0], "killed by the " + longName(v.Hand[0])} {
		caught := false
		for _, c := range cardsIn(text) {
			caught = caught || !allowed[c]
		}
		if !caught {
			t.Errorf("%q naming seat 2's hidden %s is not caught", text, v.Hand[0])
		}
	}
}

func longName(card string) string {
	for name, r := range rankOf {
		if strings.TrimSuffix(card, card[len(card)-1:]) == r {
			suit := map[byte]string{'C': "Clubs", 'D': "Diamonds", 'H': "Hearts", 'S': "Spades"}[card[len(card)-1]]
			return name + " of " + suit
		}
	}
	return card
}
