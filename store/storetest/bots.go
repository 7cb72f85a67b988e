package storetest

import (
	"fmt"
	"math"
	"testing"
	"time"

	"cardtable/store"
)

// BotStore is a store with accounts and bot accounts.
type BotStore interface {
	AccountStore
	store.Bots
}

// RunBots runs the bot accounts suite (store.Bots's comments) on stores
// open gives (they must implement store.Accounts and store.Bots).
func RunBots(t *testing.T, open Open) {
	t.Run("Create", func(t *testing.T) { testBotCreate(t, open) })
	t.Run("Tokens", func(t *testing.T) { testBotTokens(t, open) })
	t.Run("DeleteOwner", func(t *testing.T) { testBotDeleteOwner(t, open) })
	t.Run("DeleteBot", func(t *testing.T) { testBotDelete(t, open) })
	t.Run("Board", func(t *testing.T) { testBotBoard(t, open) })
}

func freshBots(t *testing.T, open Open) BotStore {
	t.Helper()
	s, _ := fresh(t, open)
	bs, ok := s.(BotStore)
	if !ok {
		t.Fatalf("%T does not implement store.Accounts and store.Bots", s)
	}
	return bs
}

func botAccount(id, name, owner string) store.BotAccount {
	u := user(id, name)
	u.Password = ""
	return store.BotAccount{User: u, Owner: owner, Created: epoch}
}

func mustBot(t *testing.T, s BotStore, id, name, owner string) {
	t.Helper()
	if err := s.CreateBot(ctx, botAccount(id, name, owner), 0); err != nil {
		t.Fatalf("CreateBot(%s): %v", id, err)
	}
}

func testBotCreate(t *testing.T, open Open) {
	s := freshBots(t, open)
	mustUser(t, s, "u1", "Ann")
	mustBot(t, s, "b1", "AnnBot", "u1")
	b, err := s.BotAccount(ctx, "b1")
	if err != nil || b.Owner != "u1" || b.User.Name != "AnnBot" || !b.User.Bot || !b.Created.Equal(us(epoch)) || !b.Disabled.IsZero() {
		t.Errorf("BotAccount: %+v, %v", b, err)
	}
	if u, err := s.User(ctx, "b1"); err != nil || !u.Bot {
		t.Errorf("the bot's user is not marked a bot: %+v, %v", u, err)
	}
	if u, err := s.UserByKey(ctx, "key-Ann"); err != nil || u.Bot {
		t.Errorf("a person is marked a bot: %+v, %v", u, err)
	}
	_, err = s.BotAccount(ctx, "u1")
	wantErr(t, "BotAccount of a person", err, store.ErrNotFound)
	wantErr(t, "CreateBot with a taken name", s.CreateBot(ctx, botAccount("b2", "Ann", "u1"), 0), store.ErrConflict)
	wantErr(t, "CreateBot owned by a bot", s.CreateBot(ctx, botAccount("b3", "BotBot", "b1"), 0), store.ErrConflict)
	wantErr(t, "CreateBot owned by nobody", s.CreateBot(ctx, botAccount("b4", "Orphan", "u9"), 0), store.ErrNotFound)
	wantErr(t, "CreateBot past the owner's bound", s.CreateBot(ctx, botAccount("b5", "Second", "u1"), 1), store.ErrLimit)
	if _, err := s.User(ctx, "b5"); err == nil {
		t.Errorf("a refused bot's user exists")
	}
	second := botAccount("b6", "Second", "u1")
	second.Created = epoch.Add(time.Hour)
	if err := s.CreateBot(ctx, second, 2); err != nil {
		t.Fatal(err)
	}
	bs, err := s.OwnerBots(ctx, "u1")
	if err != nil || len(bs) != 2 || bs[0].User.ID != "b1" || bs[1].User.ID != "b6" {
		t.Errorf("OwnerBots: %+v, %v", bs, err)
	}
	if bs, _ := s.OwnerBots(ctx, ""); len(bs) != 0 {
		t.Errorf("OwnerBots of no owner: %+v", bs)
	}
}

