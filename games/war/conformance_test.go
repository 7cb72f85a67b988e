package war

import (
	"errors"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/engine/enginetest"
)

// conformanceOptions cover every option and both false-slap modes.
var conformanceOptions = []map[string]string{
	nil,
	{"players": "3"},
	{"peace": "true"},
	{"auto-war": "2"},
	{"beats-faces": "3", "beats-ace": "2"},
	{"underdog": "6"},
	{"slap": "5"},
	{"slap": "5", "false-slap": "ignore", "players": "3"},
	{"pickup": "shuffle"},
	{"pickup": "seat"},
	{"pickup": "loser-first", "players": "3", "underdog": "6"},
	{"max-battles": "40", "slap": "Q", "slap-window": "100ms"},
}

func TestConformance(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 15
	}
	enginetest.Run(t, Game{}, enginetest.Config{Options: conformanceOptions, Games: games})
}

func FuzzWar(f *testing.F) {
	enginetest.Fuzz(f, Game{}, conformanceOptions)
}

// FuzzUnmarshal mutates real saved states: Unmarshal must refuse them with
// ErrCorrupt or return a state that round-trips and plays to its end.
func FuzzUnmarshal(f *testing.F) {
	for i, given := range conformanceOptions {
		opts, err := engine.ResolveOptions(Game{}.Options(), given)
		if err != nil {
			f.Fatal(err)
		}
		s := playTo(f, opts, uint64(i), 30+i*7)
		data, _ := s.MarshalBinary()
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := Game{}.Unmarshal(data)
		if err != nil {
			if !errors.Is(err, engine.ErrCorrupt) {
				t.Fatalf("Unmarshal error %v does not wrap ErrCorrupt", err)
			}
			return
		}
		again, _ := st.MarshalBinary()
		if back, err := (Game{}).Unmarshal(again); err != nil {
			t.Fatalf("accepted state does not round-trip: %v", err)
		} else if b, _ := back.MarshalBinary(); string(b) != string(again) {
			t.Fatal("accepted state serializes differently after a round trip")
		}
		var legal []engine.Action
		for n := 0; n < 20000 && !st.Terminal(); n++ {
			seat := st.ToMove(nil)[0]
			legal = st.Legal(seat, legal[:0])
			if err := st.Apply(seat, legal[n%len(legal)]); err != nil {
				t.Fatalf("legal action refused on a restored state: %v", err)
			}
			_ = st.View(seat).String()
		}
	})
}

// playTo plays a seeded game for at most steps actions, each seat picking
// among its legal actions with a generator.
func playTo(t testing.TB, opts engine.Options, seed uint64, steps int) *State {
	st, err := Game{}.New(opts, engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	rng := cards.NewRNG(seed)
	var legal []engine.Action
	for n := 0; n < steps && !s.Terminal(); n++ {
		seat := s.ToMove(nil)[0]
		legal = s.Legal(seat, legal[:0])
		if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}
