package pairing_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"cardtable/pairing"
)

var t0 = time.Date(2026, 12, 6, 16, 0, 0, 0, time.UTC)

var wt2 = pairing.Key{Game: "watchtower", Preset: "standard", Seats: 2, Clock: "1+0"}

// person is a casual request of a guest for key k.
func person(id string, k pairing.Key) pairing.Request {
	return pairing.Request{ID: "r-" + id, Player: "guest:" + id, Key: k, BotAfter: 30 * time.Second}
}

// rated is a rated request of account id at rating r, range ±d.
func rated(id string, r, d int) pairing.Request {
	k := wt2
	k.Rated = true
	return pairing.Request{ID: "r-" + id, Player: id, Account: true, Key: k, Rating: r, Min: r - d, Max: r + d,
		Address: "addr-" + id, BotAfter: 30 * time.Second}
}

func add(t *testing.T, p *pairing.Pool, at time.Time, rs ...pairing.Request) {
	t.Helper()
	for _, r := range rs {
		if err := p.Add(r, at); err != nil {
			t.Fatalf("Add(%s): %v", r.ID, err)
		}
	}
}

// ids names each match's requests and bots: "a+b", "c+1 bot".
func ids(ms []pairing.Match) []string {
	var out []string
	for _, m := range ms {
		s := ""
		for i, r := range m.Requests {
			if i > 0 {
				s += "+"
			}
			s += r.ID
		}
		if m.Bots > 0 {
			s += fmt.Sprintf("+%d bot", m.Bots)
		}
		out = append(out, s)
	}
	return out
}

func wantMatches(t *testing.T, what string, got []pairing.Match, want ...string) {
	t.Helper()
	g := ids(got)
	if fmt.Sprint(g) != fmt.Sprint(want) {
		t.Errorf("%s: matches %v, want %v", what, g, want)
	}
}

func TestPairsAtOnce(t *testing.T) {
	p := pairing.NewPool(0)
	add(t, p, t0, person("a", wt2))
	ms, _ := p.Match(t0)
	wantMatches(t, "one request", ms)
	if n := p.Waiting()[wt2]; n != 1 {
		t.Errorf("Waiting: %d, want 1", n)
	}
	add(t, p, t0.Add(time.Second), person("b", wt2))
	ms, _ = p.Match(t0.Add(time.Second))
	wantMatches(t, "two alike", ms, "r-a+r-b")
	if p.Len() != 0 {
		t.Errorf("%d requests left after their table", p.Len())
	}
}

func TestOnlyAlikeRequestsPair(t *testing.T) {
	other := []pairing.Key{
		{Game: "war", Preset: "standard", Seats: 2, Clock: "1+0"},
		{Game: "watchtower", Preset: "long", Seats: 2, Clock: "1+0"},
		{Game: "watchtower", Preset: "standard", Seats: 3, Clock: "1+0"},
		{Game: "watchtower", Preset: "standard", Seats: 2, Clock: "3+2"},
	}
	for _, k := range other {
		p := pairing.NewPool(0)
		add(t, p, t0, person("a", wt2), person("b", k))
		ms, _ := p.Match(t0)
		wantMatches(t, "against "+k.String(), ms)
	}
	p := pairing.NewPool(0)
	add(t, p, t0, person("a", wt2), rated("b", 1500, 200))
	ms, _ := p.Match(t0)
	wantMatches(t, "casual against rated", ms)
}

func TestRatingRanges(t *testing.T) {
	p := pairing.NewPool(0)
	add(t, p, t0, rated("a", 1500, 100), rated("b", 1650, 300), rated("c", 1580, 100))
	ms, _ := p.Match(t0)
	// a–b: b within nobody's... b's 1650 is outside a's 1400–1600; a and c
	// are within each other's; b and c too, but a, the oldest, is seated
	// first.
	wantMatches(t, "ranges", ms, "r-a+r-c")
	wide := rated("d", 1500, 1000)
	add(t, p, t0, wide)
	ms, _ = p.Match(t0)
	wantMatches(t, "a wide range meets b", ms, "r-b+r-d")
	g := person("g", wt2)
	signed := pairing.Request{ID: "r-s", Player: "s", Account: true, Key: wt2, Rating: 1500, Min: 1400, Max: 1600}
	add(t, p, t0, g, signed)
	ms, _ = p.Match(t0)
	wantMatches(t, "a range against a guest (who has no rating)", ms)
}

