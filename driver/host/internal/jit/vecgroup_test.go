package jit

import (
	"bytes"
	"encoding/binary"
	"math/rand"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// vecKernels read and write vectors of 4-byte components (vecgroup.go):
// float4 and int8 arrays (contiguous chunks), float4 members of a struct
// (a lane stride of 48 bytes), Workgroup memory, a store under a partial
// mask (stored through the mask), a float4 load and store under one
// (the load reads every lane, all checked in bounds), vload8/vstore8 (eight scalar loads that lanes gathers into a
// run) and vload4 in a loop, two vstore4 alone (scalar stores gathered
// likewise), and a float3, each with the number of runs the fast path
// takes in work-groups of 16. An int8 array
// is two int4 loads (the compiler's layout) that lanes' gatherLoads puts
// side by side, one run of eight like the store; the struct's load and
// store are p and v in one run of eight at a lane stride of 48.
//
// In groups of 13 lanes (and where the offsets have no Form, the local
// tile's t[(l + 1) % n]) the runs' strides are checked chunk by chunk
// (runs13). A float3 is a run of three: 16 bytes read a lane.
// vload4loop's #pragma nounroll keeps its loop (the compiler unrolls
// loops of four trips otherwise).
var vecKernels = []struct {
	name   string
	runs   int
	runs13 int
	src    string
}{
	{"float4", 2, 2, `kernel void k(global float4 *out, global const float4 *in) {
		int i = get_global_id(0);
		float4 v = in[i];
		out[i] = v.wzyx * 2.0f + v;
	}`},
	{"int8", 2, 2, `kernel void k(global int8 *out, global const int8 *in) {
		int i = get_global_id(0);
		int8 v = in[i];
		out[i] = v.s76543210 ^ (v << 3);
	}`},
	{"int16", 2, 2, `kernel void k(global int16 *out, global const int16 *in) {
		int i = get_global_id(0);
		out[i] = in[i].sfedcba9876543210 + (int16)(i);
	}`},
	{"struct", 2, 2, `typedef struct { float4 p; float4 v; float m; } body;
	kernel void k(global body *out, global const body *in) {
		int i = get_global_id(0);
		body b = in[i];
		b.p += b.v * b.m;
		out[i] = b;
	}`},
	{"local", 5, 5, `kernel void k(global float4 *out, global const float4 *in) {
		local float4 t[64];
		int l = get_local_id(0);
		t[l] = in[get_global_id(0)];
		barrier(CLK_LOCAL_MEM_FENCE);
		out[get_global_id(0)] = t[l] + t[(l + 1) % get_local_size(0)];
	}`},
	{"partial", 2, 2, `kernel void k(global int4 *out, global const int4 *in) {
		int i = get_global_id(0);
		int4 v = in[i];
		if (v.x & 1)
			out[i] = v + 1;
	}`},
	{"vload8", 2, 2, `kernel void k(global float *out, global const float *in) {
		int i = get_global_id(0);
		float8 v = vload8(i, in);
		vstore8(v.s76543210 + 1.0f, i, out);
	}`},
	{"vload4loop", 1, 1, `kernel void k(global float *out, global const float *in) {
		int i = get_global_id(0);
		float acc = 0.0f;
		#pragma nounroll
		for (int j = 0; j < 4; j++) {
			float4 v = vload4(i * 4 + j, in);
			acc += v.x * v.y - v.z * v.w;
		}
		out[i] = acc;
	}`},
	{"vstore4", 2, 2, `kernel void k(global float *out, global const float *in) {
		int i = get_global_id(0);
		float x = in[4 * i];
		vstore4((float4)(x, x * 2.0f, x + 1.0f, -x), 2 * i, out);
		vstore4((float4)(1.0f, x, 3.0f, x * x), 2 * i + 1, out);
	}`},
	{"partialload", 2, 2, `kernel void k(global float4 *out, global const float4 *in) {
		int i = get_global_id(0);
		if ((i * 7) & 2) {
			float4 v = in[i];
			out[i] = v * 2.0f + v.yzwx;
		}
	}`},
	{"twostores", 3, 3, `kernel void k(global int4 *out, global int4 *out2, global const int4 *in) {
		int i = get_global_id(0);
		int4 v = in[i];
		if ((v.x & 1) && i + 2 < 2 * get_local_size(0)) { // two groups
			out2[i + 1] = v * 3;
			out[i + 1] = v + 1;
		}
	}`},
	{"memscale", 2, 2, `kernel void k(global float *out, global const float *in) {
		int i = get_global_id(0);
		vstore4(vload4(i, in) * 2.5f + (float4)(1.0f), i, out);
	}`},
	{"memcopy16", 2, 2, `kernel void k(global int16 *out, global const int16 *in) {
		int i = get_global_id(0);
		out[i] = in[i];
	}`},
	{"memfloat2", 2, 2, `kernel void k(global float2 *out, global const float2 *in) {
		int i = get_global_id(0);
		out[i] = fabs(in[i]) * 2.0f - 1.0f;
	}`},
	{"memfloat8", 3, 3, `kernel void k(global float8 *out, global const float8 *in) {
		int i = get_global_id(0);
		out[i] = in[i] * out[i] - 0.5f;
	}`},
	{"mempartial", 2, 2, `kernel void k(global int4 *out, global const int4 *in) {
		int i = get_global_id(0);
		int4 v = in[i];
		if ((i * 5) & 2)
			out[i] = (v << 1) ^ (int4)(7);
	}`},
	{"memtwice", 3, 3, `kernel void k(global uint4 *out, global uint4 *in) {
		int i = get_global_id(0);
		uint4 v = in[i] * 3u;
		out[i] = v + 1u;
		in[i] = v;
	}`},
	{"memslow", 3, 3, `kernel void k(global uint4 *out, global uint4 *in) {
		int i = get_global_id(0);
		if (i + 1 < 2 * get_local_size(0)) { // two groups: the last lane inactive
			uint4 v = in[i] * 3u;
			out[i] = v;
			in[i] = v + 1u;
		}
	}`},
	{"memvload3", 2, 2, `kernel void k(global float *out, global const float *in) {
		int i = get_global_id(0);
		vstore3(convert_float3(convert_int3(vload3(i, in) * 8.0f)), i, out);
	}`},
	{"memjoin", 4, 4, `kernel void k(global float4 *out, global const float4 *in) {
		local float4 t[64];
		int l = get_local_id(0);
		float4 x = in[get_global_id(0)] * 2.0f;
		t[l] = x; // x's flow takes in the tile's load below
		barrier(CLK_LOCAL_MEM_FENCE);
		out[get_global_id(0)] = t[(l + 1) % get_local_size(0)] - x;
	}`},
	{"memvarying", 2, 2, `kernel void k(global float4 *out, global const float4 *in) {
		int i = get_global_id(0);
		out[i] = in[i] + (float)i;
	}`},
	{"memalone", 2, 2, `kernel void k(global float4 *out, global const float4 *in) {
		int i = get_global_id(0);
		float4 v = in[i];
		out[i] = v * v.x;
	}`},
	{"float3", 1, 1, `kernel void k(global float *out, global const float3 *in) {
		int i = get_global_id(0);
		float3 v = in[i];
		out[i] = v.x + v.y * v.z;
	}`},
}

// TestVecRuns runs vecKernels natively and on the Go executor, bit for
// bit, in whole and partial chunks, with buffers of the exact size (the
// last lane's vector ends at the buffer's end), the input or the output
// 16 bytes short, and the input 4 bytes short (both trap, at the same op, lane and offset).
func TestVecRuns(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewSource(5))
	for _, kc := range vecKernels {
		for _, local := range []int{16, 13} {
			p := buildCL(t, kc.src, local)
			g, _, err := generate(p)
			if err != nil {
				t.Fatalf("%s: %v", kc.name, err)
			}
			want := kc.runs
			if local%chunk != 0 {
				want = kc.runs13
			}
			if kc.name == "vload4loop" && local == 16 && g.vec.pre != 6 {
				// Components 1-3's Add and Index: the one-by-one path's only.
				t.Errorf("vload4loop: %d prefix ops, want 6\n%s", g.vec.pre, p)
			}
			// Component offsets that a later run reads too (out[i] at
			// in[i]'s offsets), written by the load's fast path.
			if wc := map[string]int{"float4": 3, "int8": 3, "int16": 3, "struct": 5, "partial": 3, "vload8": 7, "partialload": 3, "twostores": 3,
				"memscale": 3, "memcopy16": 3, "memfloat2": 1, "memfloat8": 7, "mempartial": 3, "memtwice": 3, "memslow": 3, "memvload3": 2, "memalone": 3, "memvarying": 3, "memjoin": 0}[kc.name]; local == 16 && g.vec.comps != wc {
				t.Errorf("%s: %d component offsets from the fast path, want %d\n%s", kc.name, g.vec.comps, wc, p)
			}
			// Runs in memory order (vecmem.go): loads and stores of
			// vectors whose components meet element-wise ops alike.
			if wm := map[string]int{"local": 5, "memscale": 2, "memcopy16": 2, "memfloat2": 2, "memfloat8": 3, "mempartial": 2, "memtwice": 3, "memslow": 3, "memvload3": 2, "memjoin": 4}[kc.name]; g.vec.memRuns != wm {
				t.Errorf("%s local %d: %d runs in memory order, want %d\n%s", kc.name, local, g.vec.memRuns, wm, p)
			}
			if g.vec.runs != want {
				t.Errorf("%s local %d: %d runs, want %d\n%s", kc.name, local, g.vec.runs, want, p)
			}
			const groups = 2
			items := groups * local
			for _, variant := range []int{0, 1, 2, 3} {
				mem := make([][]byte, len(p.Regions))
				for r, rg := range p.Regions {
					switch rg.Kind {
					case lanes.RegionPush:
						mem[r] = make([]byte, max(rg.Size, 64))
					case lanes.RegionBuffer:
						// Element sizes: the largest is 64 bytes (int16);
						// the size is found from the kernel by its name.
						es := map[string]int{"float4": 16, "int8": 32, "int16": 64, "struct": 48,
							"local": 16, "partial": 16, "float3": 16, "vload8": 32, "vload4loop": 64, "vstore4": 32, "partialload": 16, "twostores": 16,
							"memscale": 16, "memcopy16": 64, "memfloat2": 8, "memfloat8": 32, "mempartial": 16, "memtwice": 16, "memslow": 16, "memvload3": 12, "memalone": 16, "memvarying": 16, "memjoin": 16}[kc.name]
						if kc.name == "float3" && rg.Binding == 0 {
							es = 4
						}
						short := 0
						switch {
						case variant == 1 && rg.Binding == 1, variant == 2 && rg.Binding == 0:
							short = 16
						case variant == 3 && rg.Binding == 1:
							short = 4 // the last lane's last component
						}
						if kc.name == "twostores" && rg.Binding == 1 {
							// out2[i + 1] in bounds for every lane: its
							// run's fast path, out's one-by-one code.
							short -= 16
						}
						b := make([]byte, items*es-short)
						for w := 0; w+4 <= len(b); w += 4 {
							v := rng.Uint32()
							if kc.name != "int8" && kc.name != "int16" && kc.name != "partial" && kc.name != "twostores" &&
								kc.name != "memcopy16" && kc.name != "mempartial" && kc.name != "memtwice" && kc.name != "memslow" {
								v = 0x3f000000 + v&0xffffff // floats in [0.5, 2)
							}
							b[w], b[w+1], b[w+2], b[w+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
						}
						mem[r] = b
					}
				}
				gm, nm, gt, nt := runBoth(t, p, mem, groups)
				if (gt == nil) != (nt == nil) || gt != nil && *gt != *nt {
					t.Fatalf("%s local %d variant %d: traps: go %+v, native %+v", kc.name, local, variant, gt, nt)
				}
				if (variant == 1 || variant == 2) && gt == nil && kc.name != "partial" && kc.name != "twostores" && kc.name != "mempartial" && kc.name != "memslow" && kc.name != "partialload" && kc.name != "float3" && kc.name != "vload4loop" && kc.name != "vstore4" {
					t.Errorf("%s local %d: a short buffer did not trap (variant %d)", kc.name, local, variant)
				}
				if gt != nil {
					continue
				}
				for r := range gm {
					if !bytes.Equal(gm[r], nm[r]) {
						t.Fatalf("%s local %d: region %d differs:\ngo     %x\nnative %x", kc.name, local, r, gm[r], nm[r])
					}
				}
			}
		}
	}
}

// vecWrapProg loads a float4 from buffer 0 at Index(base, LocalIndex +
// shift, stride) (base and shift Uniform, from buffer 2) and stores its
// components to buffer 1 at Index(0, LocalIndex, 16): with a shift that
// makes LocalIndex + shift cross 2^31 inside the chunk, lanes before the
// crossing are poison and lanes after it in bounds (the form's lane-7
// check must send the run to the general code, which traps).
func vecWrapProg(stride int64) *lanes.Program {
	b := newProg(8)
	for range 3 {
		b.region(lanes.RegionBuffer, 0)
	}
	live, li := b.laneIDs()
	uni := func(at uint64) lanes.Value {
		v := b.value(lanes.I32, lanes.Uniform)
		b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: v, A: b.konst(lanes.I32, at), B: nv, C: nv, M: live, Imm: 2, Imm2: 4})
		return v
	}
	base, shift := uni(0), uni(4)
	idx := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: idx, A: li, B: shift, C: nv, M: nv})
	run := func(code lanes.Code, r int64, a0 lanes.Value, vals []lanes.Value) []lanes.Value {
		offs := []lanes.Value{a0}
		for k := 1; k < 4; k++ {
			o := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: o, A: a0, B: b.konst(lanes.I32, uint64(4*k)), C: nv, M: nv, Imm: 1})
			offs = append(offs, o)
		}
		for k, o := range offs {
			if code == lanes.Load {
				v := b.value(lanes.F32, lanes.Varying)
				b.op(lanes.Op{Code: lanes.Load, Kind: lanes.F32, Dst: v, A: o, B: nv, C: nv, M: live, Imm: r, Imm2: 4})
				vals = append(vals, v)
				continue
			}
			b.op(lanes.Op{Code: lanes.Store, Kind: lanes.F32, Dst: nv, A: o, B: vals[k], C: nv, M: live, Imm: r, Imm2: 4})
		}
		return vals
	}
	in := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: in, A: base, B: idx, C: nv, M: nv, Imm: stride})
	vals := run(lanes.Load, 0, in, nil)
	out := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: out, A: b.konst(lanes.I32, 0), B: li, C: nv, M: nv, Imm: 16})
	run(lanes.Store, 1, out, vals)
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}

