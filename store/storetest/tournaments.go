package storetest

import (
	"fmt"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/store"
)

// TournamentStore is a store with accounts and tournaments.
type TournamentStore interface {
	AccountStore
	store.Tournaments
}

// RunTournaments runs the tournaments suite (store.Tournaments's comments)
// on stores open gives (they must implement store.Accounts and
// store.Tournaments).
func RunTournaments(t *testing.T, open Open) {
	tests := []struct {
		name string
		fn   func(t *testing.T, open Open)
	}{
		{"CreateAndList", testTournamentCreate},
		{"JoinAndWithdraw", testTournamentJoin},
		{"JoinRace", testTournamentJoinRace},
		{"Rounds", testTournamentRounds},
		{"RoundRace", testTournamentRoundRace},
		{"SettleGames", testTournamentSettle},
		{"SettleRace", testTournamentSettleRace},
		{"End", testTournamentEnd},
		{"Solo", testTournamentSolo},
		{"Reopen", testTournamentReopen},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, open) })
	}
}

func freshTournaments(t *testing.T, open Open) (TournamentStore, string) {
	t.Helper()
	s, name := fresh(t, open)
	ts, ok := s.(TournamentStore)
	if !ok {
		t.Fatalf("%T does not implement store.Accounts and store.Tournaments", s)
	}
	return ts, name
}

// tournament is an open Swiss tournament starting an hour after epoch.
func tournament(id, creator string) store.Tournament {
	return store.Tournament{ID: id, Kind: store.KindSwiss, Game: "watchtower", Name: "Swiss " + id,
		Options: map[string]string{"players": "2"}, Settings: map[string]string{"rounds": "3", "clock": "3+2"},
		Creator: creator, Rated: true, Status: store.StatusOpen, Starts: epoch.Add(time.Hour), Created: epoch}
}

func mustTournament(t *testing.T, s TournamentStore, tn store.Tournament) {
	t.Helper()
	if err := s.CreateTournament(ctx, tn, 0); err != nil {
		t.Fatalf("CreateTournament(%s): %v", tn.ID, err)
	}
}

func readTournament(t *testing.T, s TournamentStore, id string) store.Tournament {
	t.Helper()
	got, err := s.Tournament(ctx, id)
	if err != nil {
		t.Fatalf("Tournament(%s): %v", id, err)
	}
	return got
}

func mustJoin(t *testing.T, s TournamentStore, tournament, id, user string) store.Entrant {
	t.Helper()
	e, err := s.JoinTournament(ctx, store.Entrant{Tournament: tournament, ID: id, Name: "name-" + id, User: user, Rating: 1500,
		Joined: epoch}, 0, true)
	if err != nil {
		t.Fatalf("JoinTournament(%s, %s): %v", tournament, id, err)
	}
	return e
}

func testTournamentCreate(t *testing.T, open Open) {
	s, _ := freshTournaments(t, open)
	mustUser(t, s, "u1", "Ann")
	tn := tournament("t1", "u1")
	tn.Ends = epoch.Add(2 * time.Hour)
	mustTournament(t, s, tn)
	want := tn
	want.Starts, want.Ends, want.Created = tn.Starts.UTC().Truncate(time.Microsecond), tn.Ends.UTC().Truncate(time.Microsecond),
		tn.Created.UTC().Truncate(time.Microsecond)
	if got := readTournament(t, s, "t1"); !reflect.DeepEqual(got, want) {
		t.Errorf("Tournament gives\n%+v, want\n%+v", got, want)
	}
	wantErr(t, "CreateTournament of a taken id", s.CreateTournament(ctx, tournament("t1", ""), 0), store.ErrConflict)
	sched := tournament("t2", "")
	sched.Schedule = "swiss-watchtower-2026-12-01T21"
	mustTournament(t, s, sched)
	again := tournament("t3", "")
	again.Schedule = sched.Schedule
	wantErr(t, "CreateTournament of a taken schedule slot", s.CreateTournament(ctx, again, 0), store.ErrConflict)
	wantErr(t, "CreateTournament past the creator's bound", s.CreateTournament(ctx, tournament("t4", "u1"), 1), store.ErrLimit)
	_, err := s.Tournament(ctx, "t4")
	wantErr(t, "a refused tournament", err, store.ErrNotFound)
	if err := s.CreateTournament(ctx, tournament("t5", "u1"), 2); err != nil {
		t.Errorf("CreateTournament under the creator's bound: %v", err)
	}
	late := tournament("t6", "")
	late.Starts = epoch.Add(3 * time.Hour)
	mustTournament(t, s, late)
	done := tournament("t7", "")
	done.Status, done.Finished = store.StatusFinished, epoch
	mustTournament(t, s, done)
	all, err := s.ListTournaments(ctx, nil, 0)
	if err != nil || !slices.Equal(tournamentIDs(all), []string{"t1", "t2", "t5", "t6", "t7"}) {
		t.Errorf("ListTournaments: %v, %v; want those under way soonest first (then by id), then the others", tournamentIDs(all), err)
	}
	under, err := s.ListTournaments(ctx, []string{store.StatusOpen, store.StatusRunning}, 2)
	if err != nil || !slices.Equal(tournamentIDs(under), []string{"t1", "t2"}) {
		t.Errorf("ListTournaments(open, running, 2): %v, %v", tournamentIDs(under), err)
	}
}

