package jit

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// triadProg is STREAM's triad on buffers 0-2 (c[i] = a[i] + s*b[i]) at
// i = LocalIndex + k, with s and k from buffer 3: three dense accesses
// of one offset, a Uniform factor, two float ops.
func triadProg(local int) *lanes.Program {
	b := newProg(local)
	for range 4 {
		b.region(lanes.RegionBuffer, 0)
	}
	live, li := b.laneIDs()
	uni := func(k lanes.Kind, at uint64) lanes.Value {
		v := b.value(k, lanes.Uniform)
		b.op(lanes.Op{Code: lanes.Load, Kind: k, Dst: v, A: b.konst(lanes.I32, at), B: nv, C: nv, M: live, Imm: 3, Imm2: 4})
		return v
	}
	s, k := uni(lanes.F32, 0), uni(lanes.I32, 4)
	i := b.op(lanes.Op{Code: lanes.Add, Kind: lanes.I32, Dst: b.value(lanes.I32, lanes.Varying), A: li, B: k, C: nv, M: nv})
	off := b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: b.value(lanes.I32, lanes.Varying), A: b.konst(lanes.I32, 0), B: i, C: nv, M: nv, Imm: 4})
	x := b.op(lanes.Op{Code: lanes.Load, Kind: lanes.F32, Dst: b.value(lanes.F32, lanes.Varying), A: off, B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
	y := b.op(lanes.Op{Code: lanes.Load, Kind: lanes.F32, Dst: b.value(lanes.F32, lanes.Varying), A: off, B: nv, C: nv, M: live, Imm: 1, Imm2: 4})
	sy := b.op(lanes.Op{Code: lanes.FMul, Kind: lanes.F32, Dst: b.value(lanes.F32, lanes.Varying), A: s, B: y, C: nv, M: nv})
	sum := b.op(lanes.Op{Code: lanes.FAdd, Kind: lanes.F32, Dst: b.value(lanes.F32, lanes.Varying), A: x, B: sy, C: nv, M: nv})
	b.op(lanes.Op{Code: lanes.Store, Kind: lanes.F32, Dst: nv, A: off, B: sum, C: nv, M: live, Imm: 2, Imm2: 4})
	b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
	return &b.p
}

// TestColdGeneralPaths: triad's accesses keep their general paths out
// of line (coldpath.go) and its values in registers (cache.go's victim,
// loadkeep.go): the chunk's straight line from the first buffer load to
// the Exit is short (3 accesses of ~12 instructions and the arithmetic;
// 219 bytes; 817 with the general paths inline and values spilled,
// before this branch), and the code still agrees with the Go executor, data and
// traps (an access out of bounds traps through its cold general path, at
// the same op), on whole and partial chunks.
func TestColdGeneralPaths(t *testing.T) {
	needNative(t)
	p := triadProg(16)
	g, _, err := generate(p)
	if err != nil {
		t.Fatal(err)
	}
	first, exit := -1, -1
	for i, o := range p.Ops {
		if o.Code == lanes.Load && g.shape(o.Dst) == lanes.Varying && first < 0 {
			first = i
		}
		if o.Code == lanes.Exit {
			exit = i
		}
	}
	if n := g.opStart[exit] - g.opStart[first]; n > 300 {
		t.Errorf("triad's straight line is %d bytes, want at most 300", n)
	}
	traps := 0
	for _, local := range []int{16, 13} {
		p := triadProg(local)
		for _, n := range []int{32 * 4, 32*4 - 4, 20 * 4} {
			for _, k := range []uint32{0, 1, 0xfffffffc} {
				name := fmt.Sprintf("local%d/len%d/k%#x", local, n, k)
				mem := [][]byte{make([]byte, n), make([]byte, n), make([]byte, n), make([]byte, 8)}
				for j := 0; j+4 <= n; j += 4 {
					binary.LittleEndian.PutUint32(mem[0][j:], math.Float32bits(float32(j)*0.25))
					binary.LittleEndian.PutUint32(mem[1][j:], math.Float32bits(float32(n-j)*1.5))
				}
				binary.LittleEndian.PutUint32(mem[3], math.Float32bits(3))
				binary.LittleEndian.PutUint32(mem[3][4:], k)
				gm, nm, gt, nt := runBoth(t, p, mem, 2)
				if !reflect.DeepEqual(gt, nt) {
					t.Fatalf("%s: traps: go %+v, native %+v", name, gt, nt)
				}
				if gt != nil {
					traps++
				}
				if !bytes.Equal(gm[2], nm[2]) {
					t.Fatalf("%s: go %x\nnative %x", name, gm[2], nm[2])
				}
			}
		}
	}
	if traps == 0 {
		t.Fatal("no case trapped: the general paths' traps are untested")
	}
}
