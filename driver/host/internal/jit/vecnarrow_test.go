package jit

import (
	"bytes"
	"encoding/binary"
	"maps"
	"math/rand"
	randv2 "math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// narrowKernels read and write vectors of 1- and 2-byte components
// (vecnarrow.go), each with its buffers' bytes per work-item by binding
// (index buffers hold work-item numbers, filled by the test) and the
// number of runs native code compiles in work-groups of 16: half a word
// a lane (uchar2; char2 stored under a mask), one word (uchar4, char4,
// ushort2, short2, half2), two (uchar8, ushort4, half4), four (uchar16,
// short8, and a uchar16 struct member at a lane stride of 32), struct
// members at lane strides other than their size (a uchar4 at 8 bytes,
// also stored under a mask; a ushort4 at 16 bytes: gathers and
// lane-by-lane stores), stores under data-dependent masks (uchar4:
// VPMASKMOVD; uchar8, ushort8: the active lanes' stores), offsets with
// no form (indices read from a buffer: checked per chunk at run time), a
// Workgroup uchar4 tile, a uchar4 of components of two vectors (no load
// run: offsets of different roots), uchar4 neighbours in[i] and in[i+1]
// (two runs of 4 bytes, not one of 8 at a lane stride of 4), vload16
// and vstore16 of uchar, vload4 and vstore4 of ushort (the stores at the
// loads' offsets, computed between the loads), vstore2 of uchar under a
// mask, a uchar8 read and written in place, and a uchar3 (no run).
var narrowKernels = []struct {
	name  string
	runs  int
	sizes map[int]int // binding: bytes per work-item
	index int         // binding of an index buffer, -1: none
	src   string
}{
	{"uchar4", 2, map[int]int{0: 4, 1: 4}, -1, `kernel void k(global uchar4 *out, global const uchar4 *in) {
		int i = get_global_id(0);
		uchar4 v = in[i];
		out[i] = convert_uchar4_sat(convert_float4(v.wzyx) * 1.5f) ^ v;
	}`},
	{"char4", 2, map[int]int{0: 4, 1: 4}, -1, `kernel void k(global char4 *out, global const char4 *in) {
		int i = get_global_id(0);
		char4 v = in[i];
		out[i] = (v >> (char)1) + v.yzwx * (char)3;
	}`},
	{"ushort2", 2, map[int]int{0: 4, 1: 4}, -1, `kernel void k(global ushort2 *out, global const ushort2 *in) {
		int i = get_global_id(0);
		ushort2 v = in[i];
		uint u = (uint)i * 2654435761u;
		out[i] = v.yx * (ushort)7 + (ushort2)((ushort)i, (ushort)(v.x >> 3)) +
			convert_ushort2_sat(convert_float2(v) * 0.75f + convert_float(u & 0x7fffffffu) * 1e-6f +
			convert_float(u & 0xfffffff0u) * 1e-7f);
	}`},
	{"short2", 2, map[int]int{0: 4, 1: 4}, -1, `kernel void k(global int2 *out, global const short2 *in, global short2 *o2) {
		int i = get_global_id(0);
		short2 v = in[i];
		out[i] = convert_int2(v) * 3;
		o2[i] = v.yx - (short)1;
	}`},
	{"half4", 3, map[int]int{0: 8, 1: 8, 2: 4}, -1, `#pragma OPENCL EXTENSION cl_khr_fp16 : enable
	kernel void k(global half4 *out, global const half4 *in, global half2 *o2) {
		int i = get_global_id(0);
		half4 v = in[i];
		out[i] = v.wzyx * (half)2;
		o2[i] = v.xy;
	}`},
	{"uchar2", 2, map[int]int{0: 2, 1: 2}, -1, `kernel void k(global uchar2 *out, global const uchar2 *in) {
		int i = get_global_id(0);
		uchar2 v = in[i];
		out[i] = v.yx * (uchar)3 + (uchar2)((uchar)i, v.x);
	}`},
	{"char2", 2, map[int]int{0: 2, 1: 2}, -1, `kernel void k(global char2 *out, global const char2 *in) {
		int i = get_global_id(0);
		char2 v = in[i];
		if (v.y < 0)
			out[i] = v >> (char)1;
	}`},
	{"uchar8", 2, map[int]int{0: 8, 1: 8}, -1, `kernel void k(global uchar8 *out, global const uchar8 *in) {
		int i = get_global_id(0);
		uchar8 v = in[i];
		out[i] = v.s70615243 + (uchar8)((uchar)i);
	}`},
	{"ushort4", 2, map[int]int{0: 8, 1: 8}, -1, `kernel void k(global ushort4 *out, global const ushort4 *in) {
		int i = get_global_id(0);
		ushort4 v = in[i];
		out[i] = rotate(v, (ushort4)(1, 2, 3, 4)) ^ v.wzyx;
	}`},
	{"uchar16", 2, map[int]int{0: 16, 1: 16}, -1, `kernel void k(global uchar16 *out, global const uchar16 *in) {
		int i = get_global_id(0);
		uchar16 v = in[i];
		out[i] = (v ^ v.sfedcba9876543210) + (uchar16)((uchar)i);
	}`},
	{"short8", 2, map[int]int{0: 16, 1: 16}, -1, `kernel void k(global short8 *out, global const short8 *in) {
		int i = get_global_id(0);
		short8 v = in[i];
		out[i] = mad_sat(v, v.s12345670, (short8)(-3));
	}`},
	{"struct", 2, map[int]int{0: 32, 1: 32}, -1, `typedef struct { uchar16 c; int n; } px;
	kernel void k(global px *out, global const px *in) {
		int i = get_global_id(0);
		px p = in[i];
		p.c = p.c.s0123456789abcdef * (uchar)3;
		out[i].c = p.c;
		out[i].n = p.n + 1;
	}`},
	{"struct4", 3, map[int]int{0: 8, 1: 8}, -1, `typedef struct { float x; uchar4 c; } px;
	kernel void k(global px *out, global const px *in) {
		int i = get_global_id(0);
		px p = in[i];
		p.c = p.c.wxyz + (uchar)(i);
		out[i] = p;
		if (p.c.x & 1)
			out[i].c = p.c.zzzz;
	}`},
	{"struct8", 2, map[int]int{0: 16, 1: 16}, -1, `typedef struct { ushort4 c; float f[2]; } px;
	kernel void k(global px *out, global const px *in) {
		int i = get_global_id(0);
		px p = in[i];
		out[i].c = p.c.wzyx * (ushort)(i + 1);
		out[i].f[1] = p.f[0];
	}`},
	{"neighbours", 3, map[int]int{0: 4, 1: 8}, -1, `kernel void k(global uchar4 *out, global const uchar4 *in) {
		int i = get_global_id(0);
		out[i] = in[i] + in[i + 1];
	}`},
	{"vload16", 1, map[int]int{0: 16, 1: 16}, -1, `kernel void k(global uchar *out, global const uchar *in) {
		int i = get_global_id(0);
		uchar16 v = vload16(i, in);
		vstore16(v.sfedcba9876543210 + (uchar)i, i, out);
	}`},
	{"vload4", 1, map[int]int{0: 8, 1: 8}, -1, `kernel void k(global ushort *out, global const ushort *in) {
		int i = get_global_id(0);
		ushort4 v = vload4(i, in);
		vstore4(v.wzyx, i, out);
	}`},
	{"vstore2", 2, map[int]int{0: 2, 1: 4}, -1, `kernel void k(global uchar *out, global const uint *in) {
		int i = get_global_id(0);
		uint v = in[i];
		if (v & 1)
			vstore2((uchar2)(v >> 8, v >> 3), i, out);
		vstore2((uchar2)(v, v >> 24), i ^ 3, out);
	}`},
	{"masked", 2, map[int]int{0: 4, 1: 4}, -1, `kernel void k(global uchar4 *out, global const uchar4 *in) {
		int i = get_global_id(0);
		uchar4 v = in[i];
		if (v.x & 1)
			out[i] = v + (uchar)1;
	}`},
	{"masked8", 2, map[int]int{0: 8, 1: 8}, -1, `kernel void k(global uchar8 *out, global const uchar8 *in) {
		int i = get_global_id(0);
		uchar8 v = in[i];
		if (v.s3 & 1)
			out[i] = v - (uchar)1;
	}`},
	{"masked16", 2, map[int]int{0: 16, 1: 16}, -1, `kernel void k(global ushort8 *out, global const ushort8 *in) {
		int i = get_global_id(0);
		ushort8 v = in[i];
		if (v.s5 & 4)
			out[i] = v.s76543210;
	}`},
	{"indexed", 2, map[int]int{0: 4, 1: 4, 2: 4}, 2, `kernel void k(global uchar4 *out, global const uchar4 *in, global const int *idx) {
		int i = get_global_id(0);
		int j = idx[i];
		out[j] = in[j].zyxw + (uchar)5;
	}`},
	{"local", 4, map[int]int{0: 4, 1: 4}, -1, `kernel void k(global uchar4 *out, global const uchar4 *in) {
		local uchar4 t[64];
		int l = get_local_id(0);
		t[l] = in[get_global_id(0)];
		barrier(CLK_LOCAL_MEM_FENCE);
		out[get_global_id(0)] = t[(l + 1) % get_local_size(0)];
	}`},
	{"roots", 1, map[int]int{0: 4, 1: 8}, -1, `kernel void k(global uchar4 *out, global const uchar4 *in) {
		int i = get_global_id(0);
		out[i ^ 2] = (uchar4)(in[i + 1].x, in[i].y, in[i].z, in[i].w);
	}`},
	{"inplace8", 2, map[int]int{0: 8}, -1, `kernel void k(global uchar8 *buf) {
		int i = get_global_id(0);
		uchar8 v = buf[i];
		buf[i] = v.s10325476 + (uchar)1;
	}`},
	{"uchar3", 0, map[int]int{0: 4, 1: 4}, -1, `kernel void k(global uchar3 *out, global const uchar3 *in) {
		int i = get_global_id(0);
		out[i] = in[i].zxy;
	}`},
}

// TestNarrowRuns runs narrowKernels natively and on the Go executor, bit
// for bit, in work-groups of 16 (whole chunks) and 13 (a partial chunk:
// the offsets have no form, and the run-time check decides), with
// buffers of the exact size, an input 2 bytes short or an output 1 byte
// short (the last lane's last component: both trap alike), and, for index buffers,
// indices in order (dense chunks), reversed in pairs of lanes (not
// dense: one by one) and in order but out of bounds at the end.
func TestNarrowRuns(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewSource(7))
	for _, kc := range narrowKernels {
		for _, local := range []int{16, 13} {
			p := buildCL(t, kc.src, local)
			g, _, err := generate(p)
			if err != nil {
				t.Fatalf("%s: %v", kc.name, err)
			}
			for _, r := range g.vecnarrow.at {
				// The fast path reads the first offset from its slot.
				if d := g.vecDefs()[p.Ops[r.run].A]; d >= 0 && g.fuse.elide[d] {
					t.Errorf("%s local %d: the run at op %d reads an elided Index (op %d)", kc.name, local, r.run, d)
				}
			}
			if local == 16 && g.vecnarrow.runs != kc.runs {
				t.Errorf("%s: %d runs, want %d\n%s", kc.name, g.vecnarrow.runs, kc.runs, p)
			}
			const groups = 3
			items := groups * local
			for variant := range 5 {
				mem := make([][]byte, len(p.Regions))
				for r, rg := range p.Regions {
					switch rg.Kind {
					case lanes.RegionPush:
						mem[r] = make([]byte, max(rg.Size, 64))
					case lanes.RegionBuffer:
						b := int(rg.Binding)
						short := 0
						switch {
						case variant == 1 && b == 1:
							short = 2
						case variant == 2 && b == 0:
							short = 1 // the last byte
						}
						m := make([]byte, items*kc.sizes[b]-short)
						rng.Read(m)
						if b == kc.index {
							for i := range items {
								j := i
								switch variant {
								case 3:
									j = i ^ 1
								case 4:
									j = i + 2
								}
								binary.LittleEndian.PutUint32(m[4*i:], uint32(j))
							}
						}
						mem[r] = m
					}
				}
				gm, nm, gt, nt := runBoth(t, p, mem, groups)
				if (gt == nil) != (nt == nil) || gt != nil && *gt != *nt {
					t.Fatalf("%s local %d variant %d: traps: go %+v, native %+v", kc.name, local, variant, gt, nt)
				}
				_, shortened := kc.sizes[2-variant] // variant 1: binding 1; 2: binding 0
				if (variant == 1 || variant == 2) && shortened && gt == nil && kc.name != "masked" && kc.name != "masked8" && kc.name != "masked16" && kc.name != "char2" && kc.name != "struct" && kc.name != "struct8" && kc.name != "roots" && kc.name != "neighbours" &&
					!(kc.name == "uchar3" && variant == 2) { // padding: never read
					t.Errorf("%s local %d: a short buffer did not trap (variant %d)", kc.name, local, variant)
				}
				if gt != nil {
					continue
				}
				for r := range gm {
					if !bytes.Equal(gm[r], nm[r]) {
						t.Fatalf("%s local %d variant %d: region %d differs:\ngo     %x\nnative %x", kc.name, local, variant, r, gm[r], nm[r])
					}
				}
			}
		}
	}
}