// TestVecRunWrap: runs whose first offset is poison in some lanes and in
// bounds in the last (a crossing of 2^31 in the chunk), and the same
// program with every lane in bounds, against the Go executor.
func TestVecRunWrap(t *testing.T) {
	needNative(t)
	for _, stride := range []int64{1, 16} {
		p := vecWrapProg(stride)
		g, _, err := generate(p)
		if err != nil {
			t.Fatal(err)
		}
		if g.vec.runs != 2 {
			t.Fatalf("stride %d: %d runs, want 2\n%s", stride, g.vec.runs, p)
		}
		for _, c := range []struct{ base, shift uint32 }{
			{0, 0}, {16, 1},
			// Lanes 0-3 at 2^31+(2^31-4+i)·stride: poison; lanes 4-7 at
			// 2^31-2^31·stride+...: in bounds for stride 1.
			{1 << 31, 1<<31 - 4},
		} {
			mem := [][]byte{make([]byte, 256), make([]byte, 128), make([]byte, 8)}
			for i := range mem[0] {
				mem[0][i] = byte(i*7 + 1)
			}
			binary.LittleEndian.PutUint32(mem[2][0:], c.base)
			binary.LittleEndian.PutUint32(mem[2][4:], c.shift)
			gm, nm, gt, nt := runBoth(t, p, mem, 1)
			if (gt == nil) != (nt == nil) || gt != nil && *gt != *nt {
				t.Fatalf("stride %d %+v: traps: go %+v, native %+v", stride, c, gt, nt)
			}
			if gt == nil && !bytes.Equal(gm[1], nm[1]) {
				t.Fatalf("stride %d %+v:\ngo     %x\nnative %x", stride, c, gm[1], nm[1])
			}
			if c.base == 1<<31 && gt == nil {
				t.Errorf("stride %d: no trap at poison lanes", stride)
			}
		}
	}
}
