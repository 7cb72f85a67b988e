package room

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"cardtable/bots/regicidebot"
	"cardtable/engine"
	"cardtable/server/secret"
	"cardtable/store"
	"cardtable/store/memstore"
	"cardtable/table"
)

// A stored table whose bot settings are over today's caps (caps lowered
// since it was made, or a table written before there were any) loads, its
// bot plays under the caps, and the load says so in the log, once per
// setting.
func TestStoredBotOverCapsRunsUnderThem(t *testing.T) {
	st := memstore.New()
	hdr := store.Table{
		ID: "overcaps", Game: "regicide", Options: map[string]string{"players": "2", "first": "1"}, Seed: 7,
		Creator: secret.Hash("creator"), Created: time.Now(),
		Seats: []store.Seat{
			{Kind: table.KindHuman},
			{Name: "expert (seat 2)", Kind: table.KindBot, Bot: "expert:covers=70:iterations=2000000000:time=1000h:workers=64"},
		},
	}
	if err := st.CreateTable(t.Context(), hdr); err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	caps := engine.BotCaps{Think: time.Hour, Iterations: 300, Workers: 1, Candidates: 5}
	s := newRooms(st, func(c *Config) {
		c.Log, c.BotCaps = slog.New(slog.NewTextHandler(&logs, nil)), BotCapsWithDefaults(caps)
	})
	defer s.Shutdown(context.Background())
	rm, err := s.room(context.Background(), hdr.ID)
	if err != nil {
		t.Fatalf("a table over today's caps did not load: %v", err)
	}
	var bot *regicidebot.Bot
	look(rm, func() { bot, _ = rm.bots.seat[1].(*regicidebot.Bot) })
	if bot == nil {
		t.Fatalf("seat 2 plays %T, want the Regicide expert", rm.bots.seat[1])
	}
	got := bot.Settings()
	if cfg := got.Search; cfg.Iterations != 300 || cfg.Time != time.Hour || cfg.Workers != 1 || got.Covers != 5 || got.Plays != 4 {
		t.Errorf("the stored expert runs with iterations=%d time=%v workers=%d covers=%d plays=%d; want the caps 300, 1h, 1, 5 and its own plays=4",
			cfg.Iterations, cfg.Time, cfg.Workers, got.Covers, got.Plays)
	}
	for _, setting := range []string{"iterations=2000000000", "time=1000h", "workers=64", "covers=70"} {
		if n := strings.Count(logs.String(), `setting="`+setting+`"`); n != 1 {
			t.Errorf("the log names %s %d times, want once:\n%s", setting, n, logs.String())
		}
	}
	spec := joinProbe(t, s, rm, "")
	for deadline := time.Now().Add(hang); lastOf(spec.drain(), "event").Type == ""; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no event")
		}
	}
	if acts, _ := st.Actions(t.Context(), hdr.ID); len(acts) == 0 || acts[0].Seat != 1 {
		t.Fatalf("the capped bot did not move: %+v", acts)
	}
	var stored store.Table
	if stored, err = st.Table(t.Context(), hdr.ID); err != nil || stored.Seats[1].Bot != hdr.Seats[1].Bot {
		t.Errorf("the stored spec changed: %q, %v", stored.Seats[1].Bot, err)
	}
}