// narrowBench are 2D kernels of 16x16 groups over a w x h image of
// 4-byte pixels (transposeSetup's buffers: in, out, then w and h):
// /work/wt/realk's sobel_u4, an RGBA to gray conversion, a uchar4 blend
// of two neighbours, a ushort2 swap, and a byte stream through vload16
// and vstore16 (16-byte items, a quarter as many).
var narrowBench = []struct {
	name string
	div  int // items per pixel row: w/div (16-byte items)
	src  string
}{
	{"sobel_u4", 1, `kernel void k(global const uchar4 *in, global uchar4 *out, const int w, const int h) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) { out[y*w+x] = (uchar4)(0); return; }
  float4 gx = -convert_float4(in[(y-1)*w+x-1]) + convert_float4(in[(y-1)*w+x+1])
              -2.0f*convert_float4(in[y*w+x-1]) + 2.0f*convert_float4(in[y*w+x+1])
              -convert_float4(in[(y+1)*w+x-1]) + convert_float4(in[(y+1)*w+x+1]);
  float4 gy = -convert_float4(in[(y-1)*w+x-1]) - 2.0f*convert_float4(in[(y-1)*w+x]) - convert_float4(in[(y-1)*w+x+1])
              +convert_float4(in[(y+1)*w+x-1]) + 2.0f*convert_float4(in[(y+1)*w+x]) + convert_float4(in[(y+1)*w+x+1]);
  out[y*w+x] = convert_uchar4_sat(sqrt(gx*gx + gy*gy) / 2.0f);
}`},
	{"gray", 1, `kernel void k(global const uchar4 *in, global uchar *out, const int w, const int h) {
  int i = get_global_id(1) * w + get_global_id(0);
  float4 p = convert_float4(in[i]);
  out[i] = convert_uchar_sat(0.299f * p.x + 0.587f * p.y + 0.114f * p.z);
}`},
	{"blend", 1, `kernel void k(global const uchar4 *in, global uchar4 *out, const int w, const int h) {
  int i = get_global_id(1) * w + get_global_id(0);
  out[i] = rhadd(in[i], in[i ^ 1]);
}`},
	{"ushort2", 1, `kernel void k(global const ushort2 *in, global ushort2 *out, const int w, const int h) {
  int i = get_global_id(1) * w + get_global_id(0);
  out[i] = in[i].yx + (ushort2)(1, 2);
}`},
	{"vload16", 4, `kernel void k(global const uchar *in, global uchar *out, const int w, const int h) {
  int i = get_global_id(1) * get_global_size(0) + get_global_id(0);
  uchar16 v = vload16(i, in);
  vstore16(v ^ rotate(v.s123456789abcdef0, (uchar16)(3)), i, out);
}`},
}

