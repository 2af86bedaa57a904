package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// The fast path of a vector run (vecgroup.go), block by block, once its
// checks have passed: R8 the region's base, RCX lane 0's offset, every
// lane's component 0 at RCX + lane*stride. A lane's components are
// contiguous in memory and the lanes of a component are one register
// (4-byte kinds) or two (8-byte kinds: lanes 0-3, then 4-7), so each
// block is a transpose:
//
//   - 4-byte components, four at a time: eight 16-byte accesses (two
//     lanes a register) and a 4x8 transpose. A last block of 1 to 3
//     components reads 16 bytes a lane all the same (vecRunAt counts
//     them in the span checked in bounds) and writes 4 or 8 bytes, or
//     12 through a word mask.
//   - 2 components of 4 bytes, lanes 8 bytes apart (a float2 array):
//     two 32-byte accesses and a shuffle (VSHUFPS+VPERMQ, or
//     VPUNPCKL/HDQ+VPERM2I128).
//   - 8-byte components, two at a time: per half of the chunk four
//     16-byte accesses (lanes l and l+2 a register) and a 2x2 transpose
//     of qwords (VPUNPCKLQDQ/HQDQ). A last component alone (a double3)
//     reads 16 bytes a lane likewise and writes 8.
//
// Stores under a partial mask (vb.masked) store each lane through its
// mask word, broadcast from the mask's slot; a float2 array's through
// the mask widened to qwords. Only Y0-Y5 are used.

// vecBlocks emits one fast path of run v, whose ops are ops.
type vecBlocks struct {
	g       *gen
	v       vecRun
	ops     []lanes.Op
	partial lanes.Value // the Varying mask of a masked store
	masked  bool        // this path stores through partial
}

const vy0, vy1, vy2, vy3, vy4, vy5 = amd64.Y0, amd64.Y1, amd64.Y2, amd64.Y3, amd64.Y4, amd64.Y5

// at is lane l's address plus off bytes.
func (vb *vecBlocks) at(l int, off int32) amd64.Mem {
	return amd64.MI(rBase, rOff, 1, int32(l)*int32(vb.v.stride)+off)
}

// emit emits the path: masked (a store through vb.partial) or not.
func (vb *vecBlocks) emit(masked bool) {
	vb.masked = masked
	n := len(vb.ops)
	store := vb.ops[0].Code == lanes.Store
	switch {
	case vb.v.size == 8:
		for c0 := 0; c0 < n; c0 += 2 {
			if store {
				vb.store64(c0, min(2, n-c0))
			} else {
				vb.load64(c0, min(2, n-c0))
			}
		}
	case vb.v.pairs():
		if store {
			vb.storePairs()
		} else {
			vb.loadPairs()
		}
	default:
		for c0 := 0; c0 < n; c0 += 4 {
			if store {
				vb.store32(c0, min(4, n-c0))
			} else {
				vb.load32(c0, min(4, n-c0))
			}
		}
	}
}

// load32 loads components c0..c0+k-1 (k <= 4) of 4 bytes.
func (vb *vecBlocks) load32(c0, k int) {
	g, a := vb.g, &vb.g.a
	off := int32(4 * c0)
	// Register r: lane r's four words, then lane r+4's.
	for r, y := range [4]amd64.Y{vy0, vy1, vy2, vy3} {
		a.VMOVDQUloadX(y, vb.at(r, off))
		a.VINSERTI128load(y, y, vb.at(r+4, off), 1)
	}
	a.VPUNPCKLDQ(vy4, vy0, vy1) // c0 c0 c1 c1 of lanes 0 1 | 4 5
	a.VPUNPCKHDQ(vy5, vy0, vy1) // c2 c2 c3 c3 of lanes 0 1 | 4 5
	a.VPUNPCKLDQ(vy0, vy2, vy3) // c0 c0 c1 c1 of lanes 2 3 | 6 7
	a.VPUNPCKHDQ(vy1, vy2, vy3) // c2 c2 c3 c3 of lanes 2 3 | 6 7
	for c := range k {
		src := [2]amd64.Y{vy4, vy0}
		if c >= 2 {
			src = [2]amd64.Y{vy5, vy1}
		}
		y := vy2 + amd64.Y(c%2)
		if c%2 == 0 {
			a.VPUNPCKLQDQ(y, src[0], src[1])
		} else {
			a.VPUNPCKHQDQ(y, src[0], src[1])
		}
		g.st(vb.ops[c0+c].Dst, y)
	}
}

