package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"cardtable/store"
)

// AccountStore is a store with accounts.
type AccountStore interface {
	store.Store
	store.Accounts
}

// RunAccounts runs the accounts suite (store.Accounts's comments), each
// contract as a subtest, on stores open gives (they must implement
// store.Accounts).
func RunAccounts(t *testing.T, open Open) {
	tests := []struct {
		name string
		fn   func(t *testing.T, open Open)
	}{
		{"Users", testUsers},
		{"Rename", testRename},
		{"Language", testLanguage},
		{"Lockout", testLockout},
		{"Passkeys", testPasskeys},
		{"Sessions", testSessions},
		{"Challenges", testChallenges},
		{"Secret", testSecret},
		{"LinkSeat", testLinkSeat},
		{"UserTables", testUserTables},
		{"Daily", testDaily},
		{"DailyBoard", testDailyBoard},
		{"Settle", testSettle},
		{"SettleOnce", testSettleOnce},
		{"SettleStale", testSettleStale},
		{"SettleRace", testSettleRace},
		{"Leaderboard", testLeaderboard},
		{"LeaderboardEstablished", testLeaderboardEstablished},
		{"SignUps", testSignUps},
		{"SignUpRace", testSignUpRace},
		{"DeleteUser", testDeleteUser},
		{"AccountsReopen", testAccountsReopen},
		{"PuzzleSettle", testPuzzleSettle},
		{"PuzzleLists", testPuzzleLists},
		{"PuzzleRace", testPuzzleRace},
		{"PuzzleReopen", testPuzzleReopen},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, open) })
	}
}

func freshAccounts(t *testing.T, open Open) (AccountStore, string) {
	t.Helper()
	s, name := fresh(t, open)
	as, ok := s.(AccountStore)
	if !ok {
		t.Fatalf("%T does not implement store.Accounts", s)
	}
	return as, name
}

func user(id, name string) store.User {
	return store.User{ID: id, Name: name, Key: "key-" + name, Created: epoch, Password: "$argon2id$" + id}
}

func mustUser(t *testing.T, s AccountStore, id, name string) store.User {
	t.Helper()
	u := user(id, name)
	if err := s.CreateUser(ctx, u); err != nil {
		t.Fatalf("CreateUser(%s): %v", id, err)
	}
	return u
}

func testUsers(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	u := mustUser(t, s, "u1", "Ann")
	for what, get := range map[string]func() (store.User, error){
		"User":      func() (store.User, error) { return s.User(ctx, "u1") },
		"UserByKey": func() (store.User, error) { return s.UserByKey(ctx, "key-Ann") },
	} {
		got, err := get()
		if err != nil || got.ID != u.ID || got.Name != u.Name || got.Key != u.Key || got.Password != u.Password ||
			!got.Created.Equal(epoch.Truncate(time.Microsecond)) || got.Created.Location() != time.UTC {
			t.Errorf("%s gives %+v, %v; want %+v (times in UTC)", what, got, err, u)
		}
	}
	wantErr(t, "CreateUser of a taken key", s.CreateUser(ctx, store.User{ID: "u2", Name: "ann", Key: "key-Ann", Created: epoch}), store.ErrConflict)
	wantErr(t, "CreateUser of a taken id", s.CreateUser(ctx, user("u1", "Bob")), store.ErrConflict)
	if _, err := s.User(ctx, "u2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused user is there: %v", err)
	}
	_, err := s.UserByKey(ctx, "key-Bob")
	wantErr(t, "UserByKey of a refused user", err, store.ErrNotFound)
	if err := s.SetPassword(ctx, "u1", ""); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.User(ctx, "u1"); got.Password != "" {
		t.Errorf("SetPassword to none left %q", got.Password)
	}
	wantErr(t, "SetPassword of no user", s.SetPassword(ctx, "nobody", "x"), store.ErrNotFound)
}

