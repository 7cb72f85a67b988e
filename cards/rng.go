package cards

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"math/rand/v2"
)

// RNG is the seeded generator inside every game state: PCG-DXSM, the
// generator of math/rand/v2's PCG, with the same streams and the same
// 20-byte state encoding, held by value, so copying an RNG (or a state
// holding one) forks the stream. It keeps the 128-bit state itself, rather
// than wrapping a rand.PCG, so that Shuffle can run the generator in
// registers (TestRNGMatchesPCG checks the streams agree).
type RNG struct {
	hi, lo uint64
}

// NewRNG returns a generator seeded from one 64-bit seed.
func NewRNG(seed uint64) RNG {
	var r RNG
	r.Seed(seed)
	return r
}

// Seed resets the generator to the stream of seed (rand.NewPCG(seed,
// seed^0x9e3779b97f4a7c15)).
func (r *RNG) Seed(seed uint64) {
	r.hi, r.lo = seed, seed^0x9e3779b97f4a7c15
}

// pcgStep advances the 128-bit LCG state hi:lo (state·mul + inc mod 2¹²⁸,
// PCG's default multiplier and increment) and returns the new state and
// its DXSM output ("double xorshift multiply").
func pcgStep(hi, lo uint64) (nhi, nlo, out uint64) {
	const (
		mulHi    = 0x2360ed051fc65da4
		mulLo    = 0x4385df649fccf645
		incHi    = 0x5851f42d4c957f2d
		incLo    = 0x14057b7ef767814f
		cheapMul = 0xda942042e4dd58b5
	)
	nhi, nlo = bits.Mul64(lo, mulLo)
	nhi += hi*mulLo + lo*mulHi
	var carry uint64
	nlo, carry = bits.Add64(nlo, incLo, 0)
	nhi, _ = bits.Add64(nhi, incHi, carry)
	out = nhi ^ nhi>>32
	out *= cheapMul
	out ^= out >> 48
	out *= nlo | 1
	return nhi, nlo, out
}

// Uint64 returns a uniformly random 64-bit value.
func (r *RNG) Uint64() uint64 {
	var x uint64
	r.hi, r.lo, x = pcgStep(r.hi, r.lo)
	return x
}

// Next returns the generator advanced by one draw, and the draw Uint64
// would have made: for hot loops that keep a generator in registers.
func (r RNG) Next() (RNG, uint64) {
	hi, lo, x := pcgStep(r.hi, r.lo)
	return RNG{hi, lo}, x
}

// IntN returns a uniform int in [0, n); it panics if n <= 0. It uses
// Lemire's multiply-and-reject method, so it is unbiased without a division
// in the common case.
func (r *RNG) IntN(n int) int {
	if n <= 0 {
		panic("cards: IntN of non-positive n")
	}
	un := uint64(n)
	hi, lo := bits.Mul64(r.Uint64(), un)
	if lo < un {
		hi = r.rejectFrom(un, hi, lo)
	}
	return int(hi)
}

// rejectFrom finishes a draw of IntN(n) whose first product hi, lo fell
// where Lemire's method may have to draw again.
func (r *RNG) rejectFrom(n, hi, lo uint64) uint64 {
	thresh := -n % n
	for lo < thresh {
		hi, lo = bits.Mul64(r.Uint64(), n)
	}
	return hi
}

// Float64 returns a uniform float64 in [0, 1).
func (r *RNG) Float64() float64 { return float64(r.Uint64()>>11) / (1 << 53) }

// Shuffle permutes cs uniformly (Fisher–Yates), drawing as IntN(i+1) for
// i from len(cs)-1 down to 1. Every deal shuffles, so it runs the
// generator on local copies of its state, which stay in registers.
func (r *RNG) Shuffle(cs []Card) {
	hi, lo := r.hi, r.lo
	for i := len(cs) - 1; i > 0; i-- {
		var x uint64
		hi, lo, x = pcgStep(hi, lo)
		n := uint64(i + 1)
		j, low := bits.Mul64(x, n)
		if low < n {
			r.hi, r.lo = hi, lo
			j = r.rejectFrom(n, j, low)
			hi, lo = r.hi, r.lo
		}
		cs[i], cs[j] = cs[j], cs[i]
	}
	r.hi, r.lo = hi, lo
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
func (r *RNG) Rand() *rand.Rand { return rand.New(r) }

// MarshalBinary returns the generator state: "pcg:" and the state's high
// and low halves big-endian, as rand.PCG writes it (20 bytes).
func (r RNG) MarshalBinary() ([]byte, error) { return r.AppendBinary(make([]byte, 0, 20)) }

// AppendBinary appends the generator state to b.
func (r RNG) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, "pcg:"...)
	b = binary.BigEndian.AppendUint64(b, r.hi)
	return binary.BigEndian.AppendUint64(b, r.lo), nil
}

// ErrRNGState is returned for a malformed saved generator state.
var ErrRNGState = errors.New("cards: malformed RNG state")

// UnmarshalBinary restores a state written by MarshalBinary.
func (r *RNG) UnmarshalBinary(b []byte) error {
	if len(b) != 20 || string(b[:4]) != "pcg:" {
		return ErrRNGState
	}
	r.hi, r.lo = binary.BigEndian.Uint64(b[4:]), binary.BigEndian.Uint64(b[12:])
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
