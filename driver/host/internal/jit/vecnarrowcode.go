package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// The code of vecnarrow.go's runs: the check, the loads, the stores.

// emitNarrowRun compiles ops pre..r.end-1 (run r, its prefix before it):
// the fast path, else the ops one by one. Neither path changes the
// register cache.
func (g *gen) emitNarrowRun(pre int, r narrowRun) error {
	a := &g.a
	ops := g.p.Ops
	o0 := &ops[r.run]
	g.vecnarrow.runs++
	g.vecnarrow.pre += r.run - pre
	g.startRunCode(pre, r.end)
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

// narrowCheck is run r's chunkCheck: with no form, lanes V bytes apart;
// the last lane's last byte in bounds, counted in 1-byte offsets.
func (g *gen) narrowCheck(ac access, r narrowRun, m lanes.Value, store, withMasked bool, slow, masked amd64.Label) {
	c := chunkSpan{stride: r.bytes(), static: r.stride >= 0, span: r.bytes(), size: 1, below31: r.below31}
	if c.static {
		c.stride = int32(r.stride)
	}
	g.chunkCheck(ac, c, m, store, withMasked, slow, masked)
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
