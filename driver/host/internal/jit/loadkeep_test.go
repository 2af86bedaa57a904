package jit

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"reflect"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// keepProg mixes loads that keep their results in the cache
// (loadkeep.go) with values that stay dirty over accesses (memwb.go):
//
//	a = li + k                          dirty over the loads
//	x = in[li]                          affine, under m: kept by the fast
//	                                    path, else the general path's reloaded
//	y = in[li ^ 1]                      no form, under m: a permutation
//	z = in[li*li % 13]                  under m: a gather
//	out[li*li % 11] = x + y + z + a     no form, under m: stored lane by
//	                                    lane from its slot
//	Label                               a new run: x is written back
//	aux[li] = x                         under m
//
// m is the lanes below a limit; k and the limit from buffer 3.
func keepProg() *lanes.Program {
	b := newProg(16)
	b.p.Labels = 1
	for range 4 {
		b.region(lanes.RegionBuffer, 0)
	}
	i32 := func(code lanes.Code, x, y lanes.Value) lanes.Value {
		return b.op(lanes.Op{Code: code, Kind: lanes.I32, Dst: b.value(lanes.I32, lanes.Varying), A: x, B: y, C: nv, M: nv})
	}
	live := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LiveLanes, Dst: live, A: nv, B: nv, C: nv, M: nv})
	li := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LocalIndex, Kind: lanes.I32, Dst: li, A: nv, B: nv, C: nv, M: nv})
	uni := func(at uint64) lanes.Value {
		v := b.value(lanes.I32, lanes.Uniform)
		b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: v, A: b.konst(lanes.I32, at), B: nv, C: nv, M: live, Imm: 3, Imm2: 4})
		return v
	}
	k, limit := uni(0), uni(4)
	zero := b.konst(lanes.I32, 0)
	at := func(idx lanes.Value) lanes.Value {
		return b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: b.value(lanes.I32, lanes.Varying), A: zero, B: idx, C: nv, M: nv, Imm: 4})
	}
	load := func(off, m lanes.Value) lanes.Value {
		return b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: b.value(lanes.I32, lanes.Varying), A: off, B: nv, C: nv, M: m, Imm: 0, Imm2: 4})
	}
	m := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.ULt, Kind: lanes.I32, Dst: m, A: li, B: limit, C: nv, M: nv})
	a := i32(lanes.Add, li, k)
	x := load(at(li), m)
	y := load(at(i32(lanes.Xor, li, b.konst(lanes.I32, 1))), m)
	sq := i32(lanes.Mul, li, li)
	z := load(at(i32(lanes.UMod, sq, b.konst(lanes.I32, 13))), m)
	sum := i32(lanes.Add, i32(lanes.Add, x, y), i32(lanes.Add, z, a))
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: at(i32(lanes.UMod, sq, b.konst(lanes.I32, 11))), B: sum, C: nv, M: m, Imm: 1, Imm2: 4})
	b.op(lanes.Op{Code: lanes.Label, Dst: nv, A: nv, B: nv, C: nv, M: nv, Imm: 0})
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: at(li), B: x, C: nv, M: m, Imm: 2, Imm2: 4})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}

// TestKeptLoads runs keepProg against the Go executor: loads through
// every path (affine, a permutation, a gather; in bounds and, with a
// short input, trapping), values dirty over the accesses, a kept
// result read in the next run.
func TestKeptLoads(t *testing.T) {
	needNative(t)
	p := keepProg()
	for _, n := range []int{64, 60, 16} {
		for _, k := range []uint32{0, 7, 0xfffffff0} {
			for _, limit := range []uint32{0, 5, 14, 15, 16} {
				name := fmt.Sprintf("len%d/k%#x/limit%d", n, k, limit)
				mem := [][]byte{make([]byte, n), make([]byte, 64), make([]byte, 64), make([]byte, 8)}
				for i := range mem[0] {
					mem[0][i] = byte(i*7 + 1)
				}
				for i := range mem[2] {
					mem[2][i] = 0xaa
				}
				binary.LittleEndian.PutUint32(mem[3], k)
				binary.LittleEndian.PutUint32(mem[3][4:], limit)
				gm, nm, gt, nt := runBoth(t, p, mem, 2)
				if !reflect.DeepEqual(gt, nt) {
					t.Fatalf("%s: traps: go %+v, native %+v", name, gt, nt)
				}
				for _, r := range []int{1, 2} {
					if !bytes.Equal(gm[r], nm[r]) {
						t.Fatalf("%s: buffer %d: go %x\nnative %x", name, r, gm[r], nm[r])
					}
				}
			}
		}
	}
}
