package lower

import (
	"strconv"
	"strings"

	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// vload_half[N], vloada_half[N], vstore_half[N][_rte|_rtz|_rtp|_rtn] and
// vstorea_half...: halfs in memory read as floats and floats (or doubles)
// written as halfs, rounded on the bits as the suffix asks (round to
// nearest even by default), since FConvert's rounding is left to the
// device.

// halfName parses a vload_half/vstore_half name: store, aligned, the
// component count (1 for the scalar forms) and the rounding suffix.
func halfName(name string) (store, aligned bool, n int, round string, ok bool) {
	rest, store := strings.CutPrefix(name, "vstore")
	if !store {
		rest, ok = strings.CutPrefix(name, "vload")
		if !ok {
			return
		}
	}
	rest, aligned = strings.CutPrefix(rest, "a")
	rest, ok = strings.CutPrefix(rest, "_half")
	if !ok {
		return
	}
	if i := strings.Index(rest, "_"); i >= 0 {
		round = rest[i+1:]
		rest = rest[:i]
	}
	n = 1
	if rest != "" {
		var err error
		if n, err = strconv.Atoi(rest); err != nil {
			return false, false, 0, "", false
		}
	}
	return store, aligned, n, round, true
}

// vloadStoreHalf lowers the half load and store builtins.
func (fs *fnState) vloadStoreHalf(name string, x *syntax.CallExpr, t types.Type) (value, bool) {
	store, aligned, n, round, ok := halfName(name)
	if !ok {
		return value{}, false
	}
	args := x.Args
	var data value
	if store {
		data = fs.expr(args[0])
		args = args[1:]
	}
	off := fs.expr(args[0])
	pv := fs.expr(args[1])
	pt, isPtr := types.Underlying(pv.t).(*types.Pointer)
	if !isPtr || pv.ptr == nil {
		fs.errorf(x.At, "builtin '%s' is not supported yet here", name)
		return fs.undef(t), true
	}
	// vloada_half3 and vstorea_half3 step by 4 halfs.
	stride := n
	if aligned && n == 3 {
		stride = 4
	}
	base := fs.ptrAdd(pv, value{t: types.Typ[types.UInt], id: fs.mul32(fs.to32(off), fs.u32(uint32(stride)))}, false)
	elem := func(i int) *place {
		q := fs.ptrAdd(base, value{t: types.Typ[types.UInt], id: fs.u32(uint32(i))}, false)
		return fs.derefOrError(q.ptr, pt.Elem)
	}
	half := types.Typ[types.Half]
	if !store {
		parts := make([]spirv.ID, n)
		for i := range parts {
			parts[i] = fs.convKinds(fs.load(elem(i)), half, types.Half, types.Float)
		}
		return value{t: t, id: fs.construct(t, parts)}, true
	}
	sk := types.ElemKind(data.t)
	comps := fs.components(data.id, data.t)
	u16 := fs.vopN(types.UShort, 1)
	for i, c := range comps {
		bits := fs.toHalfBits(fs.vopN(sk, 1), c, round)
		fs.store(elem(i), u16.bitcast(bits, fs.vopN(types.Half, 1)))
	}
	return value{t: types.Typ[types.Void]}, true
}

// toHalfBits rounds float or double x to half bits (a ushort) in the
// rounding mode round ("", "rte", "rtz", "rtp", "rtn").
func (fs *fnState) toHalfBits(v vop, x spirv.ID, round string) spirv.ID {
	ff := formatOf(v.k)
	u := v.as(bitsKind(v.k))
	w := int64(ff.bits)
	b := v.bitcast(x, u)
	sign := u.op(spirv.OpShiftRightLogical, b, u.i(w-1))
	neg := u.cmp(spirv.OpINotEqual, sign, u.i(0))
	a := u.op(spirv.OpBitwiseAnd, b, u.i(int64(^uint64(0)>>(64-w+1))))
	expAll := int64(2*ff.bias+1) << ff.mant
	mantMask := int64(1)<<ff.mant - 1
	e := u.op(spirv.OpShiftRightLogical, a, u.i(int64(ff.mant)))
	m := u.op(spirv.OpBitwiseAnd, a, u.i(mantMask))
	// A normal source gets its implicit bit; a subnormal one counts as
	// exponent 1.
	normal := u.cmp(spirv.OpINotEqual, e, u.i(0))
	m = u.sel(normal, u.op(spirv.OpBitwiseOr, m, u.i(mantMask+1)), m)
	e = u.sel(normal, e, u.i(1))
	// The half's biased exponent eh = e - bias + 15, as a signed value.
	s := v.as(signedKind(v.k))
	eh := s.op(spirv.OpISub, u.bitcast(e, s), s.i(int64(ff.bias-15)))
	// Keep 11 significant bits for a normal half; fewer below.
	shift := s.op(spirv.OpIAdd, s.i(int64(ff.mant-10)), s.ext(spirv.GLSLstd450SMax, s.op(spirv.OpISub, s.i(1), eh), s.i(0)))
	shift = s.ext(spirv.GLSLstd450SMin, shift, s.i(w-1))
	sh := s.bitcast(shift, u)
	keep := u.op(spirv.OpShiftRightLogical, m, sh)
	rem := u.op(spirv.OpBitwiseAnd, m, u.op(spirv.OpISub, u.op(spirv.OpShiftLeftLogical, u.i(1), sh), u.i(1)))
	halfway := u.op(spirv.OpShiftLeftLogical, u.i(1), u.op(spirv.OpISub, sh, u.i(1)))
	inexact := u.cmp(spirv.OpINotEqual, rem, u.i(0))
	var up spirv.ID
	switch round {
	case "rtz":
		up = v.fs.b.ConstantFalse(v.fs.boolT())
	case "rtp":
		up = u.and(inexact, u.not(neg))
	case "rtn":
		up = u.and(inexact, neg)
	default:
		odd := u.cmp(spirv.OpINotEqual, u.op(spirv.OpBitwiseAnd, keep, u.i(1)), u.i(0))
		up = u.or(u.cmp(spirv.OpUGreaterThan, rem, halfway), u.and(u.cmp(spirv.OpIEqual, rem, halfway), odd))
	}
	isNormalHalf := s.cmp(spirv.OpSGreaterThanEqual, eh, s.i(1))
	ehm1 := s.bitcast(s.op(spirv.OpISub, eh, s.i(1)), u)
	r := u.sel(isNormalHalf, u.op(spirv.OpIAdd, u.op(spirv.OpShiftLeftLogical, ehm1, u.i(10)), keep), keep)
	r = u.op(spirv.OpIAdd, r, u.sel(up, u.i(1), u.i(0)))
	// Too large: infinity or the largest half, by the rounding mode.
	inf, maxH := u.i(0x7c00), u.i(0x7bff)
	var over spirv.ID
	switch round {
	case "rtz":
		over = maxH
	case "rtp":
		over = u.sel(neg, maxH, inf)
	case "rtn":
		over = u.sel(neg, inf, maxH)
	default:
		over = inf
	}
	r = u.sel(s.cmp(spirv.OpSGreaterThanEqual, eh, s.i(31)), over, r)
	// Infinities and NaNs (quiet, keeping the top payload bits).
	special := u.cmp(spirv.OpUGreaterThanEqual, a, u.i(expAll))
	nan := u.cmp(spirv.OpUGreaterThan, a, u.i(expAll))
	payload := u.op(spirv.OpShiftRightLogical, u.op(spirv.OpBitwiseAnd, a, u.i(mantMask)), u.i(int64(ff.mant-10)))
	r = u.sel(special, u.sel(nan, u.op(spirv.OpBitwiseOr, u.i(0x7e00), payload), inf), r)
	r = u.op(spirv.OpBitwiseOr, r, u.op(spirv.OpShiftLeftLogical, sign, u.i(15)))
	return u.conv(r, u.as(types.UShort))
}
