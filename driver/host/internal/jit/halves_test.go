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

// halvesProg loads a word from buffer 0 and stores it to buffer 1, both
// at the lane's offset read from buffer 2, under the mask read from
// buffer 3: offsets that the runs-of-four path (halves.go) takes or
// leaves at run time.
func halvesProg() *lanes.Program {
	b := newProg(8)
	off, m, v := b.offsetLoad(4)
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: v, C: nv, M: m, Imm: 1, Imm2: 4})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}

// TestHalves runs word accesses in two runs of four lanes against the Go
// executor, data and traps: runs at the buffers' ends and one byte
// past, overlapping runs (later lanes' stores stay), runs that wrap
// 2^32, a run that is not one, full and partial masks.
func TestHalves(t *testing.T) {
	needNative(t)
	p := halvesProg()
	rng := rand.New(rand.NewPCG(5, 6))
	const n = 256
	starts := []uint32{0, 4, 3, 100, n - 16, n - 15, n - 12, 0xfffffff8, 0xfffffffc}
	for _, a := range starts {
		for _, b := range append(starts, a+4, a-4, a, a+16) {
			for _, mode := range []int{0, 1, 2} { // full mask, partial, broken run
				name := fmt.Sprintf("runs %#x %#x mode %d", a, b, mode)
				mem := [][]byte{make([]byte, n), make([]byte, n), make([]byte, 32), make([]byte, 32)}
				for i := range mem[0] {
					mem[0][i] = byte(i*3 + 7)
					mem[1][i] = 0x55
				}
				for l := range 8 {
					o := a + uint32(4*l)
					if l >= 4 {
						o = b + uint32(4*(l-4))
					}
					if mode == 2 && l == 6 {
						o += 4
					}
					binary.LittleEndian.PutUint32(mem[2][4*l:], o)
					if mode != 1 || rng.IntN(2) == 0 {
						binary.LittleEndian.PutUint32(mem[3][4*l:], 0xffffffff)
					}
				}
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

// offsetLoad adds n buffer regions and loads, for each lane, an offset
// from buffer 2 and a mask from buffer 3 (both at the lane's word), then
// the word of buffer 0 at that offset under that mask: the start of
// programs whose accesses take or leave a fast path at run time.
func (b *progBuilder) offsetLoad(n int) (off, m, v lanes.Value) {
	for range n {
		b.region(lanes.RegionBuffer, 0)
	}
	live, li := b.laneIDs()
	at := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: at, A: b.konst(lanes.I32, 0), B: li, C: nv, M: nv, Imm: 4})
	off = b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: off, A: at, B: nv, C: nv, M: live, Imm: 2, Imm2: 4})
	m = b.value(lanes.Mask, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.Mask, Dst: m, A: at, B: nv, C: nv, M: live, Imm: 3, Imm2: 4})
	v = b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Load, Kind: lanes.I32, Dst: v, A: off, B: nv, C: nv, M: m, Imm: 0, Imm2: 4})
	return off, m, v
}
