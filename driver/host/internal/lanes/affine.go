package lanes

// The access-form analysis: which values are affine in the lane within a
// chunk (lane i holds lane 0's value plus i times a stride known when
// the program is built), so that a memory access at such an offset can
// be one vector load or store (stride = the access size), or loads and
// shuffles of a few vectors, after one bounds check for the chunk
// instead of one per lane. Package jit uses it; the Go executor does not
// need it.

// Form is what the analysis knows of a value's lanes in a chunk.
type Form struct {
	// Known: Stride holds, in the sense of Exact or not.
	Known bool
	// Stride: lane i is lane 0 plus i*Stride (|Stride| < 2^24).
	Stride int64
	// Exact (a 32-bit integer or mask computed without Index): lane i
	// is lane 0 + i*Stride modulo 2^32, always. Not Exact (an Index
	// result, which may be the poison offset in some lanes): lane i is
	// lane 0 + i*Stride exactly, with no lane poison, whenever lane 0
	// and lane Chunk-1, read unsigned, are (Chunk-1)*Stride apart
	// exactly; so an access checks those two lanes and the last one's
	// bound, and then every lane is in bounds (Stride >= 0).
	Exact bool
	// Full (masks): every lane of the chunk is set whenever the value
	// is computed (LiveLanes of work-groups that are whole chunks).
	Full bool

	// vary counts the varying integer values (Exact, Stride != 0) an
	// Index result sums, each times a positive factor: one at most, so
	// that lanes 0 and Chunk-1 being Stride*(Chunk-1) apart rules out a
	// wrap in every lane (a second one could wrap the other way and
	// cancel it). ext marks a 64-bit value that is an I32 Exact one
	// extended, usable as an Index's index only.
	vary int
	ext  bool
}

// maxStride bounds the strides the analysis keeps: Chunk lanes of them
// can wrap 32 bits at most once.
const maxStride = 1 << 24

// Forms returns the Form of every value of p. A value written by one
// op has the form that op gives it (SPIR-V's dominance rule: every read
// sees that write). A value written by more than one op (loop-carried
// values, phis, pointer bumps; ivforms.go) has a form only where every
// op that writes it gives it that same form:
//
// Forms assumes each such Varying value (not a mask, not a constant)
// has the form that the first of its writes to be decided gives it,
// computes every form under those assumptions, then checks every write
// of every assumed value: under the forms computed, it must give
// exactly the assumed form (Stride, Exact, Full, vary and ext alike).
// The values that fail are dropped (never assumed again) and all forms
// are computed again; the dropped set only grows, so this ends (after
// maxAssumeRounds no assumption is kept).
//
// Why a set of assumptions that passes the check is sound. A form is a
// property of all Chunk lanes of a value, active, inactive and missing
// alike (the fast paths read every lane). Induct over the ops a chunk
// runs, supposing every operand an op reads holds its form:
//
//   - Ops without side effects compute every lane of the chunk (ir.go),
//     so a Copy or an arithmetic op rewrites the whole register with the
//     form formOf derives from its operands: the assumed one, by the
//     check. Loads, atomics, sub-group and image ops leave lanes outside
//     M undefined and have no form; a value they write is dropped.
//   - A Select blends the new value into the register's old lanes. Per
//     lane that keeps no form (affine vectors of one stride but other
//     lane 0s, or different vectors of equal lanes, mixed lane by lane
//     are neither), so a write by Select counts only where its mask is
//     Full (every lane takes B) or Uniform (the whole of B or of C, both
//     of the form) (selectForm). A blend under an edge's partial mask
//     (a loop entered by some lanes, a loop with several back edges, a
//     phi after a varying branch, the shadows that divergent loops'
//     exits blend) drops the value; so does a value redefined under a
//     partial mask, `if (x[i] > 0) j += 1`.
//   - No read sees a register before its first write (the slot's
//     earlier contents: slots are shared by liveness): a phi is written
//     on every edge into its block before the block's reads (dominance),
//     a block runs only when some lane came in by an edge, and that
//     edge's write covered every lane (a Copy, or a blend whose mask is
//     Full or Uniform and set).
//
// So after every write every lane holds the value's form. Divergent
// loops: a loop's only back edge is a Copy of the whole register
// (cflow.go, soleBackEdge), so the lanes that left the loop are
// advanced with the others (the step is computed in every lane) and
// the register stays affine in every lane; what is read after the
// loop is the shadows, which get no form. Index results: their
// meaning (Exact's comment) carries through a bump R = Index(P, u,
// Imm) by a Uniform u, one addend d in every lane: R's lanes 0 and
// Chunk-1 not poison means P's are not and are (Chunk-1)*Stride apart,
// so P's lanes are P0 + i*Stride with no poison, and R's lane i = P's +
// d lies between R's lanes 0 and Chunk-1, inside [0, 2^32-2]: no
// poison. A bump by a Uniform amount adds no varying value to vary
// (indexForm); one by an amount of Stride s != 0 changes the stride by
// s*Imm and fails the check. 64-bit values: only
// SextTo64/ZextTo64 give ext, and the pure ops refuse ext operands, so
// a 64-bit counter advanced by Add has no form and is dropped.
func Forms(p *Program) []Form {
	defs := make([]int32, len(p.Values))
	for _, o := range p.Ops {
		if o.Dst != NoValue {
			defs[o.Dst]++
		}
	}
	dropped := multiDefCandidates(p, defs)
	for round := 0; ; round++ {
		if round == maxAssumeRounds {
			// A long cascade of failed assumptions: keep none, so
			// that Forms stays a few passes over the program.
			for v := range dropped {
				dropped[v] = true
			}
		}
		f := formsUnder(p, defs, dropped)
		if !dropFailed(p, f, defs, dropped) {
			return f
		}
	}
}

