package jit

import (
	"bytes"
	"encoding/binary"
	"math/rand"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// vecWideKernels are vector runs beyond 4k components of 4 bytes at a
// static stride (vecgroup.go, vecblocks.go): 2 and 3 components, 8-byte
// components, and offsets without a Form whose stride the code checks
// chunk by chunk. Every kernel's last argument is p, ints that steer
// offsets at run time; sizes gives the other buffers' bytes for items
// work-items; params are the p of each case (after p's listed ints, p
// holds i at p[8+i], gather's indices). runs is the number of runs the
// fast path takes in groups of 16 lanes, checked how many of them have
// their stride checked lane by lane.
var vecWideKernels = []struct {
	name    string
	runs    int
	checked int
	sizes   func(items int) []int
	params  [][]int32
	src     string
}{
	{"float2", 2, 0, func(n int) []int { return []int{8 * n, 8 * n} }, [][]int32{{0}},
		`kernel void k(global float2 *out, global const float2 *in, global const int *p) {
		int i = get_global_id(0);
		float2 v = in[i];
		out[i] = v.yx * 2.0f + v;
	}`},
	// A butterfly of an FFT (realk's cmul): k = i % half_n has no Form.
	// half_n 1: lanes 16 bytes apart (checks fail); 3: runs of 3 lanes;
	// 4, 8, 16: every chunk in one or two runs.
	{"cmul", 5, 5, func(n int) []int { return []int{16 * n, 8 * n} }, [][]int32{{1}, {3}, {4}, {8}, {16}},
		`float2 cm(float2 a, float2 b) { return (float2)(a.x*b.x - a.y*b.y, a.x*b.y + a.y*b.x); }
	kernel void k(global float2 *data, global const float2 *tw, global const int *p) {
		int half_n = p[0];
		int i = get_global_id(0);
		int grp = i / half_n, k = i % half_n;
		int a = grp * 2 * half_n + k, b = a + half_n;
		float2 t = cm(data[b], tw[k]);
		float2 u = data[a];
		data[a] = u + t;
		data[b] = u - t;
	}`},
	// Gathered float2s: p[8+i] = i + p[0] (contiguous; 1: the last lane
	// past the end, a trap), or (i*5) % n (not contiguous, p[1] = 1), or
	// contiguous but lane 4 (p[1] = 2).
	{"gather2", 2, 1, func(n int) []int { return []int{8 * n, 8 * n} }, [][]int32{{0}, {1}, {0, 1}, {0, 2}},
		`kernel void k(global float2 *out, global const float2 *in, global const int *p) {
		int i = get_global_id(0);
		out[i] = in[p[8 + i]] * (float2)(3.0f, -1.0f);
	}`},
	{"double2", 5, 3, func(n int) []int { return []int{16 * n, 16 * n} }, [][]int32{{0}, {1}, {-1}},
		`kernel void k(global double2 *out, global const double2 *in, global const int *p) {
		int i = get_global_id(0);
		double2 v = in[i];
		out[i] = v * 2.0 + v.yx;
		int j = p[8 + i];
		double2 w = in[j];
		out[j] += w.yx * 0.5;
	}`},
	{"double4", 2, 2, func(n int) []int { return []int{32 * n, 32 * n} }, [][]int32{{0}, {1}, {0, 2}},
		`kernel void k(global double4 *out, global const double4 *in, global const int *p) {
		int j = p[8 + get_global_id(0)];
		double4 v = in[j];
		out[j] = v.wzyx - v * 0.5;
	}`},
	{"long2", 2, 2, func(n int) []int { return []int{16 * n} }, [][]int32{{0, 9}, {1, 3}},
		`kernel void k(global ulong2 *u, global const int *p) {
		int j = p[8 + get_global_id(0)];
		ulong2 v = u[j];
		u[j] = v * (ulong2)(3, 5) + (ulong2)(p[1], 7);
	}`},
	{"int8", 2, 2, func(n int) []int { return []int{32 * n, 32 * n} }, [][]int32{{0}, {1}},
		`kernel void k(global int8 *out, global const int8 *in, global const int *p) {
		int j = p[8 + get_global_id(0)];
		int8 v = in[j];
		out[j] = v.s76543210 + (v >> 2);
	}`},
	{"float16", 2, 2, func(n int) []int { return []int{64 * n, 64 * n} }, [][]int32{{0}, {1}},
		`kernel void k(global float16 *out, global const float16 *in, global const int *p) {
		int j = p[8 + get_global_id(0)];
		float16 v = in[j];
		out[j] = v.sfedcba9876543210 * 2.0f + v;
	}`},
	{"float3", 2, 0, func(n int) []int { return []int{16 * n, 16 * n} }, [][]int32{{0}},
		`kernel void k(global float3 *out, global const float3 *in, global const int *p) {
		int i = get_global_id(0);
		float3 v = in[i];
		out[i] = v.zxy + v;
	}`},
	// vload3 and vstore3: 12 bytes a lane; the load reads 16.
	{"vload3", 4, 2, func(n int) []int { return []int{12 * n, 12 * n} }, [][]int32{{0}, {1}},
		`kernel void k(global float *out, global const float *in, global const int *p) {
		int i = get_global_id(0);
		float3 v = vload3(i, in);
		vstore3(v.zxy * 2.0f, i, out);
		int j = p[8 + i];
		float3 w = vload3(j, in);
		vstore3(w + 1.0f, j, out);
	}`},
	// Stores under a data-dependent mask: float2, float3 and double2.
	{"partial", 4, 0, func(n int) []int { return []int{8 * n, 16 * n, 16 * n} }, [][]int32{{0}},
		`kernel void k(global float2 *o2, global float3 *o3, global double2 *od, global const int *p) {
		int i = get_global_id(0);
		float2 v = o2[i];
		if (v.x > 1.0f) {
			o2[i] = v * 3.0f;
			o3[i] = (float3)(v.x, v.y, -v.x);
			od[i] = (double2)(v.y, 2.0);
		}
	}`},
	// Lanes p[0]*4 bytes apart: 4 contiguous; 2 overlapping and 0 one
	// place (the guessed stride fails: the lanes' order decides).
	{"overlap", 2, 1, func(n int) []int { return []int{16 * n, 16 * n} }, [][]int32{{4}, {2}, {0}},
		`kernel void k(global float *out, global const float *in, global const int *p) {
		int i = get_global_id(0);
		float4 v = vload4(i, in);
		vstore4(v, 0, out + p[0] * i);
	}`},
	// A double3: a run of two and one component alone.
	{"double3", 2, 0, func(n int) []int { return []int{32 * n, 32 * n} }, [][]int32{{0}},
		`kernel void k(global double3 *out, global const double3 *in, global const int *p) {
		int i = get_global_id(0);
		double3 v = in[i];
		out[i] = v.zxy;
	}`},
	{"local2", 4, 1, func(n int) []int { return []int{8 * n, 8 * n} }, [][]int32{{0}, {1}, {5}},
		`kernel void k(global float2 *out, global const float2 *in, global const int *p) {
		local float2 t[16];
		int l = get_local_id(0);
		t[l] = in[get_global_id(0)];
		barrier(CLK_LOCAL_MEM_FENCE);
		out[get_global_id(0)] = t[(l + p[0]) % get_local_size(0)];
	}`},
	// A float4 and a float2 member (32 bytes a lane, 8 of padding): one
	// run of six loaded (the members' loads side by side), one stored.
	{"struct6", 2, 0, func(n int) []int { return []int{32 * n, 32 * n} }, [][]int32{{0}},
		`typedef struct { float4 a; float2 b; } pair;
	kernel void k(global pair *out, global const pair *in, global const int *p) {
		int i = get_global_id(0);
		pair v = in[i];
		v.a += v.b.xyxy;
		v.b *= 3.0f;
		out[i] = v;
	}`},
	// Members with a gap between them: two runs of four loaded and
	// stored, not one of eight.
	{"gap", 4, 0, func(n int) []int { return []int{48 * n, 48 * n} }, [][]int32{{0}},
		`typedef struct { float4 a; float4 pad; float4 b; } gap;
	kernel void k(global gap *out, global const gap *in, global const int *p) {
		int i = get_global_id(0);
		float4 a = in[i].a, b = in[i].b;
		out[i].a = b * 2.0f;
		out[i].b = a + b;
	}`},
	// A float8's halves with a store between them: not gathered past it.
	{"storebetween", 4, 0, func(n int) []int { return []int{32 * n} }, [][]int32{{0}},
		`kernel void k(global float8 *io, global const int *p) {
		int i = get_global_id(0);
		float4 lo = io[i].lo;
		io[i].s01 = (float2)(7.0f);
		float4 hi = io[i].hi;
		io[i].hi = hi + lo;
	}`},
	// Last components alone: a struct's float4 and float (a run of
	// five), a double3 (three) at a gathered index, stored plainly and
	// under a data-dependent mask.
	{"tail1", 5, 2, func(n int) []int { return []int{32 * n, 32 * n, 32 * n} }, [][]int32{{0}, {1}, {0, 2}},
		`typedef struct { float4 p; float m; } body;
	kernel void k(global body *out, global const body *in, global double3 *d, global const int *p) {
		int i = get_global_id(0);
		body b = in[i];
		b.p *= b.m;
		b.m += 1.0f;
		out[i] = b;
		int j = p[8 + i];
		double3 v = d[j];
		if (b.m > 2.5f) {
			d[j] = v.zxy;
			b.m = -b.m;
			out[i] = b;
		}
	}`},
}

// TestVecWide runs vecWideKernels natively and on the Go executor, bit
// for bit (memory and traps), in groups of 16 and 13 lanes, with each
// case's p, with buffers of their exact sizes and with the second
// buffer 4 bytes short (the last lane's last word: both trap alike).
func TestVecWide(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewSource(7))
	for _, kc := range vecWideKernels {
		for _, local := range []int{16, 13} {
			p := buildCL(t, kc.src, local)
			g, _, err := generate(p)
			if err != nil {
				t.Fatalf("%s: %v", kc.name, err)
			}
			if local == 16 && (g.vec.runs != kc.runs || g.vec.checked != kc.checked) {
				t.Errorf("%s: %d runs (%d checked), want %d (%d)\n%s", kc.name, g.vec.runs, g.vec.checked, kc.runs, kc.checked, p)
			}
			const groups = 2
			items := groups * local
			sizes := kc.sizes(items)
			for i, params := range kc.params {
				for _, short := range []int{0, 4} {
					mem := make([][]byte, len(p.Regions))
					for r, rg := range p.Regions {
						switch rg.Kind {
						case lanes.RegionPush:
							mem[r] = make([]byte, max(rg.Size, 64))
						case lanes.RegionBuffer:
							b := int(rg.Binding)
							if b == len(sizes) {
								mem[r] = vecWideParams(params, items)
								continue
							}
							size := sizes[b]
							if b == 1 || len(sizes) == 1 {
								size -= short
							}
							m := make([]byte, size)
							for w := 0; w+4 <= len(m); w += 4 {
								v := 0x3f000000 + rng.Uint32()&0xffffff // floats in [0.5, 2)
								if kc.name == "long2" || kc.name == "int8" {
									v = rng.Uint32()
								}
								binary.LittleEndian.PutUint32(m[w:], v)
							}
							if kc.name == "double2" || kc.name == "double4" || kc.name == "double3" || kc.name == "tail1" && b == 2 {
								for w := 0; w+8 <= len(m); w += 8 {
									binary.LittleEndian.PutUint64(m[w:], 0x3fe0000000000000+rng.Uint64()&0xfffffffffffff)
								}
							}
							mem[r] = m
						}
					}
					gm, nm, gt, nt := runBoth(t, p, mem, groups)
					if (gt == nil) != (nt == nil) || gt != nil && *gt != *nt {
						t.Fatalf("%s local %d p %v short %d: traps: go %+v, native %+v", kc.name, local, params, short, gt, nt)
					}
					if gt != nil {
						if i == 0 && short == 0 {
							t.Errorf("%s local %d p %v: trap %+v", kc.name, local, params, gt)
						}
						continue
					}
					for r := range gm {
						if !bytes.Equal(gm[r], nm[r]) {
							t.Fatalf("%s local %d p %v short %d: region %d differs:\ngo     %x\nnative %x", kc.name, local, params, short, r, gm[r], nm[r])
						}
					}
				}
			}
		}
	}
}

// vecWideParams is p's bytes: the case's ints, then at p[8+i] i +
// params[0], or (i*5) % items where params[1] is 1, or i + params[0]
// but 1 in lane 4 of each chunk where params[1] is 2.
func vecWideParams(params []int32, items int) []byte {
	b := make([]byte, 4*(8+items))
	for i, v := range params {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(v))
	}
	for i := range items {
		v := int32(i) + params[0]
		switch {
		case len(params) > 1 && params[1] == 1:
			v = int32(i*5) % int32(items)
		case len(params) > 1 && params[1] == 2 && i%8 == 4:
			v = 1 // one lane of each chunk elsewhere
		}
		binary.LittleEndian.PutUint32(b[4*(8+i):], uint32(v))
	}
	return b
}
