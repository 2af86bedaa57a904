package jit

import "github.com/clgo/clgo/driver/host/internal/lanes"

// Vectors of 1- and 2-byte components (uchar4 and char4 pixels, ushort2,
// short2, half2, uchar8, ushort4, half4, uchar16, short8, uchar2, and
// vloadn/vstoren of uchar and ushort). The lane program scalarizes such
// a load or store into one 1- or 2-byte Load or Store per component,
// component k at Index(A, k*size) of the first one's offset A (a vector
// type's leaves, lanes.Build) or at Index(a, Add(x, k), size) (vloadn),
// each a byte gather or eight byte stores. A lane's vector is V = 2, 4,
// 8 or 16 bytes: W = V/4 words. Where the chunk's lanes lie V bytes
// apart (dense: a uchar4 array read at consecutive indices), the run is
// instead one access per word:
//
//   - V = 2 (uchar2, char2): one 16-byte load zero-extended to words
//     (VPMOVZXWD); stores pack the words to 16 bits (VPACKUSDW).
//   - V = 4: one 32-byte load of the eight lanes' words; component j of
//     each word is byte (or 16-bit field) j, zero-extended as a Load's
//     result is (VPAND, VPSHUFB, VPSRLD). A store packs the components
//     (VPAND the low field, VPSHUFB the middle ones to their byte, VPSLLD
//     the top one; VPOR) into one 32-byte store.
//   - V = 8: two 32-byte loads, split into the lanes' first and second
//     words (VSHUFPS, VPERMQ); stores interleave them back (VPUNPCKL/HDQ,
//     VPERM2I128).
//   - V = 16: one 16-byte load per lane, two lanes a register, and a 4x8
//     transpose into four word registers (as vecgroup.go does for float4);
//     stores the reverse, 16 bytes per lane, at any lane stride.
//
// 4- and 8-byte vectors at another lane stride (struct members) take one
// gather per word, or each lane's words stored from a general register.
//
// The fast path is taken where the offset's affine form (lanes.Forms)
// gives the lane stride statically, checked as vecgroup.go checks it
// (lane 7 is lane 0 + 7*Stride, the last lane's last byte in bounds), and
// where the offset has no form, with a check at run time that every
// lane's offset is lane 0's + l*V (and the last byte in bounds). Loads
// read every lane (all checked in bounds). Stores with some lane of a
// Varying mask inactive store the active lanes' bytes only: dense 4-byte
// vectors through VPMASKMOVD (each lane's word is its own), the others
// lane by lane; never a read-modify-write of bytes other work-items may
// write. Anything else runs the ops one by one and traps there; the Go
// executor always runs them one by one, so this is checked against it.
//
// Only Y0-Y5 are used; the register cache is left as it was.

// narrowInfo holds the runs found (by the first op of each prefix).
type narrowInfo struct {
	at      map[int]narrowRun
	readers [][]int32 // the ops reading each value
	runs    int       // runs compiled (tests)
	pre     int       // prefix ops compiled on the one-by-one path only (tests)
}

// narrowRun is a run of component accesses from op run to op end-1:
// comps are its accesses, component k the k-th, with size bytes a
// component and words 4-byte words a lane; the ops between them are Add
// and Index ops that no op before them reads (the offsets of a vector's
// later words: an 8-byte vector is two 4-byte ones to the compiler;
// vloadn's components' offsets). stride is the lane stride from the
// offset's form, or -1 where it has none (the fast path then checks at
// run time that the lanes are dense).
type narrowRun struct {
	run, end int
	comps    []int
	size     int32
	words    int
	stride   int64
	// outside: some op between the accesses has a reader after the run
	// (vstoren at a vloadn's offsets): the fast path computes them too,
	// and the run has no prefix.
	outside bool
	// below31: a component's offset is Index(a, Add(x, k), imm), which
	// equals the first one's + k*imm only where x + k does not wrap;
	// the fast path needs every offset below 2^31 - 16 (narrowOffset).
	below31 bool
}

