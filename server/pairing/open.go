package pairing

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/pairing"
	"cardtable/server/account"
	"cardtable/server/room"
	"cardtable/server/secret"
	"cardtable/store"
	"cardtable/table"
)

// seat opens the table of match m, whose requests are ws, and tells each
// player their seat (or that it failed).
func (s *Service) seat(ctx context.Context, m pairing.Match, ws []*wait) {
	p, err := s.open(ctx, m, ws)
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, w := range ws {
		if err != nil {
			s.end(w, Outcome{Status: "failed", Message: "the table could not be opened; ask again"})
			continue
		}
		s.end(w, Outcome{Status: "paired", Table: p.id, Seat: p.seats[i], Token: p.tokens[i], Bots: m.Bots})
		w.out.Rated = p.rated
	}
	if err != nil {
		s.log.Error("paired table not opened", "choice", ws[0].choice.ID, "players", len(ws), "err", err)
		return
	}
	s.log.Info("players paired", "table", p.id, "choice", ws[0].choice.ID, "players", len(ws), "bots", m.Bots, "rated", p.rated)
}

// opened is a paired table: its id, and each request's seat and token.
type opened struct {
	id     string
	seats  []int
	tokens []string
	rated  bool
}

// open stores and starts the table of m: the people at seats drawn at
// random, the server's default bot in the seats left, the choice's clock.
// The people's seats are stored free and then claimed, each with its
// player's name, so the room starts the clock once the last is taken. A
// rated match with bots is rated only if the bots have fixed ratings.
func (s *Service) open(ctx context.Context, m pairing.Match, ws []*wait) (opened, error) {
	c := ws[0].choice
	g, ok := s.cfg.Games[c.Game]
	if !ok {
		return opened{}, fmt.Errorf("no game %q", c.Game)
	}
	opts, err := engine.ResolveOptions(g.Options(), c.Options)
	if err != nil {
		return opened{}, err
	}
	order := rand.Perm(c.Seats)
	hdr := store.Table{ID: secret.TableID(), Game: g.Name(), Options: opts.Map(), Seed: secret.Seed(), Created: s.cfg.Clock(),
		Rated: m.Key.Rated, Seats: make([]store.Seat, c.Seats), Creator: secret.Hash(secret.Token())}
	p := opened{id: hdr.ID}
	invites := make([]string, len(ws))
	for k := range ws {
		invites[k] = secret.Invite()
		hdr.Seats[order[k]] = store.Seat{Kind: table.KindHuman, Invite: room.SealInvite(invites[k], false, false)}
		p.seats = append(p.seats, order[k])
	}
	rs := make([]account.RatedSeat, c.Seats)
	for k := len(ws); k < c.Seats; k++ {
		seat, text := order[k], bots.Default(g.Name())
		spec, err := s.cfg.Rooms.CheckBot(g, opts, seat, text)
		if err != nil {
			return opened{}, err
		}
		hdr.Seats[seat] = store.Seat{Name: room.BotName(text, seat), Kind: table.KindBot, Bot: spec.String(),
			Invite: room.SealInvite(secret.Invite(), false, false)}
		rs[seat] = account.RatedSeat{Bot: true, Spec: spec.String()}
	}
	if hdr.Rated && m.Bots > 0 && s.cfg.Accounts.CheckRated(g, opts, rs) != nil {
		hdr.Rated = false
	}
	p.rated = hdr.Rated
	set, err := table.ParseSettings(c.settings(), g, c.Seats)
	if err != nil {
		return opened{}, err
	}
	hdr.Settings = set.Map()
	t, err := table.New(g, opts, engine.Setup{Seed: hdr.Seed}, room.SeatInfos(hdr.Seats))
	if err != nil {
		return opened{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := s.cfg.Store.CreateTable(ctx, hdr); err != nil {
		return opened{}, err
	}
	if err := s.cfg.Rooms.Open(ctx, hdr, g, t); err != nil {
		return opened{}, err
	}
	taken := map[string]bool{}
	for k, w := range ws {
		name := w.name
		if name == "" || taken[name] {
			name = table.SeatName(p.seats[k])
		}
		taken[name] = true
		tok, err := s.cfg.Rooms.Claim(ctx, hdr.ID, p.seats[k], name, invites[k])
		if err != nil {
			return opened{}, err
		}
		p.tokens = append(p.tokens, tok)
		s.cfg.Accounts.LinkSeat(ctx, w.user, hdr.ID, p.seats[k], tok)
	}
	return p, nil
}