func testBotTokens(t *testing.T, open Open) {
	s := freshBots(t, open)
	mustUser(t, s, "u1", "Ann")
	mustUser(t, s, "u2", "Bob")
	mustBot(t, s, "b1", "AnnBot", "u1")
	_, err := s.BotByToken(ctx, "h1", epoch)
	wantErr(t, "BotByToken before any token", err, store.ErrNotFound)
	wantErr(t, "SetBotToken by another person", s.SetBotToken(ctx, "u2", store.BotToken{ID: "h1", Bot: "b1", Created: epoch}), store.ErrNotFound)
	if err := s.SetBotToken(ctx, "u1", store.BotToken{ID: "h1", Bot: "b1", Created: epoch}); err != nil {
		t.Fatal(err)
	}
	if b, err := s.BotByToken(ctx, "h1", epoch.Add(time.Minute)); err != nil || b.User.ID != "b1" || !b.User.Bot {
		t.Errorf("BotByToken: %+v, %v", b, err)
	}
	if err := s.SetBotToken(ctx, "u1", store.BotToken{ID: "h2", Bot: "b1", Created: epoch.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	_, err = s.BotByToken(ctx, "h1", epoch.Add(2*time.Hour))
	wantErr(t, "BotByToken of a replaced token", err, store.ErrNotFound)
	if _, err := s.BotByToken(ctx, "h2", epoch.Add(2*time.Hour)); err != nil {
		t.Errorf("BotByToken of the new token: %v", err)
	}
	wantErr(t, "SetBotToken of a token that exists", s.SetBotToken(ctx, "u1", store.BotToken{ID: "h2", Bot: "b1", Created: epoch}), store.ErrConflict)
	wantErr(t, "SetBotDisabled by another person", s.SetBotDisabled(ctx, "u2", "b1", epoch), store.ErrNotFound)
	if err := s.SetBotDisabled(ctx, "u1", "b1", epoch.Add(3*time.Hour)); err != nil {
		t.Fatal(err)
	}
	_, err = s.BotByToken(ctx, "h2", epoch.Add(4*time.Hour))
	wantErr(t, "BotByToken of a bot shut off", err, store.ErrNotFound)
	if b, _ := s.BotAccount(ctx, "b1"); !b.Disabled.Equal(us(epoch.Add(3 * time.Hour))) {
		t.Errorf("Disabled: %v", b.Disabled)
	}
	if err := s.SetBotDisabled(ctx, "u1", "b1", time.Time{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.BotByToken(ctx, "h2", epoch.Add(5*time.Hour)); err != nil {
		t.Errorf("BotByToken once back on: %v", err)
	}
}

func testBotDeleteOwner(t *testing.T, open Open) {
	s := freshBots(t, open)
	mustUser(t, s, "u1", "Ann")
	mustBot(t, s, "b1", "AnnBot", "u1")
	if err := s.SetBotToken(ctx, "u1", store.BotToken{ID: "h1", Bot: "b1", Created: epoch}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteUser(ctx, "u1", "deleted"); err != nil {
		t.Fatal(err)
	}
	b, err := s.BotAccount(ctx, "b1")
	if err != nil || b.Owner != "" || b.Disabled.IsZero() {
		t.Errorf("a deleted person's bot: %+v, %v; want no owner, shut off", b, err)
	}
	_, err = s.BotByToken(ctx, "h1", epoch)
	wantErr(t, "BotByToken of a deleted person's bot", err, store.ErrNotFound)
	wantErr(t, "SetBotDisabled of an orphan bot by nobody", s.SetBotDisabled(ctx, "", "b1", time.Time{}), store.ErrNotFound)
}

func testBotDelete(t *testing.T, open Open) {
	s := freshBots(t, open)
	mustUser(t, s, "u1", "Ann")
	mustBot(t, s, "b1", "AnnBot", "u1")
	if err := s.SetBotToken(ctx, "u1", store.BotToken{ID: "h1", Bot: "b1", Created: epoch}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteUser(ctx, "b1", "deleted"); err != nil {
		t.Fatal(err)
	}
	_, err := s.BotAccount(ctx, "b1")
	wantErr(t, "BotAccount of a deleted bot", err, store.ErrNotFound)
	_, err = s.BotByToken(ctx, "h1", epoch)
	wantErr(t, "BotByToken of a deleted bot", err, store.ErrNotFound)
	if bs, _ := s.OwnerBots(ctx, "u1"); len(bs) != 0 {
		t.Errorf("OwnerBots after the bot was deleted: %+v", bs)
	}
}

// testBotBoard: a bot account's rating is marked as a bot's, and a
// leaderboard lists everyone, people only or bots only, ranked among
// whom it lists.
func testBotBoard(t *testing.T, open Open) {
	s := freshBots(t, open)
	mustUser(t, s, "u1", "Ann")
	mustBot(t, s, "b1", "Robo", "u1")
	for i, id := range []string{"b1", "u1"} {
		tb := twoPlayer("g" + id)
		create(t, s, tb)
		c := store.RatingChange{Before: newRating(id), After: store.Rating{R: 1700 - 100*float64(i), RD: 50, Vol: 0.06}}
		if err := s.Settle(ctx, store.Settlement{Table: tb.ID, Result: won, At: epoch, Ratings: []store.RatingChange{c}}); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ who, want string }{{"", "[Robo:bot Ann]"}, {store.BoardPeople, "[Ann]"}, {store.BoardBots, "[Robo:bot]"}} {
		est := store.Established{Now: epoch, MaxRD: 110, Scale: 400 / math.Ln10, Who: c.who}
		board, err := s.Leaderboard(ctx, "watchtower", est, 0, 10)
		got := []string{}
		for _, r := range board {
			if r.Bot {
				r.Name += ":bot"
			}
			got = append(got, r.Name)
		}
		if err != nil || fmt.Sprint(got) != c.want {
			t.Errorf("board of %q: %v, %v; want %s", c.who, got, err, c.want)
		}
		if c.who != store.BoardBots {
			if rank, err := s.RatingRank(ctx, "watchtower", "u1", est); err != nil || rank != len(board) {
				t.Errorf("Ann's rank on the board of %q: %d, %v; want %d", c.who, rank, err, len(board))
			}
		}
	}
	if rs, err := s.Ratings(ctx, "watchtower", []string{"b1", "u1"}); err != nil || len(rs) != 2 || !rs[0].Bot || rs[1].Bot {
		t.Errorf("the ratings of Robo and Ann: %+v, %v; want Robo's marked a bot's", rs, err)
	}
}
