package host

import (
	"math"
	"unsafe"

	"github.com/clgo/clgo/spirv"
)

// Affine indices. A 32-bit integer built from uniform values and the
// local or global ids by additions, subtractions, and products and left
// shifts by uniform values is, in lane l, x[0] + cx*lid.x + cy*lid.y +
// cz*lid.z (+ cj*j, lane l being in group j of a batch) modulo 2^32, and every such value is a hoisted invariant: under
// a full mask with no faulted prologue every slot holds it, and the factors
// are the differences of the slots of lanes 1, lx, lx*ly and lx*ly*lz
// with lane 0. A
// fused load or store whose indices are affine with non-negative factors,
// and whose largest index cannot wrap its int32, has offsets that grow with
// the local ids: it checks the bounds of its first and last lane once and
// moves the words with no per-lane check. Otherwise it runs per lane (and
// faults as it should).

// affine says whether a value is an affine 32-bit integer.
func (p *prep) affine(id uint32) bool {
	if t := p.vtype[id]; t == nil || t.op != spirv.OpTypeInt || t.width != 32 || t.comps != 1 {
		return false
	}
	return p.uniform(id) || p.aff[id]
}

// markAffine records a hoisted instruction's result as affine when it is.
func (p *prep) markAffine(in *inst) {
	if p.aff == nil || !p.on(optAffine) || p.uniform(in.id) {
		return
	}
	t := p.vtype[in.id]
	if t == nil || t.op != spirv.OpTypeInt || t.width != 32 || t.comps != 1 {
		return
	}
	a := in.args
	ok := false
	switch in.op {
	case spirv.OpLoad:
		r := p.staticRegion(a[0])
		if r < 0 || !p.builtinLoads[in.id] {
			return
		}
		switch spirv.BuiltIn(p.k.regions[r].builtin) {
		case spirv.BuiltInGlobalInvocationId, spirv.BuiltInLocalInvocationId, spirv.BuiltInLocalInvocationIndex,
			spirv.BuiltInWorkgroupId:
			ok = true
		}
	case spirv.OpCopyObject, spirv.OpCopyLogical, spirv.OpBitcast:
		ok = p.affine(a[0])
	case spirv.OpIAdd, spirv.OpISub:
		ok = p.affine(a[0]) && p.affine(a[1])
	case spirv.OpIMul:
		ok = p.affine(a[0]) && p.uniform(a[1]) || p.uniform(a[0]) && p.affine(a[1])
	case spirv.OpShiftLeftLogical: // x << k is x * 2^k modulo 2^32
		ok = p.affine(a[0]) && p.uniform(a[1])
	}
	if ok {
		p.aff[in.id] = true
	}
}

// affineAddr says whether a fused chain's indices are affine.
func (p *prep) affineAddr(a *addr) bool {
	for j := range a.n {
		if a.st[j] <= 0 || !p.affine(a.id[j]) {
			return false
		}
	}
	return a.n > 0
}

// affineSpan returns the byte offset of lane 0 of a fused access with
// affine indices and its growth per local id, or false when some lane
// would be out of bounds of n bytes (size per lane), a factor is negative,
// or an index would wrap.
func (s *state) affineSpan(a *addr, size, n uint64) (lo int64, step [4]int64, ok bool) {
	local := s.k.dims
	first := [4]int{1, local[0], local[0] * local[1], local[0] * local[1] * local[2]}
	var hi int64
	lo = a.base
	for j := range a.n {
		x := s.r[a.idx[j] : a.idx[j]+s.lanes]
		i0 := int64(int32(x[0]))
		top := i0
		for d := range 4 {
			if local[d] == 1 {
				continue
			}
			c := int64(int32(uint32(x[first[d]]) - uint32(x[0])))
			if c < 0 {
				return 0, step, false
			}
			top += c * int64(local[d]-1)
			step[d] += c * a.st[j]
		}
		if top > math.MaxInt32 {
			return 0, step, false
		}
		lo += i0 * a.st[j]
		hi += top * a.st[j]
	}
	hi += a.base
	if lo < 0 || hi > offMask || uint64(hi)+size > n {
		return 0, step, false
	}
	return lo, step, true
}

// prefetchAffine starts loading the rows of a two-dimensional group's
// runs of 32-bit words (a tile of a matrix) all at once when each run is
// one cache line, with the line after it (the next group's): read one run
// at a time, their misses would not overlap (transpose over 64 MiB
// matrices waited on memory one row of a tile after another). Longer runs
// are left to the hardware's prefetchers (stencil2d's 128-byte runs ran
// slower with these).
func prefetchAffine(m []byte, lo int64, step [4]int64, local [4]int) {
	if !simdOn() || step[0] != 4 || local[0] > 16 || local[1] < 2 || local[2] > 1 || local[3] > 1 || step[1] < 64 {
		return
	}
	// Bounds were checked for every lane; lines past them are prefetched
	// harmlessly.
	prefetchRuns((*byte)(unsafe.Pointer(at32(m, uint64(lo)))), step[1], local[1], 2)
}

