package rlenv

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/games/war"
	"cardtable/games/watchtower"
)

// canonicalView is seat's view of st as JSON, without what the
// observation leaves out by design (docs/python.md): sentences for people
// (results' details, Watchtower's event texts), returns (they follow from
// the winners) and the held order of a Watchtower army. Regicide's result
// sentence becomes the end it names.
func canonicalView(t *testing.T, st engine.State, seat int) []byte {
	t.Helper()
	var v any
	switch x := st.View(seat).(type) {
	case *war.View:
		x.Result.Detail, x.Result.Returns = "", nil
		v = x
	case *regicide.View:
		x.Result = ""
		if r := st.Result(); r.Over {
			x.Result = r.End[:min(len(r.End), 4)] // won, stuck, lost …
		}
		v = x
	case *watchtower.View:
		x.Events = nil
		if x.Result != nil {
			x.Result.Detail, x.Result.Returns, x.Result.Length = "", nil, 0
		}
		for i := range x.Players {
			slices.Sort(x.Players[i].Army)
		}
		v = x
	default:
		t.Fatalf("unknown view %T", x)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

type digest [32]byte

func obsDigest(obs []float32) digest {
	b := make([]byte, 4*len(obs))
	for i, x := range obs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return sha256.Sum256(b)
}

// An observation holds exactly what the seat's view holds: over random
// games, every seat's observation and (canonical) view determine each
// other — two different views never share an observation (nothing of the
// view is lost) and one view never gives two observations (nothing beyond
// the view is read) — and every number lies in [0, 1].
func TestObservationIsTheView(t *testing.T) {
	for _, cfg := range optionSets {
		t.Run(name(cfg), func(t *testing.T) {
			byObs := map[digest]digest{}
			byView := map[digest]digest{}
			var obs []float32
			for g := range gamesFor(cfg, 30) {
				playRandom(t, cfg, cards.SubSeed(13, uint64(g)), func(e *Env) {
					obs = slices.Grow(obs[:0], e.space.Obs.Size)[:e.space.Obs.Size]
					for seat := range e.space.Players {
						if err := e.Observe(seat, obs); err != nil {
							t.Fatal(err)
						}
						checkRange(t, e, obs)
						view := canonicalView(t, e.stateFor(seat), seat)
						o, v := obsDigest(obs), digest(sha256.Sum256(view))
						if prev, ok := byObs[o]; ok && prev != v {
							t.Fatalf("seat %d: two different views give one observation; this one is\n%s", seat, view)
						}
						if prev, ok := byView[v]; ok && prev != o {
							t.Fatalf("seat %d: one view gives two observations (the observation reads more than the view):\n%s", seat, view)
						}
						byObs[o], byView[v] = v, o
					}
				})
			}
		})
	}
}

func checkRange(t *testing.T, e *Env, obs []float32) {
	t.Helper()
	for i, x := range obs {
		if !(x >= 0 && x <= 1) {
			for _, f := range e.space.Obs.Fields {
				if i >= f.Offset && i < f.Offset+f.Size {
					t.Fatalf("observation field %s[%d] = %v, outside [0, 1]", f.Name, i-f.Offset, x)
				}
			}
		}
	}
}

// No hidden card reaches an observation: dealing every card a seat cannot
// see again, many ways, changes neither its observation nor its legal
// indices.
func TestObservationSurvivesDeterminization(t *testing.T) {
	for _, cfg := range optionSets {
		t.Run(name(cfg), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(5, 5))
			for g := range gamesFor(cfg, 20) {
				step := 0
				playRandom(t, cfg, cards.SubSeed(14, uint64(g)), func(e *Env) {
					if step++; step%5 != 1 && !e.Terminal() {
						return
					}
					checkDeterminizations(t, e, rng)
				})
			}
		})
	}
}

func checkDeterminizations(t *testing.T, e *Env, rng *rand.Rand) {
	t.Helper()
	size := e.space.Obs.Size
	want, got := make([]float32, size), make([]float32, size)
	for seat := range e.space.Players {
		if err := e.Observe(seat, want); err != nil {
			t.Fatal(err)
		}
		legal, _ := e.Legal(seat, nil)
		for range 4 {
			d, err := e.Determinize(seat, rng.Uint64())
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Observe(seat, got); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("seat %d's observation changed when the cards it cannot see were dealt again (a hidden card reaches it)", seat)
			}
			if dl, _ := d.Legal(seat, nil); e.win == nil && !slices.Equal(dl, legal) {
				t.Fatalf("seat %d's legal indices changed under determinization: %v, then %v", seat, legal, dl)
			}
		}
	}
}