func TestNoPairingWithYourself(t *testing.T) {
	p := pairing.NewPool(0)
	add(t, p, t0, rated("a", 1500, 200))
	second := rated("a", 1500, 200)
	second.ID = "r-a2"
	if err := p.Add(second, t0); !errors.Is(err, pairing.ErrWaiting) {
		t.Errorf("a second request of one player (another connection): %v, want ErrWaiting", err)
	}
	// Two accounts from one address in a rated pool.
	twin := rated("b", 1500, 200)
	twin.Address = "addr-a"
	add(t, p, t0, twin)
	ms, _ := p.Match(t0)
	wantMatches(t, "rated, one address", ms)
	// Casual: a household on one address plays.
	q := pairing.NewPool(0)
	a, b := person("a", wt2), person("b", wt2)
	a.Address, b.Address = "home", "home"
	add(t, q, t0, a, b)
	ms, _ = q.Match(t0)
	wantMatches(t, "casual, one address", ms, "r-a+r-b")
}

func TestBotAccounts(t *testing.T) {
	bot := rated("bot", 1500, 0)
	bot.Bot, bot.Min, bot.Max = true, 0, 0
	p := pairing.NewPool(0)
	add(t, p, t0, bot, rated("a", 1500, 300))
	ms, _ := p.Match(t0)
	wantMatches(t, "a bot account against a person who did not opt in", ms)
	fan := rated("fan", 1500, 300)
	fan.Bots = true
	add(t, p, t0, fan)
	ms, _ = p.Match(t0)
	wantMatches(t, "against one who accepts bots", ms, "r-bot+r-fan")
	bot2 := bot
	bot2.ID, bot2.Player, bot2.Address = "r-bot2", "bot2", "addr-bot2"
	other := bot
	other.ID, other.Player, other.Address = "r-bot3", "bot3", "addr-bot3"
	add(t, p, t0, bot2, other)
	ms, _ = p.Match(t0)
	wantMatches(t, "two bot accounts", ms, "r-bot2+r-bot3")
}

func TestBotFallback(t *testing.T) {
	p := pairing.NewPool(0)
	a := person("a", wt2)
	a.BotAfter = 10 * time.Second
	never := person("n", wt2)
	never.Key.Clock = "3+2"
	never.BotAfter = 0
	add(t, p, t0, a, never)
	ms, _ := p.Match(t0.Add(9 * time.Second))
	wantMatches(t, "before its wait", ms)
	ms, _ = p.Match(t0.Add(10 * time.Second))
	wantMatches(t, "after its wait", ms, "r-a+1 bot")
	ms, dropped := p.Match(t0.Add(pairing.MaxWait - time.Second))
	if len(ms) != 0 || len(dropped) != 0 {
		t.Errorf("a request for people only was seated or dropped early: %v %v", ids(ms), dropped)
	}
	_, dropped = p.Match(t0.Add(pairing.MaxWait))
	if len(dropped) != 1 || dropped[0].ID != "r-n" || p.Len() != 0 {
		t.Errorf("after MaxWait: dropped %v, %d left; want r-n dropped", dropped, p.Len())
	}
}

func TestSeatsFillAsPeopleCome(t *testing.T) {
	wt4 := wt2
	wt4.Seats = 4
	p := pairing.NewPool(0)
	add(t, p, t0, person("a", wt4), person("b", wt4))
	ms, _ := p.Match(t0)
	wantMatches(t, "two of four", ms)
	add(t, p, t0.Add(time.Second), person("c", wt4))
	ms, _ = p.Match(t0.Add(time.Second))
	wantMatches(t, "three of four", ms)
	add(t, p, t0.Add(2*time.Second), person("d", wt4))
	ms, _ = p.Match(t0.Add(2 * time.Second))
	wantMatches(t, "four of four", ms, "r-a+r-b+r-c+r-d")

	// Three wait; the oldest's wait passes: the three with a bot, except
	// one who wants people only.
	add(t, p, t0, person("e", wt4), person("f", wt4))
	only := person("g", wt4)
	only.BotAfter = 0
	add(t, p, t0, only)
	ms, _ = p.Match(t0.Add(30 * time.Second))
	wantMatches(t, "at the oldest's wait", ms, "r-e+r-f+2 bot")
	if _, ok := p.Request("r-g"); !ok {
		t.Errorf("the request for people only was seated with bots")
	}
}

func TestCancel(t *testing.T) {
	p := pairing.NewPool(0)
	add(t, p, t0, person("a", wt2))
	if !p.Cancel("r-a") || p.Cancel("r-a") || p.Len() != 0 {
		t.Fatalf("Cancel: the request stays or cancels twice")
	}
	add(t, p, t0, person("a", wt2), person("b", wt2))
	if !p.CancelPlayer("guest:a") {
		t.Fatal("CancelPlayer found nothing")
	}
	ms, _ := p.Match(t0.Add(time.Second))
	wantMatches(t, "after a cancel", ms)
	add(t, p, t0, person("a", wt2))
	ms, _ = p.Match(t0.Add(time.Second))
	wantMatches(t, "asking again after a cancel", ms, "r-b+r-a")
}

