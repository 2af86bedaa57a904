package jit

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// memProg builds: lane l reads its mask (buffer 0), two offsets (buffer
// 1, at 8l and 8l+4) and a value (buffer 2), stores the value's low size
// bytes at the first offset of region 5 under the mask, then (after a
// barrier, if barrier) loads size bytes at the second offset under the
// mask and stores them to buffer 3 at l*8. Region 4 holds a Uniform
// offset for the uniform forms. Region 5 is kind rk.
func memProg(rk lanes.RegionKind, size int, k lanes.Kind, uniOff, barrier bool, local int) *lanes.Program {
	b := newProg(local)
	for range 5 {
		b.region(lanes.RegionBuffer, 0)
	}
	b.region(rk, 64)
	if barrier {
		b.p.Barriers = 1
	}
	live := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LiveLanes, Dst: live, A: nv, B: nv, C: nv, M: nv})
	li := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LocalIndex, Kind: lanes.I32, Dst: li, A: nv, B: nv, C: nv, M: nv})
	zero := b.konst(lanes.I32, 0)
	four := b.konst(lanes.I32, 4)
	at := func(stride int64, base lanes.Value) lanes.Value {
		off := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: base, B: li, C: nv, M: nv, Imm: stride})
		return off
	}
	load := func(k lanes.Kind, r int, off lanes.Value, m lanes.Value, size int) lanes.Value {
		d := b.value(k, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Load, Kind: k, Dst: d, A: off, B: nv, C: nv, M: m, Imm: int64(r), Imm2: int64(size)})
		return d
	}
	mask := load(lanes.Mask, 0, at(4, zero), live, 4)
	mask2 := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.MaskAnd, Kind: lanes.Mask, Dst: mask2, A: mask, B: live, C: nv, M: nv})
	off1 := load(lanes.I32, 1, at(8, zero), live, 4)
	off2 := load(lanes.I32, 1, at(8, four), live, 4)
	if uniOff {
		off1 = b.value(lanes.I32, lanes.Uniform)
		b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: off1, A: zero, B: nv, C: nv, M: live, Imm: 4, Imm2: 4})
	}
	val := load(k, 2, at(8, zero), live, k.Bytes())
	b.op(lanes.Op{Code: lanes.Store, Kind: k, Dst: nv, A: off1, B: val, C: nv, M: mask2, Imm: 5, Imm2: int64(size)})
	if barrier {
		b.op(lanes.Op{Code: lanes.Barrier, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	}
	got := load(k, 5, off2, mask2, size)
	b.op(lanes.Op{Code: lanes.Store, Kind: k, Dst: nv, A: at(8, zero), B: got, C: nv, M: mask2, Imm: 3, Imm2: int64(k.Bytes())})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}

// memInputs makes memProg's buffers: offsets in [0, span).
func memInputs(rng *rand.Rand, n, span, size int, full bool) [][]byte {
	mem := make([][]byte, 6)
	mem[0] = make([]byte, 4*n)
	mem[1] = make([]byte, 8*n)
	mem[2] = make([]byte, 8*n)
	mem[3] = make([]byte, 8*n)
	mem[4] = make([]byte, 4)
	mem[5] = make([]byte, 64)
	mode := rng.IntN(3) // 0: contiguous, 1: random, 2: one offset for all lanes
	same := rng.IntN(span)
	for l := range n {
		if full || rng.IntN(4) != 0 {
			binary.LittleEndian.PutUint32(mem[0][4*l:], 0xffffffff)
		}
		o1, o2 := rng.IntN(span), rng.IntN(span)
		switch mode {
		case 0:
			o1, o2 = l*size%span, l*size%span
		case 2:
			o2 = same
		}
		binary.LittleEndian.PutUint32(mem[1][8*l:], uint32(o1))
		binary.LittleEndian.PutUint32(mem[1][8*l+4:], uint32(o2))
		binary.LittleEndian.PutUint64(mem[2][8*l:], rng.Uint64())
	}
	binary.LittleEndian.PutUint32(mem[4], uint32(rng.IntN(span)))
	for i := range mem[5] {
		mem[5][i] = byte(rng.Uint32())
	}
	return mem
}

// TestMemory stores and reloads through buffer, Workgroup and Private
// regions with every access size, Varying and Uniform offsets, full and
// partial masks, with and without a barrier between, against the Go
// executor.
func TestMemory(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, rk := range []lanes.RegionKind{lanes.RegionBuffer, lanes.RegionWorkgroup, lanes.RegionPrivate} {
		for _, size := range []int{1, 2, 4, 8} {
			k := lanes.I32
			if size == 8 {
				k = lanes.I64
			}
			for _, uni := range []bool{false, true} {
				for _, bar := range []bool{false, true} {
					for _, local := range []int{8, 61} {
						name := fmt.Sprintf("region%d/size%d/uni%v/barrier%v/local%d", rk, size, uni, bar, local)
						p := memProg(rk, size, k, uni, bar, local)
						for it := range 10 {
							mem := memInputs(rng, 64, 64-size+1, size, it%3 == 0)
							gm, nm, gt, nt := runBoth(t, p, mem, 2)
							if !reflect.DeepEqual(gt, nt) {
								t.Fatalf("%s: traps: go %+v, native %+v", name, gt, nt)
							}
							for i := range gm {
								if !bytes.Equal(gm[i], nm[i]) {
									t.Fatalf("%s: buffer %d: go %x\nnative %x", name, i, gm[i], nm[i])
								}
							}
						}
					}
				}
			}
		}
	}
}

// TestTraps: out-of-bounds offsets (also the poison offset) trap with
// the same op, lane, region, offset and size as in the Go executor.
func TestTraps(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, rk := range []lanes.RegionKind{lanes.RegionBuffer, lanes.RegionWorkgroup, lanes.RegionPrivate} {
		for _, size := range []int{1, 4, 8} {
			k := lanes.I32
			if size == 8 {
				k = lanes.I64
			}
			for _, uni := range []bool{false, true} {
				p := memProg(rk, size, k, uni, false, 24)
				for range 20 {
					mem := memInputs(rng, 64, 64-size+1, size, false)
					l := rng.IntN(24)
					bad := []uint32{64 - uint32(size) + 1, 1000, 0xffffffff, 0x80000000}[rng.IntN(4)]
					binary.LittleEndian.PutUint32(mem[1][8*l+4*rng.IntN(2):], bad)
					if uni {
						binary.LittleEndian.PutUint32(mem[4], bad)
					}
					_, _, gt, nt := runBoth(t, p, mem, 1)
					if !reflect.DeepEqual(gt, nt) {
						t.Fatalf("region %d size %d uni %v: traps: go %+v, native %+v", rk, size, uni, gt, nt)
					}
				}
			}
		}
	}
}

// atomicProg: lane l does atomic op on region 5 (kind rk, 16 bytes: the
// lanes collide) at the offset of buffer 1, with B and C from buffers 2
// and 0 under the mask of buffer 0's low bit; old values to buffer 3; then
// the region is copied to buffer 4 (one lane).
func atomicProg(rk lanes.RegionKind, k lanes.Kind, op lanes.AtomicOp, local int) *lanes.Program {
	b := newProg(local)
	for range 5 {
		b.region(lanes.RegionBuffer, 0)
	}
	b.region(rk, 16)
	live := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LiveLanes, Dst: live, A: nv, B: nv, C: nv, M: nv})
	li := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LocalIndex, Kind: lanes.I32, Dst: li, A: nv, B: nv, C: nv, M: nv})
	zero := b.konst(lanes.I32, 0)
	at := func(stride int64) lanes.Value {
		off := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: zero, B: li, C: nv, M: nv, Imm: stride})
		return off
	}
	load := func(k lanes.Kind, r int, off lanes.Value, size int) lanes.Value {
		d := b.value(k, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Load, Kind: k, Dst: d, A: off, B: nv, C: nv, M: live, Imm: int64(r), Imm2: int64(size)})
		return d
	}
	n := k.Bytes()
	c := load(k, 0, at(int64(n)), n)
	one := b.konst(k, 1)
	bit := b.value(k, lanes.Varying)
	b.op(lanes.Op{Code: lanes.And, Kind: k, Dst: bit, A: c, B: one, C: nv, M: nv})
	m := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Eq, Kind: k, Dst: m, A: bit, B: one, C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.MaskAnd, Kind: lanes.Mask, Dst: m, A: m, B: live, C: nv, M: nv})
	off := load(lanes.I32, 1, at(4), 4)
	bv := load(k, 2, at(int64(n)), n)
	if rk == lanes.RegionWorkgroup { // give Workgroup memory known bytes first
		for w := int32(0); w < 16; w += 4 {
			o := b.konst(lanes.I32, uint64(w))
			v := b.konst(lanes.I32, uint64(w)*0x01010101+0x80)
			b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: o, B: v, C: nv, M: live, Imm: 5, Imm2: 4})
		}
	}
	if op == lanes.AtomicStore { // Dst unused
		b.op(lanes.Op{Code: lanes.Atomic, Kind: k, Dst: nv, A: off, B: bv, C: c, M: m, Imm: 5, Imm2: int64(op)})
	} else {
		old := b.value(k, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Atomic, Kind: k, Dst: old, A: off, B: bv, C: c, M: m, Imm: 5, Imm2: int64(op)})
		b.op(lanes.Op{Code: lanes.Store, Kind: k, Dst: nv, A: at(int64(n)), B: old, C: nv, M: m, Imm: 3, Imm2: int64(n)})
	}
	for w := int32(0); w < 16; w += 4 {
		o := b.konst(lanes.I32, uint64(w))
		v := b.value(lanes.I32, lanes.Uniform)
		b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: v, A: o, B: nv, C: nv, M: live, Imm: 5, Imm2: 4})
		b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: o, B: v, C: nv, M: live, Imm: 4, Imm2: 4})
	}
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}

