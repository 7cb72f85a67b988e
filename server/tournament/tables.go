package tournament

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"cardtable/engine"
	"cardtable/server/httpjson"
	"cardtable/server/room"
	"cardtable/server/secret"
	"cardtable/store"
	"cardtable/table"
	"cardtable/tourney"
)

// opening is a game's table, stored with its round and then opened: its
// people's seats are taken already, under their names, with tokens (by
// seat; "" for a bot's) that only a solo attempt hands on.
type opening struct {
	hdr    store.Table
	game   engine.Game
	t      *table.Table
	links  []store.SeatAccount
	tokens []string
}

// gameTable makes the table of a game between entrants (seat i to
// entrants[i]): a person's seat is taken under their name and linked to
// their account, with a token nobody keeps but a solo attempt's — its
// player takes the seat with a fresh one from the tournament's page
// (play). The seats are taken in the stored table itself, so the clock
// starts when it opens, whichever node opens it (the director's, or the
// node that adopts it should that one die first); a bot entrant's seat is
// the bot's.
func (s *Service) gameTable(t store.Tournament, entrants []store.Entrant, now time.Time, seed uint64) (opening, error) {
	g, ok := s.cfg.Games[t.Game]
	if !ok {
		return opening{}, fmt.Errorf("no game %q", t.Game)
	}
	opts, err := engine.ResolveOptions(g.Options(), t.Options)
	if err != nil {
		return opening{}, err
	}
	if seed == 0 {
		seed = secret.Seed()
	}
	hdr := store.Table{ID: secret.TableID(), Game: g.Name(), Options: opts.Map(), Seed: seed, Created: now,
		Rated: t.Rated, Creator: secret.Hash(secret.Token())}
	if len(entrants) == 1 {
		hdr.Rated = false
	}
	o := opening{game: g, tokens: make([]string, len(entrants))}
	for i, e := range entrants {
		o.tokens[i] = secret.Token()
		st := store.Seat{Name: e.Name, Kind: table.KindHuman, Token: secret.Hash(o.tokens[i]), Invite: room.SealInvite(secret.Invite(), false, false)}
		if e.Bot != "" {
			o.tokens[i] = ""
			spec, err := s.cfg.Rooms.CheckBot(g, opts, i, e.Bot)
			if err != nil {
				return opening{}, err
			}
			st = store.Seat{Name: e.Name, Kind: table.KindBot, Bot: spec.String(), Invite: st.Invite}
		} else if e.User != "" {
			o.links = append(o.links, store.SeatAccount{Table: hdr.ID, Seat: i, User: e.User})
		}
		hdr.Seats = append(hdr.Seats, st)
	}
	if set, ok := clockSettings(t, len(entrants)); ok {
		parsed, err := table.ParseSettings(set, g, len(entrants))
		if err != nil {
			return opening{}, err
		}
		hdr.Settings = parsed.Map()
	}
	if o.t, err = table.New(g, opts, engine.Setup{Seed: hdr.Seed}, room.SeatInfos(hdr.Seats)); err != nil {
		return opening{}, err
	}
	o.hdr = hdr
	return o, nil
}

// clockSettings are the tables' settings of t's clock (none for a solo
// tournament, whose time is the ranking's).
func clockSettings(t store.Tournament, seats int) (map[string]string, bool) {
	c := t.Settings["clock"]
	if c == "" || seats < 2 {
		return nil, false
	}
	return map[string]string{"pace": table.PaceLive, "move": c, "reserve": c, "timeout": table.TimeoutLose}, true
}

// seatOf is where entrant plays in game g (-1: not in it).
func seatOf(g store.TournamentGame, entrant string) int {
	switch entrant {
	case g.First:
		return 0
	case g.Second:
		return 1
	}
	return -1
}

// Seat is a player's seat to play: the table, the seat and its new token.
type Seat struct {
	Table string `json:"table"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
	// Deal is the solo deal this attempt plays (0 for a Swiss or arena
	// game).
	Deal int `json:"deal,omitempty"`
}

// play hands entrant their game under way (a new token for their seat;
// the old one no longer opens it) or, in a solo tournament, starts their
// next deal.
func (s *Service) play(ctx context.Context, t store.Tournament, e store.Entrant, now time.Time) (*Seat, error) {
	gs, err := s.st.TournamentGames(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	done := 0
	for _, g := range gs {
		seat := seatOf(g, e.ID)
		if seat < 0 || g.Table == "" {
			continue
		}
		if g.Ended.IsZero() {
			token, err := s.reseat(ctx, g.Table, seat)
			if err != nil {
				return nil, err
			}
			return &Seat{Table: g.Table, Seat: seat, Token: token, Deal: soloDeal(t, g)}, nil
		}
		done = max(done, g.Round)
	}
	if t.Kind != store.KindSolo || t.Status != store.StatusRunning {
		return nil, httpjson.Sayf(http.StatusConflict, "no-game", engine.Say("tournament.no-game-yet"), "you have no game under way; the next round pairs you when it starts")
	}
	if done >= deals(t) {
		return nil, httpjson.Sayf(http.StatusConflict, "no-game", engine.Say("tournament.all-played"), "you played every deal of this tournament")
	}
	return s.startSolo(ctx, t, e, done+1, now)
}

func soloDeal(t store.Tournament, g store.TournamentGame) int {
	if t.Kind == store.KindSolo {
		return g.Round
	}
	return 0
}

func deals(t store.Tournament) int {
	n, err := strconv.Atoi(t.Settings["deals"])
	if err != nil || n < 1 {
		return 3
	}
	return min(n, MaxDeals)
}

// startSolo opens entrant e's counted attempt at deal n: its seed is the
// tournament's deal, the same for everyone.
func (s *Service) startSolo(ctx context.Context, t store.Tournament, e store.Entrant, n int, now time.Time) (*Seat, error) {
	o, err := s.gameTable(t, []store.Entrant{e}, now, tourney.SoloSeed(s.secret, t.ID, n))
	if err != nil {
		return nil, err
	}
	var link store.SeatAccount
	if len(o.links) == 1 {
		link = o.links[0]
	}
	g := store.TournamentGame{Tournament: t.ID, Round: n, First: e.ID, Table: o.hdr.ID, Started: now}
	if err := s.st.StartSoloAttempt(ctx, g, o.hdr, link); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return nil, httpjson.Sayf(http.StatusConflict, "no-game", engine.Say("tournament.deal-closed"), "this deal cannot be started now (the tournament closed, or you started it already)")
		}
		return nil, err
	}
	if err := s.cfg.Rooms.Open(ctx, o.hdr, o.game, o.t); err != nil {
		return nil, err
	}
	return &Seat{Table: o.hdr.ID, Seat: 0, Token: o.tokens[0], Deal: n}, nil
}

// reseat gives seat of table id a new token, wherever the table runs.
func (s *Service) reseat(ctx context.Context, id string, seat int) (string, error) {
	rm, err := s.cfg.Rooms.Get(ctx, id)
	if errors.Is(err, room.ErrRemote) {
		resp, err := s.cfg.Relays.Ask(id, room.Request{Op: "reseat", Seat: seat})
		return resp.Token, err
	}
	if err != nil {
		return "", err
	}
	return rm.Reseat(seat)
}