func tournamentIDs(ts []store.Tournament) []string {
	out := []string{}
	for _, t := range ts {
		out = append(out, t.ID)
	}
	return out
}

func testTournamentJoin(t *testing.T, open Open) {
	s, _ := freshTournaments(t, open)
	mustUser(t, s, "u1", "Ann")
	mustTournament(t, s, tournament("t1", ""))
	a := mustJoin(t, s, "t1", "u1", "u1")
	bot, err := s.JoinTournament(ctx, store.Entrant{Tournament: "t1", ID: "bot:1", Name: "expert", Bot: "expert", Rating: 1700, Joined: epoch}, 3, false)
	if err != nil || a.Entry != 1 || bot.Entry != 2 || !bot.Joined.Equal(us(epoch)) || bot.Joined.Location() != time.UTC {
		t.Fatalf("entries %d, %d (%v); want 1, 2 and times in UTC", a.Entry, bot.Entry, err)
	}
	_, err = s.JoinTournament(ctx, store.Entrant{Tournament: "t1", ID: "u1", Joined: epoch}, 0, false)
	wantErr(t, "JoinTournament twice", err, store.ErrConflict)
	if _, err := s.JoinTournament(ctx, store.Entrant{Tournament: "t1", ID: "bot:2", Bot: "expert", Joined: epoch}, 2, false); err == nil {
		t.Errorf("JoinTournament past the bound of 2 entrants was taken")
	} else {
		wantErr(t, "JoinTournament past the bound", err, store.ErrLimit)
	}
	_, err = s.JoinTournament(ctx, store.Entrant{Tournament: "nope", ID: "u1", Joined: epoch}, 0, false)
	wantErr(t, "JoinTournament of no tournament", err, store.ErrNotFound)
	v := readTournament(t, s, "t1").Version
	if err := s.WithdrawEntrant(ctx, "t1", "u1", epoch.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if got := readTournament(t, s, "t1").Version; got != v+1 {
		t.Errorf("a withdrawal left the version at %d, want %d (a round paired before it must be refused)", got, v+1)
	}
	wantErr(t, "WithdrawEntrant twice", s.WithdrawEntrant(ctx, "t1", "u1", epoch), store.ErrConflict)
	wantErr(t, "WithdrawEntrant of no entrant", s.WithdrawEntrant(ctx, "t1", "u9", epoch), store.ErrNotFound)
	es, err := s.Entrants(ctx, "t1")
	if err != nil || len(es) != 2 || es[0].ID != "u1" || !es[0].Withdrawn.Equal(us(epoch.Add(time.Minute))) || es[1].ID != "bot:1" ||
		es[1].Bot != "expert" || es[1].Rating != 1700 || es[1].Name != "expert" {
		t.Fatalf("Entrants: %+v, %v", es, err)
	}
	back, err := s.JoinTournament(ctx, store.Entrant{Tournament: "t1", ID: "u1", Joined: epoch.Add(time.Hour)}, 2, false)
	if err != nil || back.Entry != 1 || !back.Withdrawn.IsZero() || back.Name != "name-u1" {
		t.Errorf("joining again after withdrawing: %+v, %v; want entry 1 back, not withdrawn", back, err)
	}
	running(t, s, "t1")
	_, err = s.JoinTournament(ctx, store.Entrant{Tournament: "t1", ID: "bot:3", Joined: epoch}, 0, false)
	wantErr(t, "JoinTournament of a running tournament, not late", err, store.ErrConflict)
	if _, err := s.JoinTournament(ctx, store.Entrant{Tournament: "t1", ID: "bot:3", Joined: epoch}, 0, true); err != nil {
		t.Errorf("JoinTournament late of a running tournament: %v", err)
	}
	if ut, err := s.UserTournaments(ctx, "u1", 10); err != nil || len(ut) != 1 || ut[0].Tournament.ID != "t1" || ut[0].Entrant.Entry != 1 {
		t.Errorf("UserTournaments: %+v, %v", ut, err)
	}
	if ut, err := s.UserTournaments(ctx, "", 10); err != nil || len(ut) != 0 {
		t.Errorf("UserTournaments of no account lists the bots' entries: %+v, %v", ut, err)
	}
}

// running moves an open tournament to running.
func running(t *testing.T, s TournamentStore, id string) {
	t.Helper()
	tn := readTournament(t, s, id)
	if err := s.SetTournamentStatus(ctx, id, tn.Version, store.StatusRunning); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "SetTournamentStatus at an old version", s.SetTournamentStatus(ctx, id, tn.Version, store.StatusRunning), store.ErrConflict)
}

