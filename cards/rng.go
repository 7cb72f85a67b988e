package cards

import (
	"errors"
	"math/bits"
	"math/rand/v2"
)

// RNG is the seeded generator inside every game state: a PCG from
// math/rand/v2 held by value, so copying an RNG (or a state holding one)
// forks the stream and the whole generator state serializes in 16 bytes.
type RNG struct {
	pcg rand.PCG
}

// NewRNG returns a generator seeded from one 64-bit seed.
func NewRNG(seed uint64) RNG {
	var r RNG
	r.Seed(seed)
	return r
}

// Seed resets the generator to the stream of seed.
func (r *RNG) Seed(seed uint64) {
	r.pcg.Seed(seed, seed^0x9e3779b97f4a7c15)
}

// Uint64 returns a uniformly random 64-bit value.
func (r *RNG) Uint64() uint64 { return r.pcg.Uint64() }

// IntN returns a uniform int in [0, n); it panics if n <= 0. It uses
// Lemire's multiply-and-reject method, so it is unbiased without a division
// in the common case.
func (r *RNG) IntN(n int) int {
	if n <= 0 {
		panic("cards: IntN of non-positive n")
	}
	un := uint64(n)
	hi, lo := bits.Mul64(r.pcg.Uint64(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(r.pcg.Uint64(), un)
		}
	}
	return int(hi)
}

// Float64 returns a uniform float64 in [0, 1).
func (r *RNG) Float64() float64 { return float64(r.pcg.Uint64()>>11) / (1 << 53) }

// Shuffle permutes cs uniformly (Fisher–Yates).
func (r *RNG) Shuffle(cs []Card) {
	for i := len(cs) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		cs[i], cs[j] = cs[j], cs[i]
	}
}

// Perm shuffles any slice uniformly with the same algorithm as Shuffle.
func Perm[T any](r *RNG, xs []T) {
	for i := len(xs) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

// Rand returns a *rand.Rand drawing from this generator, for APIs that take
// one. Draws through it advance r.
func (r *RNG) Rand() *rand.Rand { return rand.New(&r.pcg) }

// MarshalBinary returns the generator state (16 bytes).
func (r RNG) MarshalBinary() ([]byte, error) { return r.pcg.MarshalBinary() }

// AppendBinary appends the generator state to b.
func (r RNG) AppendBinary(b []byte) ([]byte, error) { return r.pcg.AppendBinary(b) }

// ErrRNGState is returned for a malformed saved generator state.
var ErrRNGState = errors.New("cards: malformed RNG state")

// UnmarshalBinary restores a state written by MarshalBinary.
func (r *RNG) UnmarshalBinary(b []byte) error {
	if err := r.pcg.UnmarshalBinary(b); err != nil {
		return ErrRNGState
	}
	return nil
}

// SubSeed derives the seed of the i-th item of a seeded batch (the i-th
// game of a simulation, the i-th deal of a solver run) with SplitMix64, so
// that item i's seed does not depend on how the batch is split up.
func SubSeed(seed uint64, i uint64) uint64 {
	z := seed + (i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
