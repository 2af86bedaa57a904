package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Vector-typed accesses. The lane program scalarizes a float4 (int4,
// float8, ...) load or store into a run of 4-byte Loads or Stores, one per
// component, component k at Index(A, 4k) of the first one's offset A
// (lanes.Build emits the offsets first, then the run). Each component's
// offsets are then strided (16 or 32 bytes from lane to lane): a gather,
// or lane-by-lane stores. Where A is affine in the lane (lanes.Forms),
// every lane is active and the chunk's last lane reads or writes in
// bounds, the run is instead, per block of four components, eight 16-byte
// loads (two lanes a register) and a 4x8 transpose (VPUNPCKLDQ/HDQ, then
// VPUNPCKLQDQ/HQDQ) into the four component registers, or the reverse and
// eight 16-byte stores. Anything else (a partial mask, a lane out of
// bounds, offsets not as the form says) runs the run's ops one by one, as
// before, and traps there; the Go executor runs them one by one always,
// so the fast path is checked against it.
//
// The fast path reads only A and M and writes every Dst after it has read
// them: slots are shared by liveness, and a component's Dst may share the
// slot of A (read by the first op only) but not M's (read by all).

// vecInfo is what finding runs needs: the op defining each value, if one
// op alone writes it (-1 otherwise).
type vecInfo struct {
	def  []int32
	runs int // runs compiled (tests)
	pre  int // prefix ops compiled on the one-by-one path only (tests)
	// at: by the first op of its prefix, each run found (vecRunFrom).
	at map[int]vecRun
}

// vecRun is a run of ops run..end-1, and before it, from its prefix's
// first op, the ops that compute only its components' offsets.
type vecRun struct{ run, end int }

// vecRunFrom reports the run whose prefix starts at op i. The runs are
// found on the first call. A prefix is the cache-safe Add and Index ops
// right before a run whose results only the prefix and the run's
// one-by-one code read (component offsets other than the first): the
// fast path does not need them, so they are computed on the other path
// only.
func (g *gen) vecRunFrom(i int) (vecRun, bool) {
	if g.vec.at == nil {
		g.vec.at = map[int]vecRun{}
		ops := g.p.Ops
		readers := make([][]int32, len(g.p.Values))
		for n, o := range ops {
			for _, v := range [4]lanes.Value{o.A, o.B, o.C, o.M} {
				if v != lanes.NoValue {
					readers[v] = append(readers[v], int32(n))
				}
			}
		}
		def := g.vecDefs()
		for k := 0; k < len(ops); k++ {
			j := g.vecRunAt(k)
			if j == k {
				continue
			}
			// The fast path reads A0, M and the stored values.
			fast := map[lanes.Value]bool{ops[k].A: true, ops[k].M: true}
			for n := k; n < j; n++ {
				fast[ops[n].B] = true
			}
			p := k
			for p > 0 {
				o := &ops[p-1]
				if o.Code != lanes.Add && o.Code != lanes.Index || o.Dst == lanes.NoValue ||
					def[o.Dst] != int32(p-1) || fast[o.Dst] || !g.cacheSafe(o) || g.group.def[p-1] ||
					g.loops.startAt[p-1] != nil || g.loops.endAt[p-1] != nil {
					break
				}
				ok := len(readers[o.Dst]) > 0
				for _, r := range readers[o.Dst] {
					if int(r) < p || int(r) >= j {
						ok = false
					}
				}
				if !ok {
					break
				}
				p--
			}
			g.vec.at[p] = vecRun{run: k, end: j}
			k = j - 1
		}
	}
	r, ok := g.vec.at[i]
	return r, ok
}

// vecDefs fills g.vec.def on first use.
func (g *gen) vecDefs() []int32 {
	if g.vec.def != nil {
		return g.vec.def
	}
	def := make([]int32, len(g.p.Values))
	for i := range def {
		def[i] = -1
	}
	for i, o := range g.p.Ops {
		if o.Dst == lanes.NoValue {
			continue
		}
		if def[o.Dst] == -1 {
			def[o.Dst] = int32(i)
		} else {
			def[o.Dst] = -2 // written twice
		}
	}
	g.vec.def = def
	return def
}

// vecRunAt is the end (exclusive) of the run of component accesses that
// starts at op i and that the fast path takes, or i where none does. The
// run has a multiple of four components, at most 16.
func (g *gen) vecRunAt(i int) int {
	ops := g.p.Ops
	o0 := &ops[i]
	if o0.Code != lanes.Load && o0.Code != lanes.Store || o0.Imm2 != 4 || o0.Kind.Bytes() != 4 ||
		o0.A == lanes.NoValue || g.shape(o0.A) != lanes.Varying {
		return i
	}
	r := int(o0.Imm)
	if r < 0 || r >= len(g.p.Regions) {
		return i
	}
	if k := g.p.Regions[r].Kind; k != lanes.RegionBuffer && k != lanes.RegionWorkgroup {
		return i
	}
	j := i + 1
	for ; j < len(ops) && j-i < 16; j++ {
		o := &ops[j]
		if o.Code != o0.Code || o.Imm != o0.Imm || o.Imm2 != 4 || o.M != o0.M || o.Kind.Bytes() != 4 {
			break
		}
		if !g.vecComponent(o0.A, o.A, j-i) {
			break
		}
	}
	n := (j - i) &^ 3
	if n < 4 {
		return i
	}
	for k := i; k < i+n; k++ {
		o := &ops[k]
		if g.group.def[k] || g.loops.endAt[k] != nil || g.loops.startAt[k] != nil {
			return i
		}
		if o.Code == lanes.Load && (o.Dst == lanes.NoValue || g.shape(o.Dst) != lanes.Varying) {
			return i
		}
	}
	ac, err := g.access(o0)
	if err != nil {
		return i
	}
	f, ok := g.affine(ac, o0.A)
	if !ok || f.Stride >= 1<<24 {
		return i
	}
	// Stores of lanes that overlap would depend on the lanes' order.
	if o0.Code == lanes.Store && f.Stride < int64(4*n) {
		return i
	}
	return i + n
}

// vecComponent reports whether offset ak is component k's of a vector
// whose component 0 is at a0: wherever a0 is not poison, ak is a0 + 4k
// exactly or poison. Two forms: Index(a0, 4k) with stride 1 (a vector
// type's leaves, lanes.Build), and Index(B, Add(X, k), 4) where a0 is
// Index(B, X, 4) (vloadn's scalar loads, lanes' gatherLoads): a0 not
// poison bounds X*4 below 2^32, so X + k does not wrap.
func (g *gen) vecComponent(a0, ak lanes.Value, k int) bool {
	ops := g.p.Ops
	def := g.vecDefs()
	if ak == lanes.NoValue || def[ak] < 0 {
		return false
	}
	x := &ops[def[ak]]
	if x.Code != lanes.Index || x.B == lanes.NoValue {
		return false
	}
	if x.A == a0 && x.Imm == 1 {
		bv := g.p.Values[x.B]
		return bv.Const && bv.Bits == uint64(4*k)
	}
	if def[a0] < 0 || x.Imm != 4 || def[x.B] < 0 {
		return false
	}
	x0 := &ops[def[a0]]
	if x0.Code != lanes.Index || x0.Imm != 4 || x0.A != x.A || x0.Kind != x.Kind {
		return false
	}
	ad := &ops[def[x.B]]
	if ad.Code != lanes.Add || ad.Kind != x.Kind {
		return false
	}
	for _, p := range [2][2]lanes.Value{{ad.A, ad.B}, {ad.B, ad.A}} {
		if c := g.p.Values[p[1]]; p[0] == x0.B && c.Const && c.Bits == uint64(k) {
			return true
		}
	}
	return false
}

// emitVecRun compiles ops pre..j-1 (a vecRunAt run from i, its prefix
// before it): the fast path, else the ops one by one. Neither path
// changes the register cache.
func (g *gen) emitVecRun(pre, i, j int) error {
	a := &g.a
	ops := g.p.Ops
	o0 := &ops[i]
	g.vec.runs++
	g.vec.pre += i - pre
	g.caching, g.deferring = false, false
	g.writeBack()
	for k := pre; k < j; k++ {
		g.opStart[k] = a.Len()
		if d := ops[k].Dst; d != lanes.NoValue {
			g.cache.drop(d)
			g.cseForget(d)
		}
	}
	ac, err := g.access(o0)
	if err != nil {
		return err
	}
	f, _ := g.affine(ac, o0.A)
	slow, end, masked := a.NewLabel(), a.NewLabel(), a.NewLabel()
	// Loads read every lane's bytes, all checked in bounds: lanes outside
	// the mask keep no defined value. Stores under a partial mask of a
	// Varying mask value store through it, each lane's mask broadcast
	// from the mask's slot (current: written back above).
	store := o0.Code == lanes.Store
	partial := lanes.NoValue
	if store && !g.fullMask(o0.M) && o0.M != lanes.NoValue && g.shape(o0.M) == lanes.Varying {
		partial = o0.M
	}
	g.ld(yOff, o0.A)
	g.vecCheck(ac, f, o0.M, int32(4*(j-i)), store, partial != lanes.NoValue, slow, masked)
	s := int32(f.Stride)
	at := func(lane, c0 int) amd64.Mem { return amd64.MI(rBase, rOff, 1, int32(lane)*s+int32(4*c0)) }
	const y0, y1, y2, y3, y4, y5 = amd64.Y0, amd64.Y1, amd64.Y2, amd64.Y3, amd64.Y4, amd64.Y5
	blocks := func(withMask bool) {
		for c0 := 0; c0 < j-i; c0 += 4 {
			if !store {
				// Register r: lane r's four components, then lane r+4's.
				for r, y := range [4]amd64.Y{y0, y1, y2, y3} {
					a.VMOVDQUloadX(y, at(r, c0))
					a.VINSERTI128load(y, y, at(r+4, c0), 1)
				}
				a.VPUNPCKLDQ(y4, y0, y1) // c0 c0 c1 c1 of lanes 0 1 | 4 5
				a.VPUNPCKHDQ(y5, y0, y1) // c2 c2 c3 c3 of lanes 0 1 | 4 5
				a.VPUNPCKLDQ(y0, y2, y3) // c0 c0 c1 c1 of lanes 2 3 | 6 7
				a.VPUNPCKHDQ(y1, y2, y3) // c2 c2 c3 c3 of lanes 2 3 | 6 7
				a.VPUNPCKLQDQ(y2, y4, y0)
				g.st(ops[i+c0].Dst, y2)
				a.VPUNPCKHQDQ(y3, y4, y0)
				g.st(ops[i+c0+1].Dst, y3)
				a.VPUNPCKLQDQ(y2, y5, y1)
				g.st(ops[i+c0+2].Dst, y2)
				a.VPUNPCKHQDQ(y3, y5, y1)
				g.st(ops[i+c0+3].Dst, y3)
				continue
			}
			for k, y := range [4]amd64.Y{y0, y1, y2, y3} {
				g.ld(y, ops[i+c0+k].B)
			}
			a.VPUNPCKLDQ(y4, y0, y1) // c0 c1 of lanes 0 1 | 4 5
			a.VPUNPCKHDQ(y5, y0, y1) // c0 c1 of lanes 2 3 | 6 7
			a.VPUNPCKLDQ(y0, y2, y3) // c2 c3 of lanes 0 1 | 4 5
			a.VPUNPCKHDQ(y1, y2, y3) // c2 c3 of lanes 2 3 | 6 7
			for r, src := range [4][2]amd64.Y{{y4, y0}, {y4, y0}, {y5, y1}, {y5, y1}} {
				y := y2
				if r%2 == 0 {
					a.VPUNPCKLQDQ(y, src[0], src[1])
				} else {
					a.VPUNPCKHQDQ(y, src[0], src[1])
				}
				if !withMask {
					a.VMOVDQUstoreX(at(r, c0), y)
					a.VEXTRACTI128store(at(r+4, c0), y, 1)
					continue
				}
				a.VPBROADCASTDload(y3, g.slot(partial, int32(4*r)))
				a.VPMASKMOVDstoreX(at(r, c0), y3, y)
				a.VEXTRACTI128(y, y, 1)
				a.VPBROADCASTDload(y3, g.slot(partial, int32(4*(r+4))))
				a.VPMASKMOVDstoreX(at(r+4, c0), y3, y)
			}
		}
	}
	blocks(false)
	if partial != lanes.NoValue {
		a.JMP(end)
		a.Bind(masked)
		blocks(true)
	}
	a.JMP(end)
	a.Bind(slow)
	for k := pre; k < j; k++ {
		g.op = k
		if err := g.emit(&ops[k]); err != nil {
			return err
		}
	}
	a.Bind(end)
	g.op = j - 1
	return nil
}

// vecCheck jumps to slow unless the chunk's offsets (yOff, Form f) are
// lane 0's plus i*Stride and the last lane's span bytes from its offset
// are in bounds, and, for a store, every lane of mask m is active; a
// store with some lane inactive goes to masked instead if withMasked, or
// to slow. It leaves the region's base in R8 and lane 0's offset in RCX.
func (g *gen) vecCheck(ac access, f lanes.Form, m lanes.Value, span int32, store, withMasked bool, slow, masked amd64.Label) {
	a := &g.a
	testMask := store && !g.fullMask(m)
	if testMask {
		g.mask(yMask, m)
		a.VMOVMSKPS(rBits, yMask)
	}
	a.VMOVDtoR(rOff, yOff)
	const hi = amd64.Y2
	a.VEXTRACTI128(hi, yOff, 1)
	a.VPEXTRD(rVal, hi, 3)
	a.LEAQ(rGather, amd64.M(rOff, 7*int32(f.Stride)))
	a.CMPQ(rGather, rVal)
	a.Jcc(amd64.CondNE, slow)
	// Offsets are 32-bit, zero-extended: the 64-bit sum does not wrap.
	// last + span <= len, i.e. last + span - 4 < the count of in-bounds
	// 4-byte offsets.
	a.LEAQ(rVal, amd64.M(rVal, span-4))
	e := g.regionEntry(ac.r)
	a.MOVLload(rGather, amd64.M(e.Base, e.Disp+offN+4*sizeLog(4)))
	a.CMPQ(rVal, rGather)
	a.Jcc(amd64.CondAE, slow)
	a.MOVQload(rBase, amd64.M(e.Base, e.Disp+offBase))
	if testMask {
		a.CMPLimm(rBits, 0xff)
		if withMasked {
			a.Jcc(amd64.CondNE, masked)
		} else {
			a.Jcc(amd64.CondNE, slow)
		}
	}
}