// bytes is the vector's size in a lane.
func (r narrowRun) bytes() int32 {
	if r.words == 0 {
		return 2 // uchar2, char2
	}
	return int32(4 * r.words)
}

// narrowOff turns the fast path and narrowBelow31 off (benchmarks
// compare them with the code before them).
var narrowOff bool

// narrowRunFrom reports the run whose prefix starts at op i, finding the
// runs on the first call. The prefix is the cache-safe Add and Index
// ops right before a run that compute the other components' offsets and
// that nothing outside the run reads: only the one-by-one path needs
// them.
func (g *gen) narrowRunFrom(i int) (narrowRun, bool) {
	if narrowOff {
		return narrowRun{}, false
	}
	if g.vecnarrow.at == nil {
		g.vecnarrow.at = map[int]narrowRun{}
		ops := g.p.Ops
		readers := g.narrowReaders()
		def := g.vecDefs()
		for k := 0; k < len(ops); k++ {
			r, ok := g.narrowRunAt(k)
			if !ok {
				continue
			}
			fast := map[lanes.Value]bool{ops[k].A: true, ops[k].M: true}
			for _, n := range r.comps {
				fast[ops[n].B] = true
			}
			p := k
			for p > 0 && !r.outside {
				o := &ops[p-1]
				if o.Code != lanes.Add && o.Code != lanes.Index || o.Dst == lanes.NoValue ||
					def[o.Dst] != int32(p-1) || fast[o.Dst] || !g.cacheSafe(o) || g.group.def[p-1] ||
					g.loops.startAt[p-1] != nil || g.loops.endAt[p-1] != nil {
					break
				}
				ok := len(readers[o.Dst]) > 0
				for _, rd := range readers[o.Dst] {
					if int(rd) < p || int(rd) >= r.end {
						ok = false
					}
				}
				if !ok {
					break
				}
				p--
			}
			g.vecnarrow.at[p] = r
			k = r.end - 1
		}
	}
	r, ok := g.vecnarrow.at[i]
	return r, ok
}

// narrowAt compiles the run whose prefix starts at op i, if there is
// one and no op of it is a call-out, and returns the op after it (i
// where there is none): compile's loop continues there.
func (g *gen) narrowAt(i int) (int, error) {
	r, ok := g.narrowRunFrom(i)
	if !ok || g.callsIn(i, r.end) {
		return i, nil
	}
	// The run's code uses registers of the cache's first level as
	// scratch, as vecgroup's does: the second level goes first (hicache.go).
	g.hiFlush()
	if err := g.emitNarrowRun(i, r); err != nil {
		if e, ok := err.(errUnsupported); ok {
			return i, unsupported(g.p, g.op, "%s", string(e))
		}
		return i, err
	}
	return r.end, nil
}

// narrowMark sets in[k] for the ops of every run and its prefix, which
// the run compiles as a whole: no Index they read is elided
// (fuseindex.go), as the fast path reads the first offset from its slot.
func (g *gen) narrowMark(in []bool) {
	g.narrowRunFrom(0)
	for start, r := range g.vecnarrow.at {
		for k := start; k < r.end && k < len(in); k++ {
			in[k] = true
		}
	}
}

