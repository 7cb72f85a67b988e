package room

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"cardtable/store/memstore"
	"cardtable/table"
)

// fuzzRoom is a solo Regicide room with its seat's probe and a
// spectator's, rebuilt when its game ends.
type fuzzRoom struct {
	s          *Rooms
	rm         *Room
	seat, spec *probe
	n          int
}

func (f *fuzzRoom) reset(t testing.TB) {
	f.n++
	f.rm = seededTable(t, f.s, fmt.Sprintf("fuzz%d", f.n), "regicide", map[string]string{"players": "1"}, uint64(f.n), nil)
	f.seat = joinProbe(t, f.s, f.rm, "tok0")
	f.spec = joinProbe(t, f.s, f.rm, "")
	syncRoom(t, f.rm)
	f.seat.drain()
	f.spec.drain()
}

// state is the room's version and its state's bytes.
func (f *fuzzRoom) state(t testing.TB) (int, []byte, bool) {
	var v int
	var b []byte
	var over bool
	look(f.rm, func() {
		v, over = f.rm.t.Version(), f.rm.t.Over()
		b, _ = f.rm.t.State().MarshalBinary()
	})
	return v, b, over
}

// FuzzFrame: any frame, from the seat or a spectator, as text or binary,
// never panics the server, is always answered, and changes the room only
// as an accepted command of the seat (answered by the event of the next
// version).
func FuzzFrame(f *testing.F) {
	for _, seed := range []string{
		`{"action":"yield","version":0,"id":"a"}`,
		`{"action":"play 5H","version":0}`,
		`{"type":"hint","action":"play 5H"}`,
		`{"type":"hint","action":"yield","version":-3}`,
		`{"action":"yield","version":-1}`,
		`{"action":"yield","version":99999999999999999999}`,
		`{"action":"yield","version":0,"extra":1}`,
		`{"action":"yield","version":0}{"action":"yield","version":0}`,
		`{"action":"\u0000","version":0}`,
		`{"action":"discard 2C 2C 2C 2C 2C 2C 2C 2C","version":0}`,
		`{"action":"play JK1 JK2","version":0}`,
		`{"type":"action","action":"next 7","version":0}`,
		`{"action":"slap","version":0}`,
		`[]`, `null`, ``, `{`, `"yield"`, `{"action":null,"version":null}`,
		"\xff\xfe\x00garbage",
	} {
		f.Add([]byte(seed), true, false)
	}
	f.Add([]byte(`{"action":"yield","version":0}`), true, true)
	f.Add([]byte(`{"action":"yield","version":0}`), false, false)
	s := newRooms(memstore.New())
	f.Cleanup(func() { s.Shutdown(context.Background()) })
	fr := &fuzzRoom{s: s}
	fr.reset(f)
	f.Fuzz(func(t *testing.T, data []byte, text, spectator bool) {
		if _, _, over := fr.state(t); over {
			fr.reset(t)
		}
		fr.seat.t, fr.spec.t = t, t
		v0, b0, _ := fr.state(t)
		p := fr.seat
		if spectator {
			p = fr.spec
		}
		p.c.Frame(fr.rm, text, data, time.Now())
		syncRoom(t, fr.rm)
		got := p.drain()
		fr.seat.drain()
		fr.spec.drain()
		v1, b1, _ := fr.state(t)
		answered := false
		for _, m := range got {
			answered = answered || m.Type == "error" || m.Type == "hint" || m.Type == "event"
		}
		if !answered {
			t.Fatalf("frame %q got no answer: %d messages", data, len(got))
		}
		if v1 == v0 && bytes.Equal(b0, b1) {
			return
		}
		cmd, err := table.ParseCommand(data)
		if spectator || !text || err != nil || cmd.Type != table.CommandAction || v1 != v0+1 {
			t.Fatalf("frame %q (text %v, spectator %v) changed the room from version %d to %d", data, text, spectator, v0, v1)
		}
		if got[len(got)-1].Type == "error" {
			t.Fatalf("frame %q changed the room and was refused", data)
		}
	})
}
