package lanes

import (
	"math/rand"
	"testing"
)

// TestClosureMatchesScans checks closure's range queries against scans
// of the predecessors and loops (the code they replaced) on random
// blocks, edges and loops.
func TestClosureMatchesScans(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for trial := range 300 {
		n := 2 + rng.Intn(40)
		preds := make([][]int, n)
		for k := 1; k < n; k++ {
			for range rng.Intn(3) {
				preds[k] = append(preds[k], rng.Intn(n))
			}
		}
		in := &instance{loops: map[int]*loop{}}
		for range rng.Intn(5) {
			h := rng.Intn(n)
			in.loops[h] = &loop{head: h, merge: h + 1 + rng.Intn(n-h)}
		}
		for h := range n { // loopList: the loops in block order
			if l := in.loops[h]; l != nil {
				in.loopList = append(in.loopList, l)
			}
		}
		var loops []span
		for _, l := range in.loopList {
			loops = append(loops, span{l.head, l.merge})
		}
		c := newClosureOf(preds, loops)
		for a := range n {
			for b := a + 1; b <= n; b++ {
				if got, want := c.closedRange(a, b), scanClosedRange(in, preds, a, b); got != want {
					t.Fatalf("trial %d: closedRange(%d, %d) = %v, the scan gives %v", trial, a, b, got, want)
				}
				if got, want := c.closedTail(a, b), scanClosedTail(in, preds, a, b); got != want {
					t.Fatalf("trial %d: closedTail(%d, %d) = %v, the scan gives %v", trial, a, b, got, want)
				}
			}
		}
	}
}

func TestRangeTable(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for n := range 70 {
		xs := make([]int, n)
		for i := range xs {
			xs[i] = rng.Intn(100) - 50
		}
		lo, hi := newRangeTable(xs, false), newRangeTable(xs, true)
		for i := 0; i <= n; i++ {
			for j := i; j <= n; j++ {
				m, ok := lo.query(i, j)
				M, okM := hi.query(i, j)
				if ok != (i < j) || okM != (i < j) {
					t.Fatalf("n %d [%d, %d): ok %v %v", n, i, j, ok, okM)
				}
				for _, x := range xs[i:j] {
					if x < m || x > M {
						t.Fatalf("n %d [%d, %d): min %d max %d, element %d", n, i, j, m, M, x)
					}
				}
				if ok && (!contains(xs[i:j], m) || !contains(xs[i:j], M)) {
					t.Fatalf("n %d [%d, %d): min %d max %d not elements", n, i, j, m, M)
				}
			}
		}
	}
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func scanClosedRange(in *instance, preds [][]int, head, merge int) bool {
	n := len(preds)
	for k := head + 1; k <= merge && k < n; k++ {
		for _, p := range preds[k] {
			if p < head || p >= merge {
				return false
			}
		}
	}
	for h, l := range in.loops {
		if h > head && h < merge && l.merge > merge {
			return false
		}
		if h < head && l.merge > head && l.merge <= merge {
			return false
		}
	}
	return true
}

func scanClosedTail(in *instance, preds [][]int, h, e int) bool {
	for k := h + 1; k < e; k++ {
		for _, p := range preds[k] {
			if p < h || p >= e {
				return false
			}
		}
	}
	for lh, l := range in.loops {
		if lh == h {
			return false
		}
		if lh > h && lh < e && l.merge > e {
			return false
		}
		if lh < h && l.merge > h && l.merge < e {
			return false
		}
	}
	return true
}
