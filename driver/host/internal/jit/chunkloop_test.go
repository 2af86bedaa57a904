package jit

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/spirv"
)

// buildCL2 is buildCL with a local size in every dimension.
func buildCL2(t testing.TB, src string, local [3]int) *lanes.Program {
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
	return p
}

// trapMidGroup traps in group 1 between its two barriers (lane 3 stores
// far out of bounds), when the chunks before lane 3's have stopped at the
// second barrier and the ones after it still wait at the first.
const trapMidGroup = `kernel void k(global int *out, global const int *in) {
	local int t[64];
	int l = get_local_id(0), n = get_local_size(0);
	t[l] = in[get_global_id(0)];
	barrier(CLK_LOCAL_MEM_FENCE);
	int v = t[(l + 1) % n];
	if (get_group_id(0) == 1 && l == n - 3)
		out[1 << 20] = v;
	barrier(CLK_LOCAL_MEM_FENCE);
	out[get_global_id(0)] = v * 3 + t[(l + 7) % n];
}`

// TestChunkLoopAfterTrap: a group that traps between barriers leaves its
// chunks' resume points mid-way (barrier.go); the runner's next groups
// must start every chunk at the first op again. Groups 0 and 2 run after
// group 1's trap on one runner and are compared with the Go executor's
// run of groups 0 and 2 alone.
func TestChunkLoopAfterTrap(t *testing.T) {
	needNative(t)
	for _, local := range []int{64, 45} {
		p := buildCL(t, trapMidGroup, local)
		k, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, 8))
		mem := make([][]byte, len(p.Regions))
		for r, rg := range p.Regions {
			switch rg.Kind {
			case lanes.RegionPush:
				mem[r] = make([]byte, max(rg.Size, 64))
			case lanes.RegionBuffer:
				b := make([]byte, 4*256)
				if rg.Binding == 1 {
					for w := 0; w < len(b); w += 4 {
						binary.LittleEndian.PutUint32(b[w:], rng.Uint32())
					}
				}
				mem[r] = b
			}
		}
		goMem, natMem := cloneMem(mem), cloneMem(mem)
		ex, nat := lanes.NewExec(p), k.NewRunner()
		group := func(id uint32, m [][]byte) *lanes.Group {
			return &lanes.Group{ID: [3]uint32{id, 0, 0}, NumGroups: [3]uint32{3, 1, 1}, Memory: m}
		}
		gt := lanes.NewExec(p).RunGroup(group(1, cloneMem(mem)))
		nt := nat.RunGroup(group(1, natMem))
		if gt == nil || nt == nil || *gt != *nt {
			t.Fatalf("local %d: group 1 traps: go %+v, native %+v", local, gt, nt)
		}
		for _, id := range []uint32{0, 2} {
			if tr := ex.RunGroup(group(id, goMem)); tr != nil {
				t.Fatalf("local %d: go group %d: %+v", local, id, tr)
			}
			if tr := nat.RunGroup(group(id, natMem)); tr != nil {
				t.Fatalf("local %d: native group %d: %+v", local, id, tr)
			}
		}
		// Group 1's stores before its trap may differ in order; compare
		// the other groups' words.
		out := 0
		for r, rg := range p.Regions {
			if rg.Kind == lanes.RegionBuffer && rg.Binding == 0 {
				out = r
			}
		}
		for _, id := range []int{0, 2} {
			lo, hi := 4*local*id, 4*local*(id+1)
			if !bytes.Equal(goMem[out][lo:hi], natMem[out][lo:hi]) {
				t.Fatalf("local %d: group %d differs:\ngo     %x\nnative %x", local, id, goMem[out][lo:hi], natMem[out][lo:hi])
			}
		}
	}
}

func cloneMem(mem [][]byte) [][]byte {
	out := make([][]byte, len(mem))
	for i, m := range mem {
		if m != nil {
			out[i] = bytes.Clone(m)
		}
	}
	return out
}

// transposeTile is ../shared/kernels/transpose.cl with the tile's side
// from the local size: a padded Workgroup tile written at stride 1 and
// read at stride T+1 words across one barrier.
const transposeTile = `kernel void k(global const float *in, global float *out, int width, int height) {
	local float tile[16][17];
	int lx = get_local_id(0), ly = get_local_id(1);
	int x = get_group_id(0) * get_local_size(0) + lx;
	int y = get_group_id(1) * get_local_size(1) + ly;
	if (x < width && y < height)
		tile[ly][lx] = in[y * width + x];
	barrier(CLK_LOCAL_MEM_FENCE);
	x = get_group_id(1) * get_local_size(1) + lx;
	y = get_group_id(0) * get_local_size(0) + ly;
	if (x < height && y < width && lx < get_local_size(1) && ly < get_local_size(0))
		out[y * height + x] = tile[lx][ly];
}`

