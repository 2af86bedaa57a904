package jit

import (
	"errors"
	"sync/atomic"
	"unsafe"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Call-outs: ops without native code run in Go. Where the code generator
// has no code for an op (a transcendental GLSL.std.450 function, a form
// it does not handle, a new op with only the lane tier's Go definition),
// the kernel does not fall back to the Go executor; instead the op's code
// is a call-out, as a compiler engine calls a host function:
//
//   - the register cache's dirty entries are written back, so the frame
//     holds every value the op reads (group values, which live in the
//     group area, are copied into their own slots);
//   - the code stores the op's index (and the end of the run of adjacent
//     call-outs, which leave together) and the address of its resume
//     point in ctx and returns with statusCall;
//   - the runner evaluates the ops over the chunk's frame with the Go
//     executor's definition (lanes.OpEval), and calls the code again;
//   - the entry, before the group prologue (the group area holds the
//     group's values already), jumps to the resume point, which starts
//     with an empty cache but the pins of the loop it is in (loops.go),
//     loaded from the frame.
//
// This is the machinery of yields (yield.go) with a resume point inside
// a straight-line run. Compile finds the ops to call out by compiling:
// an op that fails with errUnsupported is marked, with every op of its
// form, and the program compiled again (the transcendental Math
// functions are marked beforehand).

// statusCall: the code left to have op ctx.callOp evaluated in Go; the
// next call resumes at ctx.callResume.
const statusCall = 6

// calloutCount counts call-outs run, for tests and measurements.
var calloutCount atomic.Int64

// Callouts returns the number of call-outs native code has made so far.
func Callouts() int64 { return calloutCount.Load() }

// forceCallout, where set, makes Compile call out every op it accepts
// (a test hook: the call-out path on ops that have native code).
var forceCallout atomic.Pointer[func(lanes.Op) bool]

// SetForceCallout makes later compilations call out every op for which
// f reports true (nil: none beyond those without code) and returns the
// previous setting. Tests use it to run call-outs on every kind of op.
func SetForceCallout(f func(lanes.Op) bool) (old func(lanes.Op) bool) {
	if p := forceCallout.Load(); p != nil {
		old = *p
	}
	if f == nil {
		forceCallout.Store(nil)
	} else {
		forceCallout.Store(&f)
	}
	return old
}

// canCallOut reports whether op o can be a call-out: every op but those
// that change control flow (labels, jumps, barriers, Exit) and Nop.
func canCallOut(o *lanes.Op) bool {
	switch o.Code {
	case lanes.Nop, lanes.Label, lanes.Jump, lanes.JumpIfNone, lanes.JumpIfAny, lanes.Barrier, lanes.Exit,
		lanes.SubgroupSync, lanes.Subgroup:
		return false
	}
	return true
}

// firstCallouts is the ops known to need call-outs before compiling: the
// GLSL.std.450 functions without exact code, the ops of goOnly, and those
// the test hook names.
func firstCallouts(p *lanes.Program) []bool {
	calls := make([]bool, len(p.Ops))
	var force func(lanes.Op) bool
	if f := forceCallout.Load(); f != nil {
		force = *f
	}
	for i := range p.Ops {
		o := &p.Ops[i]
		if !canCallOut(o) {
			continue
		}
		calls[i] = o.Code == lanes.Math && !hasMathCode(o) || goOnly(o) || force != nil && force(*o)
	}
	return calls
}

// opError is Compile's error for op op: it wraps lanes.ErrUnsupported.
type opError struct {
	op  int
	msg string
}

func (e *opError) Error() string { return e.msg }
func (e *opError) Unwrap() error { return lanes.ErrUnsupported }

// generate emits the code of p, calling out the ops that have no code.
// An op that fails marks every op of the same form (opForm) at once, so
// that a kernel with many FRems compiles twice, not once per FRem.
func generate(p *lanes.Program) (*gen, []byte, error) {
	calls := firstCallouts(p)
	for {
		g, code, err := generateWith(p, calls)
		var oe *opError
		if err == nil || !errors.As(err, &oe) || oe.op < 0 || oe.op >= len(p.Ops) ||
			calls[oe.op] || !canCallOut(&p.Ops[oe.op]) {
			return g, code, err
		}
		calls[oe.op] = true
		f := opFormOf(p, &p.Ops[oe.op])
		for i := range p.Ops {
			if !calls[i] && canCallOut(&p.Ops[i]) && opFormOf(p, &p.Ops[i]) == f {
				calls[i] = true
			}
		}
	}
}

// opForm is what decides whether an op has native code: its code, kind
// and immediates, and its result's and operands' kinds and shapes.
type opForm struct {
	code       lanes.Code
	kind       lanes.Kind
	imm, imm2  int64
	vals       [5]lanes.Kind
	shapes     [5]lanes.Shape
	none       [5]bool
	constant   [5]bool
	sameDstArg bool
}

// opFormOf is o's form.
func opFormOf(p *lanes.Program, o *lanes.Op) opForm {
	f := opForm{code: o.Code, kind: o.Kind, imm: o.Imm, imm2: o.Imm2}
	for j, v := range [5]lanes.Value{o.Dst, o.A, o.B, o.C, o.M} {
		if v == lanes.NoValue {
			f.none[j] = true
			continue
		}
		vi := p.Values[v]
		f.vals[j], f.shapes[j], f.constant[j] = vi.Kind, vi.Shape, vi.Const
	}
	f.sameDstArg = o.Dst != lanes.NoValue && reads(o, o.Dst)
	return f
}

// callsOut reports whether o, one of the program's ops, is a call-out.
func (g *gen) callsOut(o *lanes.Op) bool {
	if g.nCalls == 0 || len(g.p.Ops) == 0 {
		return false
	}
	d := uintptr(unsafe.Pointer(o)) - uintptr(unsafe.Pointer(&g.p.Ops[0]))
	size := unsafe.Sizeof(lanes.Op{})
	i := d / size
	return d%size == 0 && i < uintptr(len(g.calls)) && g.calls[i]
}

// callsIn reports whether any of ops [i, j) is a call-out.
func (g *gen) callsIn(i, j int) bool {
	if g.nCalls == 0 {
		return false
	}
	for k := i; k < j && k < len(g.calls); k++ {
		if g.calls[k] {
			return true
		}
	}
	return false
}

// emitCallout emits op i, and the call-outs right after it, as one
// call-out (see above; sin of a float4 is four adjacent Math ops), and
// returns the index of the op after them.
func (g *gen) emitCallout(i int) int {
	if end, ok := g.imageRun(i); ok {
		return g.emitImageRun(i, end) // image.go: native code for the usual texels
	}
	end := i + 1
	for end < len(g.p.Ops) && g.calls[end] && !g.group.def[end] && !g.imageStart(end) {
		end++
	}
	g.caching, g.deferring = false, false
	g.writeBack()
	g.calloutExit(i, end)
	return end
}

// calloutExit leaves for the call-out of ops [i, end) with the frame up
// to date (written back), and binds the resume point after it.
func (g *gen) calloutExit(i, end int) {
	a := &g.a
	copied := map[lanes.Value]bool{}
	for k := i; k < end; k++ {
		o := &g.p.Ops[k]
		for _, v := range [5]lanes.Value{o.A, o.B, o.C, o.M, o.Dst} {
			if v == lanes.NoValue || copied[v] {
				continue
			}
			if gs, ok := g.groupSlot(v); ok {
				copied[v] = true
				a.MOVQload(amd64.RAX, amd64.M(rGroup, gs))
				a.MOVQstore(amd64.M(rFrame, g.p.Values[v].Slot), amd64.RAX)
			}
		}
	}
	resume := a.NewLabel()
	a.LEAQlabel(amd64.RAX, resume)
	a.MOVQstore(amd64.M(rCtx, offCallResume), amd64.RAX)
	a.MOVQstoreImm(amd64.M(rCtx, offCallOp), int32(i))
	a.MOVQstoreImm(amd64.M(rCtx, offCallEnd), int32(end))
	g.exit(statusCall)
	// Resumed: RDI, RSI and RBX are set by the entry; the frame holds
	// everything, the op's result included.
	a.Bind(resume)
	g.reloadPins()
	for k := i + 1; k < end; k++ {
		g.opStart[k] = a.Len()
	}
}

// reloadPins empties the register cache but for the pins of the loop
// being compiled, loaded from the frame.
func (g *gen) reloadPins() {
	g.cache.flush()
	g.cse.clear()
	for reg, k := range g.loops.active {
		if k != noKey {
			g.loadPinned(lanes.Value(k/2), int(k%2), reg)
		}
	}
}

// emitCallResumeCheck, at the code's entry (rFrame loaded), jumps to a
// call-out's resume point if the call resumes one. It comes before the
// group prologue: the group area (groupinv.go) holds the group's values
// since the group's first call, and only rGroup needs setting.
func (g *gen) emitCallResumeCheck() {
	if g.nCalls == 0 {
		return
	}
	a := &g.a
	fresh := a.NewLabel()
	a.MOVQload(amd64.RAX, amd64.M(rCtx, offCallResume))
	a.TESTQ(amd64.RAX, amd64.RAX)
	a.Jcc(amd64.CondE, fresh)
	a.MOVQstoreImm(amd64.M(rCtx, offCallResume), 0)
	if g.hasGroupArea() { // groupinv.go
		a.MOVQload(rGroup, amd64.M(rCtx, offFrame0))
	}
	a.JMPreg(amd64.RAX)
	a.Bind(fresh)
}

// Calls is the number of ops of the kernel that are call-outs.
func (k *Kernel) Calls() int { return k.nCalls }

// CallOps are the indices of the ops that are call-outs (for surveys of
// what native code lacks).
func (k *Kernel) CallOps() []int {
	var ops []int
	for i, c := range k.calls {
		if c {
			ops = append(ops, i)
		}
	}
	return ops
}

// callOut evaluates the ops the code left for (ctx.callOp to
// ctx.callEnd-1) over the current chunk's frame, in order.
func (r *runner) callOut(g *lanes.Group) *lanes.Trap {
	r.calls++
	for i := int(r.ctx.callOp); i < int(r.ctx.callEnd); i++ {
		if t := r.callOp(g, i); t != nil {
			return t
		}
	}
	return nil
}

// flushCalls adds the runner's call-outs to the shared count.
func (r *runner) flushCalls() {
	if r.calls != 0 {
		calloutCount.Add(r.calls)
		r.calls = 0
	}
}

// callOp evaluates op i over the current chunk's frame.
func (r *runner) callOp(g *lanes.Group, i int) *lanes.Trap {
	c := r.ctx
	k := r.k
	p := k.p
	ci := int(c.chunkIdx)
	f := r.frames[min(ci, len(r.frames)-1)]
	if r.eval == nil {
		ev, err := lanes.NewOpEval(p)
		if err != nil {
			panic(err) // Compile checked the chunk
		}
		r.eval = ev
		r.callMem = make([][]byte, len(p.Regions))
	}
	o := &p.Ops[i]
	mem := r.mem
	pr := -1
	switch o.Code {
	case lanes.Load, lanes.Store, lanes.Atomic:
		if o.Imm >= 0 && int(o.Imm) < len(p.Regions) && p.Regions[o.Imm].Kind == lanes.RegionPrivate {
			pr = int(o.Imm)
			copy(r.callMem, r.mem)
			r.callMem[pr] = r.privateIn(f, pr)
			mem = r.callMem
		}
	}
	t := r.eval.Eval(i, f, ci, g, mem)
	if pr >= 0 {
		r.privateOut(f, pr)
	}
	return t
}

// privateIn copies private region pr of frame f's lanes into r.privBuf
// as the lane tier lays it out (lane l's bytes at l*Size).
func (r *runner) privateIn(f []byte, pr int) []byte {
	size := r.k.p.Regions[pr].Size
	if cap(r.privBuf) < size*chunk {
		r.privBuf = make([]byte, size*chunk)
	}
	buf := r.privBuf[:size*chunk]
	r.privateCopy(f, pr, buf, true)
	return buf
}

// privateOut copies r.privBuf back into frame f's private region pr.
func (r *runner) privateOut(f []byte, pr int) {
	size := r.k.p.Regions[pr].Size
	r.privateCopy(f, pr, r.privBuf[:size*chunk], false)
}

// privateCopy copies between frame f's private region pr (private.go's
// layout: interleaved words, or a stride per lane) and buf (lane l's
// bytes at l*Size): into buf if in, else out of it.
func (r *runner) privateCopy(f []byte, pr int, buf []byte, in bool) {
	k := r.k
	size := k.p.Regions[pr].Size
	off := int(k.privOff[pr])
	mv := func(lanes, frame []byte) {
		if in {
			copy(lanes, frame)
		} else {
			copy(frame, lanes)
		}
	}
	for l := range chunk {
		lb := buf[l*size : (l+1)*size]
		if !k.inter[pr] {
			fo := off + l*int(k.privStr[pr])
			mv(lb, f[fo:fo+size])
			continue
		}
		// Word w of lane l at off + w*4*chunk + 4*l.
		for b := 0; b < size; b += 4 {
			n := min(4, size-b)
			fo := off + b*chunk + 4*l
			mv(lb[b:b+n], f[fo:fo+n])
		}
	}
}
