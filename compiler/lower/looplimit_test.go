package lower_test

import (
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/compiler/lower"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestLoopLimitCheck: with Features.LoopIterationLimit a kernel with
// loops gets a probe loop before each of its returns (a kernel returning
// from inside a loop is wrapped so that it has one return), writes
// PrintfLoopLimit records, may use printf, and has a small printf buffer
// when nothing calls printf; a kernel without loops is left alone. Each
// module passes spirv-val.
func TestLoopLimitCheck(t *testing.T) {
	src := `kernel void loops(global uint *a, uint n) {
	uint c = 0;
	if (a[0] == 7) return;
	for (uint i = 0; i < n; i++) { if (a[i & 3] == 5) break; if (i == 9) continue; if (a[i & 3] == 6) return; c++; }
	a[1] = c;
}
kernel void early(global uint *a, uint n) {
	uint c = 0;
	if (a[0] == 7) return;
	for (uint i = 0; i < n; i++) c += a[i];
	a[1] = c;
}
kernel void straight(global uint *a) { a[0] = 1; }`
	for _, limit := range []uint32{0, 65535} {
		opts := compiler.DefaultOptions()
		opts.Features.LoopIterationLimit = limit
		res, err := compiler.Compile(src, opts)
		if err != nil {
			t.Fatalf("limit %d: %v", limit, err)
		}
		spirvtest.ValidateModule(t, res.Module, "vulkan1.1")
		loops, reports := 0, 0
		res.Module.Walk(func(in *spirv.Instruction) {
			switch in.Op {
			case spirv.OpLoopMerge:
				loops++
			case spirv.OpStore:
				if c := constOf(res.Module, spirv.ID(in.Operands[1])); c == lower.PrintfLoopLimit {
					reports++
				}
			}
		})
		for _, k := range res.Reflection.Kernels {
			got := k.Flags&spirv.KernelMayUsePrintf != 0
			if want := limit != 0 && k.Name != "straight"; got != want {
				t.Errorf("limit %d: kernel %s may use printf %v, want %v", limit, k.Name, got, want)
			}
		}
		switch {
		case limit == 0 && (loops != 2 || reports != 0 || res.Reflection.PrintfBuffer != nil):
			t.Errorf("limit 0: %d loops, %d reports, printf buffer %v; want 2, 0, none", loops, reports, res.Reflection.PrintfBuffer)
		case limit != 0 && (loops != 6 || reports != 3):
			// loops: its loop, the one-trip loop its body is wrapped in
			// (it returns from inside the loop) and one probe after it;
			// early: its loop and a probe at each of its two returns.
			t.Errorf("limit %d: %d loops and %d reports, want 6 and 3", limit, loops, reports)
		case limit != 0 && (res.Reflection.PrintfBuffer == nil || res.Reflection.PrintfBuffer.BufferSize != 64):
			t.Errorf("limit %d: printf buffer %+v, want one of 64 bytes", limit, res.Reflection.PrintfBuffer)
		}
	}
}

// constOf is the value of the 32-bit OpConstant id of m, or 0.
func constOf(m *spirv.Module, id spirv.ID) uint32 {
	for _, in := range m.Globals {
		if in.Result == id && in.Op == spirv.OpConstant && len(in.Operands) == 1 {
			return in.Operands[0]
		}
	}
	return 0
}
