package cards

import (
	"bytes"
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
