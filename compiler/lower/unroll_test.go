package lower_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// loopsIn compiles src with opts, validates it and counts its loops.
func loopsIn(t *testing.T, src string, opts compiler.Options) int {
	t.Helper()
	res, err := compiler.Compile(src, opts)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	spirvtest.ValidateModule(t, res.Module, "vulkan1.1")
	n := 0
	res.Module.Walk(func(in *spirv.Instruction) {
		if in.Op == spirv.OpLoopMerge {
			n++
		}
	})
	return n
}

// unrollKernel is a kernel whose one loop writes each trip's counter
// value to out[trip] (the first 32 trips), the trip count to out[40] and
// the counter's value after the loop to out[41].
func unrollKernel(decl, loop, body string) string {
	return fmt.Sprintf(`kernel void k(global int *out) {
	int n = 0;
	%s;
	%s {
		out[n < 32 ? n : 31] = (int)i;
		n++;
		%s
	}
	out[40] = n;
	out[41] = (int)i;
}`, decl, loop, body)
}

// TestUnrollTripCounts checks the trip counts and final counter values of
// every comparison and step form, worked out by hand from C's rules
// (usual arithmetic conversions, integer promotions, unsigned
// wrap-around), with and without unrolling.
func TestUnrollTripCounts(t *testing.T) {
	cases := []struct {
		name, decl, loop string
		vals             []int32 // the counter in each trip
		final            int32
		unrolled         bool
	}{
		{"lt", "int i", "for (i = 0; i < 4; i++)", []int32{0, 1, 2, 3}, 4, true},
		{"zero trips", "int i", "for (i = 0; i < 0; i++)", nil, 0, true},
		{"negative step", "int i", "for (i = 10; i > 0; i -= 3)", []int32{10, 7, 4, 1}, -2, true},
		{"ge predec", "int i", "for (i = 3; i >= 0; --i)", []int32{3, 2, 1, 0}, -1, true},
		{"le", "int i", "for (i = -2; i <= 2; i += 2)", []int32{-2, 0, 2}, 4, true},
		{"ne", "int i", "for (i = 0; i != 12; i += 4)", []int32{0, 4, 8}, 12, true},
		{"constant on the left", "int i", "for (i = 0; 3 > i; ++i)", []int32{0, 1, 2}, 3, true},
		{"macro bounds", "int i", "\n#define MWI 8\n#define VWM 4\nfor (i = 0; i < MWI/VWM; i += 1)", []int32{0, 1}, 2, true},
		{"uint ne wraps", "uint i", "for (i = 3; i != (uint)-1; i--)", []int32{3, 2, 1, 0}, -1, true},
		{"uint step 2", "uint i", "for (i = 0; i < 5u; i += 2)", []int32{0, 2, 4}, 6, true},
		// -1 < 3u compares in uint: 0xffffffff < 3 is false.
		{"int against uint", "int i", "for (i = -1; i < 3u; i++)", nil, -1, true},
		{"long", "long i", "for (i = -5; i <= -1; i++)", []int32{-5, -4, -3, -2, -1}, 0, true},
		{"ulong", "ulong i", "for (i = 0x100000000UL; i < 0x100000003UL; i++)", []int32{0, 1, 2}, 3, true},
		{"uchar wraps", "uchar i", "for (i = 253; i != 2; i++)", []int32{253, 254, 255, 0, 1}, 2, true},
		{"char down", "char i", "for (i = 2; i >= 0; i--)", []int32{2, 1, 0}, -1, true},
		{"short step", "short i", "for (i = 0; i < 100; i += 30)", []int32{0, 30, 60, 90}, 120, true},
		{"32 trips", "int i", "for (i = 0; i <= 31; i++)", seq(0, 32), 32, true},
		{"33 trips stay a loop", "int i", "for (i = 0; i <= 32; i++)", seq(0, 32), 33, false},
		{"pragma unroll raises", "int i", "\n#pragma unroll\nfor (i = 0; i < 40; i++)", seq(0, 32), 40, true},
		{"pragma unroll N raises", "int i", "\n#pragma unroll 64\nfor (i = 0; i < 40; i++)", seq(0, 32), 40, true},
		{"pragma unroll 1 keeps", "int i", "\n#pragma unroll 1\nfor (i = 0; i < 4; i++)", []int32{0, 1, 2, 3}, 4, false},
		{"pragma nounroll keeps", "int i", "\n#pragma nounroll\nfor (i = 0; i < 4; i++)", []int32{0, 1, 2, 3}, 4, false},
		{"clang loop disable keeps", "int i", "\n#pragma clang loop unroll(disable)\nfor (i = 0; i < 4; i++)", []int32{0, 1, 2, 3}, 4, false},
		{"clang loop count raises", "int i", "\n#pragma clang loop unroll_count(40)\nfor (i = 0; i < 40; i++)", seq(0, 32), 40, true},
		{"other pragmas between", "int i", "\n#pragma unroll\n#pragma promote_to_registers\nfor (i = 0; i < 40; i++)", seq(0, 32), 40, true},
		{"hint 1 keeps", "int i", "__attribute__((opencl_unroll_hint(1))) for (i = 0; i < 4; i++)", []int32{0, 1, 2, 3}, 4, false},
		{"hint raises", "int i", "__attribute__((opencl_unroll_hint)) for (i = 0; i < 40; i++)", seq(0, 32), 40, true},
		{"variable bound stays a loop", "int i; int m = out[50] + 4", "for (i = 0; i < m; i++)", []int32{0, 1, 2, 3}, 4, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := unrollKernel(c.decl, c.loop, "")
			loops := loopsIn(t, src, compiler.DefaultOptions())
			if got := loops == 0; got != c.unrolled {
				t.Errorf("unrolled %v (%d loops), want %v", got, loops, c.unrolled)
			}
			if off := compiler.DefaultOptions(); true {
				off.OptDisable = true
				if n := loopsIn(t, src, off); n != 1 {
					t.Errorf("-cl-opt-disable: %d loops, want 1", n)
				}
			}
			out := runHost[int32](t, src, "k", 1)
			want := make([]int32, 42)
			copy(want, c.vals)
			want[40], want[41] = int32(len(c.vals)), c.final
			if len(c.vals) > 32 {
				t.Fatal("test case writes past out[31]")
			}
			if n := len(c.vals); n == 32 && c.final != 32 {
				want[40] = c.final // the cases of more than 32 trips count to the final value
				want[31] = c.final - 1
			}
			for i, w := range want {
				if out[i] != w {
					t.Errorf("out[%d] = %d, want %d", i, out[i], w)
				}
			}
		})
	}
}

