package fromspirv

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// Storage classes OpenCL uses (SPIR-V's StorageClass).
const (
	scUniformConstant = 0
	scInput           = 1
	scWorkgroup       = 4
	scCrossWorkgroup  = 5
	scPrivate         = 6
	scFunction        = 7
	scGeneric         = 8
	scImage           = 11
)

// addrSpace is the OpenCL C address space qualifier of a storage class.
func (t *translator) addrSpace(in *spirv.Instruction, sc uint32) (string, error) {
	switch sc {
	case scUniformConstant:
		return "__constant", nil
	case scWorkgroup:
		return "__local", nil
	case scCrossWorkgroup:
		return "__global", nil
	case scFunction, scPrivate:
		return "__private", nil
	case scGeneric:
		t.needCL20 = true
		return "__generic", nil
	}
	return "", t.errAt(in, "storage class %v has no OpenCL C address space", spirv.StorageClass(sc))
}

// declareTypes gives every type of the module its C spelling, writing
// typedefs for structs, arrays and pointers.
func (t *translator) declareTypes() error {
	for _, in := range t.m.Globals {
		switch in.Op {
		case spirv.OpTypeStruct, spirv.OpTypeArray, spirv.OpTypeRuntimeArray:
			t.ctype[in.Result] = fmt.Sprintf("_t%d", in.Result)
		case spirv.OpTypePointer:
			t.ctype[in.Result] = fmt.Sprintf("_t%d", in.Result)
		}
	}
	// Structs, arrays and pointers are named first; only the targets of
	// forward pointers are declared before their definitions.
	for _, in := range t.m.Globals {
		if in.Op == spirv.OpTypeForwardPointer && len(in.Operands) > 0 {
			if p := t.def[spirv.ID(in.Operands[0])]; p != nil && len(p.Operands) > 1 {
				if s := t.def[spirv.ID(p.Operands[1])]; s != nil && s.Op == spirv.OpTypeStruct {
					fmt.Fprintf(&t.typedefs, "typedef struct _s%d _t%d;\n", s.Result, s.Result)
					t.forward[s.Result] = true
					if err := t.declareType(p); err != nil {
						return err
					}
					t.forwardPtr[p.Result] = true
				}
			}
		}
	}
	return nil
}

func (t *translator) declareType(in *spirv.Instruction) error {
	ops := in.Operands
	need := func(n int) error {
		if len(ops) < n {
			return t.errAt(in, "too few operands")
		}
		return nil
	}
	id := in.Result
	switch in.Op {
	case spirv.OpTypeVoid:
		t.ctype[id] = "void"
	case spirv.OpTypeBool:
		t.ctype[id] = "bool"
	case spirv.OpTypeInt:
		if err := need(1); err != nil {
			return err
		}
		switch ops[0] {
		case 8:
			t.ctype[id] = "uchar"
		case 16:
			t.ctype[id] = "ushort"
		case 32:
			t.ctype[id] = "uint"
		case 64:
			t.ctype[id] = "ulong"
		default:
			return t.errAt(in, "integer width %d", ops[0])
		}
	case spirv.OpTypeFloat:
		if err := need(1); err != nil {
			return err
		}
		switch ops[0] {
		case 16:
			t.ctype[id] = "half"
			t.exts["cl_khr_fp16"] = true
		case 32:
			t.ctype[id] = "float"
		case 64:
			t.ctype[id] = "double"
			t.exts["cl_khr_fp64"] = true
		default:
			return t.errAt(in, "float width %d", ops[0])
		}
	case spirv.OpTypeVector:
		if err := need(2); err != nil {
			return err
		}
		n := ops[1]
		if n != 2 && n != 3 && n != 4 && n != 8 && n != 16 {
			return t.errAt(in, "vector of %d components", n)
		}
		c := t.def[spirv.ID(ops[0])]
		base := t.ctype[spirv.ID(ops[0])]
		if c == nil || base == "" {
			return t.errAt(in, "component type %%%d is not a scalar type", ops[0])
		}
		switch c.Op {
		case spirv.OpTypeBool:
			base = "char" // -1 true, 0 false, as OpenCL C's vector relations
		case spirv.OpTypeInt, spirv.OpTypeFloat:
		default:
			return t.errAt(in, "component type %%%d is not a scalar type", ops[0])
		}
		t.ctype[id] = fmt.Sprintf("%s%d", base, n)
	case spirv.OpTypeStruct:
		packed := ""
		if _, ok := t.deco(id, spirv.DecorationCPacked); ok {
			packed = " __attribute__((packed))"
		}
		if t.forward[id] {
			fmt.Fprintf(&t.typedefs, "struct%s _s%d {", packed, id)
		} else {
			fmt.Fprintf(&t.typedefs, "typedef struct%s _s%d {", packed, id)
		}
		for i, m := range ops {
			mt, err := t.typeOf(in, spirv.ID(m))
			if err != nil {
				return err
			}
			fmt.Fprintf(&t.typedefs, " %s m%d;", mt, i)
		}
		if len(ops) == 0 {
			t.typedefs.WriteString(" char m_empty;")
		}
		if t.forward[id] {
			t.typedefs.WriteString(" };\n")
		} else {
			fmt.Fprintf(&t.typedefs, " } _t%d;\n", id)
		}
	case spirv.OpTypeArray:
		if err := need(2); err != nil {
			return err
		}
		et, err := t.typeOf(in, spirv.ID(ops[0]))
		if err != nil {
			return err
		}
		n, ok := t.constUint(spirv.ID(ops[1]))
		if !ok || n == 0 {
			return t.errAt(in, "array length %%%d is not a positive integer constant", ops[1])
		}
		fmt.Fprintf(&t.typedefs, "typedef struct _s%d { %s a[%d]; } _t%d;\n", id, et, n, id)
	case spirv.OpTypeRuntimeArray:
		et, err := t.typeOf(in, spirv.ID(ops[0]))
		if err != nil {
			return err
		}
		fmt.Fprintf(&t.typedefs, "typedef struct _s%d { %s a[1]; } _t%d;\n", id, et, id)
	case spirv.OpTypePointer:
		if err := need(2); err != nil {
			return err
		}
		if t.forwardPtr[id] {
			return nil // declared with its forward declaration
		}
		if ops[0] == scInput {
			t.ctype[id] = "void*" // only builtin variables, which are never spelled
			return nil
		}
		as, err := t.addrSpace(in, ops[0])
		if err != nil {
			return err
		}
		pt, ok := t.ctype[spirv.ID(ops[1])]
		if !ok {
			return t.errAt(in, "pointee %%%d is not a type", ops[1])
		}
		if pt == "void" {
			pt = "uchar"
		}
		fmt.Fprintf(&t.typedefs, "typedef %s %s *_t%d;\n", as, pt, id)
	case spirv.OpTypeForwardPointer, spirv.OpTypeFunction:
	case spirv.OpTypeOpaque:
		name := fmt.Sprintf("_t%d", id)
		t.ctype[id] = name
		fmt.Fprintf(&t.typedefs, "typedef struct _s%d %s;\n", id, name)
	case spirv.OpTypeEvent:
		t.ctype[id] = "event_t"
	case spirv.OpTypeImage:
		s, err := t.imageType(in)
		if err != nil {
			return err
		}
		t.ctype[id] = s
	case spirv.OpTypeSampler:
		t.ctype[id] = "sampler_t"
	case spirv.OpTypeSampledImage:
		if len(ops) < 1 || t.ctype[spirv.ID(ops[0])] == "" {
			return t.errAt(in, "image type %%%d is not declared", ops[0])
		}
		t.ctype[id] = t.ctype[spirv.ID(ops[0])]
	case spirv.OpTypePipe,
		spirv.OpTypeQueue, spirv.OpTypeReserveId, spirv.OpTypeDeviceEvent, spirv.OpTypePipeStorage:
		return t.errAt(in, "type not supported (pipes and device-side enqueue are not translated)")
	default:
		if in.Op >= spirv.OpTypeVoid && in.Op <= spirv.OpTypeForwardPointer {
			return t.errAt(in, "type not supported")
		}
	}
	return nil
}

