package spirv

import "math"

// Workgroup memory a kernel declares itself (CL_KERNEL_LOCAL_MEM_SIZE
// counts it, besides the __local arguments set). ClspvReflection has no
// instruction for it, so it is read off the module: the Workgroup
// variables of fixed size that the kernel's function and its callees use.
// __local arguments are Workgroup arrays sized by spec constants and are
// left out; so works for clspv's modules as for clgo's.

// WorkgroupBytes returns the bytes of the fixed-size Workgroup variables
// that function fn and the functions it calls use, by function id: the
// LocalMemSize of a kernel the reflection does not describe.
func WorkgroupBytes(m *Module) func(fn ID) uint64 { return workgroupBytes(m) }

// workgroupBytes returns the bytes of the fixed-size Workgroup variables
// that function fn and the functions it calls use, by function id.
func workgroupBytes(m *Module) func(fn ID) uint64 {
	mi := newModuleInfo()
	vars := map[ID]uint64{} // fixed-size Workgroup variable -> bytes
	consts := map[ID]uint64{}
	for _, in := range m.Globals {
		mi.add(in)
		switch in.Op {
		case OpConstant:
			if len(in.Operands) > 0 {
				consts[in.Result] = uint64(in.Operands[0])
			}
		case OpVariable:
			if len(in.Operands) > 0 && StorageClass(in.Operands[0]) == StorageClassWorkgroup {
				if pt := mi.typeDecl(in.ResultType); pt != nil && pt.Op == OpTypePointer && len(pt.Operands) == 2 {
					if n, ok := typeBytes(mi, consts, ID(pt.Operands[1]), 0); ok {
						vars[in.Result] = n
					}
				}
			}
		}
	}
	funcs := map[ID]*Function{}
	for _, f := range m.Functions {
		funcs[f.ID] = f
	}
	return func(fn ID) uint64 {
		seen := map[ID]bool{}
		used := map[ID]bool{}
		var visit func(id ID)
		visit = func(id ID) {
			f := funcs[id]
			if f == nil || seen[id] {
				return
			}
			seen[id] = true
			for _, blk := range f.Blocks {
				for _, in := range blk.Insts {
					w := &walker{in: in, bound: math.MaxUint32, ctx: mi, lenient: true, visit: func(o operand) {
						if !o.kind.IsID() || o.n != 1 {
							return
						}
						id := ID(in.Operands[o.start])
						if _, ok := vars[id]; ok {
							used[id] = true
						}
					}}
					if walk(w) != nil {
						continue
					}
					if in.Op == OpFunctionCall && len(in.Operands) > 0 {
						visit(ID(in.Operands[0]))
					}
				}
			}
		}
		visit(fn)
		var total uint64
		for v := range used {
			total = min(total+vars[v], math.MaxUint64/2)
		}
		return total
	}
}

// typeBytes is the size of a Workgroup variable's type: scalars by their
// width, vectors of 3 as of 4 (as OpenCL C sizes them), arrays by their
// constant length; ok is false for arrays sized by spec constants. The
// module may not be validated: depth stops a type that contains itself, and
// sizes saturate instead of wrapping.
func typeBytes(mi *moduleInfo, consts map[ID]uint64, t ID, depth int) (n uint64, ok bool) {
	in := mi.typeDecl(t)
	if in == nil || depth > maxTypeDepth {
		return 0, false
	}
	depth++
	switch in.Op {
	case OpTypeBool:
		return 1, true
	case OpTypeInt, OpTypeFloat:
		if len(in.Operands) == 0 {
			return 0, false
		}
		return uint64(in.Operands[0]) / 8, true
	case OpTypeVector:
		e, ok := typeBytes(mi, consts, ID(in.Operands[0]), depth)
		c := uint64(in.Operands[1])
		if c == 3 {
			c = 4
		}
		return satMul(e, c), ok
	case OpTypeArray:
		l, isConst := consts[ID(in.Operands[1])]
		e, ok := typeBytes(mi, consts, ID(in.Operands[0]), depth)
		return satMul(e, l), ok && isConst
	case OpTypeStruct:
		for _, m := range in.Operands {
			e, ok := typeBytes(mi, consts, ID(m), depth)
			if !ok {
				return 0, false
			}
			n = min(n+e, math.MaxUint64/2)
		}
		return n, true
	}
	return 0, false
}

// maxTypeDepth bounds the nesting of types that typeBytes follows.
const maxTypeDepth = 256

// satMul is a*b, or math.MaxUint64/2 where that overflows.
func satMul(a, b uint64) uint64 {
	if a != 0 && b > (math.MaxUint64/2)/a {
		return math.MaxUint64 / 2
	}
	return a * b
}
