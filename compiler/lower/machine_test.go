package lower_test

// The state machine (machine.go): jumps that structured control flow
// cannot express as written. Expected values were computed by running the
// same C functions compiled by gcc.

import (
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// A goto into a loop's body from before the loop: a loop with two entries.
func TestGotoIntoLoop(t *testing.T) {
	src := `kernel void k(global int *out) {
		int g = get_global_id(0);
		int i = 0, s = 0;
		if (g & 1) goto inside;
		while (i < 4) {
			s += 10;
		inside:
			s += i;
			i++;
		}
		out[g] = s;
	}`
	wantInts(t, runInts(t, src, "k", 6), 46, 36, 46, 36, 46, 36)
}

// Duff's device: case labels inside the do-while of the switch's body.
func TestDuffsDevice(t *testing.T) {
	src := `void copy(int *to, const int *from, int count) {
		int n = (count + 7) / 8;
		switch (count % 8) {
		case 0: do { *to++ = *from++;
		case 7: *to++ = *from++;
		case 6: *to++ = *from++;
		case 5: *to++ = *from++;
		case 4: *to++ = *from++;
		case 3: *to++ = *from++;
		case 2: *to++ = *from++;
		case 1: *to++ = *from++;
			} while (--n > 0);
		}
	}
	kernel void k(global int *out) {
		int g = get_global_id(0);
		int src[20], dst[20];
		for (int i = 0; i < 20; i++) { src[i] = i + 1; dst[i] = 0; }
		copy(dst, src, g * 3 + 1);
		int s = 0;
		for (int i = 0; i < 20; i++) s += dst[i] * (i + 1);
		out[g] = s;
	}`
	wantInts(t, runInts(t, src, "k", 6), 1, 30, 140, 385, 819, 1496)
}

// Returns from a helper that is a state machine: from a structured loop
// nested in a loop the machine took apart, and from after a label.
func TestMachineReturnFromHelper(t *testing.T) {
	src := `int f(int v) {
		int i = 0;
		if (v > 2) goto mid;
		for (; i < 10; i++) {
			for (int j = 0; j < 3; j++)
				if (i * 3 + j == v * 4) return 100 + i * 10 + j;
		mid:
			if (i == 7) return -i;
		}
		return 1000;
	}
	kernel void k(global int *out) {
		int g = get_global_id(0);
		out[g] = f(g);
	}`
	wantInts(t, runInts(t, src, "k", 7), 100, 111, 122, 140, 151, 162, -7)
}

// A return from a kernel whose body is a state machine, also as the
// runtime builds it for a device with a loop limit (the body is then
// wrapped so that every return reaches the limit probe).
func TestMachineKernelReturn(t *testing.T) {
	src := `kernel void k(global int *out) {
		int g = get_global_id(0);
		int k = g;
		if (k > 3) goto in;
		while (k < 10) {
			k += 2;
			if (k == 7) { out[g] = 77; return; }
		in:
			k++;
		}
		out[g] = k;
	}`
	wantInts(t, runInts(t, src, "k", 8), 12, 10, 77, 12, 77, 12, 10, 11)
	opts := compiler.DefaultOptions()
	opts.Features.LoopIterationLimit = 65535
	res, err := compiler.Compile(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, res.Module, string(compiler.Vulkan11))
}

// A switch in a loop with a goto from one case into a block of another
// (out of a structured loop inside the first), and break and continue
// inside the taken-apart switch.
func TestMachineSwitchInLoop(t *testing.T) {
	src := `kernel void k(global int *out) {
		int g = get_global_id(0);
		int s = 0;
		for (int i = 0; i < 6; i++) {
			switch ((i + g) % 3) {
			case 0:
				for (int j = 0; j < 5; j++) {
					if (j == 2) goto two;
					s += 1;
				}
				break;
			case 1:
				{
				two:
					s += 100;
					if (i == 4) break;
					s += 1000;
					continue;
				}
			default:
				s += 10000;
			}
			s += 5;
		}
		out[g] = s;
	}`
	wantInts(t, runInts(t, src, "k", 3), 23419, 24414, 23419)
}

// Nested case labels of a 64-bit switch and of a char switch inside it,
// a default label inside a loop.
func TestMachineSwitchTags(t *testing.T) {
	src := `int wide(long v, char c) {
		int r = 0;
		switch (v) {
		case -5000000000L:
			r = 1;
			if (c < 0) {
		case 3:
				r += 10;
				switch (c) {
				case -3:
					r += 100;
					break;
				case 'a':
					while (r < 1000) {
				default:
						r += 1000;
					}
				}
			}
			break;
		case 4:
			r = 7;
		}
		return r;
	}
	kernel void k(global int *out) {
		int g = get_global_id(0);
		long vs[] = {-5000000000L, 3, 4, 5};
		char cs[] = {-3, 'a', -1};
		out[g] = wide(vs[g / 3], cs[g % 3]);
	}`
	wantInts(t, runInts(t, src, "k", 12), 111, 1, 1011, 110, 1010, 1010, 7, 7, 7, 0, 0, 0)
}

// A barrier outside the helper that is a state machine is fine; one
// inside a machine is refused, naming the jump that made it one.
func TestMachineBarrier(t *testing.T) {
	compileValid(t, `int f(int v) {
		if (v > 2) goto in;
		while (v < 10) {
			v += 3;
		in:
			v++;
		}
		return v;
	}
	kernel void k(global int *out, local int *l) {
		int i = get_local_id(0);
		l[i] = f(i);
		barrier(CLK_LOCAL_MEM_FENCE);
		out[i] = l[i ^ 1];
	}`)
	// In the kernel itself: the barriers before the first and after the
	// last statement with a label or goto stay outside the machine.
	src := `kernel __attribute__((reqd_work_group_size(4, 1, 1))) void k(global int *out) {
		local int l[4];
		int i = get_local_id(0);
		l[i] = i;
		barrier(CLK_LOCAL_MEM_FENCE);
		int v = l[i ^ 1];
		if (v > 2) goto in;
		while (v < 10) {
			v += 3;
		in:
			v++;
		}
		l[i] = v;
		barrier(CLK_LOCAL_MEM_FENCE);
		out[i] = l[i ^ 1];
	}`
	wantInts(t, runInts(t, src, "k", 4), 12, 13, 10, 12)
	compileError(t, `int f(int v) {
		if (v > 2) goto in;
		while (v < 10) {
			v += 3;
		in:
			barrier(CLK_LOCAL_MEM_FENCE);
			v++;
		}
		return v;
	}
	kernel void k(global int *out) { out[0] = f(out[1]); }`,
		"'barrier' is not supported here: clgo lowers the control flow around it as a state machine")
}

// Locals that live across states: a pointer, a struct and a vector
// declared before the label a goto jumps into a loop to.
func TestMachineLocals(t *testing.T) {
	src := `typedef struct { int a; float b; } S;
	kernel void k(global int *out) {
		int g = get_global_id(0);
		global int *p = out + 8 + g;
		S s = {g, 1.5f};
		int4 q = (int4)(g, 1, 2, 3);
		int i = 0;
		*p = 0;
		if (g & 1) goto in;
		for (; i < 3; i++) {
			q += (int4)(i);
			s.a += 2;
		in:
			*p += s.a + q.x;
			p[0] += (int)s.b;
		}
		out[g] = s.a * 100 + q.y;
	}`
	wantInts(t, runInts(t, src, "k", 4), 604, 504, 804, 704, 0, 0, 0, 0, 19, 19, 31, 31)
}

// A switch whose body is a single statement: without a case label it
// never runs; case labels in it are nested (the parser groups a label
// with its statement), which the state machine takes.
func TestSwitchWithoutBlock(t *testing.T) {
	src := `kernel void k(global int *p) {
		int g = get_global_id(0);
		switch (p[g]++) p[g] += 100;
		switch (g) case 1: case 2: p[g] += 10;
		switch (g & 1) default: p[g] += 1000;
	}`
	wantInts(t, runInts(t, src, "k", 4), 1001, 1011, 1011, 1001)
}