// wordMasks are the words of a lane that a last block of k components
// of 4 bytes writes (k = 1, 2, 3), in the low 128 bits.
var wordMasks = [4][8]uint32{
	1: {ones32, 0, 0, 0},
	2: {ones32, ones32, 0, 0},
	3: {ones32, ones32, ones32, 0},
}

// store32 stores components c0..c0+k-1 (k <= 4) of 4 bytes.
func (vb *vecBlocks) store32(c0, k int) {
	g, a := vb.g, &vb.g.a
	off := int32(4 * c0)
	for c, y := range [4]amd64.Y{vy0, vy1, vy2, vy3} {
		if c < k {
			g.ld(y, vb.ops[c0+c].B)
		}
		// Words past the run's are computed and never stored.
	}
	a.VPUNPCKLDQ(vy4, vy0, vy1) // c0 c1 of lanes 0 1 | 4 5
	a.VPUNPCKHDQ(vy5, vy0, vy1) // c0 c1 of lanes 2 3 | 6 7
	a.VPUNPCKLDQ(vy0, vy2, vy3) // c2 c3 of lanes 0 1 | 4 5
	a.VPUNPCKHDQ(vy1, vy2, vy3) // c2 c3 of lanes 2 3 | 6 7
	for r, src := range [4][2]amd64.Y{{vy4, vy0}, {vy4, vy0}, {vy5, vy1}, {vy5, vy1}} {
		// Row r: lane r's components, then lane r+4's.
		y := vy2
		if r%2 == 0 {
			a.VPUNPCKLQDQ(y, src[0], src[1])
		} else {
			a.VPUNPCKHQDQ(y, src[0], src[1])
		}
		for h, l := range [2]int{r, r + 4} {
			if h == 1 {
				if k == 4 && !vb.masked {
					a.VEXTRACTI128store(vb.at(l, off), y, 1)
					continue
				}
				a.VEXTRACTI128(y, y, 1)
			}
			switch {
			case vb.masked:
				a.VPBROADCASTDload(vy3, g.slot(vb.partial, int32(4*l)))
				if k < 4 {
					a.VPANDmem(vy3, vy3, a.ConstYMM(wordMasks[k]))
				}
				a.VPMASKMOVDstoreX(vb.at(l, off), vy3, y)
			case k == 4:
				a.VMOVDQUstoreX(vb.at(l, off), y)
			case k == 2:
				a.VMOVQstore(vb.at(l, off), y)
			case k == 1:
				a.VMOVDstore(vb.at(l, off), y)
			default:
				a.VMOVDQUload(vy3, a.ConstYMM(wordMasks[k]))
				a.VPMASKMOVDstoreX(vb.at(l, off), vy3, y)
			}
		}
	}
}

// loadPairs loads a float2 array's two components.
func (vb *vecBlocks) loadPairs() {
	g, a := vb.g, &vb.g.a
	a.VMOVDQUload(vy0, vb.at(0, 0)) // lanes 0-3, c0 c1 each
	a.VMOVDQUload(vy1, vb.at(4, 0)) // lanes 4-7
	// Per half: words 0 and 2 (or 1 and 3) of each: lanes 0 1 4 5 | 2 3 6 7.
	a.VSHUFPS(vy2, vy0, vy1, 0x88)
	a.VPERMQ(vy2, vy2, 0xd8)
	a.VSHUFPS(vy3, vy0, vy1, 0xdd)
	a.VPERMQ(vy3, vy3, 0xd8)
	g.st(vb.ops[0].Dst, vy2)
	g.st(vb.ops[1].Dst, vy3)
}

