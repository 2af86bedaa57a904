package jit

import (
	"bytes"
	"encoding/binary"
	"reflect"
	"testing"
)

// TestStreamPrefetch: in work-groups of one row, the first vector access
// of each buffer prefetches a step ahead (streamfetch.go), on the affine
// path and on the runs-of-four path, and the programs still compute
// what the Go executor does over several groups (the history carries
// over from group to group, and a step may point anywhere).
func TestStreamPrefetch(t *testing.T) {
	needNative(t)
	for _, local := range []int{8, 64, 13} {
		p := affineProg(4, 4, local, false, false)
		g, _, err := generate(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.prefetchOps) != 2 {
			t.Fatalf("local %d: %d accesses prefetch, want the load and the store", local, len(g.prefetchOps))
		}
		for _, base := range []uint32{0, 4, 1000, 1150} {
			mem := [][]byte{make([]byte, 1200), make([]byte, 1200), make([]byte, 16)}
			for i := range mem[0] {
				mem[0][i] = byte(i*5 + 3)
			}
			binary.LittleEndian.PutUint32(mem[2], base)
			gm, nm, gt, nt := runBoth(t, p, mem, 5)
			if !reflect.DeepEqual(gt, nt) {
				t.Fatalf("local %d, base %d: traps: go %+v, native %+v", local, base, gt, nt)
			}
			if !bytes.Equal(gm[1], nm[1]) {
				t.Fatalf("local %d, base %d: go %x\nnative %x", local, base, gm[1], nm[1])
			}
		}
	}
	// The runs of four: the load of buffer 0 at offsets read from
	// buffer 2 prefetches, with the affine loads of the offsets and the
	// mask (buffers 2 and 3); the store to buffer 1 does not (the
	// runs-of-four stores do not prefetch).
	g, _, err := generate(halvesProg())
	if err != nil {
		t.Fatal(err)
	}
	if len(g.prefetchOps) != 3 {
		t.Fatalf("runs of four: %d accesses prefetch, want the offsets', the mask's and the runs' loads", len(g.prefetchOps))
	}
}
