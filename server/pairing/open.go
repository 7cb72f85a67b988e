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
	people := make([]seatee, len(ws))
	for i, w := range ws {
		people[i] = seatee{name: w.name, bot: w.req.Bot}
		if w.user != nil {
			people[i].user = w.user.ID
		}
	}
	p, err := s.plan(ws[0].choice, m, people)
	if err == nil {
		err = s.open(ctx, p)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, w := range ws {
		if err != nil {
			s.end(w, Outcome{Status: "failed", Message: "the table could not be opened; ask again"})
			continue
		}
		s.end(w, Outcome{Status: "paired", Table: p.hdr.ID, Seat: p.seats[i], Token: p.tokens[i], Bots: m.Bots})
		w.out.Rated = p.hdr.Rated
	}
	if err != nil {
		s.log.Error("paired table not opened", "choice", ws[0].choice.ID, "players", len(ws), "err", err)
		return
	}
	s.log.Info("players paired", "table", p.hdr.ID, "choice", ws[0].choice.ID, "players", len(ws), "bots", m.Bots, "rated", p.hdr.Rated)
}

// seatee is a player to seat: the name to sit under, their account (""
// for a guest), and whether it is a bot account.
type seatee struct {
	name, user string
	bot        bool
}

// BotTitle comes before a bot account's name at its seat ("BOT Robo"), so
// every table, record and replay shows it is a program (docs/accounts.md,
// "Bot accounts").
const BotTitle = "BOT "

// planned is a paired table before it is stored: its header (the people's
// seats taken already, so its clock starts when it opens), its game, each
// person's seat and token, and the seats' accounts.
type planned struct {
	hdr    store.Table
	g      engine.Game
	t      *table.Table
	seats  []int
	tokens []string
	// links are the seats of people with accounts; linkTokens their tokens.
	links      []store.SeatAccount
	linkTokens []string
}

// plan makes the table of match m for people (in m's order): the people
// at seats drawn at random under their names (a seat's name if two are
// alike), the server's default bot in the seats left, the choice's clock.
// A rated match with bots is rated only if the bots have fixed ratings.
func (s *Service) plan(c Choice, m pairing.Match, people []seatee) (planned, error) {
	g, ok := s.cfg.Games[c.Game]
	if !ok {
		return planned{}, fmt.Errorf("no game %q", c.Game)
	}
	opts, err := engine.ResolveOptions(g.Options(), c.Options)
	if err != nil {
		return planned{}, err
	}
	order := rand.Perm(c.Seats)
	hdr := store.Table{ID: secret.TableID(), Game: g.Name(), Options: opts.Map(), Seed: secret.Seed(), Created: s.cfg.Clock(),
		Rated: m.Key.Rated, Seats: make([]store.Seat, c.Seats), Creator: secret.Hash(secret.Token())}
	p := planned{g: g}
	taken := map[string]bool{}
	for k, who := range people {
		seat, tok, name := order[k], secret.Token(), who.name
		if name == "" || taken[name] {
			name = table.SeatName(seat)
		}
		if who.bot {
			name = BotTitle + name
		}
		taken[name] = true
		hdr.Seats[seat] = store.Seat{Name: name, Kind: table.KindHuman, Token: secret.Hash(tok), Invite: room.SealInvite(secret.Invite(), false, false)}
		p.seats, p.tokens = append(p.seats, seat), append(p.tokens, tok)
		if who.user != "" {
			p.links = append(p.links, store.SeatAccount{Table: hdr.ID, Seat: seat, User: who.user})
			p.linkTokens = append(p.linkTokens, tok)
		}
	}
	rs := make([]account.RatedSeat, c.Seats)
	for k := len(people); k < c.Seats; k++ {
		seat, text := order[k], bots.Default(g.Name())
		spec, err := s.cfg.Rooms.CheckBot(g, opts, seat, text)
		if err != nil {
			return planned{}, err
		}
		hdr.Seats[seat] = store.Seat{Name: room.BotName(text, seat), Kind: table.KindBot, Bot: spec.String(),
			Invite: room.SealInvite(secret.Invite(), false, false)}
		rs[seat] = account.RatedSeat{Bot: true, Spec: spec.String()}
	}
	if hdr.Rated && m.Bots > 0 && s.cfg.Accounts.CheckRated(g, opts, rs) != nil {
		hdr.Rated = false
	}
	set, err := table.ParseSettings(c.settings(), g, c.Seats)
	if err != nil {
		return planned{}, err
	}
	hdr.Settings = set.Map()
	if p.t, err = table.New(g, opts, engine.Setup{Seed: hdr.Seed}, room.SeatInfos(hdr.Seats)); err != nil {
		return planned{}, err
	}
	p.hdr = hdr
	return p, nil
}

// open stores and starts a planned table on this node and links its
// seats to their accounts.
func (s *Service) open(ctx context.Context, p planned) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := s.cfg.Store.CreateTable(ctx, p.hdr); err != nil {
		return err
	}
	if err := s.cfg.Rooms.Open(ctx, p.hdr, p.g, p.t); err != nil {
		return err
	}
	for k, l := range p.links {
		s.cfg.Accounts.LinkSeat(ctx, &store.User{ID: l.User}, p.hdr.ID, l.Seat, p.linkTokens[k])
	}
	return nil
}
