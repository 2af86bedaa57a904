package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

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

// emitNarrowRun compiles ops pre..r.end-1 (run r, its prefix before it):
// the fast path, else the ops one by one. Neither path changes the
// register cache.
func (g *gen) emitNarrowRun(pre int, r narrowRun) error {
	a := &g.a
	ops := g.p.Ops
	o0 := &ops[r.run]
	g.vecnarrow.runs++
	g.vecnarrow.pre += r.run - pre
	g.caching, g.deferring = false, false
	g.writeBack()
	for k := pre; k < r.end; k++ {
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
	slow, end, masked := a.NewLabel(), a.NewLabel(), a.NewLabel()
	store := o0.Code == lanes.Store
	// Stores under a Varying mask store the active lanes' bytes only.
	withMasked := store && !g.fullMask(o0.M) && o0.M != lanes.NoValue && g.shape(o0.M) == lanes.Varying
	if r.outside {
		// The ops between the accesses, which later ops read too.
		for k := r.run; k < r.end; k++ {
			if ops[k].Code != o0.Code {
				g.op = k
				if err := g.emit(&ops[k]); err != nil {
					return err
				}
			}
		}
	}
	g.ld(yOff, o0.A)
	g.narrowCheck(ac, r, o0.M, store, withMasked, slow, masked)
	if store {
		g.narrowStore(r, false)
		if withMasked {
			a.JMP(end)
			a.Bind(masked)
			g.narrowStore(r, true)
		}
	} else {
		g.narrowLoad(r)
	}
	a.JMP(end)
	a.Bind(slow)
	for k := pre; k < r.end; k++ {
		g.op = k
		if err := g.emit(&ops[k]); err != nil {
			return err
		}
	}
	a.Bind(end)
	g.op = r.end - 1
	return nil
}

// narrowCheck jumps to slow unless the chunk's offsets (yOff) are lane
// 0's plus l*stride (the form's, checked at lane 7; with no form, every
// lane checked against l*V) and the last lane's last byte is in bounds,
// and, for a store, every lane of mask m is active (else it goes to
// masked if withMasked, leaving the mask in Y5). It leaves the region's
// base in R8 and lane 0's offset in RCX.
func (g *gen) narrowCheck(ac access, r narrowRun, m lanes.Value, store, withMasked bool, slow, masked amd64.Label) {
	a := &g.a
	v := r.bytes()
	testMask := store && !g.fullMask(m)
	if testMask {
		g.mask(yMask, m)
		a.VMOVMSKPS(rBits, yMask)
	}
	a.VMOVDtoR(rOff, yOff)
	const t = amd64.Y2
	if r.stride >= 0 {
		a.VEXTRACTI128(t, yOff, 1)
		a.VPEXTRD(rVal, t, 3)
		a.LEAQ(rGather, amd64.M(rOff, 7*int32(r.stride)))
		a.CMPQ(rGather, rVal)
		a.Jcc(amd64.CondNE, slow)
	} else {
		var iota [8]uint32
		for l := range iota {
			iota[l] = uint32(l) * uint32(v)
		}
		a.VPBROADCASTD(t, yOff)
		a.VPADDDmem(t, t, a.ConstYMM(iota))
		a.VPCMPEQD(t, t, yOff)
		a.VMOVMSKPS(rVal, t)
		a.CMPLimm(rVal, 0xff)
		a.Jcc(amd64.CondNE, slow)
		a.LEAQ(rVal, amd64.M(rOff, 7*v))
	}
	// Offsets are 32-bit, zero-extended: last + V - 1 < len in 64 bits
	// (len: the count of in-bounds 1-byte offsets).
	a.LEAQ(rVal, amd64.M(rVal, v-1))
	if r.below31 {
		a.CMPQimm(rVal, 1<<31-16)
		a.Jcc(amd64.CondAE, slow)
	}
	e := g.regionEntry(ac.r)
	a.MOVLload(rGather, amd64.M(e.Base, e.Disp+offN))
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

// narrowLane is lane l's address plus disp (lane 0's offset in RCX).
func (r narrowRun) lane(l int, disp int32) amd64.Mem {
	s := r.stride
	if s < 0 {
		s = int64(r.bytes())
	}
	return amd64.MI(rBase, rOff, 1, int32(int64(l)*s)+disp)
}

// dense reports whether the chunk's lanes are V bytes apart.
func (r narrowRun) dense() bool { return r.stride < 0 || r.stride == int64(r.bytes()) }

// narrowLoad is the fast path of a run of loads: every lane's words into
// word registers, each word's components to their Dst.
func (g *gen) narrowLoad(r narrowRun) {
	a := &g.a
	const y0, y1, y2, y3, y4, y5 = amd64.Y0, amd64.Y1, amd64.Y2, amd64.Y3, amd64.Y4, amd64.Y5
	if !r.dense() && r.words < 4 {
		// One gather per word (lanes Stride apart, all in bounds).
		var iota [8]uint32
		for l := range iota {
			iota[l] = uint32(int64(l) * r.stride)
		}
		a.LEAQ(rGather, r.lane(0, 0))
		a.VMOVDQUload(y2, a.ConstYMM(iota))
		for w := range r.words {
			g.ones(y3)
			a.VPGATHERDD(y0, amd64.VMem{Base: rGather, Index: y2, Scale: 1, Disp: int32(4 * w)}, y3)
			g.narrowSplit(r, w, y0, y1)
		}
		return
	}
	switch r.words {
	case 0:
		// Two bytes a lane, zero-extended to words.
		a.VPMOVZXWDload(y0, r.lane(0, 0))
		g.narrowSplit(r, 0, y0, y1)
	case 1:
		a.VMOVDQUload(y0, r.lane(0, 0))
		g.narrowSplit(r, 0, y0, y1)
	case 2:
		// Lanes 0-3's words, then 4-7's; even dwords are the first words.
		a.VMOVDQUload(y0, r.lane(0, 0))
		a.VMOVDQUload(y1, r.lane(4, 0))
		a.VSHUFPS(y2, y0, y1, 0x88) // word 0 of lanes 0 1 4 5 | 2 3 6 7
		a.VSHUFPS(y3, y0, y1, 0xdd) // word 1 likewise
		a.VPERMQ(y2, y2, 0xd8)      // lanes 0-7 in order
		a.VPERMQ(y3, y3, 0xd8)
		g.narrowSplit(r, 0, y2, y0)
		g.narrowSplit(r, 1, y3, y0)
	case 4:
		// Register q: lane q's four words, then lane q+4's.
		for q, y := range [4]amd64.Y{y0, y1, y2, y3} {
			a.VMOVDQUloadX(y, r.lane(q, 0))
			a.VINSERTI128load(y, y, r.lane(q+4, 0), 1)
		}
		a.VPUNPCKLDQ(y4, y0, y1) // w0 w0 w1 w1 of lanes 0 1 | 4 5
		a.VPUNPCKHDQ(y5, y0, y1) // w2 w2 w3 w3 of lanes 0 1 | 4 5
		a.VPUNPCKLDQ(y0, y2, y3) // w0 w0 w1 w1 of lanes 2 3 | 6 7
		a.VPUNPCKHDQ(y1, y2, y3) // w2 w2 w3 w3 of lanes 2 3 | 6 7
		a.VPUNPCKLQDQ(y2, y4, y0)
		a.VPUNPCKHQDQ(y3, y4, y0)
		g.narrowSplit(r, 0, y2, y4)
		g.narrowSplit(r, 1, y3, y4)
		a.VPUNPCKLQDQ(y2, y5, y1)
		a.VPUNPCKHQDQ(y3, y5, y1)
		g.narrowSplit(r, 2, y2, y4)
		g.narrowSplit(r, 3, y3, y4)
	}
}

// narrowSplit stores the components of word w (in y, eight lanes) to
// their loads' Dst, each zero-extended, through t.
func (g *gen) narrowSplit(r narrowRun, w int, y, t amd64.Y) {
	a := &g.a
	per, top := narrowPer(r)
	for j := 0; j < per; j++ {
		d := g.p.Ops[r.comps[w*per+j]].Dst
		switch {
		case j == 0:
			a.VPANDmem(t, y, g.splat32(uint32(1)<<(8*r.size)-1))
		case j == top:
			a.VPSRLD(t, y, uint8(8*r.size*int32(j)))
		default:
			a.VPSHUFBmem(t, y, g.narrowFieldCtl(r.size, j, false))
		}
		g.st(d, t)
	}
}

// narrowPer is the number of components in a word (2 in a uchar2's half
// word) and the index of the word's top field (shifts need no mask).
func narrowPer(r narrowRun) (per, top int) {
	top = int(4/r.size) - 1
	return min(top+1, len(r.comps)), top
}

// narrowFieldCtl is the VPSHUFB control that moves field j (size bytes)
// of each dword to its low bytes, zero above (pack false), or the low
// size bytes to field j, zero elsewhere (pack true).
func (g *gen) narrowFieldCtl(size int32, j int, pack bool) amd64.Mem {
	var c [8]uint32
	for d := range c {
		base := uint32(4 * (d % 4)) // the dword's first byte in its 128-bit lane
		w := uint32(0x80808080)
		for b := int32(0); b < size; b++ {
			from, to := base+uint32(int32(j)*size+b), uint32(b)
			if pack {
				from, to = base+uint32(b), uint32(int32(j)*size+b)
			}
			w = w&^(0xff<<(8*to)) | from<<(8*to)
		}
		c[d] = w
	}
	return g.a.ConstYMM(c)
}

// narrowWord packs the components of word w (the stored values of the
// run's ops) into y, through t.
func (g *gen) narrowWord(r narrowRun, w int, y, t amd64.Y) {
	a := &g.a
	per, top := narrowPer(r)
	for j := 0; j < per; j++ {
		b := g.p.Ops[r.comps[w*per+j]].B
		dst := t
		if j == 0 {
			dst = y
		}
		g.ld(dst, b)
		switch {
		case j == 0:
			a.VPANDmem(y, y, g.splat32(uint32(1)<<(8*r.size)-1))
			continue
		case j == top:
			a.VPSLLD(t, t, uint8(8*r.size*int32(j)))
		default:
			a.VPSHUFBmem(t, t, g.narrowFieldCtl(r.size, j, true))
		}
		a.VPOR(y, y, t)
	}
}

// narrowStore is the fast path of a run of stores: the components packed
// into words, the words stored. masked: the mask's lanes are in RDX
// (and the mask in Y5): dense one-word runs store through the mask
// (VPMASKMOVD), the others store each active lane's bytes alone.
func (g *gen) narrowStore(r narrowRun, masked bool) {
	a := &g.a
	const y0, y1, y2, y3, y4, y5 = amd64.Y0, amd64.Y1, amd64.Y2, amd64.Y3, amd64.Y4, amd64.Y5
	dense := r.dense() && !masked
	// each emits lane l's store, skipped where the lane is not active.
	each := func(l int, store func()) {
		if !masked {
			store()
			return
		}
		skip := a.NewLabel()
		a.TESTLimm(rBits, 1<<l)
		a.Jcc(amd64.CondE, skip)
		store()
		a.Bind(skip)
	}
	switch {
	case r.words == 1 && r.dense() && masked:
		g.narrowWord(r, 0, y0, y1)
		a.VPMASKMOVDstore(r.lane(0, 0), yMask, y0)
	case r.words == 0 && dense:
		// Words below 2^16 packed to 16 bits (VPACKUSDW: no saturation).
		g.narrowWord(r, 0, y0, y1)
		a.VEXTRACTI128(y1, y0, 1)
		a.VPACKUSDW(y2, y0, y1)
		a.VMOVDQUstoreX(r.lane(0, 0), y2)
	case r.words == 1 && dense:
		g.narrowWord(r, 0, y0, y1)
		a.VMOVDQUstore(r.lane(0, 0), y0)
	case r.words == 2 && dense:
		g.narrowWord(r, 0, y0, y2)
		g.narrowWord(r, 1, y1, y2)
		a.VPUNPCKLDQ(y2, y0, y1) // lanes 0 1 | 4 5
		a.VPUNPCKHDQ(y3, y0, y1) // lanes 2 3 | 6 7
		a.VPERM2I128(y0, y2, y3, 0x20)
		a.VPERM2I128(y1, y2, y3, 0x31)
		a.VMOVDQUstore(r.lane(0, 0), y0)
		a.VMOVDQUstore(r.lane(4, 0), y1)
	case r.words < 2:
		// Each lane's 2 or 4 bytes from a general register (AVX2 has
		// no scatter).
		g.narrowWord(r, 0, y0, y1)
		a.VEXTRACTI128(y1, y0, 1)
		for l := range 8 {
			each(l, func() {
				a.VPEXTRD(rVal, [2]amd64.Y{y0, y1}[l/4], uint8(l%4))
				if r.words == 0 {
					a.MOVWstore(r.lane(l, 0), rVal)
				} else {
					a.MOVLstore(r.lane(l, 0), rVal)
				}
			})
		}
	case r.words == 2:
		g.narrowWord(r, 0, y0, y2)
		g.narrowWord(r, 1, y1, y2)
		a.VPUNPCKLDQ(y2, y0, y1) // lanes 0 1 | 4 5, 8 bytes each
		a.VPUNPCKHDQ(y3, y0, y1) // lanes 2 3 | 6 7
		a.VEXTRACTI128(y0, y2, 1)
		a.VEXTRACTI128(y1, y3, 1)
		for l := range 8 {
			each(l, func() {
				a.VPEXTRQ(rVal, [4]amd64.Y{y2, y3, y0, y1}[l/2], uint8(l%2))
				a.MOVQstore(r.lane(l, 0), rVal)
			})
		}
	default:
		// Four words a lane, 16 bytes a lane at any stride.
		for w, y := range [4]amd64.Y{y0, y1, y2, y3} {
			g.narrowWord(r, w, y, y4)
		}
		a.VPUNPCKLDQ(y4, y0, y1) // w0 w1 of lanes 0 1 | 4 5
		a.VPUNPCKHDQ(y5, y0, y1) // w0 w1 of lanes 2 3 | 6 7
		a.VPUNPCKLDQ(y0, y2, y3) // w2 w3 of lanes 0 1 | 4 5
		a.VPUNPCKHDQ(y1, y2, y3) // w2 w3 of lanes 2 3 | 6 7
		for q, src := range [4][2]amd64.Y{{y4, y0}, {y4, y0}, {y5, y1}, {y5, y1}} {
			if q%2 == 0 {
				a.VPUNPCKLQDQ(y2, src[0], src[1])
			} else {
				a.VPUNPCKHQDQ(y2, src[0], src[1])
			}
			each(q, func() { a.VMOVDQUstoreX(r.lane(q, 0), y2) })
			each(q+4, func() { a.VEXTRACTI128store(r.lane(q+4, 0), y2, 1) })
		}
	}
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
