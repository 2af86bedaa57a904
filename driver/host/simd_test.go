package host

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// simdInputs returns n slots of the kind: floats with the special values
// among random ones, integers with small ones (shift counts) among them.
func simdInputs(r *rand.Rand, k nk, n int) []uint64 {
	specials := []float32{0, float32(math.Copysign(0, -1)), 1, -1, float32(math.Inf(1)), float32(math.Inf(-1)),
		float32(math.NaN()), math.Float32frombits(0x7fc12345), math.Float32frombits(1), math.Float32frombits(0x807fffff),
		math.MaxFloat32, -math.SmallestNonzeroFloat32, 0.5, 3}
	s := make([]uint64, n)
	for i := range s {
		switch {
		case k == nkF32 && r.IntN(2) == 0:
			s[i] = uint64(math.Float32bits(specials[r.IntN(len(specials))]))
		case k == nkF32:
			s[i] = uint64(math.Float32bits(float32(r.NormFloat64() * 100)))
		case r.IntN(3) == 0:
			s[i] = uint64(r.IntN(40))
		case r.IntN(3) == 0:
			s[i] = uint64(r.IntN(7))
		default:
			s[i] = uint64(r.Uint32())
		}
	}
	return s
}

// withSIMD runs f with the SIMD loops on and then off, returning both
// results.
func withSIMD(t *testing.T, f func() []uint64) (on, off []uint64) {
	if !haveSIMD {
		t.Skip("no SIMD loops on this machine")
	}
	defer func() { haveSIMD = true }()
	on = f()
	haveSIMD = false
	return on, f()
}

func sameSlots(t *testing.T, what string, on, off []uint64, ins ...[]uint64) {
	t.Helper()
	for i := range on {
		if on[i] != off[i] {
			var args []string
			for _, in := range ins {
				args = append(args, fmt.Sprintf("%#x", in[min(i, len(in)-1)]))
			}
			t.Errorf("%s lane %d of %v: SIMD %#x, Go %#x", what, i, args, on[i], off[i])
			return
		}
	}
}

// TestSIMDLoops checks every SIMD loop against its Go loop bit for bit.
func TestSIMDLoops(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const n = 1000 + 5
	w := intw{m: 0xffffffff, sh: 32, bits: 32}
	for key, f := range loops2 {
		if key.k != nkF32 && key.k != nkI32 {
			continue
		}
		a, b := simdInputs(r, key.k, n), simdInputs(r, key.k, n)
		on, off := withSIMD(t, func() []uint64 { d := make([]uint64, n); f(d, a, b, w); return d })
		sameSlots(t, fmt.Sprint("loops2 ", key), on, off, a, b)
		on, off = withSIMD(t, func() []uint64 { d := make([]uint64, n); loops2vs[key](d, a, b[0], w); return d })
		sameSlots(t, fmt.Sprint("loops2vs ", key), on, off, a, b[:1])
		if g := loops2sv[key]; g != nil {
			on, off = withSIMD(t, func() []uint64 { d := make([]uint64, n); g(d, a[0], b, w); return d })
			sameSlots(t, fmt.Sprint("loops2sv ", key), on, off, a[:1], b)
		}
	}
}