// BenchmarkNarrow times narrowBench's kernels over a 1024x1024 image,
// with the ops one by one and with the fast path, on one thread (CPU
// time per item).
func BenchmarkNarrow(b *testing.B) {
	const n = 1024
	for _, kc := range narrowBench {
		for _, off := range []bool{true, false} {
			name := kc.name + "/narrow"
			if off {
				name = kc.name + "/one-by-one"
			}
			b.Run(name, func(b *testing.B) {
				p := buildCL2(b, kc.src, [3]int{16, 16, 1})
				narrowOff = off
				k, err := Compile(p)
				narrowOff = false
				if err != nil {
					b.Fatal(err)
				}
				mem := transposeSetup(p, n, n, randv2.New(randv2.NewPCG(1, 1)))
				benchGroups2D(b, k, mem, [3]uint32{uint32(n / 16 / kc.div), n / 16, 1}, n*n/kc.div)
			})
		}
	}
}

// TestNarrowCorpus: testdata/kernels/vector's narrow_runs.cl and
// narrow_vload.cl (checked against PoCL by the corpus) take the fast
// path at every vector access: narrow_runs' 20 (15 dense of 4 bytes, 1
// of 4 bytes without a form, 1 of 8 bytes, 3 of 16), narrow_vload's 5
// (vload16/vstore16, vload4/vstore4 of ushort, a uchar vstore2).
func TestNarrowCorpus(t *testing.T) {
	for _, c := range []struct {
		name  string
		local [3]int
		want  map[[2]int]int // by words and whether the offset has a form
	}{
		{"narrow_runs", [3]int{16, 4, 1}, map[[2]int]int{{1, 1}: 15, {1, 0}: 1, {2, 1}: 1, {4, 1}: 3}},
		{"narrow_vload", [3]int{64, 1, 1}, map[[2]int]int{{4, 1}: 1, {2, 1}: 1, {0, 1}: 1}},
	} {
		b, err := os.ReadFile("../../../../testdata/kernels/vector/" + c.name + ".cl")
		if err != nil {
			t.Fatal(err)
		}
		src := strings.Replace(string(b), "kernel void "+c.name, "kernel void k", 1)
		p := buildCL2(t, src, c.local)
		g, _, err := generate(p)
		if err != nil {
			t.Fatal(err)
		}
		words := map[[2]int]int{}
		n := 0
		for _, r := range g.vecnarrow.at {
			form := 1
			if r.stride < 0 {
				form = 0
			}
			words[[2]int{r.words, form}]++
			n++
		}
		if g.vecnarrow.runs != n || !maps.Equal(words, c.want) {
			t.Errorf("%s: %d runs, by words and form %v, want %v", c.name, g.vecnarrow.runs, words, c.want)
		}
	}
}

