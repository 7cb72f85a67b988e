package room

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/record"
	"cardtable/store"
	"cardtable/store/memstore"
	"cardtable/table"
)

// leakCase is one game configuration the no-leak test plays.
type leakCase struct {
	game  string
	opts  map[string]string
	bots  map[int]string
	games int
}

var leakCases = []leakCase{
	{"war", map[string]string{"max-battles": "150"}, nil, 4},
	{"war", map[string]string{"slap": "5", "slap-window": "100ms", "max-battles": "150"}, map[int]string{1: "random"}, 4},
	{"war", map[string]string{"players": "3", "auto-war": "2", "underdog": "6", "max-battles": "150"}, nil, 3},
	{"war", map[string]string{"peace": "true", "slap": "K", "slap-window": "100ms", "false-slap": "ignore", "max-battles": "150"}, nil, 3},
	{"regicide", map[string]string{"players": "1"}, nil, 6},
	{"regicide", map[string]string{"players": "2"}, nil, 6},
	{"regicide", map[string]string{"players": "3"}, map[int]string{2: "random"}, 4},
	{"regicide", map[string]string{"players": "4"}, nil, 4},
	{"watchtower", map[string]string{"players": "2", "max-rounds": "25"}, nil, 4},
	{"watchtower", map[string]string{"players": "3", "max-rounds": "20"}, map[int]string{0: "random"}, 3},
	{"watchtower", map[string]string{"players": "4", "max-rounds": "15", "refill-pick": "owner"}, nil, 3},
}

// No leaks: over random games of every game, every message each seat and
// a spectator receives is what it may see. Each view sent equals the
// recipient's view of the true position and is the same across
// determinizations for that recipient (so it depends only on what the
// recipient knows); each event's action is told as the recipient may know
// it, and unchanged across determinizations; the spectator's cards are
// ones every seat sees; and every card named anywhere in a message
// (legal lists, hints, errors, actions) is one the recipient has seen in
// its views by then, or one it named itself. Refused commands (stale,
// illegal, garbage, another's turn) are mixed in, and so are table
// commands (talk): chat lines naming cards, quick phrases, draw offers and
// declines. A card in a chat line may only be a person's speech where
// chat is free (never from Regicide's players, who chat in phrases), no
// seat reads the spectators' channel before the end, and the clock, offer
// and chat messages carry no card the recipient has not seen.
func TestNoLeaks(t *testing.T) {
	for ci, lc := range leakCases {
		n := lc.games
		if testing.Short() {
			n = 1
		}
		for g := range n {
			seed := uint64(1000*ci + g + 1)
			name := fmt.Sprintf("%s-%v-seed%d", lc.game, lc.opts, seed)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				s := newRooms(memstore.New())
				defer s.Shutdown(context.Background())
				id := fmt.Sprintf("leak%d", seed)
				rm := seededTable(t, s, id, lc.game, lc.opts, seed, lc.bots)
				probes := playProbed(t, s, rm, lc.bots, rand.New(rand.NewPCG(seed, 7)))
				verifyNoLeaks(t, s, id, probes)
			})
		}
	}
}

// playProbed plays a room to its end: each person's seat a probe that
// picks a random legal action of its turn (and, now and then, sends a
// command that must be refused); bots play themselves. The last probe is
// a spectator.
func playProbed(t *testing.T, s *Rooms, rm *Room, bots map[int]string, rng *rand.Rand) []*probe {
	var probes []*probe
	var seats int
	look(rm, func() { seats = rm.t.NumSeats() })
	for i := range seats {
		if _, bot := bots[i]; !bot {
			probes = append(probes, joinProbe(t, s, rm, fmt.Sprintf("tok%d", i)))
		}
	}
	spectator := joinProbe(t, s, rm, "")
	all := append(probes, spectator)
	deadline := time.Now().Add(2 * time.Minute)
	for step := 0; ; step++ {
		syncRoom(t, rm)
		for _, p := range all {
			p.drain()
		}
		var over bool
		look(rm, func() { over = rm.t.Over() })
		if over {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no end after %d steps", step)
		}
		var movers []*probe
		for _, p := range probes {
			if _, ok := p.lastTurn(); ok {
				movers = append(movers, p)
			}
		}
		if len(movers) == 0 {
			time.Sleep(time.Millisecond) // a bot is thinking, or a slap window runs out
			continue
		}
		p := movers[rng.IntN(len(movers))]
		turn, _ := p.lastTurn()
		if rng.IntN(6) == 0 {
			refusable(p, spectator, turn, rng)
		}
		if rng.IntN(5) == 0 {
			talk(all[rng.IntN(len(all))], rng)
		}
		p.act(turn.Legal[rng.IntN(len(turn.Legal))], turn.Version, fmt.Sprintf("c%d", step))
	}
	syncRoom(t, rm)
	for _, p := range all {
		p.drain()
	}
	return all
}