// seq returns lo, lo+1, ..., lo+n-1.
func seq(lo, n int32) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = lo + int32(i)
	}
	return s
}

// TestUnrollKept checks loops that must stay loops, for what their body
// does or for their size, and that they still compute the right thing.
func TestUnrollKept(t *testing.T) {
	big := strings.Repeat("s += out[(j + 1) & 7] * 3 + out[(j + 2) & 7];\n", 8)
	cases := []struct {
		name, src string
		want      []int32
	}{
		{"break", `kernel void k(global int *out) {
	int j;
	for (j = 0; j < 8; j++) { if (j == 3) break; out[j] = j + 1; }
	out[10] = j;
}`, []int32{1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 3}},
		{"continue", `kernel void k(global int *out) {
	for (int j = 0; j < 4; j++) { if (j == 1) continue; out[j] = 7; }
}`, []int32{7, 0, 7, 7}},
		{"counter assigned", `kernel void k(global int *out) {
	int j;
	for (j = 0; j < 8; j++) { out[j] = 1; j += 1; }
	out[10] = j;
}`, []int32{1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 8}},
		{"address taken", `void bump(int *p) { *p += 1; }
kernel void k(global int *out) {
	int j;
	for (j = 0; j < 8; j++) { out[j] = 1; bump(&j); }
	out[10] = j;
}`, []int32{1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 8}},
		{"too big", `kernel void k(global int *out) {
	int s = 0;
	for (int j = 0; j < 30; j++) {
` + big + `	}
	out[20] = s;
}`, nil},
		{"goto", `kernel void k(global int *out) {
	int j;
	for (j = 0; j < 4; j++) { if (out[j] == 0) goto done; }
done:
	out[10] = j;
}`, []int32{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
		{"signed overflow", `kernel void k(global int *out) {
	for (int j = 2147483640; j > 0; j += 4) out[1]++;
}`, []int32{0, 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if n := loopsIn(t, c.src, compiler.DefaultOptions()); n == 0 {
				t.Errorf("the loop was unrolled")
			}
			out := runHost[int32](t, c.src, "k", 1)
			for i, w := range c.want {
				if out[i] != w {
					t.Errorf("out[%d] = %d, want %d", i, out[i], w)
				}
			}
		})
	}
}

// TestUnrollBodies checks unrolled bodies that return, hold nested loops
// (unrolled or with their own break), switches and barriers, against
// values worked out by hand.
func TestUnrollBodies(t *testing.T) {
	cases := []struct {
		name, src string
		loops     int // left: an inlined call that returns early keeps its one-trip wrapper loop
		want      []int32
	}{
		{"return from an inlined call", `int find(global int *a, int x) {
	for (int i = 0; i < 8; i++) if (a[i] == x) return i;
	return -1;
}
kernel void k(global int *out) {
	for (int i = 0; i < 8; i++) out[i] = 10 * i;
	out[8] = find(out, 30);
	out[9] = find(out, 31);
}`, 2, []int32{0, 10, 20, 30, 40, 50, 60, 70, 3, -1}},
		{"return from the kernel", `kernel void k(global int *out) {
	for (int i = 0; i < 8; i++) { out[i] = 1; if (i == 2) return; }
}`, 0, []int32{1, 1, 1, 0}},
		{"nested", `kernel void k(global int *out) {
	int acc[4 * 3];
	for (int m = 0; m < 4; m++)
		for (int n = 0; n < 3; n++)
			acc[m * 3 + n] = m * 10 + n;
	for (int x = 0; x < 12; x++) out[x] = acc[x];
}`, 0, []int32{0, 1, 2, 10, 11, 12, 20, 21, 22, 30, 31, 32}},
		{"break of an inner loop", `kernel void k(global int *out) {
	for (int m = 0; m < 3; m++) {
		int n = 0;
		while (1) { if (n == m) break; n++; }
		out[m] = n + 100;
	}
}`, 3, []int32{100, 101, 102}},
		{"switch inside", `kernel void k(global int *out) {
	for (int m = 0; m < 4; m++) {
		switch (m) {
		case 0: out[m] = 5; break;
		case 1: out[m] = 6;
		default: out[m] += 1;
		}
	}
}`, 0, []int32{5, 7, 1, 1}},
		{"counter declared in the body's scope", `kernel void k(global int *out) {
	for (int m = 0; m < 2; m++) { int m2 = m * 2; for (int m = 0; m < 2; m++) out[m2 + m] = m2 + m + 1; }
}`, 0, []int32{1, 2, 3, 4}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if n := loopsIn(t, c.src, compiler.DefaultOptions()); n != c.loops {
				t.Errorf("%d loops, want %d", n, c.loops)
			}
			out := runHost[int32](t, c.src, "k", 4)
			for i, w := range c.want {
				if out[i] != w {
					t.Errorf("out[%d] = %d, want %d", i, out[i], w)
				}
			}
		})
	}
}

// TestUnrollDiagnosticsOnce checks that an error in an unrolled body is
// reported once, not once per copy.
func TestUnrollDiagnosticsOnce(t *testing.T) {
	src := `int undefined_fn(int);
kernel void k(global int *out) { for (int i = 0; i < 4; i++) out[i] = undefined_fn(i); }`
	_, err := compiler.Compile(src, compiler.DefaultOptions())
	if err == nil {
		t.Fatal("no error")
	}
	if n := strings.Count(err.Error(), "never defined"); n != 1 {
		t.Errorf("%d reports, want 1:\n%v", n, err)
	}
}

// TestUnrollBarrier checks an unrolled body with barriers: every
// work-item of a group passes each copy's barriers in the same order.
func TestUnrollBarrier(t *testing.T) {
	src := `kernel void k(global int *out) {
	local int tile[64];
	int l = get_local_id(0), ls = get_local_size(0), g = get_global_id(0);
	int s = 0;
	for (int m = 0; m < 4; m++) {
		tile[l] = m * 10 + l;
		barrier(CLK_LOCAL_MEM_FENCE);
		s += tile[(l + 1) % ls];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	out[g] = s;
	out[32 + g] = ls;
}`
	if n := loopsIn(t, src, compiler.DefaultOptions()); n != 0 {
		t.Errorf("%d loops, want 0", n)
	}
	out := runHost[int32](t, src, "k", 16)
	for g := int32(0); g < 16; g++ {
		ls := out[32+g]
		if ls <= 0 {
			t.Fatalf("local size %d", ls)
		}
		if want := 60 + 4*((g%ls+1)%ls); out[g] != want {
			t.Errorf("out[%d] = %d, want %d (local size %d)", g, out[g], want, ls)
		}
	}
}

// TestUnrollVectorSubscript checks that a vector subscripted by an
// unrolled loop's counter reads and writes constant components: the
// vectors stay values (no Function variable, dynamic extract or insert is
// left), with the results worked out by hand.
func TestUnrollVectorSubscript(t *testing.T) {
	src := `kernel void k(global int *out) {
	int4 v = (int4)(1, 2, 3, 4) * (out[60] + 1);
	int s = 0;
	for (int i = 0; i < 4; i++) s += v[i] * (i + 1);
	int4 w = v;
	for (int i = 0; i < 4; i++) w[i] = v[i] * 10 + i;
	out[0] = s;
	for (int i = 0; i < 4; i++) out[1 + i] = w[i];
}`
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, res.Module, "vulkan1.1")
	res.Module.Walk(func(in *spirv.Instruction) {
		switch in.Op {
		case spirv.OpVectorExtractDynamic, spirv.OpVectorInsertDynamic, spirv.OpLoopMerge:
			t.Errorf("%v left in the module", in.Op)
		case spirv.OpVariable:
			if spirv.StorageClass(in.Operands[0]) == spirv.StorageClassFunction {
				t.Errorf("Function variable %%%d left in the module", in.Result)
			}
		}
	})
	out := runHost[int32](t, src, "k", 1)
	wantInts(t, out, 1*1+2*2+3*3+4*4, 10, 21, 32, 43)
}
