package jit

import (
	"bytes"
	"encoding/binary"
	"reflect"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// TestIndexConstIndex checks Index with a constant index (its own code)
// against the Go executor: offsets A at the edges of the range and
// poison, constant indices of both signs times strides up to 2^31-1.
func TestIndexConstIndex(t *testing.T) {
	needNative(t)
	as := []uint32{0, 1, 4, 12, 100, 0x7fffffff, 0x80000000, 0xfffffff0, 0xfffffffd, 0xfffffffe, 0xffffffff}
	for _, idx := range []int64{0, 1, 3, 4, -1, -3, 1<<31 - 1, -1 << 31} {
		for _, stride := range []int64{1, 4, 16, 1<<31 - 1} {
			b := newProg(16)
			for range 3 {
				b.region(lanes.RegionBuffer, 0)
			}
			live := b.value(lanes.Mask, lanes.Varying)
			b.op(lanes.Op{Code: lanes.LiveLanes, Dst: live, A: nv, B: nv, C: nv, M: nv})
			li := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.LocalIndex, Kind: lanes.I32, Dst: li, A: nv, B: nv, C: nv, M: nv})
			off := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: b.konst(lanes.I32, 0), B: li, C: nv, M: nv, Imm: 4})
			x := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: x, A: off, B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
			d := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: d, A: x, B: b.konst(lanes.I32, uint64(uint32(int32(idx)))), C: nv, M: nv, Imm: stride})
			b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: d, C: nv, M: live, Imm: 1, Imm2: 4})
			b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
			mem := [][]byte{make([]byte, 64), make([]byte, 64), nil}
			// Besides the fixed edges, A just inside and outside the
			// range for this index.
			k := idx * stride
			extra := []int64{-k, -k - 1, -k + 1, 1<<32 - 2 - k, 1<<32 - 1 - k}
			for l := range 16 {
				v := uint32(0)
				if l < len(as) {
					v = as[l]
				} else if e := extra[l-len(as)]; e >= 0 && e < 1<<32 {
					v = uint32(e)
				}
				binary.LittleEndian.PutUint32(mem[0][4*l:], v)
			}
			gm, nm, gt, nt := runBoth(t, &b.p, mem, 1)
			if gt != nil || nt != nil {
				t.Fatalf("traps %+v %+v", gt, nt)
			}
			if l, ok := sameBits(lanes.I32, gm[1], nm[1]); !ok {
				t.Fatalf("index %d stride %d lane %d: A %#x: go %x, native %x", idx, stride, l,
					mem[0][4*l:4*l+4], gm[1][4*l:4*l+4], nm[1][4*l:4*l+4])
			}
		}
	}
}

// TestUniformConstLoad: a Uniform load at a constant offset (push
// constants' form) in bounds, at the end and past it, against the Go
// executor: the value, or the same trap.
func TestUniformConstLoad(t *testing.T) {
	needNative(t)
	for _, size := range []int{1, 2, 4, 8} {
		for _, c := range []uint64{0, 3, 16 - uint64(size), 17 - uint64(size), 16, 0x7fffffff, 0x80000000, 0xffffffff} {
			b := newProg(8)
			b.region(lanes.RegionBuffer, 0)
			b.region(lanes.RegionBuffer, 0)
			live := b.value(lanes.Mask, lanes.Varying)
			b.op(lanes.Op{Code: lanes.LiveLanes, Dst: live, A: nv, B: nv, C: nv, M: nv})
			k := lanes.I32
			if size == 8 {
				k = lanes.I64
			}
			v := b.value(k, lanes.Uniform)
			b.op(lanes.Op{Code: lanes.Load, Kind: k, Dst: v, A: b.konst(lanes.I32, c), B: nv, C: nv, M: live, Imm: 0, Imm2: int64(size)})
			b.op(lanes.Op{Code: lanes.Store, Kind: k, Dst: nv, A: b.konst(lanes.I32, 0), B: v, C: nv, M: live, Imm: 1, Imm2: int64(size)})
			b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
			mem := [][]byte{make([]byte, 16), make([]byte, 8)}
			for i := range mem[0] {
				mem[0][i] = byte(i + 1)
			}
			gm, nm, gt, nt := runBoth(t, &b.p, mem, 1)
			if !reflect.DeepEqual(gt, nt) {
				t.Fatalf("size %d offset %#x: traps: go %+v, native %+v", size, c, gt, nt)
			}
			if !bytes.Equal(gm[1], nm[1]) {
				t.Fatalf("size %d offset %#x: go %x, native %x", size, c, gm[1], nm[1])
			}
		}
	}
}

// TestIndexUniform checks a Uniform Index (general registers) against
// the Go executor: offsets A at the edges of the range and poison,
// indices of both signs, strides up to 2^31-1.
func TestIndexUniform(t *testing.T) {
	needNative(t)
	as := []uint32{0, 1, 64, 0x7fffffff, 0x80000000, 0xfffffffd, 0xfffffffe, 0xffffffff}
	bs := []int32{0, 1, 3, -1, -16, 1<<31 - 1, -1 << 31}
	for _, stride := range []int64{1, 4, 64, 68, 1<<31 - 1} {
		b := newProg(8)
		b.region(lanes.RegionBuffer, 0)
		b.region(lanes.RegionBuffer, 0)
		live := b.value(lanes.Mask, lanes.Varying)
		b.op(lanes.Op{Code: lanes.LiveLanes, Dst: live, A: nv, B: nv, C: nv, M: nv})
		// Every pair (A, B) of region 0, one Uniform Index each, its
		// result stored at 4*pair in region 1.
		for i := range len(as) * len(bs) {
			av, bv := b.value(lanes.I32, lanes.Uniform), b.value(lanes.I32, lanes.Uniform)
			b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: av, A: b.konst(lanes.I32, uint64(8*i)), B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
			b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: bv, A: b.konst(lanes.I32, uint64(8*i+4)), B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
			d := b.value(lanes.I32, lanes.Uniform)
			b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: d, A: av, B: bv, C: nv, M: nv, Imm: stride})
			b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: b.konst(lanes.I32, uint64(4*i)), B: d, C: nv, M: live, Imm: 1, Imm2: 4})
		}
		b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
		n := len(as) * len(bs)
		mem := [][]byte{make([]byte, 8*n), make([]byte, 4*n)}
		for i := range n {
			binary.LittleEndian.PutUint32(mem[0][8*i:], as[i/len(bs)])
			binary.LittleEndian.PutUint32(mem[0][8*i+4:], uint32(bs[i%len(bs)]))
		}
		gm, nm, gt, nt := runBoth(t, &b.p, mem, 1)
		if gt != nil || nt != nil {
			t.Fatalf("traps %+v %+v", gt, nt)
		}
		for i := range n {
			g, nat := binary.LittleEndian.Uint32(gm[1][4*i:]), binary.LittleEndian.Uint32(nm[1][4*i:])
			if g != nat {
				t.Errorf("stride %d: A %#x B %d: go %#x, native %#x", stride, as[i/len(bs)], bs[i%len(bs)], g, nat)
			}
		}
	}
}