// prefetchMin is the least buffer size that prefetchNext reads ahead in:
// the caches hold smaller ones (triad over 64 MiB buffers ran 1.43 -> 1.20
// cpu-ns/item with it, over 4 MiB ones 0.54 -> 0.60).
const prefetchMin = 16 << 20

// prefetchNext starts loading the bytes after a one-dimensional batch's
// span, where the worker's next batch reads (it claims consecutive
// groups): between the batch's loads the executor computes, and the
// hardware's prefetchers lose the stream.
func prefetchNext(m []byte, lo int64, step [4]int64, local [4]int) {
	if !simdOn() || len(m) < prefetchMin || local[1] > 1 || local[2] > 1 || step[0] <= 0 || local[3] > 1 && step[3] != int64(local[0])*step[0] {
		return
	}
	span := int64(local[0]*local[3]) * step[0]
	if next := lo + span; next < int64(len(m)) {
		prefetchRuns((*byte)(unsafe.Pointer(unsafe.SliceData(m[next:]))), 0, 1, int(min(span, int64(len(m))-next)+63)/64)
	}
}

// affineLoad32 reads the 32-bit word of every lane; lane l has local ids
// (l%lx, l/lx%ly, l/(lx*ly)%lz) in group l/(lx*ly*lz) of a batch.
func affineLoad32(d []uint64, m []byte, lo int64, step [4]int64, local [4]int) {
	prefetchAffine(m, lo, step, local)
	prefetchNext(m, lo, step, local)
	tile := step[0] == 4 && local[0]%8 == 0 && local[1] > 1 && simdLen(8) > 0
	l := 0
	for j := 0; j < local[3]; j++ {
		for z := 0; z < local[2]; z++ {
			if tile {
				// The rows of this z: one call.
				o := lo + int64(z)*step[2] + int64(j)*step[3]
				n := local[0] * local[1]
				_ = d[l+n-1]
				simdWiden32Runs(&d[l], at32(m, uint64(o)), local[0], local[1], step[1])
				l += n
				continue
			}
			for y := 0; y < local[1]; y++ {
				o := lo + int64(y)*step[1] + int64(z)*step[2] + int64(j)*step[3]
				row := d[l : l+local[0]]
				if step[0] == 4 {
					w := unsafe.Slice(at32(m, uint64(o)), len(row))
					if n := simdLen(len(row)); n > 0 {
						simdWiden32(&row[0], &w[0], n)
						row, w = row[n:], w[n:]
					}
					for i := range row {
						row[i] = uint64(w[i])
					}
				} else {
					if n := simdLen(len(row)); n > 0 && gatherable(step[0], n) {
						simdGather32(&row[0], (*byte)(unsafe.Pointer(at32(m, uint64(o)))), step[0], n)
						row, o = row[n:], o+int64(n)*step[0]
					}
					for i := range row {
						row[i] = uint64(*at32(m, uint64(o+int64(i)*step[0])))
					}
				}
				l += local[0]
			}
		}
	}
}

// gatherable says a gather's 32-bit offsets hold n steps.
func gatherable(step int64, n int) bool {
	return step > -1<<31/int64(n) && step < 1<<31/int64(n)
}

// affineStore32 writes the low word of every lane, in lane order.
func affineStore32(v []uint64, m []byte, lo int64, step [4]int64, local [4]int) {
	prefetchAffine(m, lo, step, local)
	tile := step[0] == 4 && local[0]%8 == 0 && local[1] > 1 && simdLen(8) > 0 && step[1] >= int64(4*local[0])
	l := 0
	for j := 0; j < local[3]; j++ {
		for z := 0; z < local[2]; z++ {
			if tile {
				o := lo + int64(z)*step[2] + int64(j)*step[3]
				n := local[0] * local[1]
				_ = v[l+n-1]
				simdNarrow32Runs(&v[l], at32(m, uint64(o)), local[0], local[1], step[1])
				l += n
				continue
			}
			for y := 0; y < local[1]; y++ {
				o := lo + int64(y)*step[1] + int64(z)*step[2] + int64(j)*step[3]
				row := v[l : l+local[0]]
				if step[0] == 4 {
					w := unsafe.Slice(at32(m, uint64(o)), len(row))
					if n := simdLen(len(row)); n > 0 {
						simdNarrow32(&row[0], &w[0], n)
						row, w = row[n:], w[n:]
					}
					for i := range row {
						w[i] = uint32(row[i])
					}
				} else {
					for i := range row {
						*at32(m, uint64(o+int64(i)*step[0])) = uint32(row[i])
					}
				}
				l += local[0]
			}
		}
	}
}

