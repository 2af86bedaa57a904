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
	return fs.narrowBits(v, x, types.Half, round)
}
