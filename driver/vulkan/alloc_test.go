package vulkan

import (
	"math/rand"
	"testing"
)

func TestRangeAlloc(t *testing.T) {
	a := newRangeAlloc(1 << 20)
	type got struct{ off, size uint64 }
	var live []got
	rng := rand.New(rand.NewSource(1))
	for step := 0; step < 20000; step++ {
		if len(live) > 0 && rng.Intn(3) == 0 {
			i := rng.Intn(len(live))
			a.release(live[i].off, live[i].size)
			live = append(live[:i], live[i+1:]...)
			continue
		}
		size := uint64(rng.Intn(4000) + 1)
		off, ok := a.alloc(size, 64)
		if !ok {
			continue
		}
		if off%64 != 0 || off+size > a.size {
			t.Fatalf("alloc(%d) = %d", size, off)
		}
		for _, g := range live {
			if off < g.off+g.size && g.off < off+size {
				t.Fatalf("alloc(%d) = %d overlaps [%d,%d)", size, off, g.off, g.off+g.size)
			}
		}
		live = append(live, got{off, size})
	}
	for _, g := range live {
		a.release(g.off, g.size)
	}
	if !a.empty() || a.used != 0 {
		t.Fatalf("after freeing everything: free list %v, used %d", a.free, a.used)
	}
}
