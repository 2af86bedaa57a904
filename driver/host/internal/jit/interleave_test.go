package jit

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestInterleaved runs word accesses at every other word and at pairs of
// words every four (interleave.go) through halvesProg (offsets and mask
// read from buffers) against the Go executor, data and traps: windows at
// the buffers' start and end, one word past (the window's last word out
// of bounds, a lane's too), misaligned and wrapping 2^32, patterns broken
// in one lane, full and partial masks; bytes that no lane stores must
// stay.
func TestInterleaved(t *testing.T) {
	needNative(t)
	p := halvesProg()
	rng := rand.New(rand.NewPCG(7, 8))
	const n = 256
	for pi, pat := range wordPatterns {
		for _, a := range []uint32{0, 4, 3, 100, n - 64, n - 60, n - 56, n - 8, 0xffffffc0, 0xfffffff8} {
			for _, mode := range []int{0, 1, 2, 3} { // full mask, partial, broken pattern, one lane
				name := fmt.Sprintf("pattern %d at %#x mode %d", pi, a, mode)
				mem := [][]byte{make([]byte, n), make([]byte, n), make([]byte, 32), make([]byte, 32)}
				for i := range mem[0] {
					mem[0][i] = byte(i*5 + 1)
					mem[1][i] = 0x55
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
				if !bytes.Equal(gm[1], nm[1]) {
					t.Fatalf("%s: go %x\nnative %x", name, gm[1], nm[1])
				}
			}
		}
	}
}
