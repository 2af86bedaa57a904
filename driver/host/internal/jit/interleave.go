package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Interleaved and permuted words: a Varying 4-byte access whose lanes
// sit at fixed word positions of a window of 8 or 16 words around lane
// 0's offset, decided at run time as the runs of four are (halves.go):
// every other word (lane i at word 2i: a[2*i + c] with a run-time c,
// bitonic's compare-and-swap at a distance of one), pairs every four
// words (words 0,1,4,5,8,9,12,13: bitonic at a distance of two), or a
// permutation of eight consecutive words (a[i ^ 1], a[i ^ 2], a[i ^ 4]
// for lanes aligned to the window, a[c - i]: partners in butterflies and
// reductions, reversed reads). After the window is checked in bounds (in
// 64 bits: neither end wrapped), a load is one or two 32-byte loads and a
// shuffle (VSHUFPS + VPERMQ, or VPERMD) that picks the lanes' words,
// instead of a gather; a store puts the lanes at their words with VPERMD
// and stores them with VPMASKMOVD under the pattern's words and the
// lanes' mask, instead of eight stores lane by lane. The lanes' words are
// distinct, so the order of the stores does not matter; words of the
// window that no active lane names are neither read into a result nor
// written.

// wordPattern is one arrangement of the lanes' words in the window.
type wordPattern struct {
	pos [8]uint32 // lane i's word in the window
	// Two-half windows (16 words):
	shuf   uint8 // VSHUFPS's selector: each 128-bit lane's words from both halves
	idx    [2][8]uint32
	stored [8]uint32 // the words of each half that some lane names
	// One-vector windows (8 words, a permutation): inv[w] is the lane
	// at word w.
	perm bool
	inv  [8]uint32
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
	permPattern(func(i uint32) uint32 { return i ^ 1 }),
	permPattern(func(i uint32) uint32 { return i ^ 2 }),
	permPattern(func(i uint32) uint32 { return i ^ 4 }),
	permPattern(func(i uint32) uint32 { return 7 - i }),
}

// permPattern is the one-vector pattern of lane i at word f(i), f a
// permutation of 0..7.
func permPattern(f func(uint32) uint32) wordPattern {
	p := wordPattern{perm: true}
	for i := range uint32(8) {
		p.pos[i] = f(i)
		p.inv[f(i)] = i
	}
	return p
}

// shift is the window's start relative to lane 0's offset, in bytes.
func (p *wordPattern) shift() int32 { return -4 * int32(p.pos[0]) }

// words is the window's length in words.
func (p *wordPattern) words() int32 {
	if p.perm {
		return 8
	}
	return 16
}

const ones32 = 1<<32 - 1

// interleaved emits the patterns' code for load or store o: inline, one
// test that every lane lies within 7 words below and 15 above lane 0
// (other offsets, gathers, pay these few instructions), then a jump to
// out-of-line code (g.cold: an op's ~600 bytes of pattern checks would
// otherwise sit between the ops of table-heavy kernels) that checks each
// pattern and that its window is in bounds of region ac.r, and loads
// (back inline, where the result is stored) or stores (then on to end).
// Where no pattern matches, the code goes on after this (the gather).
func (g *gen) interleaved(ac access, o *lanes.Op, store bool, end amd64.Label) {
	a := &g.a
	const t, rel, lim = amd64.Y2, amd64.Y3, amd64.Y1
	slow, cold, back := a.NewLabel(), a.NewLabel(), a.NewLabel()
	a.VPBROADCASTD(t, yOff)
	a.VPSUBD(rel, yOff, t)
	a.VPADDDmem(t, rel, g.splat32(28))
	a.VPMINUDmem(lim, t, g.splat32(28+60))
	a.VPCMPEQD(t, t, lim) // rel + 28 <= 88 unsigned: -28 <= rel <= 60
	a.VMOVMSKPS(rVal, t)
	a.CMPLimm(rVal, 0xff)
	a.Jcc(amd64.CondNE, slow)
	if store {
		g.ld(amd64.Y0, o.B) // the cold code stores Y0's lanes
		a.JMP(cold)
	} else {
		a.JMP(cold)
		a.Bind(back) // the cold code loaded Y0
		g.storeResult(o.Dst, false)
		a.JMP(end)
	}
	a.Bind(slow)
	g.cold = append(g.cold, func() {
		a.Bind(cold)
		for i := range wordPatterns {
			p := &wordPatterns[i]
			next := a.NewLabel()
			var bytes [8]uint32
			for l, w := range p.pos {
				bytes[l] = uint32(4*int32(w) + p.shift())
			}
			a.VPCMPEQDmem(t, rel, a.ConstYMM(bytes))
			a.VMOVMSKPS(rVal, t)
			a.CMPLimm(rVal, 0xff)
			a.Jcc(amd64.CondNE, next)
			a.VMOVDtoR(rOff, yOff)
			if sh := p.shift(); sh < 0 {
				a.CMPQimm(rOff, -sh) // the window's start below 0
				a.Jcc(amd64.CondB, slow)
			}
			e := g.regionEntry(ac.r)
			a.MOVLload(rGather, amd64.M(e.Base, e.Disp+offN+4*sizeLog(4)))
			a.LEAQ(rNext, amd64.M(rOff, p.shift()+4*p.words()-4)) // the window's last word
			a.CMPQ(rNext, rGather)
			a.Jcc(amd64.CondAE, slow)
			a.MOVQload(rBase, amd64.M(e.Base, e.Disp+offBase))
			if store {
				g.interleavedStore(p)
				a.JMP(end)
			} else {
				g.interleavedLoad(p)
				a.JMP(back)
			}
			a.Bind(next)
		}
		a.JMP(slow)
	})
}

// interleavedLoad loads the lanes' words of pattern p into Y0.
func (g *gen) interleavedLoad(p *wordPattern) {
	a := &g.a
	const lo, hi = amd64.Y0, amd64.Y1
	at := amd64.MI(rBase, rOff, 1, p.shift())
	if p.perm {
		a.VMOVDQUload(hi, a.ConstYMM(p.pos))
		a.VMOVDQUload(lo, at)
		a.VPERMD(lo, hi, lo)
		return
	}
	a.VMOVDQUload(lo, at)
	a.VMOVDQUload(hi, amd64.MI(rBase, rOff, 1, p.shift()+32))
	a.VSHUFPS(lo, lo, hi, p.shuf) // per 128-bit lane: the lanes of lo's, then hi's
	a.VPERMQ(lo, lo, 0xd8)        // quadwords in lane order
}

// interleavedStore stores the lanes of Y0 at pattern p's words under the
// mask in Y5.
func (g *gen) interleavedStore(p *wordPattern) {
	a := &g.a
	const v, d, idx, m = amd64.Y0, amd64.Y1, amd64.Y2, amd64.Y3
	if p.perm {
		a.VMOVDQUload(idx, a.ConstYMM(p.inv))
		a.VPERMD(d, idx, v)
		a.VPERMD(m, idx, yMask)
		a.VPMASKMOVDstore(amd64.MI(rBase, rOff, 1, p.shift()), m, d)
		return
	}
	for h := range 2 {
		a.VMOVDQUload(idx, a.ConstYMM(p.idx[h]))
		a.VPERMD(d, idx, v)
		a.VPERMD(m, idx, yMask)
		a.VPANDmem(m, m, a.ConstYMM(p.stored))
		a.VPMASKMOVDstore(amd64.MI(rBase, rOff, 1, p.shift()+int32(32*h)), m, d)
	}
}
