package cards

import (
	"bytes"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestRNGDeterministicAndForkable(t *testing.T) {
	a, b := NewRNG(7), NewRNG(7)
	for i := 0; i < 100; i++ {
		if a.Uint64() != b.Uint64() {
			t.Fatal("same seed, different streams")
		}
	}
	fork := a // copying forks the stream
	x, y := a.Uint64(), fork.Uint64()
	if x != y {
		t.Fatal("copied RNG does not continue the same stream")
	}
	r7, r8 := NewRNG(7), NewRNG(8)
	if r8.Uint64() == r7.Uint64() {
		t.Fatal("different seeds start the same")
	}
}

func TestRNGMarshalRoundTrip(t *testing.T) {
	a := NewRNG(99)
	a.Uint64()
	st, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var b RNG
	if err := b.UnmarshalBinary(st); err != nil {
		t.Fatal(err)
	}
	if a.Uint64() != b.Uint64() {
		t.Fatal("restored RNG diverges")
	}
	if err := b.UnmarshalBinary([]byte{1, 2, 3}); err == nil {
		t.Fatal("malformed state accepted")
	}
	app, _ := a.AppendBinary([]byte{9})
	full, _ := a.MarshalBinary()
	if !bytes.Equal(app[1:], full) {
		t.Fatal("AppendBinary differs from MarshalBinary")
	}
}

func TestIntNUniform(t *testing.T) {
	r := NewRNG(1)
	var counts [6]int
	const n = 60000
	for i := 0; i < n; i++ {
		counts[r.IntN(6)]++
	}
	for v, c := range counts {
		if c < n/6-600 || c > n/6+600 { // about 5 standard deviations
			t.Errorf("IntN(6) gave %d %d times of %d", v, c, n)
		}
	}
}

func TestShuffleIsPermutationAndSeeded(t *testing.T) {
	d1, d2 := Standard52(), Standard52()
	r1, r2 := NewRNG(3), NewRNG(3)
	r1.Shuffle(d1)
	r2.Shuffle(d2)
	if Format(d1) != Format(d2) {
		t.Fatal("same seed, different shuffles")
	}
	if err := CheckPermutation(d1, Standard52()); err != nil {
		t.Fatal(err)
	}
	if Format(d1) == Format(Standard52()) {
		t.Fatal("shuffle left the deck in order")
	}
}

func TestShuffleFirstCardUniform(t *testing.T) {
	r := NewRNG(5)
	var top [64]int
	const n = 52000
	for i := 0; i < n; i++ {
		d := Standard52()
		r.Shuffle(d)
		top[d[0]]++
	}
	for _, c := range Standard52() {
		if top[c] < 1000-160 || top[c] > 1000+160 { // about 5 standard deviations
			t.Errorf("card %v on top %d times of %d", c, top[c], n)
		}
	}
}

func TestSubSeedDistinct(t *testing.T) {
	seen := map[uint64]bool{}
	for i := uint64(0); i < 10000; i++ {
		s := SubSeed(42, i)
		if seen[s] {
			t.Fatalf("SubSeed repeats at %d", i)
		}
		seen[s] = true
	}
}

// BenchmarkShuffle52 shuffles a 52-card deck, as every War deal does.
func BenchmarkShuffle52(b *testing.B) {
	r := NewRNG(1)
	deck := Standard52()
	for b.Loop() {
		r.Shuffle(deck)
	}
}

// TestRNGMatchesPCG checks that RNG is math/rand/v2's PCG: the same stream
// from the same seeds, the same draws through IntN and Shuffle, and the
// same state encoding, so saved states and seeded games stay as they were.
func TestRNGMatchesPCG(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		r := NewRNG(seed)
		p := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
		for i := range 100 {
			if got, want := r.Uint64(), p.Uint64(); got != want {
				t.Fatalf("seed %d draw %d: Uint64 = %#x, PCG gives %#x", seed, i, got, want)
			}
		}
		got, _ := r.MarshalBinary()
		want, _ := p.MarshalBinary()
		if !bytes.Equal(got, want) {
			t.Fatalf("seed %d: state %x, PCG writes %x", seed, got, want)
		}
		for n := 1; n < 60; n++ {
			if got, want := r.IntN(n), int(lemireRef(p, uint64(n))); got != want {
				t.Fatalf("seed %d: IntN(%d) = %d, want %d", seed, n, got, want)
			}
		}
	}
}

// lemireRef is IntN's method on a rand.PCG, written out for the test.
func lemireRef(p *rand.PCG, n uint64) uint64 {
	hi, lo := bits.Mul64(p.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(p.Uint64(), n)
		}
	}
	return hi
}

// TestShuffleDrawsAsIntN checks that Shuffle makes the draws IntN(i+1)
// would, from the last card down.
func TestShuffleDrawsAsIntN(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		r, ref := NewRNG(seed), NewRNG(seed)
		got, want := Standard52(), Standard52()
		r.Shuffle(got)
		for i := len(want) - 1; i > 0; i-- {
			j := ref.IntN(i + 1)
			want[i], want[j] = want[j], want[i]
		}
		if !slices.Equal(got, want) || r != ref {
			t.Fatalf("seed %d: Shuffle = %v, IntN draws give %v", seed, got, want)
		}
	}
}

// TestNextDrawsAsUint64 checks that Next advances the generator as Uint64.
func TestNextDrawsAsUint64(t *testing.T) {
	r, ref := NewRNG(3), NewRNG(3)
	for i := range 100 {
		var x uint64
		r, x = r.Next()
		if want := ref.Uint64(); x != want || r != ref {
			t.Fatalf("draw %d: Next = %#x, Uint64 = %#x", i, x, want)
		}
	}
}