// TestAtomics runs every atomic sub-operation, 32- and 64-bit, on a
// buffer and on Workgroup memory, lanes colliding, against the Go
// executor.
func TestAtomics(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewPCG(7, 8))
	for _, rk := range []lanes.RegionKind{lanes.RegionBuffer, lanes.RegionWorkgroup} {
		for _, k := range []lanes.Kind{lanes.I32, lanes.I64} {
			for op := lanes.AtomicLoad; op <= lanes.AtomicDec; op++ {
				p := atomicProg(rk, k, op, 29)
				for range 10 {
					n := k.Bytes()
					mem := make([][]byte, 6)
					mem[0] = fill(rng, k, 32, 0)
					mem[1] = make([]byte, 4*32)
					for l := range 32 {
						binary.LittleEndian.PutUint32(mem[1][4*l:], uint32(rng.IntN(16/n)*n))
					}
					mem[2] = fill(rng, k, 32, 0)
					mem[3] = make([]byte, 32*n)
					mem[4] = make([]byte, 16)
					mem[5] = fill(rng, lanes.I32, 4, 0)
					gm, nm, gt, nt := runBoth(t, p, mem, 1)
					if gt != nil || nt != nil {
						t.Fatalf("traps %v %v", gt, nt)
					}
					for i := range gm {
						if !bytes.Equal(gm[i], nm[i]) {
							t.Fatalf("region %d %v op %d: buffer %d: go %x\nnative %x", rk, k, op, i, gm[i], nm[i])
						}
					}
				}
			}
		}
	}
}

