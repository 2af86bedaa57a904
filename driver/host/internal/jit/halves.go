package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Runs of four: a Varying 4-byte access whose lanes 0-3 are at
// consecutive words from lane 0's offset and lanes 4-7 at consecutive
// words from lane 4's (bitonic's compare-and-swap at a distance of four,
// rows of four lanes; a contiguous chunk is the case where lane 4 follows
// lane 3) is two 16-byte loads or stores, after each run's last word is
// checked against the bound; a load needs no mask (every lane's offset
// is in bounds), a store under a partial mask is two masked stores. The
// offsets need no form known when compiling: the check is made at run
// time.

// halvesFast jumps to slow unless the offsets in Y4 are two runs of four
// words in bounds of region ac.r; it leaves the region's base in R8 and
// the runs' offsets in RCX and RAX.
func (g *gen) halvesFast(ac access, slow amd64.Label) {
	a := &g.a
	const t = amd64.Y2
	a.VPSHUFD(t, yOff, 0) // lanes 0 and 4, each over its half
	a.VPADDDmem(t, t, a.ConstYMM([8]uint32{0, 4, 8, 12, 0, 4, 8, 12}))
	a.VPCMPEQD(t, t, yOff)
	a.VMOVMSKPS(rVal, t)
	a.CMPLimm(rVal, 0xff)
	a.Jcc(amd64.CondNE, slow)
	a.VMOVDtoR(rOff, yOff)
	a.VEXTRACTI128(t, yOff, 1)
	a.VMOVDtoR(rVal, t)
	e := g.regionEntry(ac.r)
	a.MOVLload(rGather, amd64.M(e.Base, e.Disp+offN+4*sizeLog(4)))
	// The runs' last words, in 64 bits: in bounds, neither run wrapped.
	a.LEAQ(rNext, amd64.M(rOff, 12))
	a.CMPQ(rNext, rGather)
	a.Jcc(amd64.CondAE, slow)
	a.LEAQ(rNext, amd64.M(rVal, 12))
	a.CMPQ(rNext, rGather)
	a.Jcc(amd64.CondAE, slow)
	a.MOVQload(rBase, amd64.M(e.Base, e.Disp+offBase))
}

// halvesLoad loads the two runs into Y0.
func (g *gen) halvesLoad() {
	a := &g.a
	a.VMOVDQUloadX(amd64.Y0, amd64.MI(rBase, rOff, 1, 0))
	a.VINSERTI128load(amd64.Y0, amd64.Y0, amd64.MI(rBase, rVal, 1, 0), 1)
}

// halvesStore stores B's lanes as the two runs, lanes 0-3 first (where
// the runs overlap, the later lanes' words stay, as in lane order),
// under the mask in Y5 and RDX.
func (g *gen) halvesStore(b lanes.Value) {
	a := &g.a
	const v, hi, m = amd64.Y0, amd64.Y1, amd64.Y3
	g.ld(v, b)
	a.VEXTRACTI128(hi, v, 1)
	masked, done := a.NewLabel(), a.NewLabel()
	a.CMPLimm(rBits, 0xff)
	a.Jcc(amd64.CondNE, masked)
	a.VMOVDQUstoreX(amd64.MI(rBase, rOff, 1, 0), v)
	a.VMOVDQUstoreX(amd64.MI(rBase, rVal, 1, 0), hi)
	a.JMP(done)
	a.Bind(masked)
	a.VPMASKMOVDstoreX(amd64.MI(rBase, rOff, 1, 0), yMask, v)
	a.VEXTRACTI128(m, yMask, 1)
	a.VPMASKMOVDstoreX(amd64.MI(rBase, rVal, 1, 0), m, hi)
	a.Bind(done)
}