// refusable sends one command the server must refuse (or answer with a
// hint, changing nothing).
func refusable(p, spectator *probe, turn wireMsg, rng *rand.Rand) {
	switch rng.IntN(6) {
	case 0:
		p.act(turn.Legal[0], turn.Version+3, "stale")
	case 1:
		p.act("play "+randomCard(rng), turn.Version, "card")
	case 2:
		p.command(`{"action":"` + randomCard(rng) + `","version":"x"}`)
	case 3:
		p.command(`{"type":"hint","action":"` + turn.Legal[rng.IntN(len(turn.Legal))] + `","id":"h"}`)
	case 4:
		spectator.act(turn.Legal[0], turn.Version, "spec")
	default:
		p.act("give "+randomCard(rng), turn.Version, "give")
	}
}

// talk sends a table command that is not a move: a chat line naming a
// card (as a person might: in Regicide it is refused, REG-23), a quick
// phrase, a draw offer or decline (refused but in Watchtower).
func talk(p *probe, rng *rand.Rand) {
	switch rng.IntN(4) {
	case 0:
		p.command(`{"type":"chat","text":"I have ` + randomCard(rng) + `","id":"t"}`)
	case 1:
		p.command(`{"type":"chat","text":"` + quickPhrases[rng.IntN(len(quickPhrases))] + `","id":"t"}`)
	case 2:
		p.command(`{"type":"draw","id":"t"}`)
	default:
		p.command(`{"type":"draw-decline","id":"t"}`)
	}
}

func randomCard(rng *rand.Rand) string {
	return []string{"A", "2", "5", "10", "J", "Q", "K"}[rng.IntN(7)] + []string{"C", "D", "H", "S"}[rng.IntN(4)]
}

// cardPattern finds cards in any text: ranks with suits, and jokers.
var cardPattern = regexp.MustCompile(`\b(?:10|[2-9JQKA])[CDHS]\b|\bJK[12]\b`)

func cardsIn(b []byte) []string {
	return cardPattern.FindAllString(string(b), -1)
}