func testTournamentJoinRace(t *testing.T, open Open) {
	s, _ := freshTournaments(t, open)
	mustTournament(t, s, tournament("t1", ""))
	const tries, most = 24, 10
	var wg sync.WaitGroup
	errs := make([]error, tries)
	for i := range tries {
		wg.Go(func() {
			_, errs[i] = s.JoinTournament(ctx, store.Entrant{Tournament: "t1", ID: fmt.Sprintf("bot:%d", i%12), Joined: epoch}, most, false)
		})
	}
	wg.Wait()
	es, err := s.Entrants(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i, e := range es {
		if e.Entry != i+1 || seen[e.ID] {
			t.Errorf("entrant %d: %+v (entries must be 1..n, each entrant once)", i, e)
		}
		seen[e.ID] = true
	}
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		}
	}
	if len(es) != most || ok != most || readTournament(t, s, "t1").Entrants != most {
		t.Errorf("%d joins racing for %d places of 12 names: %d in, %d taken; want %d", tries, most, len(es), ok, most)
	}
}

// round is round r of tournament id at version v: board 1 at table
// id-r-1 between a and b (u1 linked at its seat 0), and a bye for c.
func round(id string, v, r int, a, b, c string) store.TournamentRound {
	table := fmt.Sprintf("%s-%d-1", id, r)
	tb := twoPlayer(table)
	return store.TournamentRound{Tournament: id, Version: v, Round: r, Status: store.StatusRunning,
		Games: []store.TournamentGame{
			{Tournament: id, Round: r, Board: 1, First: a, Second: b, Table: table, Started: epoch},
			{Tournament: id, Round: r, Board: 2, First: c, Started: epoch},
		},
		Tables: []store.Table{tb},
		Links:  []store.SeatAccount{{Table: table, Seat: 0, User: "u1"}},
	}
}

// swissOfThree is a running tournament t1 of u1, bot:1 and bot:2.
func swissOfThree(t *testing.T, s TournamentStore) store.Tournament {
	t.Helper()
	mustUser(t, s, "u1", "Ann")
	mustTournament(t, s, tournament("t1", ""))
	mustJoin(t, s, "t1", "u1", "u1")
	mustJoin(t, s, "t1", "bot:1", "")
	mustJoin(t, s, "t1", "bot:2", "")
	running(t, s, "t1")
	return readTournament(t, s, "t1")
}

