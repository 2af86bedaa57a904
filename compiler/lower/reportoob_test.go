package lower_test

import (
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/compiler/lower"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestReportOutOfBounds: with Features.ReportOutOfBounds every access to
// a buffer argument (loads, stores, atomics, in loops and branches, 64-bit
// indices and the 64-bit view of a word buffer too) is compared with the
// buffer's length, and each kernel with checks writes one PrintfOutOfBounds
// report before it returns; the kernels may use printf and
// pass spirv-val, before and after spirv/opt. Without the flag nothing
// changes.
func TestReportOutOfBounds(t *testing.T) {
	src := `kernel void k(global uint *o, constant float *c, global int *at, uint n, ulong m) {
	size_t i = get_global_id(0);
	uint s = 0;
	for (uint j = 0; j < n; j++) { s += o[j]; if (c[j] > 1.0f) break; }
	o[n] = s;
	o[m] = 2;
	atomic_add(&at[i], 1);
	if (i == 3) o[i + 1] = (uint)c[2];
}
kernel void none(int x) { }
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
kernel void wide(global uint *p, uint n) { p[1] = 1; atom_add((global ulong *)p + n, 1UL); }`
	for _, optimize := range []bool{false, true} {
		for _, on := range []bool{false, true} {
			opts := compiler.DefaultOptions()
			opts.Optimize = optimize
			opts.Features.ReportOutOfBounds = on
			res, err := compiler.Compile(src, opts)
			if err != nil {
				t.Fatalf("on %v: %v", on, err)
			}
			spirvtest.ValidateModule(t, res.Module, "vulkan1.1")
			reports, bases := 0, map[uint32]bool{}
			res.Module.Walk(func(in *spirv.Instruction) {
				if in.Op == spirv.OpArrayLength {
					bases[in.Operands[0]] = true
				}
				if in.Op == spirv.OpStore && constOf(res.Module, spirv.ID(in.Operands[1])) == lower.PrintfOutOfBounds {
					reports++
				}
			})
			for _, k := range res.Reflection.Kernels {
				got := k.Flags&spirv.KernelMayUsePrintf != 0
				if want := on && k.Name != "none"; got != want {
					t.Errorf("on %v: kernel %s may use printf %v, want %v", on, k.Name, got, want)
				}
			}
			// o, c, at, p and p's 64-bit view.
			if on && len(bases) != 5 {
				t.Errorf("on: the lengths of %d buffers checked, want 5", len(bases))
			}
			if on && (reports != 2 || res.Reflection.PrintfBuffer == nil || res.Reflection.PrintfBuffer.BufferSize != 64) {
				t.Errorf("on: %d reports, printf buffer %+v; want 2 (one per return of k and wide) and 64 bytes", reports, res.Reflection.PrintfBuffer)
			}
			if !on && (reports != 0 || res.Reflection.PrintfBuffer != nil) {
				t.Errorf("off: %d reports, printf buffer %v", reports, res.Reflection.PrintfBuffer)
			}
		}
	}
}