// typeOf is the C spelling of type id, an error naming in without one.
func (t *translator) typeOf(in *spirv.Instruction, id spirv.ID) (string, error) {
	s, ok := t.ctype[id]
	if !ok {
		return "", t.errAt(in, "%%%d is not a type", id)
	}
	return s, nil
}

// typeInfo describes a scalar or vector type: its kind, component width
// and count (1 for scalars).
type typeInfo struct {
	op    spirv.Op // OpTypeInt, OpTypeFloat, OpTypeBool, OpTypePointer, or other
	width uint32
	n     uint32
	comp  spirv.ID
}

func (t *translator) info(id spirv.ID) typeInfo {
	in := t.def[id]
	if in == nil {
		return typeInfo{}
	}
	n := uint32(1)
	comp := id
	if in.Op == spirv.OpTypeVector && len(in.Operands) >= 2 {
		n = in.Operands[1]
		comp = spirv.ID(in.Operands[0])
		in = t.def[comp]
		if in == nil {
			return typeInfo{}
		}
	}
	ti := typeInfo{op: in.Op, n: n, comp: comp}
	if (in.Op == spirv.OpTypeInt || in.Op == spirv.OpTypeFloat) && len(in.Operands) > 0 {
		ti.width = in.Operands[0]
	}
	if in.Op == spirv.OpTypeBool {
		ti.width = 8
	}
	return ti
}

// intName is the C name of an integer of the width, signed or not, with
// n components.
func intName(width uint32, signed bool, n uint32) string {
	s := map[uint32]string{8: "char", 16: "short", 32: "int", 64: "long"}[width]
	if !signed {
		s = "u" + s
	}
	if n > 1 {
		s += fmt.Sprint(n)
	}
	return s
}

// signedOf is the signed C type of integer type id.
func (t *translator) signedOf(id spirv.ID) string {
	ti := t.info(id)
	return intName(ti.width, true, ti.n)
}

// reinterpret writes the bits of expr (of the same size) as type to: a
// cast for scalars, as_type for vectors.
func reinterpret(to string, n uint32, expr string) string {
	if n > 1 {
		return fmt.Sprintf("as_%s(%s)", to, expr)
	}
	return fmt.Sprintf("((%s)(%s))", to, expr)
}

// pointee returns the storage class and pointee type of pointer type id.
func (t *translator) pointee(id spirv.ID) (sc uint32, elem spirv.ID, ok bool) {
	in := t.def[id]
	if in == nil || in.Op != spirv.OpTypePointer || len(in.Operands) < 2 {
		return 0, 0, false
	}
	return in.Operands[0], spirv.ID(in.Operands[1]), true
}
