package lanes

import "github.com/clgo/clgo/spirv"

// Constant tables: a Private variable with an initializer too large to
// scalarize (ed25519's 24 KB table of base multiples in a password
// cracker) that no instruction writes is one read-only copy for every
// lane: a RegionBuffer with no descriptor set (Set -1) whose bytes are
// Init, which the driver binds as the region's memory. Loads from it are
// buffer loads; nothing else changes.

// maxConstTable bounds the bytes of a table kept so (the host's
// __constant memory is 1 MiB).
const maxConstTable = 64 << 20

// constTable makes the region of def, a Workgroup or Private variable of
// type t, where it is such a table; ok says whether it is.
func (b *builder) constTable(def *spirv.Instruction, t *typ, class spirv.StorageClass, name string) (region int, ok bool, err error) {
	if class != spirv.StorageClassPrivate || len(def.Operands) < 2 || t.leaves != nil || t.size > maxConstTable {
		return 0, false, nil
	}
	if !b.readOnly(def.Result) {
		return 0, false, nil
	}
	img := make([]byte, t.size)
	if err := b.constBytes(spirv.ID(def.Operands[1]), t, img); err != nil {
		return 0, false, err
	}
	b.p.Regions = append(b.p.Regions, Region{Kind: RegionBuffer, Set: -1, Binding: -1, Init: img, Name: "constant table " + name})
	return len(b.p.Regions) - 1, true, nil
}

// readOnly reports whether the functions only load through variable v
// and the access chains made from it: any other use of such a pointer (a
// store, an atomic, a copy, a call, a phi) counts as a write.
func (b *builder) readOnly(v spirv.ID) bool {
	derived := map[spirv.ID]bool{v: true}
	for range 2 { // a phi may name a chain defined after it
		for _, f := range b.x.Module.Functions {
			for _, bl := range f.Blocks {
				for _, in := range bl.Insts {
					switch in.Op {
					case spirv.OpLoad:
						continue // the pointer operand: a read
					case spirv.OpAccessChain, spirv.OpInBoundsAccessChain, spirv.OpPtrAccessChain, spirv.OpInBoundsPtrAccessChain:
						if len(in.Operands) > 0 && derived[spirv.ID(in.Operands[0])] {
							derived[in.Result] = true
							for _, w := range in.Operands[1:] {
								if derived[spirv.ID(w)] {
									return false
								}
							}
							continue
						}
					}
					for _, w := range in.Operands {
						if derived[spirv.ID(w)] {
							return false
						}
					}
				}
			}
		}
	}
	return true
}

// constBytes writes constant id of type t into out, laid out as t is in
// memory.
func (b *builder) constBytes(id spirv.ID, t *typ, out []byte) error {
	in := b.x.Defs[id]
	if in == nil || t == nil || t.size > len(out) {
		return unsupported("constant", "%%%d: no layout", id)
	}
	switch in.Op {
	case spirv.OpConstantNull, spirv.OpUndef:
		clear(out[:t.size])
		return nil
	case spirv.OpConstantComposite, spirv.OpSpecConstantComposite:
		if t.leaves != nil {
			break // small enough: its scalars below
		}
		for i, w := range in.Operands {
			var et *typ
			off := 0
			switch t.op {
			case spirv.OpTypeArray, spirv.OpTypeVector:
				et, off = t.elem, i*t.stride
			case spirv.OpTypeStruct:
				if i >= len(t.fields) {
					return unsupported(in.Op.String(), "member %d", i)
				}
				et, off = t.fields[i], t.offs[i]
			default:
				return unsupported(in.Op.String(), "of %s", t)
			}
			if off < 0 || off > len(out) {
				return unsupported(in.Op.String(), "constituent %d out of its layout", i)
			}
			if err := b.constBytes(spirv.ID(w), et, out[off:]); err != nil {
				return err
			}
		}
		return nil
	}
	c, err := b.constant(id)
	if err != nil {
		return err
	}
	if len(c.bits) != len(t.leaves) {
		return unsupported(in.Op.String(), "a constant of %d scalars for %d", len(c.bits), len(t.leaves))
	}
	for i, lf := range t.leaves {
		v := c.bits[i]
		if lf.kind == Mask && v != 0 {
			v = 0xffffffff
		}
		if lf.off+lf.size > len(out) {
			return unsupported(in.Op.String(), "a scalar out of its layout")
		}
		putLeaf(out[lf.off:], lf.size, v)
	}
	return nil
}
