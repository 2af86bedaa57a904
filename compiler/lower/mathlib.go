package lower

import (
	"fmt"
	"sync"

	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Builtins computed by clgo's OpenCL C math library (compiler/builtins/lib)
// where the GLSL.std.450 instruction is less precise than OpenCL C §7.4
// allows or undefined where §7.5 is not. Library functions are scalar
// SPIR-V functions (libfunc.go); a vector call calls one per component. Most float forms compute in
// double, so they need fp64 on the device; those in libFloatOnly compute
// in float and integers and are used without it too. Without fp64 for
// the others, and for the relaxed native_/half_ forms and
// -cl-fast-relaxed-math (§7.4 Table 38), the GLSL instructions stay.

// libFloat lists the builtins the library has for float and double
// (by the name's suffix _f, _d); a name in libDoubleOnly exists for
// double only.
var libBuiltins = map[string]bool{
	"exp": true, "exp2": true, "exp10": true, "expm1": true,
	"log": true, "log2": true, "log10": true, "log1p": true,
	"sin": true, "cos": true, "tan": true, "sinpi": true, "cospi": true, "tanpi": true,
	"asin": true, "acos": true, "atan": true, "atan2": true,
	"asinpi": true, "acospi": true, "atanpi": true, "atan2pi": true,
	"sinh": true, "cosh": true, "tanh": true, "asinh": true, "acosh": true, "atanh": true,
	"pow": true, "powr": true, "pown": true, "rootn": true, "cbrt": true,
	"sincos": true, "fmod": true, "remainder": true, "remquo": true, "fma": true,
	"erf": true, "erfc": true, "tgamma": true, "lgamma": true, "lgamma_r": true,
	"hypot": true, // float only: the double form stays in mathbuiltins.go
}

// libExact lists the library's exact builtins: they stay under
// -cl-fast-relaxed-math (Table 38 relaxes none of them).
var libExact = map[string]bool{"fmod": true, "remainder": true, "remquo": true, "fma": true}

// libFloatOnly lists the builtins whose float forms use no double (float
// arithmetic and integer bit work): they need no fp64. fma's float form
// rounds a double sum, so it is not here.
var libFloatOnly = map[string]bool{
	"exp": true, "exp2": true, "exp10": true, "expm1": true,
	"log": true, "log2": true, "log10": true, "log1p": true,
	"sinh": true, "cosh": true, "tanh": true,
	"pow": true, "powr": true, "pown": true, "rootn": true,
	"sin": true, "cos": true, "tan": true, "sincos": true, "sinpi": true, "cospi": true, "tanpi": true,
	"fmod": true, "remainder": true, "remquo": true,
}

// libAnalyses caches the analysis of each library function (read-only
// once built).
var libAnalyses sync.Map // *types.Func → *analysis

// libUsable reports whether builtin base of the type with name suffix
// suffix ("_f", "_d") goes through the library in a program with (fp64)
// or without cl_khr_fp64, under -cl-fast-relaxed-math (relaxed) or not.
func libUsable(base, suffix string, fp64, relaxed bool) bool {
	if relaxed && !libExact[base] || !libBuiltins[base] {
		return false
	}
	return suffix == "_d" && fp64 || suffix == "_f" && (fp64 || libFloatOnly[base])
}

// geoUsable reports whether the geometric builtins go through the
// library (geoLib).
func geoUsable(fp64, relaxed bool) bool { return fp64 && !relaxed }

// mathLib lowers builtin name through the library when it has the
// function for the arguments' kind. ok is false when it does not.
func (fs *fnState) mathLib(name, base string, a mathArgs, t types.Type) (spirv.ID, bool) {
	if name != base || len(a.vals) == 0 {
		return 0, false
	}
	ak := types.ElemKind(a.vals[0].t)
	suffix := map[types.Kind]string{types.Float: "_f", types.Double: "_d"}[ak]
	key := fs.libKey()
	if suffix == "" || !libUsable(base, suffix, key.FP64, key.FastRelaxedMath) {
		return 0, false
	}
	switch base {
	case "sincos":
		return fs.sincosLib(suffix, a, t), true
	case "remquo":
		return fs.remquoLib(suffix, a, t), true
	case "lgamma_r":
		if fn := "__clgo_lgamma_r" + suffix; fs.libHas(fn) {
			return fs.lgammaRLib(fn, a, t), true
		}
		return 0, false
	}
	fn := "__clgo_" + base + suffix
	if !fs.libHas(fn) {
		return 0, false
	}
	return fs.libPerComponent(fn, a, t), true
}

// geoLib lowers length, distance and normalize of 2-, 3- and 4-vectors
// through the library's __clgo_{length,distance,normalize}_{f,d}N, which
// neither overflow nor underflow where the result is representable and
// keep §7.5's zero and infinite vectors; GLSL's Length, Distance and
// Normalize square the components as they are. Like the other library
// functions, float needs fp64 (it computes in double); fast_ forms and
// -cl-fast-relaxed-math keep GLSL.
func (fs *fnState) geoLib(name, base string, args []value, t types.Type) (spirv.ID, bool) {
	if key := fs.libKey(); name != base || !geoUsable(key.FP64, key.FastRelaxedMath) {
		return 0, false
	}
	n := types.VecLen(args[0].t)
	suffix := map[types.Kind]string{types.Float: "f", types.Double: "d"}[types.ElemKind(args[0].t)]
	if suffix == "" || n < 2 || n > 4 {
		return 0, false
	}
	fn := fmt.Sprintf("__clgo_%s_%s%d", base, suffix, n)
	if !fs.libHas(fn) {
		return 0, false
	}
	return fs.callLib(fn, args, t).id, true
}

// libPerComponent calls fn on each component of the arguments and builds
// the result of type t.
func (fs *fnState) libPerComponent(fn string, a mathArgs, t types.Type) spirv.ID {
	n := types.VecLen(t)
	rk := types.ElemKind(t)
	parts := fs.libCalls(fn, a, n, types.Typ[rk])
	if n <= 1 {
		return parts[0]
	}
	return fs.construct(t, parts)
}

// libCalls calls fn on each of the n components of the arguments (n <= 1:
// scalars), each call giving a value of type rt.
func (fs *fnState) libCalls(fn string, a mathArgs, n int, rt types.Type) []spirv.ID {
	comps := make([][]spirv.ID, len(a.vals))
	for i, v := range a.vals {
		id := a.ids[i]
		vt := v.t
		if n > 1 && types.VecLen(vt) == 1 {
			id = fs.splat(id, types.NewVector(types.ElemKind(vt), n))
			vt = types.NewVector(types.ElemKind(vt), n)
		}
		if n > 1 {
			comps[i] = fs.components(id, vt)
		} else {
			comps[i] = []spirv.ID{id}
		}
	}
	parts := make([]spirv.ID, max(n, 1))
	for c := range parts {
		args := make([]value, len(a.vals))
		for i, v := range a.vals {
			args[i] = value{t: types.Typ[types.ElemKind(v.t)], id: comps[i][c]}
		}
		parts[c] = fs.callLib(fn, args, rt).id
	}
	return parts
}

// noContraction decorates the float arithmetic emitted from block nb,
// instruction ni on with NoContraction: the library's error-free
// transformations (x - (u - 1), Cody-Waite steps, two-sums) must not be
// reassociated or fused by a driver's compiler (Mesa's NIR honours the
// decoration as "exact").
func (fs *fnState) noContraction(f *spirv.Function, nb, ni int) {
	for bi := max(nb, 0); bi < len(f.Blocks); bi++ {
		insts := f.Blocks[bi].Insts
		if bi == nb {
			insts = insts[min(ni, len(insts)):]
		}
		for _, in := range insts {
			switch in.Op {
			case spirv.OpFAdd, spirv.OpFSub, spirv.OpFMul, spirv.OpFDiv, spirv.OpFNegate:
				fs.b.Decorate(in.Result, spirv.DecorationNoContraction)
			}
		}
	}
}

// sincosLib is sincos as the library's sin and cos, the cosine stored
// through the pointer argument: one __clgo_sincos_{f,d} call per
// component (one argument reduction for both) where the library has it.
func (fs *fnState) sincosLib(suffix string, a mathArgs, t types.Type) spirv.ID {
	x := mathArgs{vals: a.vals[:1], ids: a.ids[:1]}
	var s, c spirv.ID
	if fn := "__clgo_sincos" + suffix; fs.libHas(fn) {
		n := types.VecLen(t)
		pairT := types.NewVector(types.ElemKind(t), 2)
		pairs := fs.libCalls(fn, x, n, pairT)
		ss := make([]spirv.ID, len(pairs))
		cs := make([]spirv.ID, len(pairs))
		for i, p := range pairs {
			sc := fs.components(p, pairT)
			ss[i], cs[i] = sc[0], sc[1]
		}
		s, c = ss[0], cs[0]
		if n > 1 {
			s, c = fs.construct(t, ss), fs.construct(t, cs)
		}
	} else {
		s = fs.libPerComponent("__clgo_sin"+suffix, x, t)
		c = fs.libPerComponent("__clgo_cos"+suffix, x, t)
	}
	pv := a.vals[1]
	pt, isPtr := types.Underlying(pv.t).(*types.Pointer)
	if !isPtr || pv.ptr == nil {
		fs.errorf(fs.pos, "the output argument is not a pointer")
		return s
	}
	fs.store(fs.derefOrError(pv.ptr, pt.Elem), c)
	return s
}

// remquoLib is remquo through the library's __clgo_remquo_{f,d}, which
// gives the remainder's bits and the quotient as a pair of unsigned
// integers; the quotient is stored through the pointer argument.
func (fs *fnState) remquoLib(suffix string, a mathArgs, t types.Type) spirv.ID {
	n := types.VecLen(t)
	rk := types.ElemKind(t)
	uk := types.UInt
	if rk == types.Double {
		uk = types.ULong
	}
	pairT := types.NewVector(uk, 2)
	xy := mathArgs{vals: a.vals[:2], ids: a.ids[:2]}
	pairs := fs.libCalls("__clgo_remquo"+suffix, xy, n, pairT)
	rems := make([]spirv.ID, len(pairs))
	quos := make([]spirv.ID, len(pairs))
	for i, p := range pairs {
		c := fs.components(p, pairT)
		rems[i] = fs.bitsOf(c[0], types.Typ[uk], types.Typ[rk])
		quos[i] = fs.convKinds(c[1], types.Typ[uk], uk, types.Int)
	}
	return fs.storeOut(a.vals[2], t, rems, quos)
}

// lgammaRLib is lgamma_r through the library's __clgo_lgamma_r_{f,d},
// which gives (ln|Γ(x)|, sign) as a pair; the sign is stored as an int
// through the pointer argument.
func (fs *fnState) lgammaRLib(fn string, a mathArgs, t types.Type) spirv.ID {
	n := types.VecLen(t)
	rk := types.ElemKind(t)
	pairT := types.NewVector(rk, 2)
	pairs := fs.libCalls(fn, mathArgs{vals: a.vals[:1], ids: a.ids[:1]}, n, pairT)
	vals := make([]spirv.ID, len(pairs))
	signs := make([]spirv.ID, len(pairs))
	for i, p := range pairs {
		c := fs.components(p, pairT)
		vals[i] = c[0]
		signs[i] = fs.convKinds(c[1], types.Typ[rk], rk, types.Int)
	}
	return fs.storeOut(a.vals[1], t, vals, signs)
}

// storeOut builds the result of type t from its components rs and stores
// the int vector of components os through the output pointer argument pv.
func (fs *fnState) storeOut(pv value, t types.Type, rs, os []spirv.ID) spirv.ID {
	r, o := rs[0], os[0]
	if n := types.VecLen(t); n > 1 {
		r = fs.construct(t, rs)
		o = fs.construct(types.NewVector(types.Int, n), os)
	}
	pt, isPtr := types.Underlying(pv.t).(*types.Pointer)
	if !isPtr || pv.ptr == nil {
		fs.errorf(fs.pos, "the output argument is not a pointer")
		return r
	}
	fs.store(fs.derefOrError(pv.ptr, pt.Elem), o)
	return r
}
