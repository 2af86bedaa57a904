package host

import (
	"math"
	"math/bits"

	"github.com/clgo/clgo/spirv"
)

// nk is the numeric kind of a scalar, choosing a lane loop.
type nk uint8

const (
	nkInt nk = iota
	nkF16
	nkF32
	nkF64
	nkI32 // 32-bit integers, chosen by elementwise: faster loops of nkInt's operations
)

// intw describes the width of the scalars a loop works on: integers are
// kept zero-extended in their 64-bit slots, and results are masked with m.
type intw struct {
	m    uint64 // mask of the low width bits
	sh   uint   // 64 - width, for sign extension
	bits int
}

func widthOf(bitsN int) intw {
	if bitsN >= 64 {
		return intw{m: ^uint64(0), sh: 0, bits: 64}
	}
	return intw{m: 1<<bitsN - 1, sh: uint(64 - bitsN), bits: bitsN}
}

type (
	loop1 func(d, a []uint64, w intw)
	loop2 func(d, a, b []uint64, w intw)
	loop3 func(d, a, b, c []uint64, w intw)
	// Loops with lane-uniform operands (uniform.go), passed as one slot.
	loop2vs  func(d, a []uint64, b uint64, w intw)
	loop2sv  func(d []uint64, a uint64, b []uint64, w intw)
	loop3vss func(d, a []uint64, b, c uint64, w intw)
)

type loopKey struct {
	op  uint32
	k   nk
	ext bool // a GLSL.std.450 instruction
}

func numKind(t *typ) nk {
	s := t.scalar()
	if s.op != spirv.OpTypeFloat {
		return nkInt
	}
	switch s.width {
	case 16:
		return nkF16
	case 32:
		return nkF32
	}
	return nkF64
}

// sx sign-extends a w-bit value.
func sx(a uint64, w intw) int64 { return int64(a<<w.sh) >> w.sh }

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// Division by zero is undefined in SPIR-V; lanes compute it even when
// inactive, so it must not trap.
func udiv(a, b uint64) uint64 {
	if b == 0 {
		return 0
	}
	return a / b
}

func umod(a, b uint64) uint64 {
	if b == 0 {
		return 0
	}
	return a % b
}

func sdiv(a, b int64) int64 {
	if b == 0 {
		return 0
	}
	if b == -1 {
		return -a
	}
	return a / b
}

func srem(a, b int64) int64 {
	if b == 0 || b == -1 {
		return 0
	}
	return a % b
}

// smod takes the sign of the divisor.
func smod(a, b int64) int64 {
	r := srem(a, b)
	if r != 0 && (r < 0) != (b < 0) {
		r += b
	}
	return r
}

// fmod is OpFMod: the result has the sign of the divisor.
func fmod(a, b float64) float64 {
	r := math.Mod(a, b)
	if r != 0 && math.Signbit(r) != math.Signbit(b) {
		r += b
	}
	return r
}

func fsign(a float64) float64 {
	switch {
	case a > 0:
		return 1
	case a < 0:
		return -1
	}
	return a
}

func fract(a float64) float64 {
	f := a - math.Floor(a)
	if f >= 1 { // tiny negative a
		return math.Nextafter(1, 0)
	}
	return f
}

func step(edge, x float64) float64 {
	if x < edge {
		return 0
	}
	return 1
}

func smoothstep(e0, e1, x float64) float64 {
	t := math.Min(math.Max((x-e0)/(e1-e0), 0), 1)
	return t * t * (3 - 2*t)
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

func sign(a int64) int64 {
	switch {
	case a > 0:
		return 1
	case a < 0:
		return -1
	}
	return 0
}

func findILsb(a uint64, w intw) uint64 {
	if a == 0 {
		return w.m
	}
	return uint64(bits.TrailingZeros64(a))
}

func findUMsb(a uint64, w intw) uint64 {
	if a == 0 {
		return w.m
	}
	return uint64(63 - bits.LeadingZeros64(a))
}

func findSMsb(a uint64, w intw) uint64 {
	v := sx(a, w)
	if v < 0 {
		v = ^v
	}
	if v == 0 {
		return w.m
	}
	return uint64(63 - bits.LeadingZeros64(uint64(v)))
}

func isNormal(a float64, w intw) uint64 {
	a = math.Abs(a)
	var lo, hi float64
	switch w.bits {
	case 16:
		lo, hi = 0x1p-14, 65504
	case 32:
		lo, hi = 0x1p-126, math.MaxFloat32
	default:
		lo, hi = 0x1p-1022, math.MaxFloat64
	}
	return b2u(a >= lo && a <= hi)
}

// h2f widens an IEEE half to float32 (exactly).
func h2f(h uint16) float32 { return spirv.Float16Value(h) }

// f2h narrows a float32 to an IEEE half, rounding to nearest even.
func f2h(f float32) uint16 { return spirv.Float16Bits(f) }

// swapped is a loop with a uniform first operand made from the mirrored
// operation's loop with a uniform second one (gen_arith.go's mirrors).
func swapped(f loop2vs) loop2sv {
	return func(d []uint64, a uint64, b []uint64, w intw) { f(d, b, a, w) }
}
