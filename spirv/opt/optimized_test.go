package opt_test

import (
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/opt"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestOptimizedFunctionsLeftAlone: Run leaves the body of a function
// marked Optimized as it is (here a variable, a dead add and a foldable
// extract that it would otherwise rewrite), keeps what it uses (%c7, used
// nowhere else), and still optimizes the caller.
func TestOptimizedFunctionsLeftAlone(t *testing.T) {
	m := assemble(t, header+`
%c7 = OpConstant %uint 7
%fnu = OpTypeFunction %uint %uint
%lib = OpFunction %uint None %fnu
%lp = OpFunctionParameter %uint
%ll = OpLabel
%lv = OpVariable %pfu Function
OpStore %lv %lp
%lx = OpLoad %uint %lv
%ldead = OpIMul %uint %lx %lx
%lr = OpIAdd %uint %lx %c7
OpReturnValue %lr
OpFunctionEnd
%main = OpFunction %void None %fnv
%l0 = OpLabel
%v = OpVariable %pfu Function
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
OpStore %v %x
%y = OpLoad %uint %v
%dead = OpIMul %uint %y %y
%r = OpFunctionCall %uint %lib %y
%p = OpAccessChain %pu %buf %u0 %x
OpStore %p %r
OpReturn
OpFunctionEnd
`)
	var lib *spirv.Function
	for _, f := range m.Functions {
		if len(f.Params) == 1 {
			lib = f
		}
	}
	lib.Optimized = true
	before := len(lib.Blocks[0].Insts)
	if err := opt.Run(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	if got := len(lib.Blocks[0].Insts); got != before {
		t.Errorf("the Optimized function has %d instructions, want %d as before:\n%s", got, before, dis(m))
	}
	if n := count(m, spirv.OpIMul); n != 1 {
		t.Errorf("%d OpIMul, want only the Optimized function's:\n%s", n, dis(m))
	}
	if n := count(m, spirv.OpVariable); n != 3 { // %buf, %gid and the Optimized function's
		t.Errorf("%d OpVariable, want 3:\n%s", n, dis(m))
	}
	contains(t, m, "OpConstant %uint 7")
}