// TestRegionLength: the bound lengths of buffers (also unbound ones) and
// the size of Workgroup memory, against the Go executor.
func TestRegionLength(t *testing.T) {
	needNative(t)
	b := newProg(16)
	for range 3 {
		b.region(lanes.RegionBuffer, 0)
	}
	wg := b.region(lanes.RegionWorkgroup, 52)
	live := b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LiveLanes, Dst: live, A: nv, B: nv, C: nv, M: nv})
	li := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.LocalIndex, Kind: lanes.I32, Dst: li, A: nv, B: nv, C: nv, M: nv})
	for i, r := range []int{0, 1, wg} {
		n := b.value(lanes.I32, lanes.Uniform)
		b.op(lanes.Op{Code: lanes.RegionLength, Kind: lanes.I32, Dst: n, A: nv, B: nv, C: nv, M: nv, Imm: int64(r)})
		base := b.konst(lanes.I32, uint64(64*i))
		off := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: base, B: li, C: nv, M: nv, Imm: 4})
		b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: n, C: nv, M: live, Imm: 2, Imm2: 4})
	}
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	for _, n := range []int{0, 1, 7, 4096} {
		mem := [][]byte{make([]byte, n), nil, make([]byte, 192)}
		gm, nm, gt, nt := runBoth(t, &b.p, mem, 1)
		if gt != nil || nt != nil {
			t.Fatalf("traps %+v %+v", gt, nt)
		}
		if !bytes.Equal(gm[2], nm[2]) {
			t.Fatalf("length %d: go %x\nnative %x", n, gm[2], nm[2])
		}
	}
}

