package jit

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"reflect"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// fuseProg loads size bytes from buffer 0 at Index(A, LocalIndex + k,
// stride) and stores them, plus one, to buffer 1 at the same Index (two
// readers, an Add between them), under the live lanes or, if partial,
// the lanes below a limit; A is a constant (konst >= 0) or read from
// buffer 2, k and the limit too. clobber puts a value computed between
// the Index and its first reader into the index's slot (legal: the
// index's last read is the Index), which must keep the Index from being
// elided (fuseindex.go); storeIdx stores the index itself (32-bit
// kinds), which the store's general path reads from its slot.
func fuseProg(size int, stride int64, konst int64, partial, clobber, storeIdx bool) *lanes.Program {
	b := newProg(16)
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
	base, shift, limit := uni(0), uni(4), uni(8)
	if konst >= 0 {
		base = b.konst(lanes.I32, uint64(konst))
	}
	m := live
	if partial {
		m = b.value(lanes.Mask, lanes.Varying)
		b.op(lanes.Op{Code: lanes.ULt, Kind: lanes.I32, Dst: m, A: li, B: limit, C: nv, M: nv})
	}
	idx := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: idx, A: li, B: shift, C: nv, M: nv})
	off := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: base, B: idx, C: nv, M: nv, Imm: stride})
	if clobber {
		t := b.value(lanes.I32, lanes.Varying)
		b.p.Values[t].Slot = b.p.Values[idx].Slot
		b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: t, A: li, B: li, C: nv, M: nv})
	}
	v := b.value(k, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: k, Dst: v, A: off, B: nv, C: nv, M: m, Imm: 0, Imm2: int64(size)})
	w := b.value(k, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Add, Kind: k, Dst: w, A: v, B: b.konst(k, 1), C: nv, M: nv})
	if storeIdx {
		// The index is the stored value too: the store's general path
		// reads it from its slot.
		w = idx
	}
	b.op(lanes.Op{Code: lanes.Store, Kind: k, Dst: nv, A: off, B: w, C: nv, M: m, Imm: 1, Imm2: int64(size)})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}

// TestFusedIndex runs accesses at an elided Index (fuseindex.go) against
// the Go executor, data and traps: constant and Uniform bases, a poison
// base with an index that brings lane 0's exact offset back in bounds,
// negative indices, offsets at the buffers' ends, strides of one, the
// size and more (gathers, lane stores), full and partial chunks, and
// the clobbered index slot that must keep the Index, and the index
// stored as the value.
func TestFusedIndex(t *testing.T) {
	needNative(t)
	for _, size := range []int{1, 4, 8} {
		for _, stride := range []int64{1, 2, int64(size), int64(3 * size)} {
			for _, konst := range []int64{-1, 0, 12} {
				for _, variant := range []int{0, 1, 2, 3} {
					partial, clobber, storeIdx := variant == 1 || variant == 3, variant == 2, variant == 3
					if storeIdx && size == 8 {
						continue
					}
					p := fuseProg(size, stride, konst, partial, clobber, storeIdx)
					g, _, err := generate(p)
					if err != nil {
						t.Fatal(err)
					}
					elided := 0
					for _, e := range g.fuse.elide {
						if e {
							elided++
						}
					}
					if want := map[bool]int{false: 1, true: 0}[clobber]; elided != want {
						t.Fatalf("size %d stride %d konst %d variant %d: %d Index ops elided, want %d", size, stride, konst, variant, elided, want)
					}
					span := 16 * uint32(stride)
					for _, n := range []uint32{span + uint32(size), span + uint32(size) - 1, 301} {
						for _, shift := range []uint32{0, 3, 0xfffffffd, 0x7ffffffc, 0x80000001} {
							bases := []uint32{0, 5, n - span - uint32(size), 0xffffffff, 0xfffffff0}
							if konst >= 0 {
								bases = []uint32{0}
							}
							for _, base := range bases {
								name := fmt.Sprintf("size%d/stride%d/konst%d/variant%d/len%d/shift%#x/base%#x", size, stride, konst, variant, n, shift, base)
								mem := [][]byte{make([]byte, n), make([]byte, n), make([]byte, 16)}
								for i := range mem[0] {
									mem[0][i] = byte(i*7 + 1)
									mem[1][i] = 0xaa
								}
								binary.LittleEndian.PutUint32(mem[2], base)
								binary.LittleEndian.PutUint32(mem[2][4:], shift)
								binary.LittleEndian.PutUint32(mem[2][8:], 5)
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
