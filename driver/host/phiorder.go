package host

// Phis that read each other. A loop that rotates values through its
// variables (a hash round's b = a, c = b, ...) has phis in its header that
// read other phis of the same block; all of them must read the values from
// before the block. Setting them through temporaries copies every row
// twice. When no chain of such reads closes a cycle (a swap does), setting
// each phi before the phis whose rows it reads gives the same values with
// one copy each.

// orderPhis reorders phis so that every phi is set before any phi whose
// rows it reads, and reports whether it could (false: a cycle; phis is
// left as it was).
func orderPhis(phis []phi) bool {
	n := len(phis)
	// reads[i][k]: phi i reads rows of phi k (k != i), so i goes first.
	overlap := func(src, sn, dst, dn int) bool { return src < dst+dn && dst < src+sn }
	before := make([][]int, n) // before[k]: the phis that must precede k
	for i, pi := range phis {
		for k, pk := range phis {
			if i == k {
				continue
			}
			for _, src := range pi.srcs {
				if overlap(src, pi.n, pk.dst, pk.n) {
					before[k] = append(before[k], i)
					break
				}
			}
		}
	}
	// Kahn's algorithm, keeping the original order among ready phis.
	need := make([]int, n)
	after := make([][]int, n)
	for k, bs := range before {
		need[k] = len(bs)
		for _, i := range bs {
			after[i] = append(after[i], k)
		}
	}
	done := make([]bool, n)
	order := make([]phi, 0, n)
	for len(order) < n {
		next := -1
		for k := range n {
			if !done[k] && need[k] == 0 {
				next = k
				break
			}
		}
		if next < 0 {
			return false
		}
		done[next] = true
		order = append(order, phis[next])
		for _, k := range after[next] {
			need[k]--
		}
	}
	copy(phis, order)
	return true
}
