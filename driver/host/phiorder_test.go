package host

import "testing"

// TestOrderPhis: a rotation (b = a, c = b, d = c, rows of 4 slots) is
// ordered so that each phi is set before the phi it reads; a swap is a
// cycle and stays as it was.
func TestOrderPhis(t *testing.T) {
	const L = 4
	a, b, c, d, x := 0, L, 2*L, 3*L, 9*L
	rot := []phi{
		{dst: a, n: L, srcs: []int{x, x}},
		{dst: b, n: L, srcs: []int{x, a}},
		{dst: c, n: L, srcs: []int{x, b}},
		{dst: d, n: L, srcs: []int{x, c}},
	}
	if !orderPhis(rot) {
		t.Fatal("rotation: no order")
	}
	pos := map[int]int{}
	for i, ph := range rot {
		pos[ph.dst] = i
	}
	if !(pos[d] < pos[c] && pos[c] < pos[b] && pos[b] < pos[a]) {
		t.Fatalf("rotation ordered %v: every phi must come before the phi it reads", rot)
	}
	swap := []phi{
		{dst: a, n: L, srcs: []int{x, b}},
		{dst: b, n: L, srcs: []int{x, a}},
	}
	if orderPhis(swap) {
		t.Fatal("swap: ordered a cycle")
	}
	if swap[0].dst != a || swap[1].dst != b {
		t.Fatal("swap: changed the order")
	}
	// A phi reading part of another's rows (a vector's component) counts.
	part := []phi{
		{dst: a, n: 4 * L, srcs: []int{x}},
		{dst: x + 8*L, n: L, srcs: []int{a + 2*L}},
	}
	if !orderPhis(part) || part[0].dst != x+8*L {
		t.Fatalf("component read: got %v", part)
	}
}
