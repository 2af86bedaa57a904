package opt_test

import (
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/opt"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// Extracts of constructs and inserts read the constituent; integer
// arithmetic on constants becomes a constant; the store then writes
// x + (x + 10) where x is the invocation id.
func TestFoldComposites(t *testing.T) {
	m := assemble(t, header+`
%v2uint = OpTypeVector %uint 2
%main = OpFunction %void None %fnv
%l0 = OpLabel
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%c = OpIMul %uint %u2 %u3
%c2 = OpIAdd %uint %c %u1
%c3 = OpISub %uint %c2 %u1
%c4 = OpShiftLeftLogical %uint %c3 %u1
%c5 = OpISub %uint %c4 %u2
%ten = OpCopyObject %uint %c5
%lo = OpCompositeConstruct %v2uint %x %ten
%v = OpCompositeConstruct %v4uint %lo %u3 %u3
%v2 = OpCompositeInsert %v4uint %u0 %v 3
%e0 = OpCompositeExtract %uint %v2 0
%e1 = OpCompositeExtract %uint %v2 1
%e3 = OpCompositeExtract %uint %v2 3
%s = OpIAdd %uint %e0 %e1
%s2 = OpIAdd %uint %s %e3
%s3 = OpIAdd %uint %s2 %x
%p = OpAccessChain %pu %buf %u0 %x
OpStore %p %s3
OpReturn
OpFunctionEnd
`)
	if err := opt.FoldComposites(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	if err := opt.DCE(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	for op, want := range map[spirv.Op]int{
		spirv.OpCompositeConstruct: 0, spirv.OpCompositeInsert: 0, spirv.OpCompositeExtract: 1,
		spirv.OpIMul: 0, spirv.OpISub: 0, spirv.OpShiftLeftLogical: 0, spirv.OpCopyObject: 0,
		spirv.OpIAdd: 3,
	} {
		if n := count(m, op); n != want {
			t.Errorf("%d %v, want %d\n%s", n, op, want, dis(m))
		}
	}
	contains(t, m, "OpConstant %uint 10")
}

// Undefined results stay: a division by zero and a shift by the width.
func TestFoldKeepsUndefined(t *testing.T) {
	m := assemble(t, header+`
%u32 = OpConstant %uint 32
%main = OpFunction %void None %fnv
%l0 = OpLabel
%d = OpUDiv %uint %u1 %u0
%s = OpShiftLeftLogical %uint %u1 %u32
%a = OpIAdd %uint %d %s
%p = OpAccessChain %pu %buf %u0 %u0
OpStore %p %a
OpReturn
OpFunctionEnd
`)
	if err := opt.Run(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	if count(m, spirv.OpUDiv) != 1 || count(m, spirv.OpShiftLeftLogical) != 1 {
		t.Errorf("undefined operations folded:\n%s", dis(m))
	}
}
