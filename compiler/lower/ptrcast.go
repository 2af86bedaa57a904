package lower

import (
	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Pointer to integer casts under logical addressing. A pointer is
// (object, offset) and has no address, so its integer value is made up:
// base(object) + byte offset, where the base is the object's kernel-wide
// number shifted left by 32 bits for a 64-bit result, by 24 bits for a
// narrower one; null (object 0) is 0. So within one object differences
// and alignments are those of real addresses (objects start at offset 0
// and every base is aligned far beyond any type's alignment), distinct
// objects get distinct values (for 32-bit results, while offsets stay
// under 16 MiB), and null stays 0. Such an integer converts back to a
// pointer (intToPtr): the object whose number it carries, among those
// whose pointers the kernel converts to integers (analysis.fromInt), at its
// byte offset; an integer made otherwise is the null pointer there, or an
// object the kernel never converted (undefined behaviour in C as well).

// ptrToInt converts pointer v to integer type to.
func (fs *fnState) ptrToInt(v value, to *types.Basic) value {
	b := fs.b
	u := fs.uint32T()
	pv := v.ptr
	var elemSize int64 = 1
	if pt, ok := types.Underlying(v.t).(*types.Pointer); ok && !types.IsVoid(pt.Elem) {
		elemSize = max(fs.conf.Sizeof(pt.Elem), 1)
	}
	if fs.opts.Physical {
		return fs.ptrToIntPhys(v, to, elemSize)
	}
	boff := func(o *object) spirv.ID { return fs.objByteOff(pv, o, elemSize) }
	num := fs.u32(objNum(pv.objs[0]))
	off := boff(pv.objs[0])
	for i := 1; i < len(pv.objs); i++ {
		c := b.EmitIDs(spirv.OpIEqual, fs.boolT(), pv.sel, fs.u32(uint32(i)))
		num = b.EmitIDs(spirv.OpSelect, u, c, fs.u32(objNum(pv.objs[i])), num)
		off = b.EmitIDs(spirv.OpSelect, u, c, boff(pv.objs[i]), off)
	}
	if to.Kind.Size() == 8 {
		u64 := fs.scalarType(types.ULong)
		hi := b.EmitIDs(spirv.OpShiftLeftLogical, u64, b.EmitIDs(spirv.OpUConvert, u64, num), b.ConstantUint(u64, 32))
		r := b.EmitIDs(spirv.OpBitwiseOr, u64, hi, b.EmitIDs(spirv.OpUConvert, u64, off))
		return value{t: to, id: r}
	}
	r := fs.add32(b.EmitIDs(spirv.OpShiftLeftLogical, u, num, fs.u32(24)), off)
	if to.Kind.Size() == 4 {
		return value{t: to, id: r}
	}
	return value{t: to, id: fs.convKinds(r, types.Typ[types.UInt], types.UInt, to.Kind)}
}

// objByteOff is pointer pv's offset in bytes when it points into object
// o: typed objects count offsets in units, word objects in bytes; the
// null pointer's offset counts elements of elemSize bytes.
func (fs *fnState) objByteOff(pv *ptrVal, o *object, elemSize int64) spirv.ID {
	switch {
	case o == nil:
		return fs.mul32(pv.off, fs.u32(uint32(elemSize)))
	case o.words:
		return pv.off
	}
	return fs.mul32(pv.off, fs.u32(uint32(max(fs.conf.Sizeof(o.unit), 1))))
}

// isNullConst reports whether id is an integer constant zero (the only
// integer that converts to a pointer here).
func (fs *fnState) isNullConst(id spirv.ID) bool {
	in := fs.b.Def(id)
	if in == nil {
		return false
	}
	switch in.Op {
	case spirv.OpConstantNull:
		return true
	case spirv.OpConstant:
		for _, w := range in.Operands {
			if w != 0 {
				return false
			}
		}
		return true
	}
	return false
}

// intOnlyPtrs returns the pointer-to-array expressions of body whose value
// is only cast to an integer, such as &arr in (ulong)&arr: they access
// nothing, so their pointee types are no views of the object (a
// char (*)[3] view would otherwise force a char array into words, which
// program-scope variables do not support).
func intOnlyPtrs(info *types.Info, body syntax.Node) map[syntax.Expr]bool {
	out := map[syntax.Expr]bool{}
	inspect(body, func(n syntax.Node) {
		c, ok := n.(*syntax.CastExpr)
		if !ok {
			return
		}
		if b, ok := types.Underlying(info.Types[c].Type).(*types.Basic); !ok || !b.Kind.IsInteger() {
			return
		}
		x := c.X
		for {
			p, ok := x.(*syntax.ParenExpr)
			if !ok {
				break
			}
			out[x] = true
			x = p.X
		}
		// Only pointers to arrays: other pointee types (a struct member's
		// address) decide how the object counts offsets.
		if pt, ok := types.Underlying(info.Types[x].Type).(*types.Pointer); ok && isArray(pt.Elem) {
			out[x] = true
		}
	})
	return out
}

// intToPtr converts integer v (not a null constant) to pointer type pt.
func (fs *fnState) intToPtr(v value, pt *types.Pointer) *ptrVal {
	if fs.opts.Physical {
		return fs.intToPtrPhys(v, pt)
	}
	b := fs.b
	u := fs.uint32T()
	from := types.Scalar(v.t)
	var num, bytes spirv.ID
	if from != nil && from.Kind.Size() == 8 {
		u64 := fs.scalarType(types.ULong)
		num = b.EmitIDs(spirv.OpUConvert, u, b.EmitIDs(spirv.OpShiftRightLogical, u64, v.id, b.ConstantUint(u64, 32)))
		bytes = b.EmitIDs(spirv.OpUConvert, u, v.id)
	} else {
		w := fs.to32(v)
		num = b.EmitIDs(spirv.OpShiftRightLogical, u, w, fs.u32(24))
		bytes = b.EmitIDs(spirv.OpBitwiseAnd, u, w, fs.u32(1<<24-1))
	}
	objs := fs.objList(fs.an.fromInt(pt.Space))
	if len(objs) == 1 && objs[0] == nil {
		// Under logical addressing it could only be the null pointer,
		// which it is not: no object of the kernel has its address. Said
		// here, since dereferencing a pointer known to be null is not an
		// error (derefOrError).
		if physSpace(pt.Space) {
			fs.errorf(fs.pos, msgIntToGlobalPtr)
		} else {
			fs.errorf(fs.pos, "an integer that was never a pointer converted to a %v pointer is not supported", pt.Space)
		}
	}
	pv := &ptrVal{objs: objs, off: bytes}
	// The objects one pointer may refer to count offsets alike (a group
	// of the analysis): in bytes for word objects, else in units.
	for _, o := range objs {
		if o != nil && !o.words {
			pv.off = b.EmitIDs(spirv.OpUDiv, u, bytes, fs.u32(uint32(max(fs.conf.Sizeof(o.unit), 1))))
			break
		}
	}
	if len(objs) > 1 {
		sel := fs.u32(0)
		for i := 1; i < len(objs); i++ {
			c := b.EmitIDs(spirv.OpIEqual, fs.boolT(), num, fs.u32(objNum(objs[i])))
			sel = b.EmitIDs(spirv.OpSelect, u, c, fs.u32(uint32(i)), sel)
		}
		pv.sel = sel
	}
	return pv
}
