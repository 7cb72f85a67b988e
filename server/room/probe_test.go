package room

import (
	"context"
	"fmt"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/server/conn"
	"cardtable/server/secret"
	"cardtable/store"
	"cardtable/table"
)

// probe is an in-process client of a room: the room queues its messages
// as for any connection, and the test reads them (stamping their versions
// as the write loop would), so many games run without sockets.
type probe struct {
	t    testing.TB
	c    *conn.Conn
	rm   *Room
	got  []wireMsg
	sent []string // the action texts this probe sent
}

// joinProbe joins a room at the seat of token ("" for a spectator).
func joinProbe(t testing.TB, s *Rooms, rm *Room, token string) *probe {
	t.Helper()
	c := conn.New(probeConfig(s), "probe")
	reply := make(chan error, 1)
	h := ""
	if token != "" {
		h = secret.Hash(token)
	}
	if !rm.send(joinReq{c: c, token: h, reply: reply}) {
		t.Fatal("room stopped")
	}
	if err := <-reply; err != nil {
		t.Fatalf("join: %v", err)
	}
	return &probe{t: t, c: c, rm: rm}
}

// drain reads every message queued so far.
func (p *probe) drain() []wireMsg {
	start := len(p.got)
	for {
		it, ok := p.c.Take()
		if !ok {
			return p.got[start:]
		}
		p.c.Written(it, time.Now())
		p.got = append(p.got, decodeMsg(p.t, it.Data))
	}
}

// command hands the room a frame as the read loop would.
func (p *probe) command(data string) {
	p.sent = append(p.sent, data)
	p.c.Frame(p.rm, true, []byte(data), time.Now())
}

func (p *probe) act(action string, version int, id string) {
	p.command(fmt.Sprintf(`{"action":%q,"version":%d,"id":%q}`, action, version, id))
}

// lastTurn is the probe's turn for the latest version it has seen, if any
// is still open: one answered (sealed after it) is not.
func (p *probe) lastTurn() (wireMsg, bool) {
	latest := -1
	for _, m := range p.got {
		if m.Type == "hello" || m.Type == "event" || m.Type == "turn" {
			latest = max(latest, m.Version)
		}
	}
	for i := len(p.got) - 1; i >= 0; i-- {
		m := p.got[i]
		if m.Type == "sealed" && m.Version == latest {
			return wireMsg{}, false
		}
		if m.Type == "turn" && m.Version == latest {
			return m, true
		}
	}
	return wireMsg{}, false
}

// syncRoom waits until the room has served everything sent to it so far.
func syncRoom(t testing.TB, rm *Room) {
	t.Helper()
	done := make(chan struct{})
	if !rm.send(syncReq{reply: done}) {
		t.Fatal("room stopped")
	}
	<-done
}

// look runs f on the room's goroutine.
func look(rm *Room, f func()) {
	done := make(chan struct{})
	rm.send(func() { f(); close(done) })
	<-done
}

// seededTable stores a table with a fixed seed, every seat claimed by a
// person (tokens "tok0".. ) except those given as bots, and returns its
// running room.
func seededTable(t testing.TB, s *Rooms, id, game string, opts map[string]string, seed uint64, botSeats map[int]string) *Room {
	t.Helper()
	g := s.games[game]
	o, err := engine.ResolveOptions(g.Options(), opts)
	if err != nil {
		t.Fatal(err)
	}
	hdr := store.Table{ID: id, Game: game, Options: o.Map(), Seed: seed, Created: time.Now(), Creator: secret.Hash("creator")}
	for i := range o.Int("players") {
		st := store.Seat{Name: fmt.Sprintf("p%d", i), Kind: table.KindHuman, Token: secret.Hash(fmt.Sprintf("tok%d", i))}
		if b, ok := botSeats[i]; ok {
			st = store.Seat{Name: b, Kind: table.KindBot, Bot: b}
		}
		hdr.Seats = append(hdr.Seats, st)
	}
	if err := s.store.CreateTable(context.Background(), hdr); err != nil {
		t.Fatal(err)
	}
	rm, err := s.room(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return rm
}

// probeConfig is the server's connection config without a command rate
// worth the name: probes send as fast as a test likes.
func probeConfig(s *Rooms) *conn.Config {
	cfg := *s.cfg.Conn
	cfg.ConnRate, cfg.ConnBurst = 1e9, 1e9
	return &cfg
}