// narrowWrapProg loads a uchar4 from buffer 0 at Mul(LocalIndex + shift,
// 4) (shift Uniform, from buffer 2: an Exact form of stride 4, which may
// wrap 32 bits inside the chunk) and stores it to buffer 1 at Index(0,
// LocalIndex, 4): where lanes 0 and 1 lie just below 2^32 and lanes 2-7
// at 0-20, only the form's lane-7 check sends the run to the one-by-one
// code, which traps.
func narrowWrapProg() *lanes.Program {
	b := newProg(8)
	for range 3 {
		b.region(lanes.RegionBuffer, 0)
	}
	live, li := b.laneIDs()
	shift := b.value(lanes.I32, lanes.Uniform)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: shift, A: b.konst(lanes.I32, 0), B: nv, C: nv, M: live, Imm: 2, Imm2: 4})
	idx := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: idx, A: li, B: shift, C: nv, M: nv})
	in := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Mul, Kind: lanes.I32, Dst: in, A: idx, B: b.konst(lanes.I32, 4), C: nv, M: nv})
	out := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: out, A: b.konst(lanes.I32, 0), B: li, C: nv, M: nv, Imm: 4})
	comps := func(a0 lanes.Value) []lanes.Value {
		offs := []lanes.Value{a0}
		for k := 1; k < 4; k++ {
			o := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: o, A: a0, B: b.konst(lanes.I32, uint64(k)), C: nv, M: nv, Imm: 1})
			offs = append(offs, o)
		}
		return offs
	}
	var vals []lanes.Value
	for _, o := range comps(in) {
		v := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: v, A: o, B: nv, C: nv, M: live, Imm: 0, Imm2: 1})
		vals = append(vals, v)
	}
	for k, o := range comps(out) {
		b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: o, B: vals[k], C: nv, M: live, Imm: 1, Imm2: 1})
	}
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}

