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

// interleaveProg loads a word from buffer 0 at the lane's offset read
// from buffer 2, under the mask read from buffer 3, and stores v + k to
// buffer 1 and v - k to buffer 4 at the same offsets: the stored value is
// not the one loaded last (a store that took the wrong register fails).
func interleaveProg() *lanes.Program {
	b := newProg(8)
	off, m, v := b.offsetLoad(5)
	k := b.konst(lanes.I32, 0x01000001)
	w := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: w, A: v, B: k, C: nv, M: nv})
	x := b.value(lanes.I32, lanes.Varying)
	b.op(lanes.Op{Code: lanes.Sub, Kind: lanes.I32, Dst: x, A: v, B: k, C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: w, C: nv, M: m, Imm: 1, Imm2: 4})
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.I32, Dst: nv, A: off, B: x, C: nv, M: m, Imm: 4, Imm2: 4})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}

// TestInterleaved runs word accesses at every pattern of interleave.go
// (every other word, pairs every four words, the permutations of eight
// words) through interleaveProg (offsets and mask read from buffers)
// against the Go executor, data and traps: windows at
// the buffers' start and end, one word past (the window's last word out
// of bounds, a lane's too), misaligned and wrapping 2^32, patterns broken
// in one lane, full and partial masks; bytes that no lane stores must
// stay.
func TestInterleaved(t *testing.T) {
	needNative(t)
	p := interleaveProg()
	rng := rand.New(rand.NewPCG(7, 8))
	const n = 256
	for pi, pat := range wordPatterns {
		for _, a := range []uint32{0, 4, 3, 100, n - 64, n - 60, n - 56, n - 8, 0xffffffc0, 0xfffffff8} {
			for _, mode := range []int{0, 1, 2, 3} { // full mask, partial, broken pattern, one lane
				name := fmt.Sprintf("pattern %d at %#x mode %d", pi, a, mode)
				mem := [][]byte{make([]byte, n), make([]byte, n), make([]byte, 32), make([]byte, 32), make([]byte, n)}
				for i := range mem[0] {
					mem[0][i] = byte(i*5 + 1)
					mem[1][i] = 0x55
					mem[4][i] = 0x66
				}
				for l := range 8 {
					o := a + 4*pat.pos[l]
					if mode == 2 && l == 5 {
						o += 4
					}
					binary.LittleEndian.PutUint32(mem[2][4*l:], o)
					on := true
					switch mode {
					case 1:
						on = rng.IntN(2) == 0
					case 3:
						on = l == 7
					}
					if on {
						binary.LittleEndian.PutUint32(mem[3][4*l:], 0xffffffff)
					}
				}
				gm, nm, gt, nt := runBoth(t, p, mem, 1)
				if !reflect.DeepEqual(gt, nt) {
					t.Fatalf("%s: traps: go %+v, native %+v", name, gt, nt)
				}
				for _, r := range []int{1, 4} {
					if !bytes.Equal(gm[r], nm[r]) {
						t.Fatalf("%s: buffer %d: go %x\nnative %x", name, r, gm[r], nm[r])
					}
				}
			}
		}
	}
}