// affineLoadLeaf and affineStoreLeaf are affineLoad32 and affineStore32 for
// leaves of 1, 2, 4 or 8 bytes.
func affineLoadLeaf(d []uint64, m []byte, lo int64, step [4]int64, local [4]int, bytes uint8) {
	if bytes == 4 {
		affineLoad32(d, m, lo, step, local)
		return
	}
	l := 0
	for j := 0; j < local[3]; j++ {
		for z := 0; z < local[2]; z++ {
			for y := 0; y < local[1]; y++ {
				o := lo + int64(y)*step[1] + int64(z)*step[2] + int64(j)*step[3]
				row := d[l : l+local[0]]
				for i := range row {
					row[i] = readLeaf(m, uint64(o+int64(i)*step[0]), leaf{bytes: bytes})
				}
				l += local[0]
			}
		}
	}
}

func affineStoreLeaf(v []uint64, m []byte, lo int64, step [4]int64, local [4]int, bytes uint8) {
	if bytes == 4 {
		affineStore32(v, m, lo, step, local)
		return
	}
	l := 0
	for j := 0; j < local[3]; j++ {
		for z := 0; z < local[2]; z++ {
			for y := 0; y < local[1]; y++ {
				o := lo + int64(y)*step[1] + int64(z)*step[2] + int64(j)*step[3]
				row := v[l : l+local[0]]
				for i := range row {
					writeLeaf(m, uint64(o+int64(i)*step[0]), leaf{bytes: bytes}, row[i])
				}
				l += local[0]
			}
		}
	}
}

// aosWords says whether leaf offsets are 4k consecutive words from 0: a
// vector of four or eight 32-bit numbers, moved four leaves at a time
// (affineAoS32).
func aosWords(offs []uint64) bool {
	if len(offs) == 0 || len(offs)%4 != 0 || simdLen(8) == 0 {
		return false
	}
	for i, o := range offs {
		if o != uint64(4*i) {
			return false
		}
	}
	return true
}

// affineAoS32 loads (or stores) k consecutive 32-bit words of every lane,
// lane l's at the affine address of l, to (from) k rows L slots apart,
// four words of each lane at a time (a transpose in registers); false if
// the lanes' addresses overlap for a store, or run backwards.
func affineAoS32(rows []uint64, L int, m []byte, lo int64, step [4]int64, local [4]int, k int, store bool) bool {
	st := step[0]
	if st < int64(4*k) || !store && st <= 0 {
		return false
	}
	_ = rows[k*L-1]
	prefetchNext(m, lo, step, local)
	l := 0
	for j := 0; j < local[3]; j++ {
		for z := 0; z < local[2]; z++ {
			for y := 0; y < local[1]; y++ {
				o := lo + int64(y)*step[1] + int64(z)*step[2] + int64(j)*step[3]
				n := simdLen(local[0])
				for g := 0; g < k && n > 0; g += 4 {
					w := at32(m, uint64(o+int64(4*g)))
					if store {
						simdAoSStore4(&rows[g*L+l], 8*L, w, int(st), n)
					} else {
						simdAoSLoad4(&rows[g*L+l], 8*L, w, int(st), n)
					}
				}
				for i := n; i < local[0]; i++ {
					for c := range k {
						w := at32(m, uint64(o+int64(i)*st+int64(4*c)))
						if store {
							*w = uint32(rows[c*L+l+i])
						} else {
							rows[c*L+l+i] = uint64(*w)
						}
					}
				}
				l += local[0]
			}
		}
	}
	return true
}

// runAddrs returns the byte offset of the first of a run of lanes whose
// indices x step evenly, and the step; false unless every offset is in
// bounds of m. The indices are an affine value within a work-group, so
// the ends decide: the run must not span two groups of a batch.
func (s *state) runAddrs(m []byte, x []uint64, base, st int64) (o0, step int64, ok bool) {
	n := len(x)
	if n < 8 || s.k.batch > 1 {
		return 0, 0, false
	}
	o0 = base + int64(int32(x[0]))*st
	if n > 1 {
		step = (int64(int32(x[1])) - int64(int32(x[0]))) * st
	}
	last := o0 + int64(n-1)*step
	if base+int64(int32(x[n-1]))*st != last || min(o0, last) < 0 || max(o0, last)+4 > int64(len(m)) {
		return 0, 0, false
	}
	return o0, step, true
}

// runLoad32 loads the 32-bit words of a run of lanes (runAddrs).
func (s *state) runLoad32(d []uint64, m []byte, x []uint64, base, st int64) bool {
	o0, step, ok := s.runAddrs(m, x, base, st)
	if !ok || step == 0 || step%4 != 0 {
		return false
	}
	affineLoad32(d, m, o0, [4]int64{step}, [4]int{len(d), 1, 1, 1})
	return true
}

// runStore32 stores the low words of a run of lanes (runAddrs) whose
// addresses are distinct.
func (s *state) runStore32(v []uint64, m []byte, x []uint64, base, st int64) bool {
	o0, step, ok := s.runAddrs(m, x, base, st)
	if !ok || step < 4 || step%4 != 0 {
		return false
	}
	affineStore32(v, m, o0, [4]int64{step}, [4]int{len(v), 1, 1, 1})
	return true
}
