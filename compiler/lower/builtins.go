package lower

import (
	"strings"

	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// pureBuiltin reports whether a builtin has no side effects and touches no
// memory, so that it may be evaluated unconditionally.
func pureBuiltin(name string) bool {
	if isSubgroupBuiltin(name) {
		return false
	}
	for _, p := range []string{"atom", "barrier", "work_group_", "mem_fence", "read_mem_fence", "write_mem_fence", "vload", "vstore", "printf", "async_", "wait_group", "prefetch", "read_image", "write_image"} {
		if strings.HasPrefix(name, p) {
			return false
		}
	}
	return true
}

// glslFloat maps float builtins to GLSL.std.450 instructions of the same
// meaning (the relaxed precision of native_ and half_ forms allows the
// plain instruction).
var glslFloat = map[string]spirv.GLSLstd450{
	"sqrt": spirv.GLSLstd450Sqrt, "rsqrt": spirv.GLSLstd450InverseSqrt,
	"exp": spirv.GLSLstd450Exp, "exp2": spirv.GLSLstd450Exp2, "log": spirv.GLSLstd450Log,
	"log2": spirv.GLSLstd450Log2, "pow": spirv.GLSLstd450Pow, "powr": spirv.GLSLstd450Pow,
	"sin": spirv.GLSLstd450Sin, "cos": spirv.GLSLstd450Cos, "tan": spirv.GLSLstd450Tan,
	"asin": spirv.GLSLstd450Asin, "acos": spirv.GLSLstd450Acos, "atan": spirv.GLSLstd450Atan,
	"atan2": spirv.GLSLstd450Atan2, "sinh": spirv.GLSLstd450Sinh, "cosh": spirv.GLSLstd450Cosh,
	"tanh": spirv.GLSLstd450Tanh, "asinh": spirv.GLSLstd450Asinh, "acosh": spirv.GLSLstd450Acosh,
	"atanh": spirv.GLSLstd450Atanh, "fabs": spirv.GLSLstd450FAbs, "floor": spirv.GLSLstd450Floor,
	"ceil": spirv.GLSLstd450Ceil, "trunc": spirv.GLSLstd450Trunc, "round": spirv.GLSLstd450Round,
	"rint": spirv.GLSLstd450RoundEven,
	"fmin": spirv.GLSLstd450NMin, "fmax": spirv.GLSLstd450NMax, "fma": spirv.GLSLstd450Fma,
	"mix": spirv.GLSLstd450FMix, "step": spirv.GLSLstd450Step, "smoothstep": spirv.GLSLstd450SmoothStep,
	"sign": spirv.GLSLstd450FSign, "degrees": spirv.GLSLstd450Degrees, "radians": spirv.GLSLstd450Radians,
	"cross": spirv.GLSLstd450Cross, "length": spirv.GLSLstd450Length, "distance": spirv.GLSLstd450Distance,
	"normalize": spirv.GLSLstd450Normalize, "fract": spirv.GLSLstd450Fract,
}

// builtin lowers a call to a builtin function.
func (fs *fnState) builtin(x *syntax.CallExpr, ov *types.Overload, t types.Type) value {
	name := ov.Name
	fs.pos = x.At
	if ov.Convert {
		v := fs.expr(x.Args[0])
		return fs.convertBuiltin(v, t, ov)
	}
	if ov.AsType {
		v := fs.expr(x.Args[0])
		return value{t: t, id: fs.asType(v, t)}
	}
	if v, ok := fs.asyncBuiltin(name, x, t); ok {
		return v
	}
	if v, ok := fs.addrSpaceBuiltin(name, x, t); ok {
		return v
	}
	if v, ok := fs.subgroupBuiltin(name, x, t); ok {
		return v
	}
	switch name {
	case "barrier", "work_group_barrier", "mem_fence", "read_mem_fence", "write_mem_fence":
		return fs.barrier(name, x)
	case "printf":
		return fs.printf(x, t)
	case "__builtin_expect":
		// The hint says nothing SPIR-V can carry: the value itself.
		return fs.expr(x.Args[0])
	case "__builtin_assume", "__builtin_unreachable":
		// Hints only; the assumption is not evaluated (as clang).
		return value{t: t}
	}
	if v, ok := fs.collective(name, x, t); ok {
		return v
	}
	if v, ok := fs.c11Atomic(name, x, t); ok {
		return v
	}
	if isImageBuiltin(name) {
		return fs.imageBuiltin(name, x, t)
	}
	if strings.HasPrefix(name, "atomic_") || strings.HasPrefix(name, "atom_") {
		return fs.atomic(name, x, t)
	}
	if strings.HasPrefix(name, "vload") || strings.HasPrefix(name, "vstore") {
		if v, ok := fs.vloadStoreHalf(name, x, t); ok {
			return v
		}
		return fs.vloadStore(name, x, t)
	}
	args := make([]value, len(x.Args))
	for i, a := range x.Args {
		args[i] = fs.expr(a)
	}
	if r, ok := fs.workItem(name, args, t); ok {
		return value{t: t, id: r}
	}
	if r, ok := fs.halfViaFloat(name, args, t); ok {
		return r
	}
	return fs.builtinValues(name, args, t)
}

// builtinValues lowers a call to a math, common, geometric, relational
// or integer builtin whose operands are evaluated.
func (fs *fnState) builtinValues(name string, args []value, t types.Type) value {
	b := fs.b
	ids := make([]spirv.ID, len(args))
	for i, a := range args {
		ids[i] = a.id
		// Scalar operands of vector overloads (clamp(v, 0.0f, 1.0f),
		// step(edge, v), ...) are widened.
		if types.VecLen(t) > 1 && types.VecLen(a.t) == 1 && types.ElemKind(a.t) == types.ElemKind(t) && a.id != 0 {
			ids[i] = fs.splat(a.id, t)
			args[i].t = t
		}
	}
	base := mathBase(name)
	ext := func(inst spirv.GLSLstd450, shape types.Type, ops ...spirv.ID) spirv.ID {
		return fs.lanes(shape, fs.scalarType(types.ElemKind(t)), ops, func(rt spirv.ID, a []spirv.ID) spirv.ID {
			return b.ExtInst(rt, fs.glsl, uint32(inst), a...)
		})
	}
	k := types.ElemKind(t)
	if len(args) == 0 {
		fs.errorf(fs.pos, "builtin '%s' is not supported yet", name)
		return fs.undef(t)
	}
	k0 := types.ElemKind(args[0].t)
	switch base {
	case "dot":
		if types.VecLen(args[0].t) == 1 {
			return value{t: t, id: b.EmitIDs(spirv.OpFMul, fs.valType(t), ids[0], ids[1])}
		}
		return value{t: t, id: b.EmitIDs(spirv.OpDot, fs.valType(t), ids[0], ids[1])}
	case "length", "distance", "normalize", "cross":
		if base != "cross" && types.VecLen(args[0].t) > 1 {
			if r, ok := fs.geoLib(name, base, args, t); ok {
				return value{t: t, id: r}
			}
		}
		if types.VecLen(args[0].t) == 1 && base != "cross" {
			switch base {
			case "length":
				return value{t: t, id: b.ExtInst(fs.valType(t), fs.glsl, uint32(spirv.GLSLstd450FAbs), ids[0])}
			case "distance":
				d := b.EmitIDs(spirv.OpFSub, fs.valType(t), ids[0], ids[1])
				return value{t: t, id: b.ExtInst(fs.valType(t), fs.glsl, uint32(spirv.GLSLstd450FAbs), d)}
			case "normalize":
				return value{t: t, id: b.ExtInst(fs.valType(t), fs.glsl, uint32(spirv.GLSLstd450FSign), ids[0])}
			}
		}
		if base == "cross" && types.VecLen(t) == 4 {
			// float4 cross: xyz cross, w = 0.
			v3 := types.NewVector(k, 3)
			a3 := fs.shuffle(ids[0], args[0].t, []int{0, 1, 2}, v3)
			b3 := fs.shuffle(ids[1], args[1].t, []int{0, 1, 2}, v3)
			c := b.ExtInst(fs.valType(v3), fs.glsl, uint32(spirv.GLSLstd450Cross), a3, b3)
			parts := append(fs.components(c, v3), fs.constOf(types.Typ[k], 0))
			return value{t: t, id: fs.construct(t, parts)}
		}
		return value{t: t, id: b.ExtInst(fs.valType(t), fs.glsl, uint32(glslFloat[base]), ids...)}
	case "clamp":
		if k.IsFloat() {
			mx := ext(spirv.GLSLstd450NMax, t, ids[0], ids[1])
			return value{t: t, id: ext(spirv.GLSLstd450NMin, t, mx, ids[2])}
		}
		return value{t: t, id: ext(pickExt(k.IsSigned(), spirv.GLSLstd450SClamp, spirv.GLSLstd450UClamp), t, ids...)}
	case "min", "max":
		var inst spirv.GLSLstd450
		switch {
		case k.IsFloat():
			inst = pickExt(base == "min", spirv.GLSLstd450NMin, spirv.GLSLstd450NMax)
		case k.IsSigned():
			inst = pickExt(base == "min", spirv.GLSLstd450SMin, spirv.GLSLstd450SMax)
		default:
			inst = pickExt(base == "min", spirv.GLSLstd450UMin, spirv.GLSLstd450UMax)
		}
		return value{t: t, id: ext(inst, t, ids...)}
	case "select":
		return value{t: t, id: fs.selectMSB(args[2], ids[1], ids[0], t)}
	case "any", "all":
		return value{t: t, id: fs.anyAll(base, args[0], t)}
	case "mul24":
		return value{t: t, id: fs.arith(syntax.Mul, ids[0], ids[1], t)}
	case "mad24":
		return value{t: t, id: fs.arith(syntax.Add, fs.arith(syntax.Mul, ids[0], ids[1], t), ids[2], t)}
	case "shuffle", "shuffle2":
		return value{t: t, id: fs.shuffleBuiltin(args, t)}
	case "bitselect":
		// (a & ~c) | (b & c), on the bits.
		it := t
		if k.IsFloat() {
			it = sameShapeInt(t)
		}
		a, bb, c := fs.bitsOf(ids[0], t, it), fs.bitsOf(ids[1], t, it), fs.bitsOf(ids[2], t, it)
		nc := fs.lanes(it, fs.scalarType(types.ElemKind(it)), []spirv.ID{c}, func(rt spirv.ID, x []spirv.ID) spirv.ID { return b.EmitIDs(spirv.OpNot, rt, x[0]) })
		r := fs.arith(syntax.Or, fs.arith(syntax.And, a, nc, it), fs.arith(syntax.And, bb, c, it), it)
		return value{t: t, id: fs.bitsOf(r, it, t)}
	}
	if r, ok := fs.relBuiltin(base, args, ids, t); ok {
		return value{t: t, id: r}
	}
	if k0.IsInteger() {
		if r, ok := fs.intBuiltin(base, ids, args[0].t, t); ok {
			return value{t: t, id: r}
		}
	}
	if r, ok := fs.mathBuiltin(name, base, mathArgs{vals: args, ids: ids}, t); ok {
		return value{t: t, id: r}
	}
	fs.errorf(fs.pos, "builtin '%s' is not supported yet", name)
	return fs.undef(t)
}

func pickExt(c bool, a, b spirv.GLSLstd450) spirv.GLSLstd450 {
	if c {
		return a
	}
	return b
}

func sameShapeInt(t types.Type) types.Type {
	k := types.ElemKind(t)
	ik := map[int64]types.Kind{2: types.UShort, 4: types.UInt, 8: types.ULong}[k.Size()]
	if n := types.VecLen(t); n > 1 {
		return types.NewVector(ik, n)
	}
	return types.Typ[ik]
}

// bitsOf reinterprets v of type from as type to (same size).
func (fs *fnState) bitsOf(v spirv.ID, from, to types.Type) spirv.ID {
	if types.ElemKind(from) == types.ElemKind(to) || types.ElemKind(from).IsInteger() && types.ElemKind(to).IsInteger() {
		return v
	}
	return fs.lanes(from, fs.scalarType(types.ElemKind(to)), []spirv.ID{v}, func(rt spirv.ID, a []spirv.ID) spirv.ID {
		return fs.b.EmitIDs(spirv.OpBitcast, rt, a[0])
	})
}

// asType lowers as_T: a bit reinterpretation. A 3-vector is reinterpreted
// as the 4-vector whose storage it shares.
func (fs *fnState) asType(v value, t types.Type) spirv.ID {
	fn, tn := types.VecLen(v.t), types.VecLen(t)
	if fn == tn && fn <= 4 {
		if types.ElemKind(v.t).Size() == types.ElemKind(t).Size() && types.ElemKind(v.t).IsInteger() && types.ElemKind(t).IsInteger() {
			return v.id
		}
		return fs.b.EmitIDs(spirv.OpBitcast, fs.valType(t), v.id)
	}
	// Other shapes: through memory as words.
	wt := &types.Array{Elem: types.Typ[types.UInt], Len: wordCount(fs.conf.Sizeof(t))}
	p := fs.newVar(wt, "")
	wp := fs.wordsOf(p)
	fs.storeWords(wp, wp.boff, v.t, v.id)
	return fs.loadWords(wp, wp.boff, t)
}

// intRange is the range of integer kind k as float64 bounds.
func intRange(k types.Kind) (lo, hi float64) {
	bits := 8 * k.Size()
	if k.IsSigned() {
		return -float64(uint64(1) << (bits - 1)), float64(uint64(1)<<(bits-1) - 1)
	}
	if bits == 64 {
		return 0, 18446744073709551615
	}
	return 0, float64(uint64(1)<<bits - 1)
}

// barrier lowers barrier/work_group_barrier (OpControlBarrier) and the
// memory fences (OpMemoryBarrier), with the semantics the flags ask for.
func (fs *fnState) barrier(name string, x *syntax.CallExpr) value {
	flags := int64(3)
	if len(x.Args) > 0 {
		tv := fs.info.Types[x.Args[0]]
		if tv.IsConst() {
			flags = tv.Value.Int
		} else {
			fs.expr(x.Args[0])
		}
	}
	sem := uint32(0)
	if flags&1 != 0 { // CLK_LOCAL_MEM_FENCE
		sem |= uint32(spirv.MemorySemanticsWorkgroupMemory)
	}
	if flags&2 != 0 { // CLK_GLOBAL_MEM_FENCE
		sem |= uint32(spirv.MemorySemanticsUniformMemory)
	}
	if flags&4 != 0 { // CLK_IMAGE_MEM_FENCE
		sem |= uint32(spirv.MemorySemanticsImageMemory)
	}
	switch name {
	case "read_mem_fence":
		sem |= uint32(spirv.MemorySemanticsAcquire)
	case "write_mem_fence":
		sem |= uint32(spirv.MemorySemanticsRelease)
	default:
		sem |= uint32(spirv.MemorySemanticsAcquireRelease)
	}
	wg := fs.u32(uint32(spirv.ScopeWorkgroup))
	if name == "barrier" || name == "work_group_barrier" {
		fs.barrierInMachine(x.Fun.Pos(), name)
		// OpenCL C 2.0's work_group_barrier(flags, scope): the memory
		// scope the fence covers (work_item and work_group are the
		// work-group: a barrier orders at least that).
		mem := wg
		if len(x.Args) > 1 {
			if s := fs.atomicScope(fs.constArg(x.Args[1]), types.Global); s == spirv.ScopeDevice {
				mem = fs.u32(uint32(s))
				fs.noteOrder(s, sem)
			}
		}
		fs.b.EmitIDs(spirv.OpControlBarrier, 0, wg, mem, fs.u32(sem))
	} else {
		fs.memoryBarrier(spirv.ScopeWorkgroup, sem)
	}
	return value{t: types.Typ[types.Void]}
}