// storePairs stores a float2 array's two components.
func (vb *vecBlocks) storePairs() {
	g, a := vb.g, &vb.g.a
	g.ld(vy0, vb.ops[0].B)
	g.ld(vy1, vb.ops[1].B)
	a.VPUNPCKLDQ(vy2, vy0, vy1)       // lanes 0 1 | 4 5
	a.VPUNPCKHDQ(vy3, vy0, vy1)       // lanes 2 3 | 6 7
	a.VPERM2I128(vy0, vy2, vy3, 0x20) // lanes 0-3
	a.VPERM2I128(vy1, vy2, vy3, 0x31) // lanes 4-7
	if !vb.masked {
		a.VMOVDQUstore(vb.at(0, 0), vy0)
		a.VMOVDQUstore(vb.at(4, 0), vy1)
		return
	}
	// The lanes' mask words widened to qwords (affineCheck's mask in Y5).
	g.wideMask(vy2, vy3)
	a.VPMASKMOVDstore(vb.at(0, 0), vy2, vy0)
	a.VPMASKMOVDstore(vb.at(4, 0), vy3, vy1)
}

// load64 loads components c0 and c0+1 (k = 2) or c0 alone (k = 1) of 8
// bytes, 16 bytes a lane read either way.
func (vb *vecBlocks) load64(c0, k int) {
	g, a := vb.g, &vb.g.a
	off := int32(8 * c0)
	for h := range 2 {
		l := 4 * h
		a.VMOVDQUloadX(vy0, vb.at(l, off)) // lane l, then l+2
		a.VINSERTI128load(vy0, vy0, vb.at(l+2, off), 1)
		a.VMOVDQUloadX(vy1, vb.at(l+1, off)) // lane l+1, then l+3
		a.VINSERTI128load(vy1, vy1, vb.at(l+3, off), 1)
		a.VPUNPCKLQDQ(vy2+amd64.Y(h), vy0, vy1) // c0 of lanes l..l+3
		a.VPUNPCKHQDQ(vy4+amd64.Y(h), vy0, vy1) // c1
	}
	g.st64(vb.ops[c0].Dst, vy2, vy3)
	if k == 2 {
		g.st64(vb.ops[c0+1].Dst, vy4, vy5)
	}
}

// store64 stores components c0 and c0+1 (k = 2) or c0 alone (k = 1)
// of 8 bytes.
func (vb *vecBlocks) store64(c0, k int) {
	g, a := vb.g, &vb.g.a
	off := int32(8 * c0)
	g.ld64(vy0, vy1, vb.ops[c0].B)
	if k == 2 {
		g.ld64(vy2, vy3, vb.ops[c0+1].B)
	}
	// With k = 1 a row's high qword is not stored.
	for h := range 2 {
		l := 4 * h
		x0, x1 := vy0+amd64.Y(h), vy2+amd64.Y(h) // c0, c1 of lanes l..l+3
		a.VPUNPCKLQDQ(vy4, x0, x1)               // lane l, then l+2
		a.VPUNPCKHQDQ(vy5, x0, x1)               // lane l+1, then l+3
		for _, row := range [2]struct {
			y  amd64.Y
			l0 int
		}{{vy4, l}, {vy5, l + 1}} {
			switch {
			case !vb.masked && k == 2:
				a.VMOVDQUstoreX(vb.at(row.l0, off), row.y)
				a.VEXTRACTI128store(vb.at(row.l0+2, off), row.y, 1)
			case !vb.masked:
				a.VMOVQstore(vb.at(row.l0, off), row.y)
				a.VEXTRACTI128(row.y, row.y, 1)
				a.VMOVQstore(vb.at(row.l0+2, off), row.y)
			default:
				// x0 is free now: the lane's mask word in every dword
				// (in the low two alone for one component).
				for n, l := range [2]int{row.l0, row.l0 + 2} {
					if n == 1 {
						a.VEXTRACTI128(row.y, row.y, 1)
					}
					a.VPBROADCASTDload(x0, g.slot(vb.partial, int32(4*l)))
					if k == 1 {
						a.VPANDmem(x0, x0, a.ConstYMM(wordMasks[2]))
					}
					a.VPMASKMOVDstoreX(vb.at(l, off), x0, row.y)
				}
			}
		}
	}
}
