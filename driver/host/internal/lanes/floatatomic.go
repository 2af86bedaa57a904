package lanes

import (
	"math"

	"github.com/clgo/clgo/driver/host/internal/fmath"
	"github.com/clgo/clgo/spirv"
)

// Float atomics (OpAtomicFAddEXT, OpAtomicFMinEXT, OpAtomicFMaxEXT) are
// Atomic ops on the float's bits (Kind I32 or I64) whose sub-operation
// says the arithmetic, in float64 and rounded once to the word's width. Native code has no
// code for them (package jit refuses them).

// newFloat is the new value of float sub-operation op on the old word
// and b, both w (32 or 64) bits of a float.
func newFloat(op AtomicOp, old, b uint64, w int) uint64 {
	x, y := math.Float64frombits(old), math.Float64frombits(b)
	if w == 32 {
		x, y = float64(math.Float32frombits(uint32(old))), float64(math.Float32frombits(uint32(b)))
	}
	switch op {
	case AtomicFAdd:
		x += y
	case AtomicFMin:
		x = fmath.Min(x, y)
	default:
		x = fmath.Max(x, y)
	}
	if w == 32 {
		return uint64(math.Float32bits(float32(x)))
	}
	return math.Float64bits(x)
}

// floatAtomicOps are the SPIR-V float atomics and their sub-operations.
var floatAtomicOps = map[spirv.Op]AtomicOp{
	spirv.OpAtomicFAddEXT: AtomicFAdd, spirv.OpAtomicFMinEXT: AtomicFMin, spirv.OpAtomicFMaxEXT: AtomicFMax,
}