func testTournamentRounds(t *testing.T, open Open) {
	s, _ := freshTournaments(t, open)
	tn := swissOfThree(t, s)
	wantErr(t, "StartRound at an old version", s.StartRound(ctx, round("t1", tn.Version-1, 1, "u1", "bot:1", "bot:2")), store.ErrConflict)
	if _, err := s.Table(ctx, "t1-1-1"); err == nil {
		t.Fatal("a refused round left its table")
	}
	if err := s.StartRound(ctx, round("t1", tn.Version, 1, "u1", "bot:1", "bot:2")); err != nil {
		t.Fatal(err)
	}
	after := readTournament(t, s, "t1")
	if after.Round != 1 || after.Version != tn.Version+1 || after.Status != store.StatusRunning {
		t.Errorf("after round 1: round %d version %d %s", after.Round, after.Version, after.Status)
	}
	gs, err := s.TournamentGames(ctx, "t1")
	if err != nil || len(gs) != 2 {
		t.Fatalf("TournamentGames: %+v, %v", gs, err)
	}
	if g := gs[0]; g.Table != "t1-1-1" || g.First != "u1" || g.Second != "bot:1" || !g.Ended.IsZero() || g.Seq != 0 || g.Outcome != 0 {
		t.Errorf("board 1: %+v, want under way", g)
	}
	if g := gs[1]; g.Table != "" || g.First != "bot:2" || g.Second != "" || !g.Ended.Equal(us(epoch)) || g.Seq != 1 {
		t.Errorf("the bye: %+v, want ended as it started, seq 1", g)
	}
	if g, err := s.TournamentGameOf(ctx, "t1-1-1"); err != nil || g.Board != 1 || g.Round != 1 {
		t.Errorf("TournamentGameOf: %+v, %v", g, err)
	}
	_, err = s.TournamentGameOf(ctx, "nope")
	wantErr(t, "TournamentGameOf a table of no game", err, store.ErrNotFound)
	if links, err := s.SeatAccounts(ctx, []string{"t1-1-1"}); err != nil || len(links) != 1 || links[0].User != "u1" {
		t.Errorf("the round's seat links: %+v, %v", links, err)
	}
	if _, err := s.Table(ctx, "t1-1-1"); err != nil {
		t.Errorf("the round's table: %v", err)
	}
	// Round 2 reusing round 1's table id: refused whole.
	r2 := round("t1", after.Version, 2, "bot:1", "bot:2", "u1")
	r2.Tables[0].ID, r2.Games[0].Table, r2.Links[0].Table = "t1-1-1", "t1-1-1", "t1-1-1"
	wantErr(t, "StartRound with a table that exists", s.StartRound(ctx, r2), store.ErrConflict)
	if gs, _ := s.TournamentGames(ctx, "t1"); len(gs) != 2 || readTournament(t, s, "t1").Round != 1 {
		t.Errorf("a refused round left %d games, round %d", len(gs), readTournament(t, s, "t1").Round)
	}
}

func testTournamentRoundRace(t *testing.T, open Open) {
	s, _ := freshTournaments(t, open)
	tn := swissOfThree(t, s)
	var wg sync.WaitGroup
	errs := make([]error, 6)
	for i := range errs {
		wg.Go(func() {
			r := round("t1", tn.Version, 1, "u1", "bot:1", "bot:2")
			r.Tables[0].ID = fmt.Sprintf("race%d", i)
			r.Games[0].Table, r.Links[0].Table = r.Tables[0].ID, r.Tables[0].ID
			errs[i] = s.StartRound(ctx, r)
		})
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else {
			wantErr(t, "a StartRound that lost the race", err, store.ErrConflict)
		}
	}
	if gs, _ := s.TournamentGames(ctx, "t1"); ok != 1 || len(gs) != 2 {
		t.Errorf("6 nodes pairing round 1 at once: %d succeeded, %d games; want 1 and 2", ok, len(gs))
	}
}

func settleGame(s TournamentStore, table string, outcome int, at time.Time) error {
	res := engine.Result{Over: true, End: "won", Winners: []int{0}, Returns: []float64{1, -1}, Length: 30}
	return s.Settle(ctx, store.Settlement{Table: table, Result: res, At: at, Tournament: &store.TournamentResult{Outcome: outcome}})
}