// formsUnder computes the forms of the values written once from their
// operands' forms, and those of the multi-def values not dropped from
// the first of their writes that decides one (the assumption that
// dropFailed checks).
func formsUnder(p *Program, defs []int32, dropped []bool) []Form {
	f := make([]Form, len(p.Values))
	for v, vi := range p.Values {
		if vi.Shape == Uniform {
			f[v] = Form{Known: true, Exact: true}
		}
	}
	// The ops' order is not the dataflow's at loop heads; a value is
	// decided once from operands already decided, so repeat to a fixed
	// point (each pass decides at least one more value or stops).
	for changed := true; changed; {
		changed = false
		for i := range p.Ops {
			o := &p.Ops[i]
			if o.Dst == NoValue || f[o.Dst].Known || defs[o.Dst] != 1 && dropped[o.Dst] {
				continue
			}
			if r, ok := defForm(p, f, o, defs[o.Dst] > 1); ok {
				f[o.Dst] = r
				changed = true
			}
		}
	}
	return f
}

// laneStride is the stride of LocalID(d) (and GlobalID(d)) within a
// chunk, if the work-group's shape makes it affine.
func laneStride(p *Program, d int) (int64, bool) {
	below := 1
	for i := 0; i < d; i++ {
		below *= p.Local[i]
	}
	switch {
	case below%p.Chunk == 0 || p.Local[d] == 1:
		// Chunks start at multiples of Chunk: the id is one per chunk.
		return 0, true
	case below == 1 && p.Local[d]%p.Chunk == 0:
		return 1, true
	}
	return 0, false
}

func exact(s int64) (Form, bool) {
	if s <= -maxStride || s >= maxStride {
		return Form{}, false
	}
	v := 0
	if s != 0 {
		v = 1
	}
	return Form{Known: true, Exact: true, Stride: s, vary: v}, true
}