// narrowRunAt is the run of 1- or 2-byte component accesses that starts
// at op i and that the fast path can take, if any.
func (g *gen) narrowRunAt(i int) (narrowRun, bool) {
	ops := g.p.Ops
	o0 := &ops[i]
	s := int32(o0.Imm2)
	if o0.Code != lanes.Load && o0.Code != lanes.Store || s != 1 && s != 2 || o0.Kind.Bytes() != 4 ||
		o0.A == lanes.NoValue || g.shape(o0.A) != lanes.Varying {
		return narrowRun{}, false
	}
	if rg := int(o0.Imm); rg < 0 || rg >= len(g.p.Regions) ||
		g.p.Regions[rg].Kind != lanes.RegionBuffer && g.p.Regions[rg].Kind != lanes.RegionWorkgroup {
		return narrowRun{}, false
	}
	root, c0, wraps := g.narrowOffset(o0.A, s)
	comps := []int{i}
	for j := i + 1; j < len(ops) && int32(len(comps))*s < 16; j++ {
		o := &ops[j]
		if o.Code == o0.Code && o.Imm == o0.Imm && o.Imm2 == o0.Imm2 && o.M == o0.M && o.Kind.Bytes() == 4 {
			if rk, ck, w := g.narrowOffset(o.A, s); rk == root && ck-c0 == int64(len(comps))*int64(s) {
				comps = append(comps, j)
				wraps = wraps || w
				continue
			}
		}
		if !g.narrowInterior(j) {
			break
		}
	}
	v := int32(len(comps)) * s
	switch {
	case v >= 16:
		v = 16
	case v >= 8:
		v = 8
	case v >= 4:
		v = 4
	case len(comps) >= 2:
		v = 2
	default:
		return narrowRun{}, false
	}
	comps = comps[:v/s]
	r := narrowRun{run: i, end: comps[len(comps)-1] + 1, comps: comps, size: s, words: int(v / 4), stride: -1, below31: wraps}
	// The fast path reads A0, M and the stored values; the ops between
	// the accesses must compute none of them and be read only within the
	// run.
	fast := map[lanes.Value]bool{o0.A: true, o0.M: true}
	for _, k := range comps {
		fast[ops[k].B] = true
	}
	for k := r.run; k < r.end; k++ {
		o := &ops[k]
		if g.group.def[k] || g.loops.endAt[k] != nil || g.loops.startAt[k] != nil {
			return narrowRun{}, false
		}
		if o.Code == o0.Code {
			if o.Code == lanes.Load && (o.Dst == lanes.NoValue || g.shape(o.Dst) != lanes.Varying) {
				return narrowRun{}, false
			}
			continue
		}
		if fast[o.Dst] {
			return narrowRun{}, false
		}
		for _, rd := range g.narrowReaders()[o.Dst] {
			if int(rd) <= k {
				return narrowRun{}, false
			}
			r.outside = r.outside || int(rd) >= r.end
		}
	}
	// Runs whose in-between ops later ops read too (a vstoren at a
	// vloadn's offsets, or two vstoren at the same ones) stay one by one
	// for now: with the fast path computing those ops first, half8
	// sincos on the host stored wrong values once other runs shared the
	// offsets (internal/ulp TestSample/host/sincos/half, widths 4, 8 and
	// 16); the code below is kept for when the cause is found.
	if r.outside {
		return narrowRun{}, false
	}
	if r.outside {
		// The fast path computes the ops between the accesses before it
		// reads A0, whose slot one of their results may share once the
		// first access has read it (slots are shared by liveness).
		for k := r.run; k < r.end; k++ {
			if o := &ops[k]; o.Code != o0.Code && g.slotsOverlap(o.Dst, o0.A) {
				return narrowRun{}, false
			}
		}
	}
	ac, err := g.access(o0)
	if err != nil {
		return narrowRun{}, false
	}
	if f, ok := g.affine(ac, o0.A); ok {
		if f.Stride >= 1<<24 {
			return narrowRun{}, false
		}
		r.stride = f.Stride
		// Lanes 2 bytes apart: no word is a lane's alone.
		if f.Stride != int64(v) && r.words == 0 {
			return narrowRun{}, false
		}
		// Stores of lanes that overlap would depend on the lanes' order.
		if o0.Code == lanes.Store && f.Stride < int64(v) {
			return narrowRun{}, false
		}
	}
	return r, true
}

// narrowInterior reports whether op j may lie between a run's accesses:
// a cache-safe Add or Index with the only definition of its result.
func (g *gen) narrowInterior(j int) bool {
	o := &g.p.Ops[j]
	return (o.Code == lanes.Add || o.Code == lanes.Index) && o.Dst != lanes.NoValue &&
		g.vecDefs()[o.Dst] == int32(j) && g.cacheSafe(o)
}