func testTournamentSettle(t *testing.T, open Open) {
	s, _ := freshTournaments(t, open)
	tn := swissOfThree(t, s)
	if err := s.StartRound(ctx, round("t1", tn.Version, 1, "u1", "bot:1", "bot:2")); err != nil {
		t.Fatal(err)
	}
	create(t, s, twoPlayer("loose"))
	wantErr(t, "Settle of a table of no tournament game with a tournament result", settleGame(s, "loose", 1, epoch), store.ErrNotFound)
	if tb := get(t, s, "loose"); tb.Result != nil {
		t.Errorf("a refused settlement finished its table")
	}
	if err := settleGame(s, "t1-1-1", 2, epoch.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	g, err := s.TournamentGameOf(ctx, "t1-1-1")
	if err != nil || g.Outcome != 2 || g.Seq != 2 || !g.Ended.Equal(us(epoch.Add(time.Minute))) {
		t.Errorf("the settled game: %+v, %v; want outcome 2, seq 2 (after the bye), ended at the settlement", g, err)
	}
	wantErr(t, "Settle of a tournament game twice", settleGame(s, "t1-1-1", 1, epoch), store.ErrConflict)
	if g, _ := s.TournamentGameOf(ctx, "t1-1-1"); g.Outcome != 2 {
		t.Errorf("a second settlement changed the outcome to %d", g.Outcome)
	}
}

func testTournamentSettleRace(t *testing.T, open Open) {
	s, _ := freshTournaments(t, open)
	mustTournament(t, s, tournament("t1", ""))
	const n = 8
	for i := range 2 * n {
		mustJoin(t, s, "t1", fmt.Sprintf("bot:%d", i), "")
	}
	running(t, s, "t1")
	r := store.TournamentRound{Tournament: "t1", Version: readTournament(t, s, "t1").Version, Round: 1, Status: store.StatusRunning}
	for i := range n {
		id := fmt.Sprintf("g%d", i)
		r.Tables = append(r.Tables, twoPlayer(id))
		r.Games = append(r.Games, store.TournamentGame{Tournament: "t1", Round: 1, Board: i + 1, First: fmt.Sprintf("bot:%d", 2*i),
			Second: fmt.Sprintf("bot:%d", 2*i+1), Table: id, Started: epoch})
	}
	if err := s.StartRound(ctx, r); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			if err := settleGame(s, fmt.Sprintf("g%d", i), 1, epoch); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	gs, _ := s.TournamentGames(ctx, "t1")
	var seqs []int
	for _, g := range gs {
		seqs = append(seqs, g.Seq)
	}
	slices.Sort(seqs)
	if want := []int{1, 2, 3, 4, 5, 6, 7, 8}; !slices.Equal(seqs, want) {
		t.Errorf("%d games ending at once numbered %v, want %v", n, seqs, want)
	}
}

func testTournamentEnd(t *testing.T, open Open) {
	s, _ := freshTournaments(t, open)
	tn := swissOfThree(t, s)
	places := map[string]int{"bot:1": 1, "u1": 2, "bot:2": 3}
	wantErr(t, "EndTournament at an old version", s.EndTournament(ctx, "t1", tn.Version-1, store.StatusFinished, epoch, places), store.ErrConflict)
	if err := s.EndTournament(ctx, "t1", tn.Version, store.StatusRunning, epoch, places); err == nil {
		t.Errorf("EndTournament to running was taken")
	}
	at := epoch.Add(5 * time.Hour)
	if err := s.EndTournament(ctx, "t1", tn.Version, store.StatusFinished, at, places); err != nil {
		t.Fatal(err)
	}
	got := readTournament(t, s, "t1")
	if got.Status != store.StatusFinished || !got.Finished.Equal(us(at)) {
		t.Errorf("after EndTournament: %s, finished %v", got.Status, got.Finished)
	}
	wantErr(t, "EndTournament twice", s.EndTournament(ctx, "t1", got.Version, store.StatusCancelled, at, nil), store.ErrConflict)
	wantErr(t, "WithdrawEntrant of a finished tournament", s.WithdrawEntrant(ctx, "t1", "u1", at), store.ErrConflict)
	_, err := s.JoinTournament(ctx, store.Entrant{Tournament: "t1", ID: "bot:9", Joined: at}, 0, true)
	wantErr(t, "JoinTournament of a finished tournament", err, store.ErrConflict)
	wantErr(t, "StartRound of a finished tournament", s.StartRound(ctx, round("t1", got.Version, 1, "u1", "bot:1", "bot:2")), store.ErrConflict)
	es, _ := s.Entrants(ctx, "t1")
	for _, e := range es {
		if e.Place != places[e.ID] {
			t.Errorf("%s: place %d, want %d", e.ID, e.Place, places[e.ID])
		}
	}
	if ut, err := s.UserTournaments(ctx, "u1", 0); err != nil || len(ut) != 1 || ut[0].Entrant.Place != 2 ||
		ut[0].Tournament.Status != store.StatusFinished {
		t.Errorf("UserTournaments after the end: %+v, %v", ut, err)
	}
	if err := s.DeleteUser(ctx, "u1", "deleted"); err != nil {
		t.Fatal(err)
	}
	if ut, err := s.UserTournaments(ctx, "u1", 0); err != nil || len(ut) != 0 {
		t.Errorf("UserTournaments of a deleted account: %+v, %v", ut, err)
	}
	es, _ = s.Entrants(ctx, "t1")
	for _, e := range es {
		if e.ID == "u1" && (e.User != "" || e.Name != "deleted" || e.Place != 2) {
			t.Errorf("a deleted account's entry: %+v; want no account, the name deleted, its place kept", e)
		}
	}
}

// soloTable is a one-seat Regicide table.
func soloTable(id string) store.Table {
	return store.Table{ID: id, Game: "regicide", Options: map[string]string{"players": "1"}, Seed: 9,
		Seats: []store.Seat{{Name: "Ann", Kind: "human", Token: "ta"}}, Created: epoch}
}

func testTournamentSolo(t *testing.T, open Open) {
	s, _ := freshTournaments(t, open)
	mustUser(t, s, "u1", "Ann")
	tn := tournament("s1", "")
	tn.Kind, tn.Game, tn.Ends = store.KindSolo, "regicide", epoch.Add(2*time.Hour)
	mustTournament(t, s, tn)
	mustJoin(t, s, "s1", "bot:0", "")
	e := mustJoin(t, s, "s1", "u1", "u1")
	attempt := func(deal int, table string, at time.Time) error {
		g := store.TournamentGame{Tournament: "s1", Round: deal, First: "u1", Table: table, Started: at}
		return s.StartSoloAttempt(ctx, g, soloTable(table), store.SeatAccount{Table: table, Seat: 0, User: "u1"})
	}
	wantErr(t, "StartSoloAttempt before the tournament runs", attempt(1, "a0", epoch.Add(time.Hour)), store.ErrConflict)
	running(t, s, "s1")
	if err := attempt(1, "a1", epoch.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "a second attempt at deal 1", attempt(1, "a2", epoch.Add(time.Hour)), store.ErrConflict)
	if _, err := s.Table(ctx, "a2"); err == nil {
		t.Errorf("a refused attempt left its table")
	}
	wantErr(t, "an attempt after the window closed", attempt(2, "a3", epoch.Add(2*time.Hour)), store.ErrConflict)
	g := store.TournamentGame{Tournament: "s1", Round: 2, First: "u9", Table: "a4", Started: epoch.Add(time.Hour)}
	wantErr(t, "an attempt of no entrant", s.StartSoloAttempt(ctx, g, soloTable("a4"), store.SeatAccount{}), store.ErrNotFound)
	res := engine.Result{Over: true, End: "lost", Returns: []float64{-1}, Length: 40}
	if err := s.Settle(ctx, store.Settlement{Table: "a1", Result: res, At: epoch.Add(90 * time.Minute),
		Tournament: &store.TournamentResult{Enemies: 7}}); err != nil {
		t.Fatal(err)
	}
	got, err := s.TournamentGameOf(ctx, "a1")
	if err != nil || got.Board != e.Entry || got.Enemies != 7 || got.Won || got.Seq != 1 || !got.Started.Equal(us(epoch.Add(time.Hour))) {
		t.Errorf("the attempt: %+v, %v; want board %d (the entry), 7 enemies, lost, seq 1", got, err, e.Entry)
	}
	if err := s.WithdrawEntrant(ctx, "s1", "u1", epoch.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "an attempt of an entrant who withdrew", attempt(2, "a5", epoch.Add(time.Hour)), store.ErrNotFound)
}

func testTournamentReopen(t *testing.T, open Open) {
	s, name := freshTournaments(t, open)
	tn := swissOfThree(t, s)
	if err := s.StartRound(ctx, round("t1", tn.Version, 1, "u1", "bot:1", "bot:2")); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2 := open(t, name).(TournamentStore)
	if got := readTournament(t, s2, "t1"); got.Round != 1 || got.Version != tn.Version+1 || got.Entrants != 3 {
		t.Errorf("reopened: %+v", got)
	}
	if es, err := s2.Entrants(ctx, "t1"); err != nil || len(es) != 3 {
		t.Errorf("reopened entrants: %d, %v", len(es), err)
	}
	if gs, err := s2.TournamentGames(ctx, "t1"); err != nil || len(gs) != 2 {
		t.Errorf("reopened games: %d, %v", len(gs), err)
	}
	if err := settleGame(s2, "t1-1-1", 1, epoch); err != nil {
		t.Errorf("settling after the reopening: %v", err)
	}
}

// us is t as a store keeps it: to the microsecond.
func us(t time.Time) time.Time { return t.Truncate(time.Microsecond) }