func TestRefusals(t *testing.T) {
	ok := rated("a", 1500, 100)
	cases := map[string]func(r *pairing.Request){
		"no id":              func(r *pairing.Request) { r.ID = "" },
		"long player":        func(r *pairing.Request) { r.Player = string(make([]byte, 65)) },
		"no game":            func(r *pairing.Request) { r.Game = "" },
		"long preset":        func(r *pairing.Request) { r.Preset = string(make([]byte, pairing.MaxKey+1)) },
		"one seat":           func(r *pairing.Request) { r.Seats = 1 },
		"five seats":         func(r *pairing.Request) { r.Seats = 5 },
		"guest rated":        func(r *pairing.Request) { r.Account, r.Player, r.Min, r.Max = false, "guest:x", 0, 0 },
		"guest bot":          func(r *pairing.Request) { r.Account, r.Rated, r.Bot, r.Min, r.Max = false, false, true, 0, 0 },
		"guest range":        func(r *pairing.Request) { r.Account, r.Rated, r.Player = false, false, "guest:x" },
		"account as guest":   func(r *pairing.Request) { r.Player = "guest:x" },
		"wait too short":     func(r *pairing.Request) { r.BotAfter = time.Millisecond },
		"wait too long":      func(r *pairing.Request) { r.BotAfter = time.Hour },
		"negative rating":    func(r *pairing.Request) { r.Rating = -1 },
		"range without self": func(r *pairing.Request) { r.Min, r.Max = 1600, 1700 },
		"range upside down":  func(r *pairing.Request) { r.Min, r.Max = 1600, 1400 },
	}
	for name, spoil := range cases {
		p := pairing.NewPool(0)
		r := ok
		spoil(&r)
		if err := p.Add(r, t0); !errors.Is(err, pairing.ErrInvalid) || p.Len() != 0 {
			t.Errorf("%s: %v (%d waiting), want ErrInvalid and nothing added", name, err, p.Len())
		}
	}
	p := pairing.NewPool(1)
	add(t, p, t0, ok)
	if err := p.Add(rated("b", 1500, 100), t0); !errors.Is(err, pairing.ErrFull) {
		t.Errorf("past the pool's bound: %v, want ErrFull", err)
	}
}

// TestRandomPools checks the rules on random pools: every table's players
// pairwise compatible and as many as its seats (bots only after the
// oldest's wait, and only with players who accept them), nobody seated
// twice, and after each Match nobody left who could have been seated.
func TestRandomPools(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		p := pairing.NewPool(0)
		now := t0
		seen := map[string]bool{}
		for step := range 60 {
			now = now.Add(time.Duration(rng.IntN(8)) * time.Second)
			for range rng.IntN(4) {
				r := randomRequest(rng, fmt.Sprintf("%d-%d-%d", trial, step, rng.IntN(1000)))
				p.Add(r, now) // refusals are fine here
			}
			ms, dropped := p.Match(now)
			for _, m := range ms {
				checkMatch(t, m, now, seen)
			}
			for _, d := range dropped {
				if now.Sub(d.At) < pairing.MaxWait {
					t.Fatalf("dropped %s after %v", d.ID, now.Sub(d.At))
				}
			}
			checkNobodyLeft(t, p, now)
		}
	}
}

func randomRequest(rng *rand.Rand, id string) pairing.Request {
	k := pairing.Key{Game: []string{"war", "watchtower"}[rng.IntN(2)], Preset: "standard", Seats: 2 + rng.IntN(3), Clock: "1+0",
		Rated: rng.IntN(2) == 0}
	r := pairing.Request{ID: id, Player: fmt.Sprintf("p%d", rng.IntN(40)), Key: k, Account: true,
		Address: fmt.Sprintf("a%d", rng.IntN(30)), Rating: 1200 + rng.IntN(600), Bot: rng.IntN(6) == 0, Bots: rng.IntN(2) == 0}
	if rng.IntN(2) == 0 {
		r.Min, r.Max = r.Rating-rng.IntN(300), r.Rating+rng.IntN(300)
	}
	if rng.IntN(3) > 0 {
		r.BotAfter = time.Duration(1+rng.IntN(60)) * time.Second
	}
	return r
}

