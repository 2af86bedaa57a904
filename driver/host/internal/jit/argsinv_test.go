package jit

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/spirv"
)

// buildPOD builds src's kernel k for groups of local and marks its
// POD-argument buffer as the host driver does (lanes.Region.ArgInvSize:
// the bytes its arguments reach); it returns the program and that
// region's index (-1: none).
func buildPOD(t *testing.T, src string, local [3]int) (*lanes.Program, int) {
	t.Helper()
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	m, err := spirv.Decode(res.SPIRV)
	if err != nil {
		t.Fatal(err)
	}
	spec := map[uint32]uint64{0: uint64(local[0]), 1: uint64(local[1]), 2: uint64(local[2])}
	p, err := lanes.Build(spirv.NewIndex(m), "k", spec, chunk)
	if err != nil {
		t.Fatal(err)
	}
	refl, err := spirv.ReadReflection(m)
	if err != nil {
		t.Fatal(err)
	}
	size, set, binding := 0, -1, -1
	for _, a := range refl.Kernel("k").Args {
		if a.Kind == spirv.ArgPOD {
			size = max(size, int(a.Offset+a.Size))
			set, binding = int(a.DescriptorSet), int(a.Binding)
		}
	}
	for r := range p.Regions {
		if rg := &p.Regions[r]; rg.Kind == lanes.RegionBuffer && rg.Set == set && rg.Binding == binding {
			rg.ArgInvSize = size
			return p, r
		}
	}
	return p, -1
}

// argInvKernels read POD arguments in loops and branches beside stores
// to other buffers, with 2-D ids, the global offset, and global ids read
// more than once or added to varying values.
var argInvKernels = []struct {
	name  string
	local [3]int
	src   string
}{
	{"loop", [3]int{16, 1, 1}, `kernel void k(global int *out, global int *aux, int n, int a, int b) {
		int i = get_global_id(0) - get_global_offset(0);
		int t = i;
		for (int j = 0; j < (n & 15); j++) {
			aux[i] = t + a;
			t = t * a + b + j;
		}
		out[i] = t + n;
	}`},
	{"stencil", [3]int{16, 4, 1}, `kernel void k(global int *out, global const int *src, int w, int h) {
		int x = get_global_id(0) - get_global_offset(0), y = get_global_id(1) - get_global_offset(1);
		int i = y * w + x;
		if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
			out[i] = src[i];
			return;
		}
		out[i] = src[i - 1] + src[i + 1] + 3 * src[i - w] + 5 * src[i + w];
	}`},
	{"gids", [3]int{8, 2, 1}, `kernel void k(global int *out, global int *aux, int w, int c) {
		int x = get_global_id(0), y = get_global_id(1);
		int x2 = get_global_id(0) + aux[get_local_id(0)];
		int i = (y - (int)get_global_offset(1)) * w + x - (int)get_global_offset(0);
		out[i] = x * 3 + y * c + x2 + (int)get_global_id(1) * 5;
	}`},
}

// TestArgInvariants runs argInvKernels as native code and on the Go
// executor, bit for bit, over 2-D grids of groups with global offsets
// and POD arguments that change between trials; it checks that the POD
// arguments' loads are group values and that global ids are computed
// from group vectors.
func TestArgInvariants(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewPCG(17, 18))
	for _, kc := range argInvKernels {
		p, pod := buildPOD(t, kc.src, kc.local)
		if pod < 0 {
			t.Fatalf("%s: no POD-argument buffer", kc.name)
		}
		g, _, err := generate(p)
		if err != nil {
			t.Fatalf("%s: %v", kc.name, err)
		}
		podLoads := 0
		for i, o := range p.Ops {
			if o.Code == lanes.Load && o.Imm == int64(pod) && g.group.def[i] {
				podLoads++
			}
		}
		if podLoads == 0 {
			t.Errorf("%s: no POD argument is loaded once per group\n%s", kc.name, p)
		}
		if len(g.gid.vecs) == 0 {
			t.Errorf("%s: no global id from a group vector", kc.name)
		}
		gx, gy := 3, 2
		w, h := kc.local[0]*gx, kc.local[1]*gy
		for trial := range 3 {
			mem := make([][]byte, len(p.Regions))
			for r, rg := range p.Regions {
				switch {
				case rg.Kind == lanes.RegionPush:
					// The global offset (words 0-2) and the region's
					// (words 4-6, which get_global_id adds; launch makes
					// them equal for one region): small words.
					b := make([]byte, max(rg.Size, 64))
					for d := range 3 {
						v := uint32(rng.IntN(5))
						binary.LittleEndian.PutUint32(b[4*d:], v)
						binary.LittleEndian.PutUint32(b[16+4*d:], v)
					}
					mem[r] = b
				case r == pod:
					b := make([]byte, rg.ArgInvSize+16)
					for o := 0; o+4 <= len(b); o += 4 {
						binary.LittleEndian.PutUint32(b[o:], uint32(1+rng.IntN(9)))
					}
					binary.LittleEndian.PutUint32(b[0:], uint32(w)) // w, or n
					if kc.name == "stencil" {
						binary.LittleEndian.PutUint32(b[4:], uint32(h))
					}
					mem[r] = b
				case rg.Kind == lanes.RegionBuffer:
					b := make([]byte, 4*w*h)
					for o := 0; o+4 <= len(b); o += 4 {
						binary.LittleEndian.PutUint32(b[o:], uint32(rng.IntN(1000)))
					}
					mem[r] = b
				}
			}
			what := fmt.Sprintf("%s trial %d", kc.name, trial)
			goMem, natMem := runGrid(t, what, p, mem, gx, gy)
			for r := range mem {
				if !bytes.Equal(goMem[r], natMem[r]) {
					i := firstDiff(goMem[r], natMem[r])
					t.Fatalf("%s: region %d differs from byte %d:\ngo     %x\nnative %x\n%s", what, r, i,
						goMem[r][i:min(i+32, len(goMem[r]))], natMem[r][i:min(i+32, len(natMem[r]))], p)
				}
			}
		}
	}
}

