package tournament

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"cardtable/store"
)

// Slot is one of the server's scheduled tournaments (cardtable serve
// --tournament): a kind of a game, made afresh every Every, each starting
// at a multiple of Every (UTC) and made one Every ahead, so one is always
// open to enter.
type Slot struct {
	Kind, Game, Preset string
	Every              time.Duration
}

// Bounds of a slot's period.
const (
	MinEvery = 10 * time.Minute
	MaxEvery = 7 * 24 * time.Hour
)

// ParseSlot reads "KIND:GAME[:PRESET]@EVERY" (swiss:watchtower@1h,
// arena:war:slap@30m, solo:regicide@24h), or says what is wrong.
func ParseSlot(s string) (Slot, error) {
	what, every, ok := strings.Cut(s, "@")
	parts := strings.Split(what, ":")
	if !ok || len(parts) < 2 || len(parts) > 3 {
		return Slot{}, fmt.Errorf("tournament slot %q: write KIND:GAME[:PRESET]@EVERY, e.g. swiss:watchtower@1h or arena:war:slap@30m", s)
	}
	sl := Slot{Kind: parts[0], Game: parts[1]}
	if len(parts) == 3 {
		sl.Preset = parts[2]
	}
	d, err := time.ParseDuration(every)
	if err != nil || d < MinEvery || d > MaxEvery {
		return Slot{}, fmt.Errorf("tournament slot %q: every %q; a slot comes every %v to %v (e.g. 30m, 1h, 24h)", s, every, MinEvery, MaxEvery)
	}
	sl.Every = d
	if _, err := check(sl.request(), time.Now()); err != nil {
		return Slot{}, fmt.Errorf("tournament slot %q: %v", s, err)
	}
	return sl, nil
}

// request is the tournament a slot makes: a Swiss of 5 rounds at a
// minute a move, an arena of the slot's length (at most 4 hours) at 20 s a
// move, a solo tournament of 3 deals open for the slot's length (at most 4
// hours).
func (sl Slot) request() createReq {
	window := int(min(sl.Every, MaxWindow) / time.Minute)
	req := createReq{Kind: sl.Kind, Game: sl.Game, Preset: sl.Preset}
	switch sl.Kind {
	case store.KindSwiss:
		req.Rounds, req.Clock = 5, "1m"
	case store.KindArena:
		req.Minutes, req.Clock = window, "20s"
	default:
		req.Minutes, req.Deals = window, 3
	}
	return req
}

// key names the slot's tournament starting at start, unique among
// tournaments (store.Tournament.Schedule).
func (sl Slot) key(start time.Time) string {
	return fmt.Sprintf("%s:%s:%s@%s/%s", sl.Kind, sl.Game, sl.Preset, sl.Every, start.UTC().Format(time.RFC3339))
}

// schedule makes the slots' next tournaments at now, each once however
// many nodes try (the store refuses a second with the same key).
func (s *Service) schedule(ctx context.Context, now time.Time) {
	for _, sl := range s.cfg.Schedule {
		start := now.UTC().Truncate(sl.Every).Add(sl.Every)
		if s.made[sl.key(start)] {
			continue
		}
		t, err := check(sl.request(), now)
		if err != nil {
			continue // ParseSlot checked it
		}
		t.Starts, t.Schedule = start, sl.key(start)
		if !t.Ends.IsZero() {
			t.Ends = start.Add(time.Duration(sl.request().Minutes) * time.Minute)
		}
		err = s.st.CreateTournament(ctx, t, 0)
		switch {
		case err == nil:
			s.log.Info("scheduled tournament made", "tournament", t.ID, "slot", t.Schedule)
		case !errors.Is(err, store.ErrConflict):
			s.log.Warn("scheduled tournament not made", "slot", t.Schedule, "err", err)
			continue
		}
		s.made[t.Schedule] = true // made here or by another node

	}
}
