package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Vector-typed accesses. The lane program scalarizes a float4 (int4,
// float2, double2, float8, ...) load or store into a run of 4- or 8-byte
// Loads or Stores, one per component, component k at Index(A, s*k) of
// the first one's offset A (lanes.Build emits the offsets first, then the
// run). Each component's offsets are then strided (8, 16, 32 ... bytes
// from lane to lane): a gather, or lane-by-lane stores. Where the
// chunk's offsets are lane 0's plus i*stride, every lane is active and
// the chunk's last lane reads or writes in bounds, the run is instead a
// few contiguous accesses and an in-register transpose (vecblocks.go).
// The stride is the Form's (lanes.Forms) where A is affine in the lane,
// and two lanes settle it (lane 7 at lane 0 plus 7*stride exactly);
// where A has no Form (k = i % n, an index loaded or carried by a loop)
// it is guessed (vecGuess) and every lane is compared with lane 0 plus
// i*stride. Anything else (a partial mask, a lane out of bounds, offsets
// not as the form or the guess says) runs the run's ops one by one, as
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
	// comps: of those, component offsets the fast paths write (tests).
	comps int
	// checked: runs compiled whose stride the code checks (tests).
	checked int
	// at: by the first op of its prefix, each run found (vecRunFrom).
	at map[int]vecRun
	// mem: the runs in memory order (vecmem.go); memRuns: those
	// compiled (tests).
	mem     memOrder
	memRuns int
}

// vecRun is a run of ops run..end-1, and before it, from its prefix's
// first op, the ops that compute only its components' offsets; how the
// fast path reads or writes it.
type vecRun struct {
	run, end int
	size     int32 // a component's bytes: 4 or 8
	stride   int64 // bytes from lane to lane
	static   bool  // stride from lanes.Forms; else checked lane by lane
	span     int32 // bytes from a lane's offset that the fast path touches
	// comps: prefix ops whose result, component k's offset, later ops
	// read too (a vstoren at a vloadn's offsets, a float4 stored where
	// it was loaded); the fast path writes it as A0 + size*k.
	comps []vecComp
}

// vecComp is prefix op op, the run's component k's offset.
type vecComp struct{ op, k int }

// pairs reports whether the run is a float2 array's (2 components of 4
// bytes, lanes 8 bytes apart): two 32-byte accesses and a shuffle.
func (v vecRun) pairs() bool { return v.size == 4 && v.end-v.run == 2 && v.stride == 8 }

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
			v, ok := g.vecRunAt(k)
			if !ok {
				continue
			}
			j := v.end
			// The fast path reads A0, M and the stored values.
			fast := map[lanes.Value]bool{ops[k].A: true, ops[k].M: true}
			for n := k; n < j; n++ {
				fast[ops[n].B] = true
			}
			// Component k's offset, where later ops read it too: the
			// fast path writes it as A0 + size*k, which it is there
			// (vecComponent: exact or poison, and the fast path's
			// checks put it in bounds).
			comp := map[lanes.Value]int{}
			for n := k + 1; n < j; n++ {
				comp[ops[n].A] = n - k
			}
			p := k
			for p > 0 {
				o := &ops[p-1]
				if o.Code != lanes.Add && o.Code != lanes.Index || o.Dst == lanes.NoValue ||
					def[o.Dst] != int32(p-1) || fast[o.Dst] || !g.cacheSafe(o) || g.group.def[p-1] ||
					g.loops.startAt[p-1] != nil || g.loops.endAt[p-1] != nil {
					break
				}
				ok, later := len(readers[o.Dst]) > 0, false
				for _, r := range readers[o.Dst] {
					if int(r) < p {
						ok = false
					} else if int(r) >= j {
						later = true
					}
				}
				ck, isComp := comp[o.Dst]
				if !ok || later && (!isComp || o.Code != lanes.Index || g.shape(o.Dst) != lanes.Varying) {
					break
				}
				if later {
					v.comps = append(v.comps, vecComp{op: p - 1, k: ck})
				}
				p--
			}
			g.vec.at[p] = v
			k = j - 1
		}
		g.analyzeMemOrder()
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

