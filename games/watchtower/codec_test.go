package watchtower

import (
	"errors"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// A damaged save is refused with ErrCorrupt, or, if it still decodes to a
// state, that state plays to the end without panicking.
func TestDamagedSaves(t *testing.T) {
	opts := engine.MustResolve(Game{}, map[string]string{"players": "3", "refill-pick": "owner"})
	rng := cards.NewRNG(5)
	accepted := 0
	for seed := uint64(1); seed <= 15; seed++ {
		st, _ := Game{}.New(opts, engine.Setup{Seed: seed})
		for step := 0; step < 150 && !st.Terminal(); step++ {
			seat := st.ToMove(nil)[0]
			l := st.Legal(seat, nil)
			if err := st.Apply(seat, l[rng.IntN(len(l))]); err != nil {
				t.Fatal(err)
			}
		}
		data, _ := st.MarshalBinary()
		for k := 0; k < 30; k++ {
			bad := append([]byte(nil), data...)
			bad[3+rng.IntN(len(bad)-3)] ^= byte(1 + rng.IntN(255))
			got, err := Game{}.Unmarshal(bad)
			if err != nil {
				if !errors.Is(err, engine.ErrCorrupt) {
					t.Fatalf("error %v does not wrap ErrCorrupt", err)
				}
				continue
			}
			accepted++
			playOut(t, got, &rng)
		}
	}
	t.Logf("%d damaged saves still decoded and played out", accepted)
}

func playOut(t *testing.T, s engine.State, rng *cards.RNG) {
	t.Helper()
	for n := 0; !s.Terminal(); n++ {
		if n > 100000 {
			t.Fatal("a restored state does not end")
		}
		seat := s.ToMove(nil)[0]
		l := s.Legal(seat, nil)
		if len(l) == 0 {
			t.Fatalf("restored state: seat %d to move without legal actions", seat+1)
		}
		_ = s.View(seat)
		if err := s.Apply(seat, l[rng.IntN(len(l))]); err != nil {
			t.Fatalf("restored state refused a legal action: %v", err)
		}
	}
}

// FuzzUnmarshal feeds damaged real saves to Unmarshal: refused, or played
// out without a panic.
func FuzzUnmarshal(f *testing.F) {
	for _, players := range []string{"2", "4"} {
		opts := engine.MustResolve(Game{}, map[string]string{"players": players, "refill-pick": "owner"})
		st, _ := Game{}.New(opts, engine.Setup{Seed: 3})
		rng := cards.NewRNG(3)
		for step := 0; step < 60 && !st.Terminal(); step++ {
			seat := st.ToMove(nil)[0]
			l := st.Legal(seat, nil)
			_ = st.Apply(seat, l[rng.IntN(len(l))])
		}
		data, _ := st.MarshalBinary()
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Game{}.Unmarshal(data)
		if err != nil {
			if !errors.Is(err, engine.ErrCorrupt) {
				t.Fatalf("error %v does not wrap ErrCorrupt", err)
			}
			return
		}
		rng := cards.NewRNG(1)
		playOut(t, s, &rng)
	})
}