// TestNarrowWrap runs narrowWrapProg with offsets in bounds and with
// lanes 0 and 1 wrapped below 2^32 (a trap), against the Go executor.
func TestNarrowWrap(t *testing.T) {
	needNative(t)
	p := narrowWrapProg()
	g, _, err := generate(p)
	if err != nil {
		t.Fatal(err)
	}
	if g.vecnarrow.runs != 2 {
		t.Fatalf("%d runs, want 2\n%s", g.vecnarrow.runs, p)
	}
	for _, shift := range []uint32{0, 16, 1<<30 - 2} {
		mem := [][]byte{make([]byte, 256), make([]byte, 64), make([]byte, 8)}
		for i := range mem[0] {
			mem[0][i] = byte(i*7 + 1)
		}
		binary.LittleEndian.PutUint32(mem[2], shift)
		gm, nm, gt, nt := runBoth(t, p, mem, 1)
		if (gt == nil) != (nt == nil) || gt != nil && *gt != *nt {
			t.Fatalf("shift %#x: traps: go %+v, native %+v", shift, gt, nt)
		}
		if gt == nil && !bytes.Equal(gm[1], nm[1]) {
			t.Fatalf("shift %#x:\ngo     %x\nnative %x", shift, gm[1], nm[1])
		}
		if shift == 1<<30-2 && gt == nil {
			t.Errorf("no trap at wrapped lanes")
		}
	}
}

