package host

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// laneInputs returns n slots of kind k: floats with special values among
// random ones, integers with small ones (shift counts) among them.
func laneInputs(r *rand.Rand, k nk, n int) []uint64 {
	specials := []float64{0, math.Copysign(0, -1), 1, -1, math.Inf(1), math.Inf(-1), math.NaN(), 0.5, 3, 1e-40, 65504}
	s := make([]uint64, n)
	for i := range s {
		f := r.NormFloat64() * 100
		if r.IntN(2) == 0 {
			f = specials[r.IntN(len(specials))]
		}
		switch k {
		case nkF16:
			s[i] = uint64(f2h(float32(f)))
		case nkF32:
			s[i] = uint64(math.Float32bits(float32(f)))
		case nkF64:
			s[i] = math.Float64bits(f)
		case nkI32:
			s[i] = uint64(r.Uint32())
		default:
			s[i] = r.Uint64()
		}
		if k == nkI32 || k == nkInt {
			switch r.IntN(4) {
			case 0:
				s[i] = uint64(r.IntN(70))
			case 1:
				s[i] = s[i-i%2] // equal operands now and then
			}
		}
	}
	return s
}

// sortedKeys returns a loop table's keys in a fixed order, so that each
// loop gets the same inputs every run.
func sortedKeys[F any](m map[loopKey]F) []loopKey {
	keys := make([]loopKey, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b loopKey) int {
		return cmp.Or(cmp.Compare(a.op, b.op), cmp.Compare(a.k, b.k), cmp.Compare(b2u(a.ext), b2u(b.ext)))
	})
	return keys
}

// TestUniformOperandLoops checks every loop with uniform operands
// (loops2vs, loops2sv, loops3vss), those of mirrored operations with
// swapped operands included (gen_arith.go), against the loop of the same
// operation on rows, bit for bit.
func TestUniformOperandLoops(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const n = 67
	widths := func(k nk) []intw {
		switch k {
		case nkI32:
			return []intw{widthOf(32)}
		case nkInt:
			return []intw{widthOf(8), widthOf(16), widthOf(32), widthOf(64)}
		}
		return []intw{widthOf(64)}
	}
	row := func(v uint64) []uint64 {
		s := make([]uint64, n)
		for i := range s {
			s[i] = v
		}
		return s
	}
	check := func(what string, key loopKey, w intw, got, want []uint64) {
		t.Helper()
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s %v width %d lane %d: %#x, on rows %#x", what, key, w.bits, i, got[i], want[i])
				return
			}
		}
	}
	mask := func(s []uint64, w intw) []uint64 {
		for i := range s {
			s[i] &= w.m
		}
		return s
	}
	for _, key := range sortedKeys(loops2) {
		f := loops2[key]
		for _, w := range widths(key.k) {
			a, b := mask(laneInputs(r, key.k, n), w), mask(laneInputs(r, key.k, n), w)
			want, got := make([]uint64, n), make([]uint64, n)
			if g := loops2vs[key]; g != nil {
				f(want, a, row(b[0]), w)
				g(got, a, b[0], w)
				check("loops2vs", key, w, got, want)
			}
			if g := loops2sv[key]; g != nil {
				f(want, row(a[0]), b, w)
				g(got, a[0], b, w)
				check("loops2sv", key, w, got, want)
			}
		}
	}
	for _, key := range sortedKeys(loops3) {
		g := loops3vss[key]
		if g == nil {
			continue
		}
		for _, w := range widths(key.k) {
			a, b, c := mask(laneInputs(r, key.k, n), w), mask(laneInputs(r, key.k, n), w), mask(laneInputs(r, key.k, n), w)
			want, got := make([]uint64, n), make([]uint64, n)
			loops3[key](want, a, row(b[0]), row(c[0]), w)
			g(got, a, b[0], c[0], w)
			check("loops3vss", key, w, got, want)
		}
	}
	if len(loops2sv) == 0 || len(loops2vs) == 0 || len(loops3vss) == 0 {
		t.Fatal("empty loop tables")
	}
	t.Log(fmt.Sprint(len(loops2vs), " vs, ", len(loops2sv), " sv, ", len(loops3vss), " vss loops checked"))
}
