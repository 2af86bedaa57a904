package lower

import "github.com/clgo/clgo/spirv"

// Bounded Workgroup accesses (Options.BoundWorkgroup).
//
// Robust buffer access covers storage buffers only: an out-of-bounds index
// into a __local (Workgroup) array is undefined behaviour that a device may
// turn into a write anywhere (lavapipe keeps Workgroup memory on the host's
// heap, and a store far past a __local array kills the process). Where the
// runtime promises that kernels cannot reach outside their memory, every
// access chain into Workgroup storage has each array or vector index
// clamped to the last element: UMin(index, length-1), unsigned, so that a
// negative index clamps too. An out-of-range load therefore reads the
// array's last element, and an out-of-range store, atomic or async copy
// writes the last element: it never leaves the variable. Indices that are
// provably in range (constants, x & c and x % c with a constant c that
// fits) are left alone, so the common l[lid] pays one UMin and nothing
// else.
//
// Every load, store, atomic and copy of Workgroup memory goes through an
// OpAccessChain of a Workgroup pointer (the logical addressing model has
// no other way to index), so clamping the chains covers them all. The pass
// runs on the finished module, after every function has been lowered.

// boundWorkgroupAccesses clamps the indices of every access chain into
// Workgroup storage in the module.
func (l *lowerer) boundWorkgroupAccesses() {
	b := l.b
	m := b.Module
	decl := map[spirv.ID]*spirv.Instruction{} // types and constants
	typeOf := map[spirv.ID]spirv.ID{}         // value -> its type
	for _, in := range m.Globals {
		if in.Result != 0 {
			decl[in.Result] = in
			if in.ResultType != 0 {
				typeOf[in.Result] = in.ResultType
			}
		}
	}
	for _, fn := range m.Functions {
		for _, p := range fn.Params {
			typeOf[p.Result] = p.ResultType
		}
		for _, blk := range fn.Blocks {
			for _, in := range blk.Insts {
				if in.Result != 0 && in.ResultType != 0 {
					typeOf[in.Result] = in.ResultType
				}
			}
		}
	}
	def := map[spirv.ID]*spirv.Instruction{} // function-level definitions
	bw := &boundWalker{l: l, decl: decl, def: def, typeOf: typeOf}
	for _, fn := range m.Functions {
		for _, blk := range fn.Blocks {
			for _, in := range blk.Insts {
				if in.Result != 0 {
					def[in.Result] = in
				}
			}
		}
		for _, blk := range fn.Blocks {
			var out []*spirv.Instruction
			for _, in := range blk.Insts {
				if in.Op == spirv.OpAccessChain || in.Op == spirv.OpInBoundsAccessChain {
					out = bw.chain(in, out)
				}
				out = append(out, in)
			}
			blk.Insts = out
		}
	}
}

type boundWalker struct {
	l      *lowerer
	decl   map[spirv.ID]*spirv.Instruction
	def    map[spirv.ID]*spirv.Instruction
	typeOf map[spirv.ID]spirv.ID
}

// chain clamps the array and vector indices of the access chain in when
// its base is a Workgroup pointer, appending the instructions that compute
// the clamped indices to out.
func (bw *boundWalker) chain(in *spirv.Instruction, out []*spirv.Instruction) []*spirv.Instruction {
	if len(in.Operands) < 2 {
		return out
	}
	pt := bw.decl[bw.typeOf[spirv.ID(in.Operands[0])]]
	if pt == nil || pt.Op != spirv.OpTypePointer || spirv.StorageClass(pt.Operands[0]) != spirv.StorageClassWorkgroup {
		return out
	}
	t := spirv.ID(pt.Operands[1])
	for k := 1; k < len(in.Operands); k++ {
		td := bw.decl[t]
		if td == nil {
			return out
		}
		idx := spirv.ID(in.Operands[k])
		switch td.Op {
		case spirv.OpTypeArray:
			var last spirv.ID
			last, out = bw.clamped(idx, spirv.ID(td.Operands[1]), 0, out)
			if last != 0 {
				in.Operands[k] = uint32(last)
			}
			t = spirv.ID(td.Operands[0])
		case spirv.OpTypeVector, spirv.OpTypeMatrix:
			var last spirv.ID
			last, out = bw.clamped(idx, 0, uint64(td.Operands[1]), out)
			if last != 0 {
				in.Operands[k] = uint32(last)
			}
			t = spirv.ID(td.Operands[0])
		case spirv.OpTypeStruct:
			// Member indices are constants, checked by the validator.
			v, ok := bw.constValue(idx)
			if !ok || v >= uint64(len(td.Operands)) {
				return out
			}
			t = spirv.ID(td.Operands[v])
		default:
			return out
		}
	}
	return out
}