// TestUnreachable: a lane that runs Unreachable traps with its local id,
// as in the Go executor, in any chunk, with and without barriers.
func TestUnreachable(t *testing.T) {
	needNative(t)
	for _, bar := range []bool{false, true} {
		for _, k := range []uint64{0, 5, 13, 23, 99} {
			b := newProg(24)
			b.region(lanes.RegionBuffer, 0)
			if bar {
				b.p.Barriers = 1
				b.op(lanes.Op{Code: lanes.Barrier, Dst: nv, A: nv, B: nv, C: nv, M: nv})
			}
			li := b.value(lanes.I32, lanes.Varying)
			b.op(lanes.Op{Code: lanes.LocalIndex, Kind: lanes.I32, Dst: li, A: nv, B: nv, C: nv, M: nv})
			m := b.value(lanes.Mask, lanes.Varying)
			b.op(lanes.Op{Code: lanes.Eq, Kind: lanes.I32, Dst: m, A: li, B: b.konst(lanes.I32, k), C: nv, M: nv})
			b.op(lanes.Op{Code: lanes.Unreachable, Dst: nv, A: nv, B: nv, C: nv, M: m})
			b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
			_, _, gt, nt := runBoth(t, &b.p, [][]byte{nil}, 2)
			if !reflect.DeepEqual(gt, nt) {
				t.Fatalf("lane %d, barrier %v: go %+v, native %+v", k, bar, gt, nt)
			}
			if (k < 24) != (nt != nil) {
				t.Fatalf("lane %d: trap %+v", k, nt)
			}
		}
	}
}

// TestAtomicsUnaligned runs every atomic sub-operation on a buffer at
// offsets of any byte (the Go executor changes an unaligned word plainly,
// an aligned one through sync/atomic; native code must agree on both,
// also where lanes' words overlap).
func TestAtomicsUnaligned(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewPCG(9, 10))
	for _, k := range []lanes.Kind{lanes.I32, lanes.I64} {
		for op := lanes.AtomicLoad; op <= lanes.AtomicDec; op++ {
			p := atomicProg(lanes.RegionBuffer, k, op, 29)
			for range 10 {
				n := k.Bytes()
				mem := make([][]byte, 6)
				mem[0] = fill(rng, k, 32, 0)
				mem[1] = make([]byte, 4*32)
				for l := range 32 {
					binary.LittleEndian.PutUint32(mem[1][4*l:], uint32(rng.IntN(16-n+1)))
				}
				mem[2] = fill(rng, k, 32, 0)
				mem[3] = make([]byte, 32*n)
				mem[4] = make([]byte, 16)
				mem[5] = fill(rng, lanes.I32, 4, 0)
				gm, nm, gt, nt := runBoth(t, p, mem, 1)
				if gt != nil || nt != nil {
					t.Fatalf("traps %v %v", gt, nt)
				}
				for i := range gm {
					if !bytes.Equal(gm[i], nm[i]) {
						t.Fatalf("%v op %d: buffer %d: go %x\nnative %x", k, op, i, gm[i], nm[i])
					}
				}
			}
		}
	}
}
