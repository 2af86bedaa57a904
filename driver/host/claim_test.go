package host

import (
	"sync"
	"testing"
)

// TestClaimSpans: each worker's claims run through its own span in
// order, whole chunks, before it helps with the next span that has
// groups left; every group is claimed exactly once.
func TestClaimSpans(t *testing.T) {
	var c groupClaims
	c.reset(100, 3, 8) // spans of 40, 40, 20 (whole chunks)
	want := [][2]int{{0, 8}, {8, 16}, {16, 24}, {24, 32}, {32, 40}}
	w := 0
	for i, r := range want {
		lo, hi, ok := c.claim(&w)
		if !ok || lo != r[0] || hi != r[1] {
			t.Fatalf("claim %d of worker 0: [%d, %d) %v, want [%d, %d)", i, lo, hi, ok, r[0], r[1])
		}
	}
	// Worker 0's span is done: it helps with span 1, from its front.
	if lo, hi, _ := c.claim(&w); lo != 40 || hi != 48 || w != 1 {
		t.Fatalf("worker 0 after its span: [%d, %d) at span %d, want [40, 48) at span 1", lo, hi, w)
	}
	w2 := 2
	for _, r := range [][2]int{{80, 88}, {88, 96}, {96, 100}} {
		if lo, hi, _ := c.claim(&w2); lo != r[0] || hi != r[1] {
			t.Fatalf("worker 2: [%d, %d), want %v", lo, hi, r)
		}
	}
	// Spans 1 and 2 share their claims out to the end.
	seen := 48
	for {
		lo, hi, ok := c.claim(&w2)
		if !ok {
			break
		}
		if lo != seen {
			t.Fatalf("worker 2 helping: [%d, %d), want from %d", lo, hi, seen)
		}
		seen = hi
	}
	if seen != 80 {
		t.Fatalf("claims ended at %d, want 80", seen)
	}
	if _, _, ok := c.claim(&w); ok {
		t.Fatal("a claim after every group was claimed")
	}

	// Concurrent workers, odd sizes: each group once.
	for _, tc := range []struct{ total, nw, chunk int }{{1, 4, 1}, {7, 2, 8}, {1000, 2, 8}, {1001, 3, 7}, {65536, 2, 8}, {5, 8, 1}} {
		c.reset(tc.total, tc.nw, tc.chunk)
		count := make([]int32, tc.total)
		var wg sync.WaitGroup
		var mu sync.Mutex
		for w := range tc.nw {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					lo, hi, ok := c.claim(&w)
					if !ok {
						return
					}
					mu.Lock()
					for g := lo; g < hi; g++ {
						count[g]++
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		for g, n := range count {
			if n != 1 {
				t.Fatalf("%+v: group %d claimed %d times", tc, g, n)
			}
		}
	}
}

// TestNextGroup: stepping from a group gives groupAt's next, across
// rows and planes.
func TestNextGroup(t *testing.T) {
	for _, g := range [][2]int{{1, 1}, {3, 1}, {1, 4}, {5, 3}, {16, 16}} {
		id := groupAt(0, g[0], g[1])
		for n := 0; n < g[0]*g[1]*3; n++ {
			if want := groupAt(n, g[0], g[1]); id != want {
				t.Fatalf("grid %v: group %d is %v, want %v", g, n, id, want)
			}
			id = nextGroup(id, g[0], g[1])
		}
	}
}