func testRename(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	mustUser(t, s, "u1", "Ann")
	mustUser(t, s, "u2", "Bob")
	wantErr(t, "RenameUser to a taken key", s.RenameUser(ctx, "u1", "bob", "key-Bob"), store.ErrConflict)
	if err := s.RenameUser(ctx, "u1", "ANN", "key-Ann"); err != nil {
		t.Errorf("RenameUser to its own key in another case: %v", err)
	}
	if err := s.RenameUser(ctx, "u1", "Cleo", "key-Cleo"); err != nil {
		t.Fatal(err)
	}
	if got, err := s.UserByKey(ctx, "key-Cleo"); err != nil || got.ID != "u1" || got.Name != "Cleo" {
		t.Errorf("after the rename: %+v, %v", got, err)
	}
	if _, err := s.UserByKey(ctx, "key-Ann"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the old name still finds the user: %v", err)
	}
	wantErr(t, "RenameUser of no user", s.RenameUser(ctx, "nobody", "Dan", "key-Dan"), store.ErrNotFound)
}

// testLanguage: a user's language is kept as set, read by every read of
// the user (a session's too), survives a reopen, and "" clears it.
func testLanguage(t *testing.T, open Open) {
	s, name := freshAccounts(t, open)
	mustUser(t, s, "u1", "Ann")
	cy := user("u2", "Bob")
	cy.Language = "cy"
	if err := s.CreateUser(ctx, cy); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateSession(ctx, store.Session{ID: "s1", User: "u1", Created: epoch, Seen: epoch, Expires: epoch.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	reads := func(s AccountStore, id, key, session string) map[string]func() (store.User, error) {
		return map[string]func() (store.User, error){
			"User":      func() (store.User, error) { return s.User(ctx, id) },
			"UserByKey": func() (store.User, error) { return s.UserByKey(ctx, key) },
			"Session": func() (store.User, error) {
				_, u, err := s.Session(ctx, session, epoch)
				return u, err
			},
		}
	}
	check := func(s AccountStore, when, want string) {
		t.Helper()
		for what, get := range reads(s, "u1", "key-Ann", "s1") {
			if u, err := get(); err != nil || u.Language != want {
				t.Errorf("%s: %s gives language %q, %v; want %q", when, what, u.Language, err, want)
			}
		}
	}
	check(s, "a new user", "")
	if u, err := s.User(ctx, "u2"); err != nil || u.Language != "cy" {
		t.Errorf("a user created with a language reads %q, %v; want cy", u.Language, err)
	}
	if err := s.SetLanguage(ctx, "u1", "he"); err != nil {
		t.Fatal(err)
	}
	check(s, "after SetLanguage he", "he")
	if u, _ := s.User(ctx, "u2"); u.Language != "cy" {
		t.Errorf("another user's language moved to %q", u.Language)
	}
	wantErr(t, "SetLanguage of no user", s.SetLanguage(ctx, "nobody", "sk"), store.ErrNotFound)
	s.Close()
	again, ok := open(t, name).(AccountStore)
	if !ok {
		t.Fatal("the reopened store has no accounts")
	}
	check(again, "after reopening", "he")
	if err := again.SetLanguage(ctx, "u1", ""); err != nil {
		t.Fatal(err)
	}
	check(again, "after SetLanguage \"\"", "")
}

func testLockout(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	mustUser(t, s, "u1", "Ann")
	until := epoch.Add(15 * time.Minute)
	for _, key := range []string{"key-Ann", "key-nobody"} { // with an account and without: the same
		for i := 1; i <= 2; i++ {
			st, err := s.SignInFailed(ctx, key, 3, until, epoch)
			if err != nil || st.Failed != i || !st.LockedUntil.IsZero() {
				t.Fatalf("%s: failure %d: %+v, %v; want %d failures, no lock", key, i, st, err, i)
			}
		}
		st, err := s.SignInFailed(ctx, key, 3, until, epoch)
		if err != nil || st.Failed != 0 || !st.LockedUntil.Equal(until.Truncate(time.Microsecond)) {
			t.Fatalf("%s: third failure: %+v, %v; want locked until %v, count reset", key, st, err, until)
		}
		if got, err := s.SignInState(ctx, key); err != nil || got != st {
			t.Errorf("%s: SignInState = %+v, %v; want %+v", key, got, err, st)
		}
	}
	if _, err := s.SignInFailed(ctx, "key-Ann", 3, until, epoch); err != nil {
		t.Fatal(err)
	}
	if err := s.SignInSucceeded(ctx, "key-Ann"); err != nil {
		t.Fatal(err)
	}
	if st, err := s.SignInState(ctx, "key-Ann"); err != nil || st != (store.SignInState{}) {
		t.Errorf("SignInSucceeded left %+v, %v", st, err)
	}
	if st, err := s.SignInState(ctx, "key-never"); err != nil || st != (store.SignInState{}) {
		t.Errorf("SignInState of a key never failed: %+v, %v", st, err)
	}
	// Failures counted from many goroutines at once are all counted.
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() { s.SignInFailed(ctx, "key-Bob", 100, until, epoch) })
	}
	wg.Wait()
	if st, _ := s.SignInState(ctx, "key-Bob"); st.Failed != 8 {
		t.Errorf("8 failures at once counted as %d", st.Failed)
	}
	// A day later, unlocked ones are purged; a lock still running stays.
	if _, err := s.SignInFailed(ctx, "key-Cleo", 1, epoch.Add(48*time.Hour), epoch); err != nil {
		t.Fatal(err)
	}
	if err := s.PurgeExpired(ctx, epoch.Add(25*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if st, _ := s.SignInState(ctx, "key-Bob"); st.Failed != 0 {
		t.Errorf("PurgeExpired kept a day-old count: %+v", st)
	}
	if st, _ := s.SignInState(ctx, "key-Cleo"); st.LockedUntil.IsZero() {
		t.Error("PurgeExpired dropped a running lock")
	}
}

func testPasskeys(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	mustUser(t, s, "u1", "Ann")
	mustUser(t, s, "u2", "Bob")
	p := store.Passkey{ID: "cred-1", User: "u1", Data: `{"k":1}`, Created: epoch, LastUsed: epoch}
	if err := s.AddPasskey(ctx, p); err != nil {
		t.Fatal(err)
	}
	if err := s.AddPasskey(ctx, store.Passkey{ID: "cred-2", User: "u1", Data: `{"k":2}`, Created: epoch.Add(time.Second), LastUsed: epoch}); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "AddPasskey of a taken id", s.AddPasskey(ctx, store.Passkey{ID: "cred-1", User: "u2", Data: "{}", Created: epoch}), store.ErrConflict)
	got, err := s.Passkey(ctx, "cred-1")
	if err != nil || got.User != "u1" || got.Data != p.Data || !got.Created.Equal(epoch.Truncate(time.Microsecond)) {
		t.Errorf("Passkey gives %+v, %v", got, err)
	}
	later := epoch.Add(time.Hour)
	if err := s.UsePasskey(ctx, "cred-1", `{"k":1,"count":5}`, later); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Passkey(ctx, "cred-1"); got.Data != `{"k":1,"count":5}` || !got.LastUsed.Equal(later.Truncate(time.Microsecond)) {
		t.Errorf("after UsePasskey: %+v", got)
	}
	if ps, err := s.Passkeys(ctx, "u1"); err != nil || len(ps) != 2 || ps[0].ID != "cred-1" || ps[1].ID != "cred-2" {
		t.Errorf("Passkeys(u1) = %+v, %v; want cred-1, cred-2", ps, err)
	}
	if ps, err := s.Passkeys(ctx, "u2"); err != nil || len(ps) != 0 {
		t.Errorf("Passkeys(u2) = %+v, %v; want none", ps, err)
	}
	wantErr(t, "DeletePasskey of another user's", s.DeletePasskey(ctx, "u2", "cred-1"), store.ErrNotFound)
	if err := s.DeletePasskey(ctx, "u1", "cred-1"); err != nil {
		t.Fatal(err)
	}
	_, err = s.Passkey(ctx, "cred-1")
	wantErr(t, "Passkey after its deletion", err, store.ErrNotFound)
	wantErr(t, "UsePasskey of no passkey", s.UsePasskey(ctx, "cred-9", "{}", later), store.ErrNotFound)
}

func testSessions(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	mustUser(t, s, "u1", "Ann")
	mustUser(t, s, "u2", "Bob")
	mk := func(id, user string, created time.Time, life time.Duration) store.Session {
		se := store.Session{ID: id, User: user, Created: created, Seen: created, Expires: created.Add(life), Agent: "test/" + id}
		if err := s.CreateSession(ctx, se); err != nil {
			t.Fatalf("CreateSession(%s): %v", id, err)
		}
		return se
	}
	mk("s1", "u1", epoch, time.Hour)
	mk("s2", "u1", epoch.Add(time.Minute), time.Hour)
	mk("s3", "u1", epoch.Add(2*time.Minute), time.Second)
	mk("s4", "u2", epoch, time.Hour)
	wantErr(t, "CreateSession of a taken id", s.CreateSession(ctx, store.Session{ID: "s1", User: "u2", Created: epoch, Expires: epoch.Add(time.Hour)}), store.ErrConflict)
	now := epoch.Add(10 * time.Minute)
	se, u, err := s.Session(ctx, "s1", now)
	if err != nil || se.User != "u1" || u.ID != "u1" || u.Name != "Ann" || se.Agent != "test/s1" || !se.Expires.Equal(epoch.Add(time.Hour).Truncate(time.Microsecond)) {
		t.Errorf("Session(s1) = %+v, %+v, %v", se, u, err)
	}
	_, _, err = s.Session(ctx, "s3", now)
	wantErr(t, "Session of an expired session", err, store.ErrNotFound)
	_, _, err = s.Session(ctx, "s1", epoch.Add(time.Hour))
	wantErr(t, "Session at its very expiry", err, store.ErrNotFound)
	if err := s.TouchSession(ctx, "s1", now, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Session(ctx, "s1", epoch.Add(time.Hour)); err != nil {
		t.Errorf("a touched session expired at its old expiry: %v", err)
	}
	if list, err := s.Sessions(ctx, "u1", now); err != nil || len(list) != 2 || list[0].ID != "s2" || list[1].ID != "s1" {
		t.Errorf("Sessions(u1) = %+v, %v; want s2, s1 (live ones, newest first)", list, err)
	}
	if err := s.DeleteSession(ctx, "s2"); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteSession(ctx, "s2"); err != nil {
		t.Errorf("DeleteSession of a gone session: %v", err)
	}
	if n, err := s.DeleteSessions(ctx, "u1"); err != nil || n != 2 {
		t.Errorf("DeleteSessions(u1) = %d, %v; want 2 (s1 and the expired s3)", n, err)
	}
	if _, _, err := s.Session(ctx, "s4", now); err != nil {
		t.Errorf("another user's session went too: %v", err)
	}
	if err := s.PurgeExpired(ctx, epoch.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if list, _ := s.Sessions(ctx, "u2", epoch); len(list) != 0 {
		t.Errorf("PurgeExpired left %+v", list)
	}
}

func testChallenges(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	c := store.Challenge{ID: "c1", Kind: "signup", Data: `{"challenge":"x"}`, Expires: epoch.Add(5 * time.Minute)}
	if err := s.PutChallenge(ctx, c); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "PutChallenge of a taken id", s.PutChallenge(ctx, c), store.ErrConflict)
	got, err := s.TakeChallenge(ctx, "c1", epoch)
	if err != nil || got.Kind != "signup" || got.Data != c.Data {
		t.Errorf("TakeChallenge = %+v, %v", got, err)
	}
	_, err = s.TakeChallenge(ctx, "c1", epoch)
	wantErr(t, "TakeChallenge a second time", err, store.ErrNotFound)
	if err := s.PutChallenge(ctx, store.Challenge{ID: "c2", Kind: "signin", Data: "{}", Expires: epoch}); err != nil {
		t.Fatal(err)
	}
	_, err = s.TakeChallenge(ctx, "c2", epoch)
	wantErr(t, "TakeChallenge of an expired one", err, store.ErrNotFound)
	if err := s.PutChallenge(ctx, store.Challenge{ID: "c2", Kind: "signin", Data: "{}", Expires: epoch.Add(time.Hour)}); err != nil {
		t.Errorf("an expired challenge taken was not removed: %v", err)
	}
	// Taken from many goroutines at once, a challenge serves exactly one.
	if err := s.PutChallenge(ctx, store.Challenge{ID: "c3", Kind: "signin", Data: "{}", Expires: epoch.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for range 8 {
		wg.Go(func() {
			if _, err := s.TakeChallenge(ctx, "c3", epoch); err == nil {
				mu.Lock()
				won++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if won != 1 {
		t.Errorf("a challenge taken 8 times at once served %d, want 1", won)
	}
}

func testSecret(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	var wg sync.WaitGroup
	got := make([]string, 8)
	for i := range got {
		wg.Go(func() {
			v, err := s.Secret(ctx, "daily", fmt.Sprintf("value-%d", i))
			if err != nil {
				t.Errorf("Secret: %v", err)
			}
			got[i] = v
		})
	}
	wg.Wait()
	for _, v := range got {
		if v != got[0] || v == "" {
			t.Fatalf("Secret asked at once gave %q: every caller must get the one stored", got)
		}
	}
	if v, _ := s.Secret(ctx, "daily", "another"); v != got[0] {
		t.Errorf("Secret later gave %q, want the first %q", v, got[0])
	}
	if v, _ := s.Secret(ctx, "other", "x"); v != "x" {
		t.Errorf("another secret: %q", v)
	}
}

func testLinkSeat(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	mustUser(t, s, "u1", "Ann")
	mustUser(t, s, "u2", "Bob")
	create(t, s, sample("t1", epoch))
	wantErr(t, "LinkSeat with a wrong token", s.LinkSeat(ctx, "t1", 0, "hash-bob", "u1"), store.ErrNotFound)
	wantErr(t, "LinkSeat with no token", s.LinkSeat(ctx, "t1", 1, "", "u1"), store.ErrNotFound)
	wantErr(t, "LinkSeat of no table", s.LinkSeat(ctx, "gone", 0, "hash-ann", "u1"), store.ErrNotFound)
	if err := s.LinkSeat(ctx, "t1", 0, "hash-ann", "u1"); err != nil {
		t.Fatal(err)
	}
	if err := s.LinkSeat(ctx, "t1", 0, "hash-ann", "u1"); err != nil {
		t.Errorf("LinkSeat again to the same user: %v", err)
	}
	wantErr(t, "LinkSeat of a linked seat to another user", s.LinkSeat(ctx, "t1", 0, "hash-ann", "u2"), store.ErrConflict)
	links, err := s.SeatAccounts(ctx, []string{"t1", "gone"})
	if err != nil || len(links) != 1 || links[0] != (store.SeatAccount{Table: "t1", Seat: 0, User: "u1", Name: "Ann"}) {
		t.Errorf("SeatAccounts = %+v, %v", links, err)
	}
	if links, err := s.SeatAccounts(ctx, nil); err != nil || len(links) != 0 {
		t.Errorf("SeatAccounts of no tables = %+v, %v", links, err)
	}
}

func testUserTables(t *testing.T, open Open) {
	s, _ := freshAccounts(t, open)
	mustUser(t, s, "u1", "Ann")
	for i := range 5 {
		tb := sample(fmt.Sprintf("t%d", i), epoch.Add(time.Duration(i)*time.Minute))
		tb.Seats[1] = store.Seat{Name: "Ann", Kind: "human", Token: "hash-ann-2", Invite: "inv-1"}
		create(t, s, tb)
		seat := i % 2
		token := "hash-ann"
		if seat == 1 {
			token = "hash-ann-2"
		}
		if i != 2 {
			if err := s.LinkSeat(ctx, tb.ID, seat, token, "u1"); err != nil {
				t.Fatal(err)
			}
		}
	}
	got, err := s.UserTables(ctx, "u1", time.Time{}, 10)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, ut := range got {
		ids = append(ids, fmt.Sprintf("%s/%d", ut.Table.ID, ut.Seat))
		if len(ut.Table.Seats) != 2 || ut.Table.Game != "regicide" {
			t.Errorf("UserTables gives table %+v without its header or seats", ut.Table)
		}
	}
	if fmt.Sprint(ids) != "[t4/0 t3/1 t1/1 t0/0]" {
		t.Errorf("UserTables = %v, want [t4/0 t3/1 t1/1 t0/0] (newest first, unlinked t2 left out)", ids)
	}
	page, err := s.UserTables(ctx, "u1", got[1].Table.Created, 1)
	if err != nil || len(page) != 1 || page[0].Table.ID != "t1" {
		t.Errorf("UserTables before t3, 1 of them: %+v, %v; want t1", page, err)
	}
	if none, err := s.UserTables(ctx, "nobody", time.Time{}, 10); err != nil || len(none) != 0 {
		t.Errorf("UserTables of no user: %+v, %v", none, err)
	}
}