// transposeSetup makes transposeTile's memory for a w x h matrix.
func transposeSetup(p *lanes.Program, w, h int, rng *rand.Rand) [][]byte {
	mem := make([][]byte, len(p.Regions))
	for r, rg := range p.Regions {
		switch rg.Kind {
		case lanes.RegionPush: // the global offset: none
			mem[r] = make([]byte, max(rg.Size, 64))
		case lanes.RegionBuffer:
			switch rg.Binding {
			case 0, 1: // in, out
				b := make([]byte, 4*w*h)
				if rg.Binding == 0 {
					for i := range b {
						b[i] = byte(rng.Uint32())
					}
				}
				mem[r] = b
			case 2: // the kernel's plain arguments
				b := make([]byte, 16)
				binary.LittleEndian.PutUint32(b[0:], uint32(w))
				binary.LittleEndian.PutUint32(b[4:], uint32(h))
				mem[r] = b
			}
		}
	}
	return mem
}

// TestTransposeTile runs transposeTile's groups (square tiles, rows of
// two chunks and of 12 lanes, a matrix with partial tiles) as native
// code and on the Go executor, bit for bit.
func TestTransposeTile(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewPCG(9, 10))
	for _, c := range []struct{ lx, ly, w, h int }{{16, 16, 64, 48}, {8, 16, 40, 24}, {12, 4, 30, 20}, {16, 16, 37, 21}} {
		p := buildCL2(t, transposeTile, [3]int{c.lx, c.ly, 1})
		k, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		mem := transposeSetup(p, c.w, c.h, rng)
		goMem, natMem := cloneMem(mem), cloneMem(mem)
		ex, nat := lanes.NewExec(p), k.NewRunner()
		ng := [3]uint32{uint32((c.w + c.lx - 1) / c.lx), uint32((c.h + c.ly - 1) / c.ly), 1}
		for gy := range ng[1] {
			for gx := range ng[0] {
				id := [3]uint32{gx, gy, 0}
				if tr := ex.RunGroup(&lanes.Group{ID: id, NumGroups: ng, Memory: goMem}); tr != nil {
					t.Fatalf("%+v: go group %v: %+v", c, id, tr)
				}
				if tr := nat.RunGroup(&lanes.Group{ID: id, NumGroups: ng, Memory: natMem}); tr != nil {
					t.Fatalf("%+v: native group %v: %+v", c, id, tr)
				}
			}
		}
		for r, rg := range p.Regions {
			if !bytes.Equal(goMem[r], natMem[r]) {
				t.Fatalf("%+v: region %d differs", c, r)
			}
			if rg.Kind == lanes.RegionBuffer && rg.Binding == 1 && bytes.Count(natMem[r], []byte{0}) == len(natMem[r]) {
				t.Fatalf("%+v: nothing stored", c)
			}
		}
	}
}

// BenchmarkTransposeGroups times RunGroup over every 16x16 group of a
// 256x256 transpose (both matrices in L2: the code's own cost) and of a
// 2048x2048 one (32 MB: its memory's) on one goroutine, without the
// dispatch around it.
func BenchmarkTransposeGroups(b *testing.B) {
	for _, n := range []int{256, 2048} {
		b.Run(fmt.Sprint(n), func(b *testing.B) { benchTranspose(b, n) })
	}
}

func benchTranspose(b *testing.B, n int) {
	p := buildCL2(b, transposeTile, [3]int{16, 16, 1})
	k, err := Compile(p)
	if err != nil {
		b.Fatal(err)
	}
	mem := transposeSetup(p, n, n, rand.New(rand.NewPCG(1, 1)))
	benchGroups2D(b, k, mem, [3]uint32{uint32(n / 16), uint32(n / 16), 1}, n*n)
}

// benchGroups2D times RunGroup of k over every group of an ng[0] x
// ng[1] grid on mem, on one goroutine locked to its thread, and reports
// the thread's CPU time per item of items.
func benchGroups2D(b *testing.B, k *Kernel, mem [][]byte, ng [3]uint32, items int) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	run := k.NewRunner()
	cpu0 := threadCPU()
	for b.Loop() {
		for gy := range ng[1] {
			for gx := range ng[0] {
				if tr := run.RunGroup(&lanes.Group{ID: [3]uint32{gx, gy, 0}, NumGroups: ng, Memory: mem}); tr != nil {
					b.Fatal(tr)
				}
			}
		}
	}
	b.ReportMetric(float64(threadCPU()-cpu0)/float64(b.N*items), "cpu-ns/item")
}

// stencilTile is ../shared/kernels/stencil2d.cl (groups of 32x8): five
// loads of one buffer a row apart, for BenchmarkStencilGroups.
const stencilTile = `kernel void k(global const float *restrict src, global float *restrict dst, int w, int h) {
	const int x = get_global_id(0);
	const int y = get_global_id(1);
	const int i = y * w + x;
	if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
		dst[i] = src[i];
		return;
	}
	dst[i] = 0.25f * (src[i - 1] + src[i + 1] + src[i - w] + src[i + w]);
}`

// BenchmarkStencilGroups times RunGroup over every 32x8 group of a
// 2048x2048 Jacobi sweep on one goroutine (the prefetch's other shape:
// the next group's lines are the next 128 bytes of the same rows).
func BenchmarkStencilGroups(b *testing.B) {
	const n = 2048
	p := buildCL2(b, stencilTile, [3]int{32, 8, 1})
	k, err := Compile(p)
	if err != nil {
		b.Fatal(err)
	}
	mem := transposeSetup(p, n, n, rand.New(rand.NewPCG(1, 1)))
	benchGroups2D(b, k, mem, [3]uint32{n / 32, n / 8, 1}, n*n)
}