// verifyNoLeaks checks every message the probes got against the game
// replayed from the store: events against the finished record (in which a
// simultaneous window's answers are in seat order, as they were shown),
// turns and snapshots against what the table offered each seat as the
// stored answers came in (in an open window, the opening position with
// the seat's own answers).
func verifyNoLeaks(t *testing.T, s *Rooms, id string, probes []*probe) {
	hdr, err := s.store.Table(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	stored, _ := s.store.Actions(context.Background(), id)
	evs, _ := s.store.Events(context.Background(), id)
	g := s.games[hdr.Game]
	full, err := table.Resume(g, StoredRecord(hdr, stored, evs), nil)
	if err != nil {
		t.Fatal(err)
	}
	acts := full.Record().Actions
	opts, _ := engine.ResolveOptions(g.Options(), hdr.Options)
	st, err := g.New(opts, engine.Setup{Seed: hdr.Seed})
	if err != nil {
		t.Fatal(err)
	}
	states := []engine.State{st.Clone()}
	played := []engine.Action{0}
	for i, a := range acts {
		act, err := st.ParseAction(a.Seat, a.Action)
		if err == nil {
			err = st.Apply(a.Seat, act)
		}
		if err != nil {
			t.Fatalf("action %d %+v: %v", i, a, err)
		}
		states, played = append(states, st.Clone()), append(played, act)
	}
	if !full.Over() {
		t.Fatal("the stored game did not end (by its rules or at the table)")
	}
	offered := offers(t, g, opts, hdr.Seed, stored)
	// Cards the game's and the protocol's fixed sentences name as examples
	// of notation ("cards like 7H, AS, 10D, JK1") are no one's.
	examples := map[string]bool{"AD": true}
	_, perr := states[0].ParseAction(0, "?")
	for _, c := range cardsIn([]byte(perr.Error())) {
		examples[c] = true
	}
	// A card a person names in a chat line is their speech, not the
	// server's leak: heard by others only where chat is free (Regicide's
	// players chat in phrases, so a players' line naming a card must never
	// arrive there; spectators chat freely).
	spoken := map[string]bool{}
	for _, p := range probes {
		for _, c := range p.sent {
			var cmd struct{ Type, Text string }
			if json.Unmarshal([]byte(c), &cmd) == nil && cmd.Type == "chat" {
				spoken[cmd.Text] = true
			}
		}
	}
	freePlayers := hdr.Game != "regicide"
	for _, p := range probes {
		checkProbe(t, p, states, played, acts, offered, examples, func(l ChatLine) bool {
			return spoken[l.Text] && (freePlayers || l.Channel == ChannelSpectators)
		})
	}
}

// offer is what the table offered seats at one version: each seat's view
// (and the public one, at -1) and legal actions, as JSON.
type offer map[int]map[string]bool

// offers replays the stored actions, in the order they came, on a table
// and notes at each step what it offered every seat: the views (and legal
// lists) a turn or a snapshot of that version may carry.
func offers(t *testing.T, g engine.Game, opts engine.Options, seed uint64, stored []store.Action) map[int]offer {
	tb, err := table.New(g, opts, engine.Setup{Seed: seed}, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]offer{}
	note := func() {
		o := out[tb.Version()]
		if o == nil {
			o = offer{}
			out[tb.Version()] = o
		}
		for seat := -1; seat < tb.NumSeats(); seat++ {
			if o[seat] == nil {
				o[seat] = map[string]bool{}
			}
			o[seat]["view:"+string(viewJSON(t, tb.View(seat)))] = true
			if seat >= 0 {
				o[seat]["legal:"+strings.Join(tb.Legal(seat), "|")] = true
			}
		}
	}
	note()
	for _, a := range stored {
		if _, err := tb.Play(a.Seat, a.Action, tb.Version()); err != nil {
			t.Fatalf("stored action %+v: %v", a, err)
		}
		note()
	}
	return out
}

func checkProbe(t *testing.T, p *probe, states []engine.State, played []engine.Action, acts []record.Action, offered map[int]offer, examples map[string]bool, speech func(ChatLine) bool) {
	seat := p.c.Seat
	seen := map[string]bool{}
	for _, c := range p.sent {
		for _, card := range cardsIn([]byte(c)) {
			seen["sent:"+card] = true
		}
	}
	rng := rand.New(rand.NewPCG(uint64(seat+2), 99))
	checked := 0
	for _, m := range p.got {
		if m.Seat != seat {
			t.Fatalf("seat %d got a message for seat %d: %s", seat, m.Seat, m.Raw)
		}
		if len(m.View) > 0 {
			checkView(t, seat, m, states, offered, rng)
			for _, c := range cardsIn(m.View) {
				seen[c] = true
			}
			checked++
		}
		if m.Type == "event" {
			checkEvent(t, seat, m, states, played, acts, rng)
		}
		said := map[string]bool{}
		if m.Type == "chat" {
			said = checkChat(t, seat, m, len(states)-1, speech)
		}
		for _, c := range cardsIn(m.Raw) {
			if !seen[c] && !(m.Type == "error" && (seen["sent:"+c] || examples[c])) && !said[c] {
				t.Fatalf("%s got %s, which it has not seen, in %s", who(seat), c, m.Raw)
			}
		}
	}
	if checked == 0 {
		t.Fatalf("%s got no views", who(seat))
	}
}

// checkChat: a seat never reads the spectators' channel while the game
// goes on (the game's last version is final), and a chat message carries
// lines, no view.
// It returns the cards the lines name as a person's speech (speech).
func checkChat(t *testing.T, seat int, m wireMsg, final int, speech func(ChatLine) bool) map[string]bool {
	var cm ChatMessage
	if err := json.Unmarshal(m.Raw, &cm); err != nil {
		t.Fatal(err)
	}
	said := map[string]bool{}
	for _, l := range cm.Lines {
		if seat >= 0 && l.Channel == ChannelSpectators && m.Version < final {
			t.Fatalf("%s read the spectators' channel during the game: %s", who(seat), m.Raw)
		}
		if speech(l) {
			for _, c := range cardsIn([]byte(l.Text)) {
				said[c] = true
			}
		}
	}
	if len(m.View) > 0 || len(m.Legal) > 0 {
		t.Fatalf("a chat message with a view: %s", m.Raw)
	}
	return said
}

func who(seat int) string {
	if seat < 0 {
		return "the spectator"
	}
	return fmt.Sprintf("seat %d", seat)
}

func viewJSON(t *testing.T, v engine.View) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkView: an event's or the end's view is the recipient's view of the
// position after that many actions, unchanged across determinizations
// for it (so it depends only on what it knows); a turn's, a snapshot's or
// a sealed answer's is one the table offered the recipient at that
// version, and a turn's legal actions too. A spectator's cards are seen
// by every seat.
func checkView(t *testing.T, seat int, m wireMsg, states []engine.State, offered map[int]offer, rng *rand.Rand) {
	if m.Version < 0 || m.Version >= len(states) {
		t.Fatalf("%s: version %d of a %d-action game", who(seat), m.Version, len(states)-1)
	}
	st := states[m.Version]
	if m.Type != "event" && m.Type != "end" {
		if !offered[m.Version][seat]["view:"+string(m.View)] {
			t.Fatalf("%s at version %d got the %s view\n%s\nwhich the table never offered it", who(seat), m.Version, m.Type, m.View)
		}
		if m.Type == "turn" && !offered[m.Version][seat]["legal:"+strings.Join(m.Legal, "|")] {
			t.Fatalf("seat %d's legal at version %d: %v, never offered", seat, m.Version, m.Legal)
		}
	} else if want := viewJSON(t, st.View(seat)); !bytes.Equal(want, m.View) {
		t.Fatalf("%s at version %d got view\n%s\nwant\n%s", who(seat), m.Version, m.View, want)
	}
	if seat >= 0 {
		if !bytes.Equal(viewJSON(t, st.View(seat)), m.View) {
			return // a seat's own sealed answer is in it: checked as offered
		}
		for range 2 {
			d := st.Determinize(seat, rng)
			if got := viewJSON(t, d.View(seat)); !bytes.Equal(got, m.View) {
				t.Fatalf("%s's view at version %d depends on what it cannot see:\n%s\nvs\n%s", who(seat), m.Version, m.View, got)
			}
		}
		return
	}
	for s := range st.NumSeats() {
		sees := map[string]bool{}
		for _, c := range cardsIn(viewJSON(t, st.View(s))) {
			sees[c] = true
		}
		for _, c := range cardsIn(m.View) {
			if !sees[c] {
				t.Fatalf("the spectator sees %s at version %d, which seat %d does not:\n%s\n%s", c, m.Version, s, m.View, viewJSON(t, st.View(s)))
			}
		}
	}
}

// checkEvent: the action is told as the recipient may know it, the same
// across determinizations, and only the actor gets a forecast.
func checkEvent(t *testing.T, seat int, m wireMsg, states []engine.State, played []engine.Action, acts []record.Action, rng *rand.Rand) {
	v := m.Version
	if m.Actor == nil || v < 1 || *m.Actor != acts[v-1].Seat {
		t.Fatalf("%s: event %s for stored action %+v", who(seat), m.Raw, acts[v-1])
	}
	st, a := states[v], played[v]
	if want := engine.TellAction(st, seat, *m.Actor, a); m.Action != want {
		t.Fatalf("%s was told %q of %q, want %q", who(seat), m.Action, acts[v-1].Action, want)
	}
	if seat >= 0 {
		d := st.Determinize(seat, rng)
		if got := engine.TellAction(d, seat, *m.Actor, a); got != m.Action {
			t.Fatalf("%s's telling of action %d depends on what it cannot see: %q vs %q", who(seat), v, m.Action, got)
		}
	}
	if m.Hint != "" && seat != *m.Actor {
		t.Fatalf("%s got the actor's forecast: %s", who(seat), m.Raw)
	}
}
