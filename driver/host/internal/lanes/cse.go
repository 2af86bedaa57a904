package lanes

// Within straight-line code (no label, no write to a mutable register in
// between), an op that repeats an earlier op's code, kinds, operands and
// immediate gives the earlier op's value, and a load of the same place
// under the same mask with no store or atomic in between gives the
// earlier load's value: compilers' SPIR-V reloads a value for each use
// (a rotate of W[t-2] loads it twice) and recomputes index arithmetic.

type cseKey struct {
	code     Code
	kind, dk Kind
	a, b, c  Value
	imm      int64
}

type loadKey struct {
	region int
	off    Value
	size   int
	kind   Kind
	m      Value
}

// forget drops what the caches know: at a label (other paths join), and
// where a register is written again (masks, phis, shadows).
func (b *builder) forget() {
	clear(b.cse)
	clear(b.loads)
}
