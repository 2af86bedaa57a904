package lower

import (
	"encoding/binary"

	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// Program-scope variables that pointers view with several types (a
// __constant uint table read through a uchar pointer) are word arrays like
// any other such object (words.go); their initializer is then the bytes of
// the typed initializer, read back from the SPIR-V constants constInit
// builds, in the variable's memory layout.

// wordsInit returns the constant word array initializing program-scope
// variable v of type t, declared as array type at.
func (fs *fnState) wordsInit(v *types.Var, t types.Type, at spirv.ID) spirv.ID {
	size := fs.conf.Sizeof(t)
	buf := make([]byte, 4*wordCount(size))
	fs.constBytes(fs.constInit(t, fs.initOf(v)), t, buf)
	words := make([]spirv.ID, len(buf)/4)
	for i := range words {
		words[i] = fs.u32(binary.LittleEndian.Uint32(buf[4*i:]))
	}
	return fs.b.ConstantComposite(at, words...)
}

// constBytes writes constant c, of the value type of t, into buf.
func (fs *fnState) constBytes(c spirv.ID, t types.Type, buf []byte) {
	in := fs.b.Def(c)
	if in == nil {
		return
	}
	switch in.Op {
	case spirv.OpConstantNull, spirv.OpConstantFalse:
		return // zeros
	case spirv.OpConstantTrue:
		buf[0] = 1
		return
	case spirv.OpConstant:
		var w [8]byte
		for i, x := range in.Operands {
			if i < 2 {
				binary.LittleEndian.PutUint32(w[4*i:], x)
			}
		}
		copy(buf[:min(int64(len(buf)), max(fs.conf.Sizeof(t), 0))], w[:])
		return
	case spirv.OpConstantComposite:
	default:
		return
	}
	parts := in.Operands
	switch t := types.Underlying(t).(type) {
	case *types.Vector:
		// Scalars, or (beyond 4) vec4 chunks of them.
		var leaves []spirv.ID
		for _, p := range parts {
			if d := fs.b.Def(spirv.ID(p)); d != nil && d.Op == spirv.OpConstantComposite {
				for _, q := range d.Operands {
					leaves = append(leaves, spirv.ID(q))
				}
			} else {
				leaves = append(leaves, spirv.ID(p))
			}
		}
		es := t.Elem.Size()
		for i, l := range leaves {
			if off := int64(i) * es; off < int64(len(buf)) {
				fs.constBytes(l, t.Elem, buf[off:])
			}
		}
	case *types.Array:
		es := fs.conf.Sizeof(t.Elem)
		for i, p := range parts {
			if off := int64(i) * es; off < int64(len(buf)) {
				fs.constBytes(spirv.ID(p), t.Elem, buf[off:])
			}
		}
	case *types.Struct:
		if t.Union || len(t.Fields) == 0 {
			// Words (unionConst).
			for i, p := range parts {
				if 4*i < len(buf) {
					fs.constBytes(spirv.ID(p), types.Typ[types.UInt], buf[4*i:])
				}
			}
			return
		}
		for i, p := range parts {
			if i < len(t.Fields) && t.Fields[i].Offset < int64(len(buf)) {
				fs.constBytes(spirv.ID(p), t.Fields[i].Type, buf[t.Fields[i].Offset:])
			}
		}
	}
}

// unionConst is the constant of union type t (value type vt, an array of
// words) initialized by in: the bytes of the member it initializes (the
// first, unless designated), zeros after them.
func (fs *fnState) unionConst(t *types.Struct, in *types.Init, vt spirv.ID) spirv.ID {
	buf := make([]byte, 4*wordCount(t.Size))
	if in != nil {
		for i, e := range in.Elems {
			if e != nil && i < len(t.Fields) {
				fs.constBytes(fs.constInit(t.Fields[i].Type, e), t.Fields[i].Type, buf)
				break
			}
		}
	}
	words := make([]spirv.ID, len(buf)/4)
	for i := range words {
		words[i] = fs.u32(binary.LittleEndian.Uint32(buf[4*i:]))
	}
	return fs.b.ConstantComposite(vt, words...)
}
