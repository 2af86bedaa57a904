package opt_test

import (
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/opt"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// sroaTypes declares the aggregates of the tests below: uint[4],
// uint[2][2], and struct { uint; uint[2]; }, with their Function pointers.
const sroaTypes = `
%u4 = OpConstant %uint 4
%arr4 = OpTypeArray %uint %u4
%arr2 = OpTypeArray %uint %u2
%arr22 = OpTypeArray %arr2 %u2
%agg = OpTypeStruct %uint %arr2
%pf4 = OpTypePointer Function %arr4
%pf2 = OpTypePointer Function %arr2
%pf22 = OpTypePointer Function %arr22
%pfagg = OpTypePointer Function %agg
`

// functionVars counts m's Function variables.
func functionVars(m *spirv.Module) int {
	n := 0
	m.Walk(func(in *spirv.Instruction) {
		if in.Op == spirv.OpVariable && spirv.StorageClass(in.Operands[0]) == spirv.StorageClassFunction {
			n++
		}
	})
	return n
}

// A tile accumulator: uint acc[4] written and read at constant indexes
// across a branch. ScalarReplace makes four uint variables; Run then
// leaves no variable and no array value, only uint phis at the join
// (one per element the branch writes).
func TestScalarReplaceArray(t *testing.T) {
	m := assemble(t, header+sroaTypes+`
%main = OpFunction %void None %fnv
%l0 = OpLabel
%acc = OpVariable %pf4 Function
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%p0 = OpAccessChain %pfu %acc %u0
%p1 = OpAccessChain %pfu %acc %u1
%p2 = OpInBoundsAccessChain %pfu %acc %u2
%p3 = OpAccessChain %pfu %acc %u3
OpStore %p0 %x
OpStore %p1 %u1
OpStore %p2 %u2
OpStore %p3 %u3
%c = OpULessThan %bool %x %u10
OpSelectionMerge %join None
OpBranchConditional %c %then %join
%then = OpLabel
%a = OpLoad %uint %p0
%b = OpIAdd %uint %a %x
OpStore %p0 %b
OpStore %p3 %u10
OpBranch %join
%join = OpLabel
%e0 = OpLoad %uint %p0
%e1 = OpLoad %uint %p1
%e3 = OpLoad %uint %p3
%s = OpIAdd %uint %e0 %e1
%s2 = OpIAdd %uint %s %e3
%p = OpAccessChain %pu %buf %u0 %x
OpStore %p %s2
OpReturn
OpFunctionEnd
`)
	if err := opt.ScalarReplace(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	contains(t, m, "OpVariable %_ptr_Function_uint Function")
	if n := functionVars(m); n != 4 {
		t.Errorf("%d Function variables after ScalarReplace, want 4\n%s", n, dis(m))
	}
	if err := opt.Run(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	for op, want := range map[spirv.Op]int{spirv.OpPhi: 2, spirv.OpCompositeInsert: 0, spirv.OpCompositeExtract: 1, spirv.OpLoad: 1} {
		if n := count(m, op); n != want {
			t.Errorf("%d %v, want %d\n%s", n, op, want, dis(m))
		}
	}
	if n := functionVars(m); n != 0 {
		t.Errorf("%d Function variables after Run, want 0\n%s", n, dis(m))
	}
	// The phis merge acc[0] (x or x+x) and acc[3] (3 or 10), and the sum
	// adds acc[1], 1: the join computes phi0 + 1 + phi3.
	hasLine(t, m, "OpPhi %uint", "%uint_3", "%uint_10")
	if n := count(m, spirv.OpIAdd); n != 3 {
		t.Errorf("%d OpIAdd, want 3 (x+x, phi+1, +phi)\n%s", n, dis(m))
	}
}

// Whole loads and stores, nesting and initializers: a struct copied whole
// into another, a uint[2][2] written element by element, and a uint[4]
// with a constant initializer. Every value is a constant, so after Run
// the kernel stores the sum computed by hand: s = {3, {4, 5}} copied to
// u; t = {{6, 7}, {8, 9}}; init = {10, 11, 12, 13};
// u.0 + u.1[1] + t[1][0] + init[2] = 3 + 5 + 8 + 12 = 28.
func TestScalarReplaceWholeNestedInit(t *testing.T) {
	m := assemble(t, header+sroaTypes+`
%u5 = OpConstant %uint 5
%u6 = OpConstant %uint 6
%u7 = OpConstant %uint 7
%u8 = OpConstant %uint 8
%u9 = OpConstant %uint 9
%u11 = OpConstant %uint 11
%u12 = OpConstant %uint 12
%u13 = OpConstant %uint 13
%init = OpConstantComposite %arr4 %u10 %u11 %u12 %u13
%row = OpConstantComposite %arr2 %u8 %u9
%main = OpFunction %void None %fnv
%l0 = OpLabel
%s = OpVariable %pfagg Function
%u = OpVariable %pfagg Function
%t = OpVariable %pf22 Function
%iv = OpVariable %pf4 Function %init
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%s0 = OpAccessChain %pfu %s %u0
OpStore %s0 %u3
%s1 = OpAccessChain %pf2 %s %u1
%s10 = OpAccessChain %pfu %s1 %u0
OpStore %s10 %u4
%s11 = OpAccessChain %pfu %s %u1 %u1
OpStore %s11 %u5
%sv = OpLoad %agg %s
OpStore %u %sv
%t00 = OpAccessChain %pfu %t %u0 %u0
OpStore %t00 %u6
%t01 = OpAccessChain %pfu %t %u0 %u1
OpStore %t01 %u7
%t1 = OpAccessChain %pf2 %t %u1
OpStore %t1 %row
%a = OpAccessChain %pfu %u %u0
%av = OpLoad %uint %a
%b = OpAccessChain %pfu %u %u1 %u1
%bv = OpLoad %uint %b
%c = OpAccessChain %pfu %t %u1 %u0
%cv = OpLoad %uint %c
%d = OpAccessChain %pfu %iv %u2
%dv = OpLoad %uint %d
%r1 = OpIAdd %uint %av %bv
%r2 = OpIAdd %uint %r1 %cv
%r3 = OpIAdd %uint %r2 %dv
%p = OpAccessChain %pu %buf %u0 %x
OpStore %p %r3
OpReturn
OpFunctionEnd
`)
	if err := opt.Run(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	if n := functionVars(m); n != 0 {
		t.Errorf("%d Function variables after Run, want 0\n%s", n, dis(m))
	}
	for op, want := range map[spirv.Op]int{spirv.OpLoad: 1, spirv.OpIAdd: 0, spirv.OpCompositeConstruct: 0} {
		if n := count(m, op); n != want {
			t.Errorf("%d %v, want %d\n%s", n, op, want, dis(m))
		}
	}
	hasLine(t, m, "OpStore", "%uint_28")
}

// An unrolled loop's index: i is a variable holding 1, so acc[i*2+1] is
// acc[3] only after mem2reg and folding; Run's second round splits acc
// then and promotes its elements.
func TestScalarReplaceAfterFold(t *testing.T) {
	m := assemble(t, header+sroaTypes+`
%main = OpFunction %void None %fnv
%l0 = OpLabel
%i = OpVariable %pfu Function
%acc = OpVariable %pf4 Function
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
OpStore %i %u1
%iv = OpLoad %uint %i
%i2 = OpIMul %uint %iv %u2
%k = OpIAdd %uint %i2 %u1
%pk = OpAccessChain %pfu %acc %k
OpStore %pk %x
%p0 = OpAccessChain %pfu %acc %u0
OpStore %p0 %u10
%v0 = OpLoad %uint %p0
%p3 = OpAccessChain %pfu %acc %u3
%v3 = OpLoad %uint %p3
%s = OpIAdd %uint %v0 %v3
%p = OpAccessChain %pu %buf %u0 %x
OpStore %p %s
OpReturn
OpFunctionEnd
`)
	if err := opt.Run(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	if n := functionVars(m); n != 0 {
		t.Errorf("%d Function variables after Run, want 0\n%s", n, dis(m))
	}
	// acc[0] + acc[3] = 10 + x.
	hasLine(t, m, "OpIAdd %uint %uint_10")
}

// Variables whose pointer escapes stay whole: one indexed by a variable,
// one passed to a function, both of an OpCopyMemory, one loaded whole
// with Volatile, and one whose element pointer is copied by OpCopyObject
// (an alias ScalarReplace would not follow). Only %ok, used by constant
// chains, is split.
func TestScalarReplaceEscapes(t *testing.T) {
	m := assemble(t, header+sroaTypes+`
%fnp = OpTypeFunction %void %pf4
%callee = OpFunction %void None %fnp
%arg = OpFunctionParameter %pf4
%cl = OpLabel
%ap = OpAccessChain %pfu %arg %u0
OpStore %ap %u1
OpReturn
OpFunctionEnd
%main = OpFunction %void None %fnv
%l0 = OpLabel
%dyn = OpVariable %pf4 Function
%call = OpVariable %pf4 Function
%src = OpVariable %pf4 Function
%dst = OpVariable %pf4 Function
%vol = OpVariable %pf4 Function
%cpy = OpVariable %pf4 Function
%ok = OpVariable %pf4 Function
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%xi = OpBitwiseAnd %uint %x %u3
%pd = OpAccessChain %pfu %dyn %xi
OpStore %pd %x
%r0 = OpLoad %uint %pd
%c = OpFunctionCall %void %callee %call
%pc = OpAccessChain %pfu %call %u0
%r1 = OpLoad %uint %pc
%ps = OpAccessChain %pfu %src %u0
OpStore %ps %x
OpCopyMemory %dst %src
%pdst = OpAccessChain %pfu %dst %u0
%r2 = OpLoad %uint %pdst
%pv = OpAccessChain %pfu %vol %u1
OpStore %pv %x
%whole = OpLoad %arr4 %vol Volatile
%r3 = OpCompositeExtract %uint %whole 1
%pcp = OpAccessChain %pfu %cpy %u2
%alias = OpCopyObject %pfu %pcp
OpStore %alias %x
%r4 = OpLoad %uint %pcp
%pok = OpAccessChain %pfu %ok %u1
OpStore %pok %x
%r5 = OpLoad %uint %pok
%s1 = OpIAdd %uint %r0 %r1
%s2 = OpIAdd %uint %s1 %r2
%s3 = OpIAdd %uint %s2 %r3
%s4 = OpIAdd %uint %s3 %r4
%s5 = OpIAdd %uint %s4 %r5
%p = OpAccessChain %pu %buf %u0 %x
OpStore %p %s5
OpReturn
OpFunctionEnd
`)
	if err := opt.ScalarReplace(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	// Six arrays stay, %ok becomes four uint variables.
	arrays, others := 0, 0
	byID := map[spirv.ID]*spirv.Instruction{}
	for _, in := range m.Globals {
		byID[in.Result] = in
	}
	m.Walk(func(in *spirv.Instruction) {
		if in.Op != spirv.OpVariable || spirv.StorageClass(in.Operands[0]) != spirv.StorageClassFunction {
			return
		}
		if pointee := byID[spirv.ID(byID[in.ResultType].Operands[1])]; pointee.Op == spirv.OpTypeArray {
			arrays++
		} else {
			others++
		}
	})
	if arrays != 6 || others != 4 {
		t.Errorf("%d array and %d other Function variables, want 6 and 4\n%s", arrays, others, dis(m))
	}
}

// hasLine reports an error unless a line of m's disassembly holds every
// string of want.
func hasLine(t *testing.T, m *spirv.Module, want ...string) {
	t.Helper()
	d := dis(m)
	for _, l := range strings.Split(d, "\n") {
		ok := true
		for _, w := range want {
			ok = ok && strings.Contains(l, w)
		}
		if ok {
			return
		}
	}
	t.Errorf("no line with %q in\n%s", want, d)
}

// An array of one element indexed by a variable (CLBlast's realM apm[1]
// under a loop over MWI/VWM == 1): the index can only be 0, so the array
// is split and promoted; the store reads x back.
func TestScalarReplaceSingleElement(t *testing.T) {
	m := assemble(t, header+`
%arr1 = OpTypeArray %v4uint %u1
%pf1 = OpTypePointer Function %arr1
%main = OpFunction %void None %fnv
%l0 = OpLabel
%one = OpVariable %pf1 Function
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%y = OpCompositeExtract %uint %g 1
%pv = OpAccessChain %pfv %one %y
%px = OpAccessChain %pfu %one %y %u2
OpStore %px %x
%v = OpLoad %v4uint %pv
%e = OpCompositeExtract %uint %v 2
%p = OpAccessChain %pu %buf %u0 %x
OpStore %p %e
OpReturn
OpFunctionEnd
`)
	if err := opt.Run(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	if n := functionVars(m); n != 0 {
		t.Errorf("%d Function variables after Run, want 0\n%s", n, dis(m))
	}
	if n := count(m, spirv.OpLoad); n != 1 {
		t.Errorf("%d OpLoad, want 1 (gid)\n%s", n, dis(m))
	}
}