func checkMatch(t *testing.T, m pairing.Match, now time.Time, seen map[string]bool) {
	t.Helper()
	if len(m.Requests)+m.Bots != m.Key.Seats || len(m.Requests) == 0 {
		t.Fatalf("table %v: %d players and %d bots for %d seats", ids([]pairing.Match{m}), len(m.Requests), m.Bots, m.Key.Seats)
	}
	for i, a := range m.Requests {
		if seen[a.ID] {
			t.Fatalf("%s seated twice", a.ID)
		}
		seen[a.ID] = true
		for _, b := range m.Requests[i+1:] {
			if !pairing.Compatible(a, b) {
				t.Fatalf("%+v seated with %+v", a, b)
			}
		}
		if m.Bots > 0 && a.BotAfter == 0 {
			t.Fatalf("%s wants people only and was seated with bots", a.ID)
		}
	}
	if oldest := m.Requests[0]; m.Bots > 0 && now.Sub(oldest.At) < oldest.BotAfter {
		t.Fatalf("bots offered to %s after %v, before its %v", oldest.ID, now.Sub(oldest.At), oldest.BotAfter)
	}
}

// checkNobodyLeft fails when two waiting requests of a two-seat key could
// sit together, or a request waits past its wait for bots.
func checkNobodyLeft(t *testing.T, p *pairing.Pool, now time.Time) {
	t.Helper()
	waiting := p.Requests()
	for i, a := range waiting {
		if a.BotAfter > 0 && now.Sub(a.At) >= a.BotAfter {
			t.Fatalf("%s waits %v, past its %v", a.ID, now.Sub(a.At), a.BotAfter)
		}
		for _, b := range waiting[i+1:] {
			if a.Seats == 2 && pairing.Compatible(a, b) {
				t.Fatalf("%s and %s both wait though they could play", a.ID, b.ID)
			}
		}
	}
}

// TestChallenges: a request naming an opponent (a challenge) sits only
// with that player, who may ask for anyone or name the challenger back;
// the others who ask meanwhile pair among themselves; a challenge is
// never given the server's bots, and names one other player at two seats.
func TestChallenges(t *testing.T) {
	p := pairing.NewPool(0)
	ann := person("ann", wt2)
	ann.Opponent, ann.BotAfter = "robo", 0
	bob := person("bob", wt2)
	add(t, p, t0, ann, bob)
	ms, _ := p.Match(t0)
	wantMatches(t, "Ann's challenge of Robo with Bob asking", ms)
	robo := pairing.Request{ID: "r-robo", Player: "robo", Account: true, Bot: true, Key: wt2, Bots: true}
	cid := person("cid", wt2)
	add(t, p, t0, robo, cid)
	ms, _ = p.Match(t0.Add(time.Second))
	wantMatches(t, "Robo asks for anyone", ms, "r-ann+r-robo", "r-bob+r-cid")
	for _, bad := range []func(r *pairing.Request){
		func(r *pairing.Request) { r.Opponent = r.Player },
		func(r *pairing.Request) { r.Opponent, r.BotAfter = "robo", 30*time.Second },
		func(r *pairing.Request) {
			r.Opponent, r.Key = "robo", pairing.Key{Game: "watchtower", Preset: "standard", Seats: 3, Clock: "1m"}
		},
	} {
		r := person("dan", wt2)
		r.BotAfter = 0
		bad(&r)
		if err := pairing.NewPool(0).Add(r, t0); !errors.Is(err, pairing.ErrInvalid) {
			t.Errorf("challenge %+v: %v, want ErrInvalid", r, err)
		}
	}
}

// TestBotNeverRatedWithItsOwner: a bot account and the person who owns it
// are never paired rated (from any addresses), so nobody feeds their own
// rating with their bot's losses; casual, they may play.
func TestBotNeverRatedWithItsOwner(t *testing.T) {
	p := pairing.NewPool(0)
	ann := rated("ann", 1500, 0)
	ann.Bots = true
	robo := rated("robo", 1500, 0)
	robo.Bot, robo.Owner, robo.Bots = true, "ann", true
	add(t, p, t0, ann, robo)
	ms, _ := p.Match(t0)
	wantMatches(t, "Ann and her bot, rated", ms)
	bob := rated("bob", 1500, 0)
	bob.Bots = true
	add(t, p, t0, bob)
	ms, _ = p.Match(t0)
	wantMatches(t, "Bob comes", ms, "r-ann+r-bob")
	casual := func(id, owner string) pairing.Request {
		r := person(id, wt2)
		r.Player, r.Account, r.Bots, r.Owner = id, true, true, owner
		return r
	}
	q := pairing.NewPool(0)
	bot := casual("robo", "ann")
	bot.Bot = true
	add(t, q, t0, casual("ann", ""), bot)
	ms, _ = q.Match(t0)
	wantMatches(t, "Ann and her bot, casual", ms, "r-ann+r-robo")
}
