package lower

import (
	"fmt"

	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// All integers are unsigned SPIR-V types, as in clspv: signedness lives in
// the opcodes (OpSDiv, OpSLessThan, ...), so that values of int and uint
// share one type and need no bitcasts.

// scalarType returns the SPIR-V type of a scalar kind, declaring the
// capability it needs.
func (l *lowerer) scalarType(k types.Kind) spirv.ID {
	b := l.b
	switch k {
	case types.Bool:
		return b.TypeBool()
	case types.Char, types.UChar:
		b.Capability(spirv.CapabilityInt8)
		return b.TypeInt(8, 0)
	case types.Short, types.UShort:
		b.Capability(spirv.CapabilityInt16)
		return b.TypeInt(16, 0)
	case types.Int, types.UInt:
		return b.TypeInt(32, 0)
	case types.Long, types.ULong:
		b.Capability(spirv.CapabilityInt64)
		return b.TypeInt(64, 0)
	case types.Half:
		b.Capability(spirv.CapabilityFloat16)
		return b.TypeFloat(16)
	case types.Float:
		return b.TypeFloat(32)
	case types.Double:
		b.Capability(spirv.CapabilityFloat64)
		return b.TypeFloat(64)
	case types.Void:
		return b.TypeVoid()
	}
	panic(fmt.Sprintf("lower: no SPIR-V type for %v", k))
}

func (l *lowerer) uint32T() spirv.ID { return l.b.TypeInt(32, 0) }
func (l *lowerer) boolT() spirv.ID   { return l.b.TypeBool() }

// u32 returns a 32-bit integer constant.
func (l *lowerer) u32(v uint32) spirv.ID { return l.b.ConstantUint(l.uint32T(), uint64(v)) }

// chunkLen is the number of components of one SPIR-V vector piece of an
// OpenCL vector of n components: Shader SPIR-V has no 8- and 16-component
// vectors, so those are arrays of 4-component chunks.
func chunkLen(n int) int {
	if n > 4 {
		return 4
	}
	return n
}

// vecType returns the SPIR-V type of an n-component vector of element type
// elem (a scalar id): OpTypeVector for n <= 4, an array of vec4 otherwise.
func (l *lowerer) vecType(elem spirv.ID, n int) spirv.ID {
	if n == 1 {
		return elem
	}
	if n <= 4 {
		return l.b.TypeVector(elem, uint32(n))
	}
	return l.b.TypeArray(l.b.TypeVector(elem, 4), l.u32(uint32(n/4)))
}

// valType returns the SPIR-V type of a value of C type t, as held in SSA
// values and Function, Private and Workgroup variables (no explicit layout).
// A union is an array of 32-bit words.
func (l *lowerer) valType(t types.Type) spirv.ID {
	switch t := types.Underlying(t).(type) {
	case *types.Basic:
		return l.scalarType(t.Kind)
	case *types.Vector:
		return l.vecType(l.scalarType(t.Elem.Kind), t.Len)
	case *types.Array:
		n := t.Len
		if n <= 0 {
			n = 1
		}
		return l.b.TypeArray(l.valType(t.Elem), l.u32(uint32(n)))
	case *types.Struct:
		if id, ok := l.structVal[t]; ok {
			return id
		}
		var id spirv.ID
		if t.Union || len(t.Fields) == 0 {
			id = l.b.TypeArray(l.uint32T(), l.u32(uint32(wordCount(t.Size))))
		} else {
			ms := make([]spirv.ID, len(t.Fields))
			for i, f := range t.Fields {
				ms[i] = l.valType(f.Type)
			}
			id = l.b.NewTypeStruct(ms...)
			if t.Tag != "" {
				l.b.Name(id, "struct."+t.Tag)
			}
		}
		l.structVal[t] = id
		return id
	case *types.Pointer:
		return l.ptrMemType()
	case *types.Event:
		return l.uint32T() // a dummy: see async.go
	}
	panic(fmt.Sprintf("lower: no SPIR-V value type for %v", t))
}

func wordCount(size int64) int64 {
	n := (size + 3) / 4
	if n == 0 {
		n = 1
	}
	return n
}

// memType returns the explicitly laid out SPIR-V type of C type t as it is
// stored in StorageBuffer, Uniform and PushConstant memory: the OpenCL C
// layout (offsets, array strides), which satisfies Vulkan's std430 rules.
// Scalars and vectors of up to 4 components are the same ids as valType.
func (l *lowerer) memType(t types.Type) spirv.ID {
	t = types.Underlying(t)
	switch t := t.(type) {
	case *types.Basic:
		if t.Kind == types.Bool {
			// bool has no size in memory; OpenCL forbids it in buffers,
			// but a private struct may hold one: store it as a uchar.
			return l.scalarType(types.UChar)
		}
		return l.scalarType(t.Kind)
	case *types.Vector:
		if t.Len <= 4 {
			return l.valType(t)
		}
	case *types.Event:
		return l.uint32T()
	}
	k := typeKey(t)
	if id, ok := l.memTypes[k]; ok {
		return id
	}
	var id spirv.ID
	switch t := t.(type) {
	case *types.Vector:
		chunk := l.b.TypeVector(l.scalarType(t.Elem.Kind), 4)
		id = l.b.NewTypeArray(chunk, l.u32(uint32(t.Len/4)))
		l.b.Decorate(id, spirv.DecorationArrayStride, uint32(4*t.Elem.Size()))
	case *types.Array:
		n := t.Len
		if n <= 0 {
			n = 1
		}
		id = l.b.NewTypeArray(l.memType(t.Elem), l.u32(uint32(n)))
		l.b.Decorate(id, spirv.DecorationArrayStride, uint32(l.conf.Sizeof(t.Elem)))
	case *types.Struct:
		if t.Union || len(t.Fields) == 0 {
			id = l.b.NewTypeArray(l.uint32T(), l.u32(uint32(wordCount(t.Size))))
			l.b.Decorate(id, spirv.DecorationArrayStride, 4)
			break
		}
		ms := make([]spirv.ID, len(t.Fields))
		for i, f := range t.Fields {
			ms[i] = l.memType(f.Type)
		}
		id = l.b.NewTypeStruct(ms...)
		for i, f := range t.Fields {
			l.b.MemberDecorate(id, uint32(i), spirv.DecorationOffset, uint32(f.Offset))
		}
	case *types.Pointer:
		if !l.opts.Physical {
			l.errorf(l.pos, msgPointerInBuffer)
		}
		id = l.ptrMemType()
	default:
		panic(fmt.Sprintf("lower: no SPIR-V memory type for %v", t))
	}
	l.memTypes[k] = id
	return id
}

// typeKey identifies a type for caches: structurally for scalars, vectors
// and arrays, by identity for structs.
func typeKey(t types.Type) string {
	switch t := types.Underlying(t).(type) {
	case *types.Basic:
		return t.Kind.String()
	case *types.Vector:
		return fmt.Sprintf("%v%d", t.Elem.Kind, t.Len)
	case *types.Array:
		return fmt.Sprintf("%s[%d]", typeKey(t.Elem), t.Len)
	case *types.Pointer:
		return fmt.Sprintf("%s %v*", typeKey(t.Elem), t.Space)
	case *types.Struct:
		return fmt.Sprintf("struct %p", t)
	}
	return fmt.Sprintf("%T %p", t, t)
}

// hasLayoutTypes reports whether the memory type of t differs from its
// value type (arrays, structs, wide vectors, bools), so that a loaded value
// must be copied member by member into the value type.
func hasLayoutTypes(t types.Type) bool {
	switch t := types.Underlying(t).(type) {
	case *types.Basic:
		return t.Kind == types.Bool
	case *types.Vector:
		return t.Len > 4
	}
	return true
}

// isBoolType reports whether t is the C bool type.
func isBoolType(t types.Type) bool {
	b, ok := types.Underlying(t).(*types.Basic)
	return ok && b.Kind == types.Bool
}

// isSigned reports whether t's scalar (or element) kind is a signed integer.
func isSigned(t types.Type) bool {
	k := types.ElemKind(t)
	return k.IsInteger() && k.IsSigned()
}

func isFloat(t types.Type) bool { return types.ElemKind(t).IsFloat() }

func isPointer(t types.Type) bool {
	_, ok := types.Underlying(t).(*types.Pointer)
	return ok
}

func elemBasic(t types.Type) *types.Basic {
	switch t := types.Underlying(t).(type) {
	case *types.Basic:
		return t
	case *types.Vector:
		return t.Elem
	}
	return nil
}

// innermost returns the element type of a (possibly nested) array type, and
// the total number of those elements.
func innermost(t types.Type) (types.Type, int64) {
	n := int64(1)
	for {
		a, ok := types.Underlying(t).(*types.Array)
		if !ok {
			return t, n
		}
		if a.Len > 0 {
			n *= a.Len
		}
		t = a.Elem
	}
}
