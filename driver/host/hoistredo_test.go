package host_test

import (
	"encoding/binary"
	"fmt"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/clgo/clgo/driver/host"
)

// TestHoistRedoPrologue: after a work-group whose prologue faulted ran its
// hoisted code in place (the redo mode of hoist.go), the next group's
// prologue must run as a prologue. It once ran with the faulted group's
// redo flag still set, so its loops read their uniform operands (here the
// shift amount, a constant vector, and w >> 3) as whole rows, of which the
// prologues fill one slot and the faulted group only its active lanes:
// the lanes of the border row got stale values. One worker (GOMAXPROCS=1)
// runs the groups in order, so the group after the faulted first one
// always shows it; the second dispatch starts from a pooled state whose
// last group faulted. The results are computed here from the kernel's
// formula.
func TestHoistRedoPrologue(t *testing.T) {
	setTier(t, "interp")
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	path := filepath.Join("..", "..", "testdata", "kernels", "control", "hoist_redo.cl")
	for _, opts := range []string{"1", "0,+hoist,+uniform"} {
		t.Run(opts, func(t *testing.T) {
			defer host.SetOpts(opts)()
			s, src := loadSpec(t, path)
			r := newHostRun(t, s, src)
			w := int(int32(binary.LittleEndian.Uint32(s.Data(3))))
			h := int(s.Global[1])
			rgba := s.Data(0)
			for run := range 2 {
				clear(hostBytes(r, 1))
				clear(hostBytes(r, 2))
				r.run(t)
				edge, sum := hostBytes(r, 1), hostBytes(r, 2)
				bad := 0
				for y := range h {
					for x := range w {
						i := y*w + x
						wantEdge, wantSum := [4]byte{}, int32(-1)
						if x >= 1 && y >= 1 && x < w-1 && y < h-1 {
							var gx [4]int32
							for c := range 4 {
								gx[c] = int32(rgba[4*(i+1)+c]) - int32(rgba[4*(i-1)+c])
								wantEdge[c] = byte(min(max(gx[c]>>1, 0), 255))
							}
							wantSum = (gx[0]+gx[1])*int32(w>>3) + int32(w&7) + gx[2]
						}
						gotSum := int32(binary.LittleEndian.Uint32(sum[4*i:]))
						if [4]byte(edge[4*i:4*i+4]) != wantEdge || gotSum != wantSum {
							if bad++; bad <= 5 {
								t.Errorf("run %d, (%d,%d): edge %v sum %d, want %v %d", run, x, y, edge[4*i:4*i+4], gotSum, wantEdge, wantSum)
							}
						}
					}
				}
				if bad > 0 {
					t.Fatalf("run %d: %d work-items wrong", run, bad)
				}
			}
		})
	}
}

// hostBytes is buffer argument i of r as the kernel sees it.
func hostBytes(r *hostRun, i int) []byte {
	b, ok := r.bufs[i].(interface{ HostBytes() []byte })
	if !ok {
		panic(fmt.Sprintf("argument %d is not a host buffer", i))
	}
	return b.HostBytes()
}