// vecRunAt is the run of component accesses that starts at op i and
// that the fast path takes, if one does: 2 to 16 components of 4 or 8
// bytes. Its lane stride is the offset's Form's where that is
// known (static), else a guess that the code checks chunk by chunk
// (vecGuess).
func (g *gen) vecRunAt(i int) (vecRun, bool) {
	ops := g.p.Ops
	o0 := &ops[i]
	// 1- and 2-byte components go elsewhere (their own runs).
	cs := o0.Imm2
	if o0.Code != lanes.Load && o0.Code != lanes.Store || cs != 4 && cs != 8 || int64(o0.Kind.Bytes()) != cs ||
		o0.A == lanes.NoValue || g.shape(o0.A) != lanes.Varying {
		return vecRun{}, false
	}
	r := int(o0.Imm)
	if r < 0 || r >= len(g.p.Regions) {
		return vecRun{}, false
	}
	if k := g.p.Regions[r].Kind; k != lanes.RegionBuffer && k != lanes.RegionWorkgroup {
		return vecRun{}, false
	}
	j := i + 1
	for ; j < len(ops) && j-i < 16; j++ {
		o := &ops[j]
		if o.Code != o0.Code || o.Imm != o0.Imm || o.Imm2 != cs || o.M != o0.M || int64(o.Kind.Bytes()) != cs {
			break
		}
		if !g.vecComponent(o0.A, o.A, j-i, cs) {
			break
		}
	}
	n := j - i
	if n < 2 {
		return vecRun{}, false
	}
	for k := i; k < i+n; k++ {
		o := &ops[k]
		if g.group.def[k] || g.loops.endAt[k] != nil || g.loops.startAt[k] != nil {
			return vecRun{}, false
		}
		if o.Code == lanes.Load && (o.Dst == lanes.NoValue || g.shape(o.Dst) != lanes.Varying) {
			return vecRun{}, false
		}
	}
	ac, err := g.access(o0)
	if err != nil {
		return vecRun{}, false
	}
	v := vecRun{run: i, end: i + n, size: int32(cs)}
	bytes := int64(n) * cs
	if f, ok := g.affine(ac, o0.A); ok {
		v.stride, v.static = f.Stride, true
	} else if g.forms[o0.A].Known {
		return vecRun{}, false // lanes in descending order
	} else {
		v.stride = g.vecGuess(o0.A, bytes)
	}
	if v.stride >= 1<<24 {
		return vecRun{}, false
	}
	// Stores of lanes that overlap would depend on the lanes' order.
	if o0.Code == lanes.Store && v.stride < bytes {
		return vecRun{}, false
	}
	v.span = int32(bytes)
	switch {
	case o0.Code != lanes.Load:
	case cs == 4 && !v.pairs():
		// A last block of 1 to 3 components reads 16 bytes a lane.
		v.span = int32(16 * ((n + 3) / 4))
	case cs == 8 && n%2 == 1:
		// A last component alone reads 16 bytes a lane.
		v.span += 8
	}
	return v, true
}

// vecGuess is the lane stride that a run of bytes bytes at offset a0
// most likely has where a0 has no Form: the scale of the Index that
// makes a0 vary from lane to lane (an array's element size: a float2
// at data[k] with k = i % n, a float4 at A[id] with id carried by a
// loop), looking through Indexes that add a Uniform amount (a member's
// or a component's offset), if it is at least bytes; else bytes (vloadn:
// Index(B, X, 4), X = n*i).
func (g *gen) vecGuess(a0 lanes.Value, bytes int64) int64 {
	def := g.vecDefs()
	v := a0
	for range 8 {
		if def[v] < 0 {
			break
		}
		x := &g.p.Ops[def[v]]
		if x.Code != lanes.Index || x.A == lanes.NoValue || x.B == lanes.NoValue {
			break
		}
		if g.shape(x.B) == lanes.Varying {
			if x.Imm >= bytes && x.Imm < 1<<24 {
				return x.Imm
			}
			break
		}
		v = x.A
		if g.shape(v) != lanes.Varying {
			break
		}
	}
	return bytes
}

