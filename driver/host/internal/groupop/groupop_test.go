package groupop

import (
	"math"
	"testing"

	"github.com/clgo/clgo/spirv"
)

// TestCombine checks identities and operations against values worked
// out by hand from the SPIR-V rules: integers wrap at their width and
// compare signed or unsigned, floats round once at their width, and
// FMin/FMax take the number where one operand is a NaN.
func TestCombine(t *testing.T) {
	f32 := func(x float32) uint64 { return uint64(math.Float32bits(x)) }
	nan32 := uint64(0x7fc00000)
	for _, c := range []struct {
		op           spirv.Op
		width        int
		a, b, want   uint64
		wantIdentity uint64
	}{
		{spirv.OpGroupNonUniformIAdd, 8, 0xff, 2, 1, 0},
		{spirv.OpGroupNonUniformIMul, 16, 0x100, 0x100, 0, 1},
		{spirv.OpGroupNonUniformSMin, 8, 0x80, 0x7f, 0x80, 0x7f},
		{spirv.OpGroupNonUniformSMax, 32, 0xffffffff, 1, 1, 0x80000000},
		{spirv.OpGroupNonUniformUMin, 32, 0xffffffff, 1, 1, 0xffffffff},
		{spirv.OpGroupNonUniformUMax, 64, 1, math.MaxUint64, math.MaxUint64, 0},
		{spirv.OpGroupNonUniformBitwiseAnd, 16, 0xff0f, 0x0ff0, 0x0f00, 0xffff},
		{spirv.OpGroupNonUniformLogicalXor, 32, 1, 1, 0, 0},
		{spirv.OpGroupNonUniformFAdd, 32, f32(1), f32(0x1p-30), f32(1), 0},
		{spirv.OpGroupNonUniformFMul, 32, f32(3), f32(0.5), f32(1.5), f32(1)},
		{spirv.OpGroupNonUniformFMin, 32, nan32, f32(2), f32(2), f32(float32(math.Inf(1)))},
		{spirv.OpGroupNonUniformFMax, 32, f32(2), nan32, f32(2), f32(float32(math.Inf(-1)))},
		{spirv.OpGroupNonUniformFAdd, 64, math.Float64bits(1), math.Float64bits(0x1p-30), math.Float64bits(1 + 0x1p-30), 0},
		{spirv.OpGroupNonUniformFAdd, 16, 0x3c00, 0x3c00, 0x4000, 0}, // 1 + 1 = 2 in halves
	} {
		g, ok := New(c.op, c.width)
		if !ok {
			t.Fatalf("%v: not an arithmetic instruction", c.op)
		}
		if got := g.Combine(c.a, c.b); got != c.want {
			t.Errorf("%v.%d(%#x, %#x) = %#x, want %#x", c.op, c.width, c.a, c.b, got, c.want)
		}
		if got := g.Identity(); got != c.wantIdentity {
			t.Errorf("%v.%d identity %#x, want %#x", c.op, c.width, got, c.wantIdentity)
		}
	}
	if _, ok := New(spirv.OpGroupNonUniformBroadcast, 32); ok {
		t.Error("Broadcast accepted as arithmetic")
	}
}
