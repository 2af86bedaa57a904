package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Interleaved words: a Varying 4-byte access whose lanes sit at fixed
// word positions of the 64 bytes from lane 0's offset, decided at run
// time as the runs of four are (halves.go): every other word (lane i at
// word 2i: a[2*i + c] with a run-time c, bitonic's compare-and-swap at a
// distance of one) or pairs every four words (words 0,1,4,5,8,9,12,13:
// bitonic at a distance of two). After the window's last word is checked
// in bounds (in 64 bits: neither wrapped), a load is two 32-byte loads and
// a VSHUFPS + VPERMQ that picks the lanes' words, instead of a gather; a
// store puts each half's lanes at their words with VPERMD and stores them
// with VPMASKMOVD under the pattern's words and the lanes' mask, instead
// of eight stores lane by lane. The lanes' words are distinct, so the
// order of the stores does not matter; words of the window that no active
// lane names are neither read into a result nor written.

// wordPattern is one arrangement of the lanes' words in the window.
type wordPattern struct {
	pos    [8]uint32 // lane i's word
	shuf   uint8     // VSHUFPS's selector: each 128-bit lane's words from both halves
	idx    [2][8]uint32
	stored [8]uint32 // the words of each half that some lane names
}

var wordPatterns = []wordPattern{
	{
		pos:    [8]uint32{0, 2, 4, 6, 8, 10, 12, 14},
		shuf:   0x88, // words 0 and 2 of each 128-bit lane
		idx:    [2][8]uint32{{0, 0, 1, 1, 2, 2, 3, 3}, {4, 4, 5, 5, 6, 6, 7, 7}},
		stored: [8]uint32{ones32, 0, ones32, 0, ones32, 0, ones32, 0},
	},
	{
		pos:    [8]uint32{0, 1, 4, 5, 8, 9, 12, 13},
		shuf:   0x44, // words 0 and 1 of each 128-bit lane
		idx:    [2][8]uint32{{0, 1, 0, 1, 2, 3, 2, 3}, {4, 5, 4, 5, 6, 7, 6, 7}},
		stored: [8]uint32{ones32, ones32, 0, 0, ones32, ones32, 0, 0},
	},
}

const ones32 = 1<<32 - 1

// interleaved emits, for each pattern, a check that the offsets in Y4 take
// it and the window is in bounds of region ac.r, then body(p) with the
// region's base in R8 and lane 0's offset in RCX, and a jump to end;
// where no pattern matches it falls through.
func (g *gen) interleaved(ac access, end amd64.Label, body func(p *wordPattern)) {
	a := &g.a
	const t, rel = amd64.Y2, amd64.Y3
	slow := a.NewLabel()
	a.VPBROADCASTD(t, yOff)
	a.VPSUBD(rel, yOff, t)
	for i := range wordPatterns {
		p := &wordPatterns[i]
		next := a.NewLabel()
		var bytes [8]uint32
		for l, w := range p.pos {
			bytes[l] = 4 * w
		}
		a.VPCMPEQDmem(t, rel, a.ConstYMM(bytes))
		a.VMOVMSKPS(rVal, t)
		a.CMPLimm(rVal, 0xff)
		a.Jcc(amd64.CondNE, next)
		a.VMOVDtoR(rOff, yOff)
		e := g.regionEntry(ac.r)
		a.MOVLload(rGather, amd64.M(e.Base, e.Disp+offN+4*sizeLog(4)))
		a.LEAQ(rNext, amd64.M(rOff, 60)) // the window's last word
		a.CMPQ(rNext, rGather)
		a.Jcc(amd64.CondAE, slow)
		a.MOVQload(rBase, amd64.M(e.Base, e.Disp+offBase))
		body(p)
		a.JMP(end)
		a.Bind(next)
	}
	a.Bind(slow)
}

// interleavedLoad loads the lanes' words of pattern p into Y0.
func (g *gen) interleavedLoad(p *wordPattern) {
	a := &g.a
	const lo, hi = amd64.Y0, amd64.Y1
	a.VMOVDQUload(lo, amd64.MI(rBase, rOff, 1, 0))
	a.VMOVDQUload(hi, amd64.MI(rBase, rOff, 1, 32))
	a.VSHUFPS(lo, lo, hi, p.shuf) // per 128-bit lane: the lanes of lo's, then hi's
	a.VPERMQ(lo, lo, 0xd8)        // quadwords in lane order
}

// interleavedStore stores B's lanes at pattern p's words under the mask
// in Y5.
func (g *gen) interleavedStore(p *wordPattern, b lanes.Value) {
	a := &g.a
	const v, d, idx, m = amd64.Y0, amd64.Y1, amd64.Y2, amd64.Y3
	g.ld(v, b)
	for h := range 2 {
		a.VMOVDQUload(idx, a.ConstYMM(p.idx[h]))
		a.VPERMD(d, idx, v)
		a.VPERMD(m, idx, yMask)
		a.VPANDmem(m, m, a.ConstYMM(p.stored))
		a.VPMASKMOVDstore(amd64.MI(rBase, rOff, 1, int32(32*h)), m, d)
	}
}
