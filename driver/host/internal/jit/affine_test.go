package jit

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"reflect"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// affineProg loads size bytes from buffer 0 and stores them to buffer 1,
// both at offset base + (LocalIndex + k)*stride (base, k and a lane
// limit from buffer 2; stride < 0: at base for every lane, a Uniform
// offset; nested: plus a signed index from buffer 2, in a second Index,
// so that lanes past a wrap of LocalIndex + k are poison while lane 0 is
// in bounds), under the live lanes or, if partial, the lanes below the
// limit: the affine fast paths (affine.go) and their ways out.
func affineProg(size int, stride int64, local int, partial, nested bool) *lanes.Program {
	b := newProg(local)
	b.region(lanes.RegionBuffer, 0)
	b.region(lanes.RegionBuffer, 0)
	b.region(lanes.RegionBuffer, 0)
	k := lanes.I32
	if size == 8 {
		k = lanes.I64
	}
	live := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LiveLanes, Dst: live, A: nv, B: nv, C: nv, M: nv})
	li := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LocalIndex, Kind: lanes.I32, Dst: li, A: nv, B: nv, C: nv, M: nv})
	uni := func(at uint64) lanes.Value {
		v := b.value(lanes.I32, lanes.Uniform)
		b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: v, A: b.konst(lanes.I32, at), B: nv, C: nv, M: live, Imm: 2, Imm2: 4})
		return v
	}
	base, shift, limit, back := uni(0), uni(4), uni(8), uni(12)
	m := live
	if partial {
		m = b.value(lanes.Mask, lanes.Varying)
		b.op(lanes.Op{Code: lanes.ULt, Kind: lanes.I32, Dst: m, A: li, B: limit, C: nv, M: nv})
	}
	off := base
	if stride >= 0 {
		idx := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: idx, A: li, B: shift, C: nv, M: nv})
		off = b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: base, B: idx, C: nv, M: nv, Imm: stride})
		if nested {
			o2 := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: o2, A: off, B: back, C: nv, M: nv, Imm: 1})
			off = o2
		}
	}
	v := b.value(k, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: k, Dst: v, A: off, B: nv, C: nv, M: m, Imm: 0, Imm2: int64(size)})
	b.op(lanes.Op{Code: lanes.Store, Kind: k, Dst: nv, A: off, B: v, C: nv, M: m, Imm: 1, Imm2: int64(size)})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}

// TestAffineAccess runs loads and stores at offsets affine in the lane
// against the Go executor, data and traps: strides 0, the size (vector
// accesses), larger and unaligned ones (gathers, lane stores), Uniform
// offsets; full and partial chunks and masks; offsets at the buffers'
// ends, offsets that wrap 2^32 within a chunk, indices that wrap 2^31
// within a chunk (poison lanes between in-bounds ones).
func TestAffineAccess(t *testing.T) {
	needNative(t)
	for _, size := range []int{1, 2, 4, 8} {
		for _, stride := range []int64{-1, 0, int64(size), int64(2 * size), int64(3*size + 1)} {
			for _, local := range []int{8, 16, 13} {
				for _, variant := range []int{0, 1, 2} {
					partial, nested := variant == 1, variant == 2
					p := affineProg(size, stride, local, partial, nested)
					if f := lanes.Forms(p); stride >= 0 && !f[p.Ops[len(p.Ops)-3].A].Known {
						t.Fatalf("stride %d: offset form unknown", stride)
					}
					span := uint32(local) * uint32(max(stride, 1))
					for _, n := range []uint32{span + uint32(size), span + uint32(size) - 1, 301} {
						for _, shift := range []uint32{0, 3, 0x7ffffffc, 0xfffffffd} {
							bases := []uint32{0, 5, n - span - uint32(size), n - span, 0xffffffff - span + 2, 0x80000000}
							for _, base := range bases {
								name := fmt.Sprintf("size%d/stride%d/local%d/variant%d/len%d/shift%#x/base%#x", size, stride, local, variant, n, shift, base)
								mem := [][]byte{make([]byte, n), make([]byte, n), make([]byte, 16)}
								for i := range mem[0] {
									mem[0][i] = byte(i*7 + 1)
									mem[1][i] = 0xaa // lanes not stored keep it
								}
								binary.LittleEndian.PutUint32(mem[2], base)
								binary.LittleEndian.PutUint32(mem[2][4:], shift)
								binary.LittleEndian.PutUint32(mem[2][8:], 5)
								if nested {
									// Lane 0 at base + shift*stride - back = base.
									binary.LittleEndian.PutUint32(mem[2][12:], uint32(-int64(int32(shift))*stride))
								}
								gm, nm, gt, nt := runBoth(t, p, mem, 2)
								if !reflect.DeepEqual(gt, nt) {
									t.Fatalf("%s: traps: go %+v, native %+v", name, gt, nt)
								}
								if !bytes.Equal(gm[1], nm[1]) {
									t.Fatalf("%s: go %x\nnative %x", name, gm[1], nm[1])
								}
							}
						}
					}
				}
			}
		}
	}
}

// TestPrefetchRows: in work-groups of several rows of chunks, vector
// accesses prefetch (prefetch.go) and still compute what the Go
// executor does, over several groups (the history carries over).
func TestPrefetchRows(t *testing.T) {
	needNative(t)
	for _, local := range [][3]int{{8, 3, 1}, {16, 2, 1}, {32, 2, 2}} {
		p := affineProg(4, 4, 8, false, false)
		p.Local = local
		g, _, err := generate(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.prefetchOps) != 2 {
			t.Fatalf("%v: %d accesses prefetch, want the load and the store", local, len(g.prefetchOps))
		}
		for _, base := range []uint32{0, 4, 1000, 1150} {
			mem := [][]byte{make([]byte, 1200), make([]byte, 1200), make([]byte, 16)}
			for i := range mem[0] {
				mem[0][i] = byte(i*5 + 3)
			}
			binary.LittleEndian.PutUint32(mem[2], base)
			gm, nm, gt, nt := runBoth(t, p, mem, 3)
			if !reflect.DeepEqual(gt, nt) {
				t.Fatalf("%v, base %d: traps: go %+v, native %+v", local, base, gt, nt)
			}
			if !bytes.Equal(gm[1], nm[1]) {
				t.Fatalf("%v, base %d: go %x\nnative %x", local, base, gm[1], nm[1])
			}
		}
	}
}