// narrowReaders lists the ops that read each value, made on first use.
func (g *gen) narrowReaders() [][]int32 {
	if g.vecnarrow.readers == nil {
		g.vecnarrow.readers = make([][]int32, len(g.p.Values))
		for n, o := range g.p.Ops {
			for _, v := range [4]lanes.Value{o.A, o.B, o.C, o.M} {
				if v != lanes.NoValue {
					g.vecnarrow.readers[v] = append(g.vecnarrow.readers[v], int32(n))
				}
			}
		}
	}
	return g.vecnarrow.readers
}

// narrowRoot names the value component offsets count from: an
// Index(a, x, imm) of a varying x (the offset a + x*imm) or, where none
// is found, the offset value itself (x NoValue).
type narrowRoot struct {
	a, x lanes.Value
	imm  int64
}

// narrowOffset is offset v as root + c: v is a chain of Index(y,
// constant, Imm) ops (a vector's component, a struct's member, an array's
// element) from Index(a, x, imm) or, for elements of the access's size,
// from Index(a, Add(x, k), size) with a constant k (vloadn's and
// vstoren's components: viaAdd; an Add of a larger stride is another
// vector, in[i + 1] beside in[i], which stays a run of its own), each
// constant small and not negative. Index is exact where its result is in
// bounds (else poison, which stays poison), so v is root + c exactly
// wherever v is in bounds, except that x + k wraps where x is within k of 2^31: the
// fast path of a run with such a component checks its offsets below
// 2^31 - 16, which rules that out.
func (g *gen) narrowOffset(v lanes.Value, size int32) (root narrowRoot, c int64, viaAdd bool) {
	def := g.vecDefs()
	small := func(u lanes.Value) (uint64, bool) {
		if u == lanes.NoValue {
			return 0, false
		}
		b := g.p.Values[u]
		return b.Bits, b.Const && b.Bits < 1<<16
	}
	for range 4 {
		if v == lanes.NoValue || def[v] < 0 {
			break
		}
		x := &g.p.Ops[def[v]]
		if x.Code != lanes.Index || x.B == lanes.NoValue || x.Imm < 0 || x.Imm >= 1<<16 {
			break
		}
		if k, ok := small(x.B); ok {
			c += int64(k) * x.Imm
			v = x.A
			continue
		}
		root = narrowRoot{a: x.A, x: x.B, imm: x.Imm}
		if d := def[x.B]; d >= 0 && x.Imm == int64(size) {
			if ad := &g.p.Ops[d]; ad.Code == lanes.Add && ad.Kind == x.Kind {
				for _, p := range [2][2]lanes.Value{{ad.A, ad.B}, {ad.B, ad.A}} {
					if k, ok := small(p[1]); ok {
						root.x = p[0]
						return root, c + int64(k)*x.Imm, true
					}
				}
			}
		}
		return root, c, false
	}
	return narrowRoot{a: v, x: lanes.NoValue}, c, false
}

// narrowBelow31 reports whether I32 value v is below 2^31 in every lane
// where it is defined: the result of a 1- or 2-byte Load (zero-extended),
// a Zext of fewer than 32 bits, an And with a constant below 2^31. UToF
// of such a value (pixels converted to float) is then VCVTDQ2PS alone
// (ops32.go) instead of two halves' conversions.
func (g *gen) narrowBelow31(v lanes.Value) bool {
	if narrowOff || v == lanes.NoValue || g.kind(v) != lanes.I32 {
		return false
	}
	d := g.vecDefs()[v]
	if d < 0 {
		return false
	}
	o := &g.p.Ops[d]
	switch o.Code {
	case lanes.Load:
		return o.Imm2 == 1 || o.Imm2 == 2
	case lanes.Zext:
		return o.Imm < 32
	case lanes.And:
		for _, c := range [2]lanes.Value{o.A, o.B} {
			if c != lanes.NoValue && g.p.Values[c].Const && uint32(g.p.Values[c].Bits) < 1<<31 {
				return true
			}
		}
	}
	return false
}