// clamped returns the id of UMin(idx, length-1), or 0 when idx is
// provably below the length. The length is the constant or spec constant
// lenID, or n when lenID is 0.
func (bw *boundWalker) clamped(idx, lenID spirv.ID, n uint64, out []*spirv.Instruction) (spirv.ID, []*spirv.Instruction) {
	b := bw.l.b
	it := bw.typeOf[idx]
	itd := bw.decl[it]
	if itd == nil || itd.Op != spirv.OpTypeInt {
		return 0, out
	}
	known := lenID == 0
	if !known {
		n, known = bw.constValue(lenID)
	}
	var last spirv.ID
	if known {
		if n == 0 || bw.below(idx, n) {
			return 0, out
		}
		last = b.ConstantUint(it, n-1)
	} else {
		// A spec constant (a __local argument's element count): its last
		// index is computed where it is used, and folded by the device's
		// compiler once the constant is specialized.
		l := lenID
		if lt := bw.decl[bw.typeOf[lenID]]; lt == nil || lt.Op != spirv.OpTypeInt {
			return 0, out
		} else if lt.Operands[0] != itd.Operands[0] {
			l = b.NewID()
			out = append(out, &spirv.Instruction{Op: spirv.OpUConvert, ResultType: it, Result: l, Operands: []uint32{uint32(lenID)}})
		}
		last = b.NewID()
		out = append(out, &spirv.Instruction{Op: spirv.OpISub, ResultType: it, Result: last, Operands: []uint32{uint32(l), uint32(b.ConstantUint(it, 1))}})
	}
	r := b.NewID()
	out = append(out, &spirv.Instruction{Op: spirv.OpExtInst, ResultType: it, Result: r,
		Operands: []uint32{uint32(bw.l.glsl), uint32(spirv.GLSLstd450UMin), uint32(idx), uint32(last)}})
	bw.typeOf[r] = it
	return r, out
}

// below reports whether idx is provably less than n: a constant, or x & c
// with c < n, or x % c (unsigned) with c <= n.
func (bw *boundWalker) below(idx spirv.ID, n uint64) bool {
	if v, ok := bw.constValue(idx); ok {
		return v < n
	}
	in := bw.def[idx]
	if in == nil || len(in.Operands) != 2 {
		return false
	}
	switch in.Op {
	case spirv.OpBitwiseAnd:
		for _, o := range in.Operands {
			if c, ok := bw.constValue(spirv.ID(o)); ok && c < n {
				return true
			}
		}
	case spirv.OpUMod:
		if c, ok := bw.constValue(spirv.ID(in.Operands[1])); ok && c != 0 && c <= n {
			return true
		}
	}
	return false
}

// constValue is the value of the integer OpConstant id, zero-extended.
func (bw *boundWalker) constValue(id spirv.ID) (uint64, bool) {
	c := bw.decl[id]
	if c == nil || c.Op != spirv.OpConstant {
		return 0, false
	}
	t := bw.decl[c.ResultType]
	if t == nil || t.Op != spirv.OpTypeInt || len(c.Operands) == 0 {
		return 0, false
	}
	w := t.Operands[0]
	if w > 32 && len(c.Operands) == 2 {
		return spirv.Join64(c.Operands[0], c.Operands[1]), true
	}
	v := uint64(c.Operands[0])
	if w < 32 {
		v &= 1<<w - 1
	}
	return v, true
}
