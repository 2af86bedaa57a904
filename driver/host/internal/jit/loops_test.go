package jit

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/spirv"
)

// buildCL compiles OpenCL C and builds kernel k for work-groups of local
// lanes in chunks of 8.
func buildCL(t testing.TB, src string, local int) *lanes.Program {
	t.Helper()
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	m, err := spirv.Decode(res.SPIRV)
	if err != nil {
		t.Fatal(err)
	}
	p, err := lanes.Build(spirv.NewIndex(m), "k", map[uint32]uint64{0: uint64(local), 1: 1, 2: 1}, chunk)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// loopKernels exercise values kept in registers across loop heads
// (loops.go): loop-carried accumulators and counters, merged at the latch
// by runs of Selects (exits that differ per lane: some, all or none of a
// chunk's lanes go round again), 64-bit carried values (two registers
// each), ops inside the loop whose code uses the cache registers as
// scratch (division, a general Index: scratch.go), a loop-carried value
// written by a load, a barrier in a loop, and nested loops. #pragma
// nounroll keeps loops of a constant trip count loops (the compiler
// unrolls them otherwise).
var loopKernels = []struct{ name, src string }{
	{"latch-run", `kernel void k(global int *out, global const int *in) {
		int i = get_global_id(0);
		float x = 0.0f, y = 0.0f, c = (float)in[i] / 64.0f;
		int it = 0;
		while (x * x + y * y <= 4.0f && it < (in[i] & 63)) {
			float xt = x * x - y * y + c;
			y = 2.0f * x * y + 0.25f;
			x = xt;
			++it;
		}
		out[i] = it + (int)(x * 16.0f) + (int)(y * 8.0f);
	}`},
	{"wide-carried", `kernel void k(global long *out, global const int *in) {
		int i = get_global_id(0);
		long a = in[i], b = 1;
		double d = 0.5;
		for (int j = 0; j < (in[i] & 15); j++) {
			a = a * 3 + b;
			b ^= a >> 7;
			d = d * 1.5 + (double)j;
		}
		out[i] = a + b + (long)d;
	}`},
	{"scratch-in-loop", `kernel void k(global int *out, global const int *in) {
		int i = get_global_id(0);
		int s = 0, q = in[i] | 1;
		#pragma nounroll
		for (int j = 0; j < 9; j++) {
			s += (in[(i + j) & 31] + j) / q;
			s ^= in[i] % (j + 2);
		}
		out[i] = s;
	}`},
	{"load-carried", `kernel void k(global int *out, global const int *in) {
		int i = get_global_id(0);
		int p = i & 31, s = 0;
		#pragma nounroll
		for (int j = 0; j < 12; j++) {
			p = in[p] & 31;
			s += p * j;
		}
		out[i] = s + p;
	}`},
	{"barrier-loop", `kernel void k(global int *out, global const int *in) {
		local int t[64];
		int l = get_local_id(0);
		int acc = in[get_global_id(0)];
		for (int s = 1; s < 64; s <<= 1) {
			t[l] = acc;
			barrier(CLK_LOCAL_MEM_FENCE);
			acc += t[(l + s) & 63];
			barrier(CLK_LOCAL_MEM_FENCE);
		}
		out[get_global_id(0)] = acc;
	}`},
	{"nested", `kernel void k(global float *out, global const int *in) {
		int i = get_global_id(0);
		float acc = 0.0f;
		#pragma nounroll
		for (int a = 0; a < 4; a++) {
			float row = (float)in[(i + a) & 31];
			for (int b = 0; b < (in[i] & 7); b++)
				acc = mad(row, (float)b, acc);
			acc *= 0.5f;
		}
		out[i] = acc;
	}`},
}

// TestLoopPins runs loopKernels as native code and on the Go executor,
// bit for bit, in full and partial chunks, and checks that each has a
// loop whose values stay in registers.
func TestLoopPins(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, kc := range loopKernels {
		for _, local := range []int{64, 13} {
			if kc.name == "barrier-loop" && local != 64 {
				continue // its local array is one group of 64
			}
			p := buildCL(t, kc.src, local)
			g, _, err := generate(p)
			if err != nil {
				t.Fatalf("%s: %v", kc.name, err)
			}
			if len(g.loops.byLabel) == 0 {
				t.Errorf("%s: no loop with pinned values\n%s", kc.name, p)
			}
			for trial := range 3 {
				mem := make([][]byte, len(p.Regions))
				for r, rg := range p.Regions {
					if rg.Kind == lanes.RegionPush {
						mem[r] = make([]byte, max(rg.Size, 64)) // no global offset
					}
					if rg.Kind != lanes.RegionBuffer {
						continue
					}
					b := make([]byte, 8*64*2)
					if rg.Binding == 1 {
						for w := 0; w < len(b); w += 4 {
							v := rng.Uint32()
							switch trial {
							case 0: // every lane loops as long
								v = 40
							case 1: // short and long trips mixed
								v &= 0x3ff
							}
							binary.LittleEndian.PutUint32(b[w:], v)
						}
					}
					mem[r] = b
				}
				agree(t, fmt.Sprintf("%s local %d trial %d", kc.name, local, trial), p, mem, 2)
			}
		}
	}
}

// TestLoopPinsJumps: a loop entered by a forward jump as well as by
// falling in, and closed by an unconditional Jump (the lane programs
// close theirs with JumpIfAny), its exit a JumpIfNone at the top; enough
// temporaries on the fall-through way in to move every cache entry.
// Against the Go executor.
func TestLoopPinsJumps(t *testing.T) {
	needNative(t)
	b := newProg(8)
	for range 3 {
		b.region(lanes.RegionBuffer, 0)
	}
	b.p.Labels = 2
	live, li := b.laneIDs()
	zero := b.konst(lanes.I32, 0)
	one := b.konst(lanes.I32, 1)
	off := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: zero, B: li, C: nv, M: nv, Imm: 4})
	skip := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.Mask, Dst: skip, A: off, B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
	x := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: x, A: off, B: nv, C: nv, M: live, Imm: 1, Imm2: 4})
	n := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.And, Kind: lanes.I32, Dst: n, A: x, B: b.konst(lanes.I32, 7), C: nv, M: nv})
	acc := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Xor, Kind: lanes.I32, Dst: acc, A: x, B: b.konst(lanes.I32, 0x5a5a), C: nv, M: nv})
	// A forward jump to the loop head where any lane of skip is set; the
	// way that falls in first changes acc and churns the cache.
	b.op(lanes.Op{Code: lanes.JumpIfAny, Dst: nv, A: skip, B: nv, C: nv, M: nv, Imm: 0})
	for i := range 12 {
		tv := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: tv, A: x, B: b.konst(lanes.I32, uint64(i+2)), C: nv, M: nv})
		b.op(lanes.Op{Code: lanes.Xor, Kind: lanes.I32, Dst: acc, A: acc, B: tv, C: nv, M: nv})
	}
	b.op(lanes.Op{Code: lanes.Label, Dst: nv, A: nv, B: nv, C: nv, M: nv, Imm: 0})
	more := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.SLt, Kind: lanes.I32, Dst: more, A: zero, B: n, C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.JumpIfNone, Dst: nv, A: more, B: nv, C: nv, M: nv, Imm: 1})
	a2 := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Mul, Kind: lanes.I32, Dst: a2, A: acc, B: b.konst(lanes.I32, 3), C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: a2, A: a2, B: n, C: nv, M: nv})
	// A division: its code uses cache registers as scratch (scratch.go).
	q := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.UDiv, Kind: lanes.I32, Dst: q, A: a2, B: b.konst(lanes.I32, 7), C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: a2, A: a2, B: q, C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.Select, Kind: lanes.I32, Dst: acc, A: more, B: a2, C: acc, M: nv})
	b.op(lanes.Op{Code: lanes.Sub, Kind: lanes.I32, Dst: n, A: n, B: one, C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.Jump, Dst: nv, A: nv, B: nv, C: nv, M: nv, Imm: 0})
	b.op(lanes.Op{Code: lanes.Label, Dst: nv, A: nv, B: nv, C: nv, M: nv, Imm: 1})
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: acc, C: nv, M: live, Imm: 2, Imm2: 4})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	g, _, err := generate(&b.p)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.loops.byLabel) != 1 {
		t.Fatalf("%d loops with pinned values, want 1\n%s", len(g.loops.byLabel), &b.p)
	}
	for _, taken := range []bool{false, true} {
		mem := [][]byte{make([]byte, 32), make([]byte, 32), make([]byte, 32)}
		for l := range 8 {
			if taken && l == 5 {
				binary.LittleEndian.PutUint32(mem[0][4*l:], 0xffffffff)
			}
			binary.LittleEndian.PutUint32(mem[1][4*l:], uint32(l*0x9e3779b9))
		}
		agree(t, fmt.Sprintf("taken %v", taken), &b.p, mem, 1, 2)
	}
}
