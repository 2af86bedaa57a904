package jit

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"reflect"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// denseProg copies buffer 0 to buffer 1 lane by lane at offsets base +
// LocalIndex*size, base read from buffer 2: full chunks at contiguous
// offsets, the loads' and stores' fast path.
func denseProg(k lanes.Kind, local int) *lanes.Program {
	b := newProg(local)
	b.region(lanes.RegionBuffer, 0)
	b.region(lanes.RegionBuffer, 0)
	b.region(lanes.RegionBuffer, 0)
	size := int64(k.Bytes())
	live := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LiveLanes, Dst: live, A: nv, B: nv, C: nv, M: nv})
	li := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LocalIndex, Kind: lanes.I32, Dst: li, A: nv, B: nv, C: nv, M: nv})
	zero := b.konst(lanes.I32, 0)
	base := b.value(lanes.I32, lanes.Uniform)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: base, A: zero, B: nv, C: nv, M: live, Imm: 2, Imm2: 4})
	off := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: base, B: li, C: nv, M: nv, Imm: size})
	v := b.value(k, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: k, Dst: v, A: off, B: nv, C: nv, M: live, Imm: 0, Imm2: size})
	b.op(lanes.Op{Code: lanes.Store, Kind: k, Dst: nv, A: off, B: v, C: nv, M: live, Imm: 1, Imm2: size})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}

// TestDenseEdges runs the contiguous fast path at the edges of the
// buffers (the last lane's access ending at the end, or one byte past
// it), at offsets near 2^32 (the lanes' offsets wrap) and in partial
// chunks, against the Go executor: data and traps.
func TestDenseEdges(t *testing.T) {
	needNative(t)
	for _, k := range []lanes.Kind{lanes.I32, lanes.I64} {
		size := uint32(k.Bytes())
		for _, local := range []int{8, 16, 13} {
			p := denseProg(k, local)
			for _, n := range []uint32{uint32(local) * size, uint32(local)*size + 3, 200} {
				span := uint32(local) * size
				bases := []uint32{0, size, n - span, n - span + 1, n - span - 1, n - span + size,
					0xffffffff - span + 1, 0xffffffff - 4*size, 0x80000000}
				for _, base := range bases {
					name := fmt.Sprintf("%v/local%d/len%d/base%#x", k, local, n, base)
					mem := [][]byte{make([]byte, n), make([]byte, n), make([]byte, 4)}
					for i := range mem[0] {
						mem[0][i] = byte(i*7 + 1)
					}
					binary.LittleEndian.PutUint32(mem[2], base)
					gm, nm, gt, nt := runBoth(t, p, mem, 1)
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
