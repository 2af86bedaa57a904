package host

import (
	"context"
	"sync"
	"testing"

	"github.com/clgo/clgo/compiler"
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

// TestDispatchGroupIDs: every work-group of a three-dimensional dispatch
// whose first group is not (0, 0, 0) (the last groups of a non-uniform
// NDRange run so) runs once with its own id, on the Go executor and in
// native code, with one to three workers: the claims' spans and the ids
// stepped along them (tierWork) cover the grid.
func TestDispatchGroupIDs(t *testing.T) {
	const src = `#define BX 2
#define BY 1
#define BZ 3
#define GX 7
#define GY 5
kernel void ids(global uint *out) {
  if (get_local_id(0) == 0 && get_local_id(1) == 0 && get_local_id(2) == 0) {
    uint x = get_group_id(0), y = get_group_id(1), z = get_group_id(2);
    uint i = ((z - BZ) * GY + (y - BY)) * GX + (x - BX);
    out[2 * i] = x | y << 8 | z << 16;
    out[2 * i + 1] += 1;
  }
}`
	res, err := compiler.CompileFile("ids.cl", src, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	groups := [3]int{7, 5, 9} // claims of several groups (chunk 3-8)
	base := [3]int{2, 1, 3}
	for _, tier := range []string{"lanes", "native"} {
		t.Run(tier, func(t *testing.T) {
			setTierIn(t, tier)
			m, err := Decode(res.SPIRV)
			if err != nil {
				t.Fatal(err)
			}
			k := prepare(t, m, "ids", map[uint32]uint64{0: 4, 1: 2, 2: 2})
			if tier == "native" && NativeOK() && !k.OnNative() {
				t.Fatal("not in native code")
			}
			for workers := 1; workers <= 3; workers++ {
				out := make([]byte, 8*groups[0]*groups[1]*groups[2])
				d := dispatch(groups, nil, out)
				d.BaseGroup, d.Workers = base, workers
				d.NumGroups = [3]int{base[0] + groups[0], base[1] + groups[1], base[2] + groups[2]}
				if err := k.Run(context.Background(), d); err != nil {
					t.Fatal(err)
				}
				i := 0
				for z := range groups[2] {
					for y := range groups[1] {
						for x := range groups[0] {
							want := uint32(x+base[0]) | uint32(y+base[1])<<8 | uint32(z+base[2])<<16
							if got, n := getU32(out, 2*i), getU32(out, 2*i+1); got != want || n != 1 {
								t.Fatalf("%d workers: group (%d, %d, %d) ran %d times with id %#x, want once with %#x", workers, x, y, z, n, got, want)
							}
							i++
						}
					}
				}
			}
		})
	}
}