// runGrid runs groups gx by gy of p (with a global shift read from the
// push constants' first words) with the Go executor and with native
// code, on copies of mem, and returns both copies.
func runGrid(t *testing.T, what string, p *lanes.Program, mem [][]byte, gx, gy int) (goMem, natMem [][]byte) {
	t.Helper()
	k, err := Compile(p)
	if err != nil {
		t.Fatalf("%s: Compile: %v", what, err)
	}
	cp := func() [][]byte {
		out := make([][]byte, len(mem))
		for i, m := range mem {
			out[i] = bytes.Clone(m)
		}
		return out
	}
	goMem, natMem = cp(), cp()
	ex, nat := lanes.NewExec(p), k.NewRunner()
	ng := [3]uint32{uint32(gx), uint32(gy), 1}
	for y := range gy {
		for x := range gx {
			id := [3]uint32{uint32(x), uint32(y), 0}
			if tr := ex.RunGroup(&lanes.Group{ID: id, NumGroups: ng, Memory: goMem}); tr != nil {
				t.Fatalf("%s: go trap %+v", what, tr)
			}
			if tr := nat.RunGroup(&lanes.Group{ID: id, NumGroups: ng, Memory: natMem}); tr != nil {
				t.Fatalf("%s: native trap %+v", what, tr)
			}
		}
	}
	return goMem, natMem
}

// BenchmarkArgInvStencil times RunGroup over every 32x8 group of a
// 256x256 Jacobi sweep (stencilTile; both buffers in L2: the code's own
// cost) on one goroutine, with the POD arguments' buffer marked as the
// host driver marks it (marked) and not (plain): the difference is the
// per-chunk loads of w and h and what is computed from them.
func BenchmarkArgInvStencil(b *testing.B) {
	const n = 256
	for _, marked := range []bool{true, false} {
		name := "plain"
		if marked {
			name = "marked"
		}
		b.Run(name, func(b *testing.B) {
			p := buildCL2(b, stencilTile, [3]int{32, 8, 1})
			if marked {
				for r := range p.Regions {
					if rg := &p.Regions[r]; rg.Kind == lanes.RegionBuffer && rg.Binding == 2 {
						rg.ArgInvSize = 8
					}
				}
			}
			k, err := Compile(p)
			if err != nil {
				b.Fatal(err)
			}
			mem := transposeSetup(p, n, n, rand.New(rand.NewPCG(1, 1)))
			benchGroups2D(b, k, mem, [3]uint32{n / 32, n / 8, 1}, n*n)
		})
	}
}

// TestGlobalIDVectorAfterCallout: a kernel whose only group-area
// contents are the global ids' group vectors (the global offset's load
// is a call-out here, so it is no group value) and that calls out in
// every chunk: the chunks after a call-out's return read the vectors
// through rGroup, which the return must set as the prologue does.
func TestGlobalIDVectorAfterCallout(t *testing.T) {
	needNative(t)
	const src = `kernel void k(global float *out, global const float *in) {
		float v = in[get_global_id(0) - get_global_offset(0)] + 1.0f;
		out[get_global_id(0) - get_global_offset(0)] = v * 2.0f + (float)get_local_id(0);
	}`
	p := buildCL(t, src, 64)
	push := -1
	for r, rg := range p.Regions {
		if rg.Kind == lanes.RegionPush {
			push = r
		}
	}
	old := SetForceCallout(func(o lanes.Op) bool {
		return o.Code == lanes.FAdd || o.Code == lanes.Load && o.Imm == int64(push)
	})
	defer SetForceCallout(old)
	g, _, err := generate(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.group.slot) != 0 || len(g.gid.vecs) == 0 {
		t.Fatalf("%d group values, %d group vectors: want none and some", len(g.group.slot), len(g.gid.vecs))
	}
	k, err := Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	if k.Calls() == 0 {
		t.Fatal("no call-outs")
	}
	mem := make([][]byte, len(p.Regions))
	for r, rg := range p.Regions {
		switch rg.Kind {
		case lanes.RegionPush:
			mem[r] = make([]byte, max(rg.Size, 64))
		case lanes.RegionBuffer:
			b := make([]byte, 4*64*3)
			for i := 0; i < len(b); i += 4 {
				binary.LittleEndian.PutUint32(b[i:], math.Float32bits(float32(i)))
			}
			mem[r] = b
		}
	}
	agree(t, "global ids after call-outs", p, mem, 3)
}