// formOf decides o's result from its operands, if they are decided.
func formOf(p *Program, f []Form, o *Op) (Form, bool) {
	arg := func(v Value) (Form, bool) {
		if v == NoValue {
			return Form{Known: true, Exact: true}, true
		}
		return f[v], f[v].Known
	}
	switch o.Code {
	case LiveLanes:
		n := p.Local[0] * p.Local[1] * p.Local[2]
		return Form{Known: true, Exact: true, Full: n%p.Chunk == 0}, true
	case LocalIndex:
		return exact(1)
	case LocalID, GlobalID:
		s, ok := laneStride(p, int(o.Imm))
		if !ok {
			return Form{}, false
		}
		return exact(s)
	case Copy:
		return arg(o.A)
	case Index:
		return indexForm(p, f, o)
	case SextTo64, ZextTo64:
		a, ok := arg(o.A)
		if !ok || !a.Exact || a.ext {
			return Form{}, false
		}
		r, ok := exact(a.Stride)
		r.ext = a.Stride != 0
		return r, ok
	case MaskAnd, MaskOr:
		a, okA := arg(o.A)
		b, okB := arg(o.B)
		if !okA || !okB {
			return Form{}, false
		}
		full := a.Full && b.Full
		if o.Code == MaskOr {
			full = a.Full || b.Full
		}
		if full {
			return Form{Known: true, Exact: true, Full: true}, true
		}
	case Select:
		if r, ok := selectForm(p, f, o); ok {
			return r, true
		}
	}
	if !pure(o.Code) {
		return Form{}, false
	}
	var in [3]Form
	zero := true
	for j, v := range []Value{o.A, o.B, o.C} {
		a, ok := arg(v)
		if !ok {
			return Form{}, false
		}
		if !a.Exact || a.ext {
			// An Index result or an extended index: only stride 0
			// operands (equal lanes, whatever they hold) are usable.
			if a.Stride != 0 || a.ext {
				return Form{}, false
			}
		}
		in[j] = a
		zero = zero && a.Stride == 0
	}
	if zero {
		// Every operand has equal lanes, so has the result.
		return Form{Known: true, Exact: true}, true
	}
	if o.Kind != I32 {
		return Form{}, false
	}
	konst := func(v Value) (int64, bool) {
		if v == NoValue || !p.Values[v].Const {
			return 0, false
		}
		return int64(int32(uint32(p.Values[v].Bits))), true
	}
	switch o.Code {
	case Add:
		return exact(in[0].Stride + in[1].Stride)
	case Sub:
		return exact(in[0].Stride - in[1].Stride)
	case Neg:
		return exact(-in[0].Stride)
	case Mul:
		if c, ok := konst(o.B); ok {
			return exact(in[0].Stride * c)
		}
		if c, ok := konst(o.A); ok {
			return exact(in[1].Stride * c)
		}
	case Shl:
		if c, ok := konst(o.B); ok && c >= 0 && c < 24 && in[1].Stride == 0 {
			return exact(in[0].Stride << c)
		}
	}
	return Form{}, false
}

// indexForm: Index(A, B, Imm) = A + B*Imm, exact or poison. Lanes 0 and
// Chunk-1 are (Chunk-1)*Stride apart exactly only if no summed varying
// value wrapped between them (one such value at most, times a positive
// factor), so then no lane wrapped or is out of range.
func indexForm(p *Program, f []Form, o *Op) (Form, bool) {
	a, b := f[o.A], f[o.B]
	if !a.Known || !b.Known || o.Imm < 0 || o.Imm >= maxStride {
		return Form{}, false
	}
	if o.Kind == I64 && b.Stride != 0 && !b.ext {
		return Form{}, false
	}
	if o.Kind == I32 && b.ext {
		return Form{}, false
	}
	if !b.Exact && b.Stride != 0 {
		return Form{}, false
	}
	if a.ext {
		return Form{}, false
	}
	s := a.Stride + b.Stride*o.Imm
	if a.Stride == 0 && b.Stride == 0 {
		return Form{Known: true, Exact: true}, true
	}
	if s <= -maxStride || s >= maxStride {
		return Form{}, false
	}
	vb := 0
	if b.Stride != 0 && o.Imm != 0 {
		vb = 1
	}
	if a.vary+vb > 1 {
		return Form{}, false
	}
	return Form{Known: true, Stride: s, vary: a.vary + vb}, true
}

// pure reports whether code computes its result from its operands alone,
// lane by lane (so equal operand lanes give equal result lanes).
func pure(c Code) bool {
	switch c {
	case Nop, Label, Jump, JumpIfNone, JumpIfAny, Barrier, Exit, Unreachable,
		LocalID, LocalIndex, GroupID, GlobalID, NumGroups, WorkgroupSize,
		Load, Store, Atomic, LiveLanes, RegionLength,
		ImageFetch, ImageSample, ImagePart, ImageTexel, ImageWrite, ImageSize,
		PhysLoad, PhysStore, PhysAtomic, SubgroupSync, Subgroup:
		return false
	}
	return c < numCodes
}
