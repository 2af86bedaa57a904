// Package groupop is the arithmetic of SPIR-V's GroupNonUniform
// reductions and scans (OpGroupNonUniformIAdd through
// OpGroupNonUniformLogicalXor) on scalars held in 64-bit slots (integers
// zero-extended, floats as their bits), which the Go executor and native
// code must compute alike: the identity an exclusive scan starts
// from and the binary operation.
package groupop

import (
	"math"

	"github.com/clgo/clgo/spirv"
)

// Op is one arithmetic instruction on scalars of a width in bits (a
// value, so that an evaluation allocates nothing).
type Op struct {
	op    spirv.Op
	width int
	m     uint64 // the low width bits
}

// New is op on scalars of width bits; ok is false for an instruction
// that is not a GroupNonUniform arithmetic one.
func New(op spirv.Op, width int) (c Op, ok bool) {
	switch op {
	case spirv.OpGroupNonUniformIAdd, spirv.OpGroupNonUniformIMul, spirv.OpGroupNonUniformSMin,
		spirv.OpGroupNonUniformSMax, spirv.OpGroupNonUniformUMin, spirv.OpGroupNonUniformUMax,
		spirv.OpGroupNonUniformBitwiseAnd, spirv.OpGroupNonUniformBitwiseOr, spirv.OpGroupNonUniformBitwiseXor,
		spirv.OpGroupNonUniformLogicalAnd, spirv.OpGroupNonUniformLogicalOr, spirv.OpGroupNonUniformLogicalXor,
		spirv.OpGroupNonUniformFAdd, spirv.OpGroupNonUniformFMul, spirv.OpGroupNonUniformFMin,
		spirv.OpGroupNonUniformFMax:
	default:
		return Op{}, false
	}
	m := ^uint64(0)
	if width < 64 {
		m = 1<<width - 1
	}
	return Op{op, width, m}, true
}

// Identity is what an exclusive scan gives its first lane.
func (c Op) Identity() uint64 {
	switch c.op {
	case spirv.OpGroupNonUniformIMul, spirv.OpGroupNonUniformLogicalAnd:
		return 1
	case spirv.OpGroupNonUniformFMul:
		return c.float(1)
	case spirv.OpGroupNonUniformSMin:
		return c.m >> 1
	case spirv.OpGroupNonUniformUMin, spirv.OpGroupNonUniformBitwiseAnd:
		return c.m
	case spirv.OpGroupNonUniformSMax:
		return c.m>>1 + 1
	case spirv.OpGroupNonUniformFMin:
		return c.float(math.Inf(1))
	case spirv.OpGroupNonUniformFMax:
		return c.float(math.Inf(-1))
	}
	return 0 // add, or, xor, umax
}

// Combine is a op b.
func (c Op) Combine(a, b uint64) uint64 {
	switch c.op {
	case spirv.OpGroupNonUniformIAdd:
		return (a + b) & c.m
	case spirv.OpGroupNonUniformIMul:
		return (a * b) & c.m
	case spirv.OpGroupNonUniformSMin:
		if c.signed(b) < c.signed(a) {
			return b
		}
		return a
	case spirv.OpGroupNonUniformSMax:
		if c.signed(b) > c.signed(a) {
			return b
		}
		return a
	case spirv.OpGroupNonUniformUMin:
		return min(a, b)
	case spirv.OpGroupNonUniformUMax:
		return max(a, b)
	case spirv.OpGroupNonUniformBitwiseAnd, spirv.OpGroupNonUniformLogicalAnd:
		return a & b
	case spirv.OpGroupNonUniformBitwiseOr, spirv.OpGroupNonUniformLogicalOr:
		return a | b
	case spirv.OpGroupNonUniformBitwiseXor, spirv.OpGroupNonUniformLogicalXor:
		return a ^ b
	}
	x, y := c.slot(a), c.slot(b)
	var r float64
	switch c.op {
	case spirv.OpGroupNonUniformFAdd:
		r = x + y
	case spirv.OpGroupNonUniformFMul:
		r = x * y
	case spirv.OpGroupNonUniformFMin:
		// The number where one operand is a NaN (not OpenCL fmin's
		// rule for two NaNs: the first operand stays).
		r = x
		if math.IsNaN(x) || y < x {
			r = y
		}
	case spirv.OpGroupNonUniformFMax:
		r = x
		if math.IsNaN(x) || y > x {
			r = y
		}
	}
	if c.width < 64 {
		// Rounded once in float (then to half): the sum or product of
		// two floats is exact in double.
		r = float64(float32(r))
	}
	return c.float(r)
}

// signed reads a slot as a signed integer of c's width.
func (c Op) signed(v uint64) int64 {
	sh := 64 - c.width
	return int64(v<<sh) >> sh
}

// float is x as a float of c's width, in a slot.
func (c Op) float(x float64) uint64 {
	switch c.width {
	case 16:
		return uint64(spirv.Float16Bits(float32(x)))
	case 32:
		return uint64(math.Float32bits(float32(x)))
	}
	return math.Float64bits(x)
}

// slot reads a float of c's width from a slot.
func (c Op) slot(v uint64) float64 {
	switch c.width {
	case 16:
		return float64(spirv.Float16Value(uint16(v)))
	case 32:
		return float64(math.Float32frombits(uint32(v)))
	}
	return math.Float64frombits(v)
}