// BenchmarkNarrowVectorMix times ../shared/kernels/vector_mix.cl (a
// short2 store among float8 and int4 accesses) over 65536 items in
// groups of 64, one by one and with the fast path (CPU time per item).
func BenchmarkNarrowVectorMix(b *testing.B) {
	const src = `typedef struct { float4 scale; int shift; } params_t;
float8 blend(float8 a, float8 b, params_t p) {
  float8 s = (float8)(p.scale, p.scale.wzyx);
  return mix(a, b, clamp(s, 0.0f, 1.0f));
}
kernel void k(global const float *src, global const int4 *iv, global float8 *out, global short2 *packed) {
  const int i = get_global_id(0);
  float8 a = vload8(i, src);
  float8 b = a.s76543210;
  int4 v = iv[i];
  params_t p = {convert_float4(v.yzwx) * 0.001f, v.x & 7};
  float8 r = blend(a, b, p);
  r.lo = select(r.lo, r.hi, isgreater(r.lo, r.hi));
  out[i] = r;
  int2 q = (v.xy >> p.shift) + v.zw;
  packed[i] = convert_short2_sat(q * 100);
}`
	const n, local = 65536, 64
	for _, off := range []bool{true, false} {
		name := "narrow"
		if off {
			name = "one-by-one"
		}
		b.Run(name, func(b *testing.B) {
			p := buildCL(b, src, local)
			narrowOff = off
			k, err := Compile(p)
			narrowOff = false
			if err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewSource(1))
			mem := make([][]byte, len(p.Regions))
			for r, rg := range p.Regions {
				switch rg.Kind {
				case lanes.RegionPush:
					mem[r] = make([]byte, max(rg.Size, 64))
				case lanes.RegionBuffer:
					es := [4]int{32, 16, 32, 4}[rg.Binding]
					m := make([]byte, n*es)
					for w := 0; w+4 <= len(m); w += 4 {
						binary.LittleEndian.PutUint32(m[w:], 0x3f000000+rng.Uint32()&0xffff)
					}
					mem[r] = m
				}
			}
			benchGroups2D(b, k, mem, [3]uint32{n / local, 1, 1}, n)
		})
	}
}
