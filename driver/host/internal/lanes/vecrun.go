package lanes

import "slices"

// Runs of component accesses. vloadn(i, p) and vstoren reach the lane
// program as n scalar Loads or Stores of s bytes (4 or 8), component k
// at Index(B, Add(X, k), s) with the first at Index(B, X, s), each after
// its own offset's
// Add and Index. Native code takes a run of consecutive component
// accesses as one access (package jit, vecgroup.go), so gatherLoads
// moves such Loads or Stores down to the last one, next to each other.
// So too the components of vectors side by side in memory that the
// compiler loads or stores one by one: a float16's (int8's) four (two)
// float4s at Index(A0, j, 16), each after its own components' offsets,
// or a struct's consecutive members.
// Moving an access later changes nothing where the ops it moves past are
// pure (no memory, no traps, no control flow), read none of the moved
// Loads' results and write none of the moved ops' operands (offsets,
// stored values, mask).

// maxGatherSpan bounds how far a run's Loads may be apart, in ops.
const maxGatherSpan = 64

// gatherLoads reorders b.p.Ops as above (Loads and Stores alike).
func (b *builder) gatherLoads() {
	ops := b.p.Ops
	def := make([]int32, len(b.p.Values))
	for i := range def {
		def[i] = -1
	}
	for i, o := range ops {
		if o.Dst == NoValue {
			continue
		}
		if def[o.Dst] == -1 {
			def[o.Dst] = int32(i)
		} else {
			def[o.Dst] = -2
		}
	}
	// elem returns the Index op (B, X, size) defining offset v, and k
	// where X is Add(X0, k) of a constant k (else X0 = X, k = 0).
	elem := func(v Value, size int64) (base, x Value, kind Kind, k uint64, ok bool) {
		if v == NoValue || def[v] < 0 {
			return
		}
		ix := &ops[def[v]]
		if ix.Code != Index || ix.Imm != size {
			return
		}
		base, x, kind = ix.A, ix.B, ix.Kind
		if def[x] >= 0 {
			if ad := &ops[def[x]]; ad.Code == Add && ad.Kind == kind {
				for _, p := range [2][2]Value{{ad.A, ad.B}, {ad.B, ad.A}} {
					if c := b.p.Values[p[1]]; c.Const && c.Bits > 0 && c.Bits < 16 {
						return base, p[0], kind, c.Bits, true
					}
				}
			}
		}
		return base, x, kind, 0, true
	}
	// chain follows offset v up through Indexes that add a small
	// constant (a sub-vector's or a component's offset: a float16's
	// four float4s are at Index(A0, j, 16), their components at
	// Index(that, 4k, 1)) to the first that does not, the root, and
	// returns it and the sum of the constants.
	chain := func(v Value) (Value, uint64) {
		off := uint64(0)
		for range 8 {
			if v == NoValue || def[v] < 0 {
				break
			}
			ix := &ops[def[v]]
			if ix.Code != Index || ix.Imm <= 0 || ix.Imm >= 1<<16 || ix.B == NoValue {
				break
			}
			c := b.p.Values[ix.B]
			if !c.Const || c.Bits >= 1<<16 {
				break
			}
			off += c.Bits * uint64(ix.Imm)
			v = ix.A
		}
		return v, off
	}
	for i := 0; i < len(ops); i++ {
		o0 := ops[i]
		if o0.Code != Load && o0.Code != Store || o0.Imm2 != 4 && o0.Imm2 != 8 || int64(o0.Kind.Bytes()) != o0.Imm2 ||
			o0.Code == Load && b.p.Values[o0.Dst].Shape != Varying {
			continue
		}
		// Component n of the run: vloadn's Index(B, Add(X, n), s) beside
		// Index(B, X, s), else an Index chain's root plus s*n more than
		// the first's (the float4s of a float16, split by the compiler,
		// each with its offsets before it).
		base, x, kind, k0, ok := elem(o0.A, o0.Imm2)
		root, off0 := chain(o0.A)
		component := func(o *Op, n int) bool {
			if ok && k0 == 0 {
				bb, xx, kk, k, ok := elem(o.A, o0.Imm2)
				return ok && bb == base && xx == x && kk == kind && k == uint64(n)
			}
			r, off := chain(o.A)
			return r == root && off == off0+uint64(o0.Imm2)*uint64(n)
		}
		run := []int{i}
		// moved: the moved Loads' results (no op passed may read them);
		// kept: the moved ops' operands (no op passed may write them).
		moved := map[Value]bool{}
		kept := map[Value]bool{o0.A: true, o0.M: true}
		if o0.Code == Load {
			moved[o0.Dst] = true
		} else {
			kept[o0.B] = true
		}
		for j := i + 1; j < len(ops) && j-i <= maxGatherSpan; j++ {
			o := &ops[j]
			if o.Code == o0.Code && o.Imm == o0.Imm && o.Imm2 == o0.Imm2 && o.M == o0.M && o.Kind == o0.Kind &&
				(o.Code == Store || b.p.Values[o.Dst].Shape == Varying) {
				if component(o, len(run)) {
					run = append(run, j)
					kept[o.A] = true
					if o.Code == Load {
						moved[o.Dst] = true
					} else {
						kept[o.B] = true
					}
					continue
				}
			}
			if !pure(o.Code) || kept[o.Dst] || moved[o.A] || moved[o.B] || moved[o.C] || moved[o.Dst] {
				break
			}
		}
		// Two components on (float2, double2, float3 ...) make a run;
		// one already in place stays.
		if len(run) < 2 {
			continue
		}
		if run[len(run)-1]-i+1 == len(run) {
			i = run[len(run)-1]
			continue
		}
		// The run's Loads, in order, where its last one was; the ops
		// between them before (in place: a copy of the whole program
		// per run would be quadratic).
		last := run[len(run)-1]
		window := slices.Clone(ops[i : last+1])
		w := i
		for n, op := range window {
			if !slices.Contains(run, i+n) {
				ops[w] = op
				w++
			}
		}
		for _, at := range run {
			ops[w] = window[at-i]
			w++
		}
		// Ops i..last moved: their single definitions move with them.
		for n := i; n <= last; n++ {
			if d := ops[n].Dst; d != NoValue && def[d] >= 0 {
				def[d] = int32(n)
			}
		}
		i = last
	}
}