// vecComponent reports whether offset ak is component k's of a vector
// of cs-byte components whose component 0 is at a0: wherever a0 is not
// poison, ak is a0 + cs*k exactly or poison. Three forms: Index(a0,
// cs*k) with stride 1 (a vector type's leaves, lanes.Build); a chain of
// such Indexes from the root a0 is on too (vecChain: the float4s of a
// float16, which the compiler loads one by one and lanes' gatherLoads
// puts side by side); and Index(B, Add(X, k), cs) where a0 is Index(B,
// X, cs) (vloadn's scalar loads, gathered likewise): a0 not poison
// bounds X*cs below 2^32, so X + k does not wrap.
func (g *gen) vecComponent(a0, ak lanes.Value, k int, cs int64) bool {
	ops := g.p.Ops
	def := g.vecDefs()
	if ak == lanes.NoValue || def[ak] < 0 {
		return false
	}
	x := &ops[def[ak]]
	if x.Code != lanes.Index || x.B == lanes.NoValue {
		return false
	}
	if x.A == a0 && x.Imm > 0 {
		bv := g.p.Values[x.B]
		return bv.Const && bv.Bits*uint64(x.Imm) == uint64(cs)*uint64(k)
	}
	// A root plus constants, a0 perhaps too (a float16's float4s).
	r0, off0 := g.vecChain(a0)
	if rk, offk := g.vecChain(ak); rk == r0 && offk == off0+uint64(cs)*uint64(k) {
		return true
	}
	if def[a0] < 0 || x.Imm != cs || def[x.B] < 0 {
		return false
	}
	x0 := &ops[def[a0]]
	if x0.Code != lanes.Index || x0.Imm != cs || x0.A != x.A || x0.Kind != x.Kind {
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

// vecChain follows offset v up through Indexes that add a small
// constant (Index(A, c, imm), c*imm the bytes added: a sub-vector's or
// a component's offset) to the first offset that is no such Index, and
// returns it and the bytes added. Each Index is its exact sum or
// poison, so where v is not poison it is the root plus the bytes.
func (g *gen) vecChain(v lanes.Value) (lanes.Value, uint64) {
	def := g.vecDefs()
	off := uint64(0)
	for range 8 {
		if v == lanes.NoValue || def[v] < 0 {
			break
		}
		x := &g.p.Ops[def[v]]
		if x.Code != lanes.Index || x.Imm <= 0 || x.Imm >= 1<<16 || x.B == lanes.NoValue {
			break
		}
		c := g.p.Values[x.B]
		if !c.Const || c.Bits >= 1<<16 {
			break
		}
		off += c.Bits * uint64(x.Imm)
		v = x.A
	}
	return v, off
}

// emitVecRun compiles ops pre..v.end-1 (a vecRunAt run, its prefix
// before it): the fast path, else the ops one by one. Neither path
// changes the register cache.
func (g *gen) emitVecRun(pre int, v vecRun) error {
	a := &g.a
	ops := g.p.Ops
	i, j := v.run, v.end
	o0 := &ops[i]
	if g.vec.mem.run[i] {
		return g.emitMemRun(pre, v)
	}
	g.vec.runs++
	g.vec.pre += i - pre
	g.vec.comps += len(v.comps)
	if !v.static {
		g.vec.checked++
	}
	g.startRunCode(pre, j)
	ac, err := g.access(o0)
	if err != nil {
		return err
	}
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
	g.vecCheck(ac, v, o0.M, store, partial != lanes.NoValue, slow, masked)
	g.vecCompOffsets(v) // and on the masked path below
	vb := vecBlocks{g: g, v: v, ops: ops[i:j], partial: partial}
	vb.emit(false)
	if partial != lanes.NoValue {
		a.JMP(end)
		a.Bind(masked)
		g.vecCompOffsets(v)
		vb.emit(true)
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

// vecCheck is run v's chunkCheck: lane 7's span bytes from its offset in
// bounds, counted in 4-byte offsets.
func (g *gen) vecCheck(ac access, v vecRun, m lanes.Value, store, withMasked bool, slow, masked amd64.Label) {
	g.chunkCheck(ac, chunkSpan{stride: int32(v.stride), static: v.static, span: v.span, size: 4}, m, store, withMasked, slow, masked)
}

// vecCompOffsets writes, on a fast path, the component offsets that
// later ops read (v.comps): A0 (yOff) + size*k. Their slots are no slot
// the fast path reads (A0, M, stored values) or writes (the loads'
// results): each is live from its prefix op to past the run.
func (g *gen) vecCompOffsets(v vecRun) {
	for _, c := range v.comps {
		d := uint32(v.size) * uint32(c.k)
		g.a.VPADDDmem(amd64.Y2, yOff, g.splat32(d))
		g.st(g.p.Ops[c.op].Dst, amd64.Y2)
	}
}
