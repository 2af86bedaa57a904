package jit

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// TestAtomicUnreadResult runs atomicProg's add, sub, inc and dec with
// the store of the old value removed (no op reads it: the code is a
// memory-destination ADD or SUB, atomicrmw.go), on a buffer and on
// Workgroup memory, 32- and 64-bit, lanes colliding, against the Go
// executor; the kept-result programs must not count as unread.
func TestAtomicUnreadResult(t *testing.T) {
	needNative(t)
	rng := rand.New(rand.NewPCG(9, 10))
	for _, rk := range []lanes.RegionKind{lanes.RegionBuffer, lanes.RegionWorkgroup} {
		for _, k := range []lanes.Kind{lanes.I32, lanes.I64} {
			for _, op := range []lanes.AtomicOp{lanes.AtomicAdd, lanes.AtomicSub, lanes.AtomicInc, lanes.AtomicDec} {
				p := atomicProg(rk, k, op, 29)
				at := -1
				for i, o := range p.Ops {
					if o.Code == lanes.Atomic {
						at = i
					}
				}
				g := &gen{p: p}
				g.analyzeReads()
				if g.resultUnread(&p.Ops[at]) {
					t.Fatalf("%v %v op %d: the stored old value counts as unread", rk, k, op)
				}
				for i := range p.Ops {
					o := &p.Ops[i]
					if o.Code == lanes.Store && o.B == p.Ops[at].Dst {
						*o = lanes.Op{Code: lanes.Nop, Dst: lanes.NoValue, A: lanes.NoValue, B: lanes.NoValue, C: lanes.NoValue, M: lanes.NoValue}
					}
				}
				g = &gen{p: p}
				g.analyzeReads()
				if !g.resultUnread(&p.Ops[at]) {
					t.Fatalf("%v %v op %d: the old value is still read", rk, k, op)
				}
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
					agree(t, fmt.Sprintf("region %d %v op %d", rk, k, op), p, mem, 1)
				}
			}
		}
	}
}
